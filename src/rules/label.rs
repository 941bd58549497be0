//! How a key the calculators use reads to a person: `walk_ft` → "Walk (ft)",
//! `enemy-tz` → "Enemy TZ". The CLI keeps the keys (they are its flags); the app shows
//! these labels.

/// Short units a key may end with, and how they are written.
const UNITS: &[(&str, &str)] = &[
    ("ft", "ft"),
    ("m", "m"),
    ("km", "km"),
    ("mi", "mi"),
    ("yd", "yd"),
    ("lb", "lb"),
    ("lbs", "lb"),
    ("kg", "kg"),
    ("sec", "s"),
    ("secs", "s"),
    ("min", "min"),
    ("mins", "min"),
    ("hr", "h"),
    ("hrs", "h"),
    ("pct", "%"),
    ("percent", "%"),
    ("gp", "gp"),
    ("sp", "sp"),
    ("cp", "cp"),
];

/// Abbreviations the rules print in capitals.
const CAPITALS: &[&str] = &[
    "hp", "ac", "dc", "xp", "tz", "ma", "st", "ag", "pa", "av", "ap", "mp", "sp", "dr", "pc", "npc", "gm", "ar", "awr",
    "cor", "ta", "td", "dt",
];

/// Abbreviations that are also English words ("log", "will"): in capitals only when they
/// are the whole key (MythCraft's defenses as a choice's options).
const CAPITALS_ALONE: &[&str] = &["ref", "fort", "ant", "log", "will", "luck"];

/// The label of a key, snake_case or kebab-case: its first word capitalized, the
/// rules' abbreviations in capitals, and a trailing unit in brackets.
pub fn key_label(key: &str) -> String {
    let mut words: Vec<&str> = key.split(['_', '-', ' ']).filter(|w| !w.is_empty()).collect();
    if words.is_empty() {
        return key.to_string();
    }
    let mut unit = None;
    if words.len() > 1 {
        let last = words[words.len() - 1].to_lowercase();
        if let Some((_, u)) = UNITS.iter().find(|(k, _)| *k == last) {
            unit = Some(*u);
            words.pop();
        }
    }
    if let [only] = words.as_slice() {
        let lower = only.to_lowercase();
        if CAPITALS_ALONE.contains(&lower.as_str()) {
            return lower.to_uppercase();
        }
    }
    let text: Vec<String> = words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let lower = w.to_lowercase();
            if CAPITALS.contains(&lower.as_str()) {
                lower.to_uppercase()
            } else if i == 0 {
                let mut c = lower.chars();
                c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
            } else {
                lower
            }
        })
        .collect();
    let text = text.join(" ");
    match unit {
        Some(u) => format!("{text} ({u})"),
        None => text,
    }
}

/// `n` and a noun, plural for any count but one ("1 dot", "3 dots", "2 successes",
/// "5 lives"): the one way Tome counts things in words.
pub fn plural(n: i64, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else if let Some(stem) = one.strip_suffix("fe") {
        format!("{n} {stem}ves")
    } else if one.ends_with('s') || one.ends_with('x') || one.ends_with("ch") || one.ends_with("sh") {
        format!("{n} {one}es")
    } else {
        format!("{n} {one}s")
    }
}

/// Whose: "Ilse's", "Polandrus's" (one, whatever the letter it ends with), and for a group
/// named as many ("Bandits", a group of five) "Bandits'".
pub fn possessive(name: &str, many: bool) -> String {
    if many && name.ends_with('s') {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

/// A verb in the present for the subject `name`, one or a group (`many`): a group named
/// as many takes the plural ("Bandits attack"), one named as one the singular ("the Guard
/// attacks", "Polandrus attacks"). The verbs Tome's lines use end in `s`.
pub fn verb<'a>(name: &str, many: bool, singular: &'a str) -> &'a str {
    if many && name.ends_with('s') {
        singular
            .strip_suffix("es")
            .filter(|s| s.ends_with("sh") || s.ends_with("ch"))
            .unwrap_or_else(|| singular.strip_suffix('s').unwrap_or(singular))
    } else {
        singular
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 44: "Bandits's total penalty", "Bandits attacks".
    #[test]
    fn one_and_many_read_as_english() {
        assert_eq!(possessive("Ilse", false), "Ilse's");
        assert_eq!(
            [plural(1, "time"), plural(2, "time"), plural(1, "success"), plural(3, "success"), plural(5, "life")],
            ["1 time", "2 times", "1 success", "3 successes", "5 lives"]
        );
        assert_eq!(possessive("Polandrus", false), "Polandrus's");
        assert_eq!(possessive("Bandits", true), "Bandits'");
        assert_eq!(possessive("Wolf pack", true), "Wolf pack's");
        assert_eq!(verb("Bandits", true, "attacks"), "attack");
        assert_eq!(verb("Guard", true, "attacks"), "attacks", "a group named as one");
        assert_eq!(verb("Polandrus", false, "attacks"), "attacks");
        assert_eq!(verb("Raiders", true, "clashes"), "clash");
        assert_eq!(verb("Raiders", true, "takes"), "take");
        assert_eq!(plural(1, "dot"), "1 dot");
        assert_eq!(plural(0, "dot"), "0 dots");
    }

    #[test]
    fn keys_read_as_words() {
        assert_eq!(key_label("walk_ft"), "Walk (ft)");
        assert_eq!(key_label("enemy-tz"), "Enemy TZ");
        assert_eq!(key_label("encumbrance"), "Encumbrance");
        assert_eq!(key_label("armor_load"), "Armor load");
        assert_eq!(key_label("total_hp"), "Total HP");
        assert_eq!(key_label("sp"), "SP", "MythCraft's Spell Points on the tracker");
        assert_eq!(key_label("cost_sp"), "Cost (sp)", "silver pieces after another word");
        assert_eq!(key_label("ft"), "Ft", "a unit alone is the word");
        assert_eq!(key_label("southern-provinces"), "Southern provinces");
        assert_eq!(key_label("will"), "WILL", "MythCraft's defense, a choice's option");
        assert_eq!(key_label("ar"), "AR");
        assert_eq!(key_label("will-save"), "Will save", "the English word beside others");
        assert_eq!(key_label("attack-ap"), "Attack AP");
    }
}

/// An entry's name as a player says it: a table's inverted "Sword, Long" reads "Long
/// sword", "Axe, Throwing" "Throwing axe" (issue 74: no comma-inverted names on a phone).
/// A name with no such inversion comes back as it is.
#[must_use]
pub fn spoken_name(name: &str) -> String {
    match name.split_once(", ") {
        Some((head, tail))
            if !tail.contains(',')
                && !head.contains(' ')
                && tail.chars().all(|c| c.is_alphabetic() || c == ' ' || c == '-') =>
        {
            let mut h = head.chars();
            let head: String = h.next().map(|f| f.to_lowercase().chain(h).collect()).unwrap_or_default();
            format!("{tail} {head}")
        }
        _ => name.to_string(),
    }
}

#[cfg(test)]
mod spoken {
    use super::spoken_name;

    #[test]
    fn inverted_table_names_read_as_said() {
        assert_eq!(spoken_name("Sword, Long"), "Long sword");
        assert_eq!(spoken_name("Axe, Throwing"), "Throwing axe");
        assert_eq!(spoken_name("Short sword"), "Short sword");
        assert_eq!(spoken_name("Ring, 2 of 3"), "Ring, 2 of 3");
        assert_eq!(spoken_name("Bow, Long, Composite"), "Bow, Long, Composite");
    }
}
