//! Text between Foundry's HTML fields and Tome's plain notes, and the notes an import
//! writes: the actor's own text, then what Tome has no home for.

/// Foundry's HTML as plain text: paragraphs and line breaks kept as lines, tags dropped,
/// the common entities read, Foundry's enrichers (`[[/damage 1d6 fire]]`, `@UUID[…]{name}`)
/// read as their words.
pub fn html_to_text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(i) = rest.find('<') {
        out.push_str(&rest[..i]);
        let Some(j) = rest[i..].find('>') else {
            out.push_str(&rest[i..]);
            rest = "";
            break;
        };
        let tag = rest[i + 1..i + j].trim().to_ascii_lowercase();
        let name: String = tag.trim_start_matches('/').chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
        let closing = tag.starts_with('/');
        if name == "li" {
            // An item starts a line of its own; its end adds none.
            if !closing {
                out.push_str("\n- ");
            }
        } else if matches!(
            name.as_str(),
            "p" | "div" | "br" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "tr" | "ul" | "ol"
        ) {
            out.push('\n');
        }
        rest = &rest[i + j + 1..];
    }
    out.push_str(rest);
    // Enrichers first: a bracket or an at sign Tome wrote is an entity until now.
    let out = enrichers(&out);
    let out = entities(&out);
    // Blank lines at most one at a time; each line trimmed.
    let mut lines: Vec<String> = Vec::new();
    for line in out.lines().map(str::trim) {
        if line.is_empty() && lines.last().is_none_or(|l: &String| l.is_empty()) {
            continue;
        }
        lines.push(line.split_whitespace().collect::<Vec<_>>().join(" "));
    }
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines.join("\n")
}

fn entities(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let end = tail.find(';').filter(|e| *e <= 10);
        let Some(end) = end else {
            out.push('&');
            rest = &tail[1..];
            continue;
        };
        let name = &tail[1..end];
        let ch = match name {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" | "#39" => Some('\''),
            "nbsp" => Some(' '),
            "ndash" => Some('–'),
            "mdash" => Some('—'),
            n if n.starts_with("#x") => u32::from_str_radix(&n[2..], 16).ok().and_then(char::from_u32),
            n if n.starts_with('#') => n[1..].parse().ok().and_then(char::from_u32),
            _ => None,
        };
        match ch {
            Some(c) => {
                out.push(c);
                rest = &tail[end + 1..];
            }
            None => {
                out.push('&');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Foundry's inline enrichers as the words they show.
fn enrichers(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    loop {
        let at_roll = rest.find("[[");
        let at_link = rest.find('@').filter(|i| rest[i + 1..].chars().next().is_some_and(|c| c.is_ascii_uppercase()));
        match (at_roll, at_link) {
            (Some(r), l) if l.is_none_or(|l| r < l) => {
                out.push_str(&rest[..r]);
                let Some(end) = rest[r..].find("]]") else {
                    out.push_str(&rest[r..]);
                    return out;
                };
                let inner = rest[r + 2..r + end].trim().trim_start_matches('/');
                // `[[/damage 1d6 fire avg]]`: the formula and its words, without the verb.
                let words: Vec<&str> = inner.split_whitespace().collect();
                let shown = match words.first() {
                    Some(&("damage" | "roll" | "r" | "heal")) => {
                        words[1..].iter().filter(|w| **w != "avg").copied().collect::<Vec<_>>().join(" ")
                    }
                    _ => inner.to_string(),
                };
                out.push_str(&shown);
                rest = &rest[r + end + 2..];
            }
            (_, Some(l)) => {
                out.push_str(&rest[..l]);
                let tail = &rest[l..];
                // `@UUID[Compendium…]{Name}` or `@Check[…]`: the braces' words, else the brackets'.
                let Some(open) = tail.find('[').filter(|o| tail[1..*o].chars().all(|c| c.is_ascii_alphanumeric()))
                else {
                    out.push('@');
                    rest = &tail[1..];
                    continue;
                };
                let Some(close) = tail[open..].find(']').map(|c| c + open) else {
                    out.push_str(tail);
                    return out;
                };
                let after = &tail[close + 1..];
                if let Some(label_end) = after.strip_prefix('{').and_then(|a| a.find('}')) {
                    out.push_str(&after[1..=label_end]);
                    rest = &after[label_end + 2..];
                } else {
                    out.push_str(&tail[open + 1..close]);
                    rest = after;
                }
            }
            _ => {
                out.push_str(rest);
                return out;
            }
        }
    }
}

/// Plain text as Foundry's HTML: a paragraph per block of lines, the text escaped.
pub fn text_to_html(text: &str) -> String {
    // Brackets and at signs as entities, so Foundry reads no roll or link into them.
    let escape = |s: &str| {
        s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('[', "&#91;").replace('@', "&#64;")
    };
    text.split("\n\n")
        .filter(|p| !p.trim().is_empty())
        .map(|p| format!("<p>{}</p>", p.lines().map(escape).collect::<Vec<_>>().join("<br>")))
        .collect()
}

/// The heading of the block of kept lines an import writes under the actor's own text.
pub const KEPT_HEADING: &str = "Kept from Foundry VTT";

/// The notes an import writes: the actor's own text, then the lines Tome has no home for,
/// under one heading, the whole within `max` characters (what does not fit is cut at a
/// line and said so, with the number of characters left out). Answers the notes and
/// whether anything was cut.
pub fn notes(own: &str, kept: &[String], source: &str, max: usize) -> (String, bool) {
    let mut text = own.trim().to_string();
    if !kept.is_empty() {
        if !text.is_empty() {
            text.push_str("\n\n");
        }
        text.push_str(&format!("{KEPT_HEADING} ({source}):"));
        for line in kept {
            text.push_str("\n- ");
            text.push_str(line);
        }
    }
    if text.chars().count() <= max {
        return (text, false);
    }
    let marker_room = 80;
    let cut: String = text.chars().take(max.saturating_sub(marker_room)).collect();
    let at = cut.rfind('\n').unwrap_or(cut.len());
    let kept_part = &cut[..at];
    let left = text.chars().count() - kept_part.chars().count();
    (format!("{kept_part}\n… ({left} more characters not kept: Tome's notes hold {max})"), true)
}

/// The notes without the kept block an import added (what Tome exports as the actor's
/// own text).
pub fn own_notes(notes: &str) -> &str {
    match notes.find(&format!("{KEPT_HEADING} (")) {
        Some(0) => "",
        Some(i) => notes[..i].trim_end(),
        None => notes,
    }
}

/// The lines of the kept block an import added to `notes` (each without its "- "), for
/// a mapping that reads back what it kept there.
pub fn kept_lines(notes: &str) -> Vec<&str> {
    let Some(at) = notes.find(&format!("{KEPT_HEADING} (")) else { return Vec::new() };
    notes[at..].lines().skip(1).filter_map(|l| l.strip_prefix("- ")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_reads_as_lines() {
        let html = "<div class=\"el-p\"><p dir=\"auto\">A hound &amp; its master.</p></div><p>Takes [[/damage 1d6 fire avg]] damage; see @UUID[Compendium.x.y]{Bite}.</p>";
        assert_eq!(html_to_text(html), "A hound & its master.\n\nTakes 1d6 fire damage; see Bite.");
        assert_eq!(html_to_text("<ul><li>one</li><li>two</li></ul>"), "- one\n- two");
    }

    #[test]
    fn text_round_trips_through_html() {
        let text = "First line\nsecond <b>line</b> [[/r 1d6]] @UUID[x]\n\nNew paragraph & more";
        assert_eq!(html_to_text(&text_to_html(text)), text);
    }

    #[test]
    fn notes_hold_the_kept_lines_within_the_limit() {
        let (n, cut) = notes("Bio.", &["Virtues: Tough".into()], "arm5e 2.4", 1000);
        assert_eq!(n, "Bio.\n\nKept from Foundry VTT (arm5e 2.4):\n- Virtues: Tough");
        assert!(!cut);
        assert_eq!(own_notes(&n), "Bio.");
        assert_eq!(kept_lines(&n), ["Virtues: Tough"]);
        let long: Vec<String> = (0..200).map(|i| format!("line {i} with some words")).collect();
        let (n, cut) = notes("", &long, "x", 500);
        assert!(cut && n.chars().count() <= 500, "{}", n.chars().count());
        assert!(n.contains("more characters not kept"));
    }
}
