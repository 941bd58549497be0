//! Snippets: a short piece of text around a match, with the matched words as character
//! ranges (`[start, end)`, in Unicode scalar values) instead of HTML.

use super::index::How;

/// About this many characters of text in a snippet.
const SNIPPET_CHARS: usize = 160;

/// A snippet of `text` around the first word that matches `words`, with every matching
/// word in it marked.
pub fn around(text: &str, words: &[(String, How)]) -> (String, Vec<[usize; 2]>) {
    let flat = flatten(text);
    // Only words up to a snippet's length past the first match can be shown: the rest of
    // a long text is not looked at.
    let marks = matching_spans(&flat, words, Some(SNIPPET_CHARS));
    around_first(&flat, &marks)
}

/// The snippet of `flat` around the first of `marks`, with those of `marks` within it.
fn around_first(flat: &[char], marks: &[[usize; 2]]) -> (String, Vec<[usize; 2]>) {
    let first = marks.first().map_or(0, |m| m[0]);
    let mut start = if first < SNIPPET_CHARS / 2 { 0 } else { word_start(flat, first - SNIPPET_CHARS / 4) };
    // A window that would end past the text starts earlier instead, at a word: a text
    // that fits is shown whole, and a match near the end keeps a snippet's worth before it.
    let latest = flat.len().saturating_sub(SNIPPET_CHARS);
    if start > latest {
        start = word_after(flat, latest);
    }
    let end = (start + SNIPPET_CHARS).min(flat.len());
    cut(flat, start, end, marks)
}

/// `text` on one line, each run of white space one space, without the marks of Markdown
/// a snippet would show as they are.
fn flatten(text: &str) -> Vec<char> {
    let mut flat = Vec::with_capacity(text.len());
    for (i, word) in text.split_whitespace().enumerate() {
        if i > 0 {
            flat.push(' ');
        }
        flat.extend(word.chars().filter(|c| !matches!(c, '*' | '#' | '`' | '>')));
    }
    flat
}

/// The words of `text` (a name) that match `words`, as character ranges into `text` as it
/// is: nothing dropped or cut, so they fit the text the UI shows.
pub fn marks(text: &str, words: &[(String, How)]) -> Vec<[usize; 2]> {
    let chars: Vec<char> = text.chars().collect();
    matching_spans(&chars, words, None)
}

fn matches(words: &[(String, How)], w: &str) -> bool {
    words.iter().any(|(m, how)| match how {
        How::Prefix => w.starts_with(m.as_str()),
        _ => w == m,
    })
}

fn cut(flat: &[char], start: usize, end: usize, marks: &[[usize; 2]]) -> (String, Vec<[usize; 2]>) {
    let mut out = String::new();
    let offset = if start > 0 {
        out.push('…');
        1
    } else {
        0
    };
    out.extend(&flat[start..end]);
    if end < flat.len() {
        out.push('…');
    }
    let marks = marks
        .iter()
        .filter(|m| m[0] >= start && m[1] <= end)
        .map(|m| [m[0] - start + offset, m[1] - start + offset])
        .collect();
    (out, marks)
}

fn word_start(flat: &[char], mut i: usize) -> usize {
    while i > 0 && flat[i - 1].is_alphanumeric() {
        i -= 1;
    }
    i
}

/// `i`, or where the next word begins when `i` is inside one, past any spaces.
fn word_after(flat: &[char], mut i: usize) -> usize {
    while i > 0 && i < flat.len() && flat[i - 1].is_alphanumeric() {
        i += 1;
    }
    while i < flat.len() && flat[i] == ' ' {
        i += 1;
    }
    i
}

/// The words of `flat` that match `words`, as character ranges; with `past_first`, only
/// those starting within that many characters of the first. Each word is compared as the
/// index holds words (letters and digits, lowercase), made in one buffer: a search cuts
/// snippets from every hit's text, and a string per word of it was most of their cost.
fn matching_spans(flat: &[char], words: &[(String, How)], past_first: Option<usize>) -> Vec<[usize; 2]> {
    let mut out: Vec<[usize; 2]> = Vec::new();
    let mut word = String::new();
    let mut i = 0;
    while i < flat.len() {
        if let (Some(first), Some(past)) = (out.first(), past_first) {
            if i >= first[0] + past {
                break;
            }
        }
        if flat[i].is_alphanumeric() {
            let s = i;
            while i < flat.len() && (flat[i].is_alphanumeric() || flat[i] == '\'' || flat[i] == '’') {
                i += 1;
            }
            word.clear();
            for c in flat[s..i].iter().filter(|c| c.is_alphanumeric()) {
                word.extend(c.to_lowercase());
            }
            if matches(words, &word) {
                out.push([s, i]);
            }
        } else {
            i += 1;
        }
    }
    out
}

/// The marked parts of a snippet, for tests and terminals.
pub fn marked_parts(snippet: &str, marks: &[[usize; 2]]) -> Vec<String> {
    let chars: Vec<char> = snippet.chars().collect();
    marks.iter().map(|m| chars[m[0]..m[1]].iter().collect()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str, how: How) -> (String, How) {
        (s.to_string(), how)
    }

    #[test]
    fn name_marks_fit_the_name_as_written() {
        let name = "<b onmouseover=alert('name')>Cursed *Blade*</b>";
        let m = marks(name, &[w("cursed", How::Exact), w("blade", How::Exact)]);
        let chars: Vec<char> = name.chars().collect();
        let got: Vec<String> = m.iter().map(|r| chars[r[0]..r[1]].iter().collect()).collect();
        assert_eq!(got, ["Cursed", "Blade"]);
    }

    #[test]
    fn marks_whole_words_and_prefixes() {
        let (s, m) = around("The Grappled creature's speed is 0.", &[w("grappled", How::Exact), w("spe", How::Prefix)]);
        assert_eq!(s, "The Grappled creature's speed is 0.");
        assert_eq!(marked_parts(&s, &m), ["Grappled", "speed"]);
    }

    /// The snippet as it was made before it stopped looking past its end: every word of
    /// the text matched, the text flattened in steps.
    fn around_plainly(text: &str, words: &[(String, How)]) -> (String, Vec<[usize; 2]>) {
        let flat: Vec<char> =
            text.split_whitespace().collect::<Vec<_>>().join(" ").replace(['*', '#', '`', '>'], "").chars().collect();
        around_first(&flat, &matching_spans(&flat, words, None))
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config::with_cases(400))]
        #[test]
        fn a_snippet_is_the_one_the_whole_text_gives(
            parts in proptest::collection::vec(
                proptest::sample::select(vec!["sword", "Swords", "the", "*bold*", "#", "`x`", ">", " ", "  \n\t", "épée", "it's", "a", "b", "swordsman's", "dragon", "—", "1d6"]),
                0..400,
            ),
            how in proptest::sample::select(vec![How::Exact, How::Prefix, How::Stem]),
        ) {
            let text = parts.concat();
            let words = [w("sword", how), w("dragon", How::Exact)];
            proptest::prop_assert_eq!(around(&text, &words), around_plainly(&text, &words));
        }
    }

    #[test]
    fn a_text_that_fits_is_shown_whole_and_a_late_match_keeps_the_text_before_it() {
        let summary =
            "Current creature actions drop to 1 (if higher), and its maximum cannot rise above 1 while Stunned.";
        let (s, m) = around(summary, &[w("stunned", How::Exact)]);
        assert_eq!(s, summary);
        assert_eq!(marked_parts(&s, &m), ["Stunned"]);
        let text = format!("{} the dragon sleeps here.", "word ".repeat(60));
        let (s, m) = around(&text, &[w("dragon", How::Exact)]);
        assert!(s.starts_with('…') && s.ends_with("sleeps here."), "{s}");
        let shown = s.chars().count() - 1;
        assert!((SNIPPET_CHARS - 5..=SNIPPET_CHARS).contains(&shown), "a snippet's worth, from a word: {shown} {s}");
        assert_eq!(marked_parts(&s, &m), ["dragon"]);
    }

    #[test]
    fn long_text_is_cut_around_the_first_match() {
        let text = format!("{} the dragon sleeps {}", "word ".repeat(60), "tail ".repeat(60));
        let (s, m) = around(&text, &[w("dragon", How::Exact)]);
        assert!(s.starts_with('…') && s.ends_with('…'), "{s}");
        assert_eq!(marked_parts(&s, &m), ["dragon"]);
    }
}
