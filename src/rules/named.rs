//! Lists of named numbers, `A=10, B=6, C=4`: one value (or, where a parameter allows
//! it, several separated by `/`, `D=4/7`) for each party of a fight or any other named
//! thing. One parser, so every calculator that takes such a list reads and refuses it
//! the same way.

use crate::error::{Error, Result};

/// Most names one list takes (the parties of one fight).
pub const NAMES_MAX: usize = 100;
/// Longest name accepted, in characters.
pub const NAME_LEN_MAX: usize = 60;
/// Most values one name takes in a list that allows several (`D=4/7/2`).
pub const VALUES_PER_NAME_MAX: usize = 20;

/// Parses `NAME=N, NAME=N, …` for the parameter `--param`: each value a whole number in
/// `min..=max`; with `many`, a name may carry several values separated by `/`. Names are
/// kept as written (trimmed) and in order; they must differ, ignoring case. An empty
/// item is an error, as in every list ([`super::list::items`]).
///
/// # Errors
/// [`Error::InvalidInput`] naming the parameter and the faulty pair: a pair without `=`,
/// an empty or overlong name, a value that is not a whole number or lies outside the
/// range, several values where one is allowed, a name given twice, more than
/// [`NAMES_MAX`] names.
pub fn parse_named(param: &str, raw: &str, (min, max): (i64, i64), many: bool) -> Result<Vec<(String, Vec<i64>)>> {
    let bad = |msg: String| Error::InvalidInput(format!("--{param}: {msg}"));
    let pairs = super::list::items(param, raw)?;
    if pairs.len() > NAMES_MAX {
        return Err(bad(format!("at most {NAMES_MAX} names, not {}", pairs.len())));
    }
    let shape = if many { "NAME=N (or NAME=N/N for several values in turn)" } else { "NAME=N" };
    let mut out: Vec<(String, Vec<i64>)> = Vec::with_capacity(pairs.len());
    for pair in pairs {
        let Some((name, values)) = pair.split_once('=') else {
            return Err(bad(format!("`{pair}` should look like {shape}, e.g. `A=10`")));
        };
        let name = name.trim();
        if name.is_empty() {
            return Err(bad(format!("`{pair}` has no name before the `=`")));
        }
        if name.chars().count() > NAME_LEN_MAX {
            return Err(bad(format!("the name `{name}` is longer than {NAME_LEN_MAX} characters")));
        }
        let parts: Vec<&str> = values.split('/').map(str::trim).collect();
        if parts.len() > 1 && !many {
            return Err(bad(format!("`{pair}` gives several values; {name} takes one")));
        }
        if parts.len() > VALUES_PER_NAME_MAX {
            return Err(bad(format!("{name} has {} values; at most {VALUES_PER_NAME_MAX}", parts.len())));
        }
        let mut nums = Vec::with_capacity(parts.len());
        for part in parts {
            let n: i64 = part.trim_start_matches('+').parse().map_err(|_| {
                bad(format!("{name}'s value `{part}` is not a whole number (from {min} to {max}); write {shape}"))
            })?;
            if !(min..=max).contains(&n) {
                return Err(bad(format!("{name}'s value must be from {min} to {max}, not {n}")));
            }
            nums.push(n);
        }
        if out.iter().any(|(seen, _)| seen.to_lowercase() == name.to_lowercase()) {
            return Err(bad(format!("{name} is named twice")));
        }
        out.push((name.to_string(), nums));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(r: Result<Vec<(String, Vec<i64>)>>) -> String {
        r.expect_err("should be refused").to_string()
    }

    #[test]
    fn reads_names_and_values_in_order() {
        let got = parse_named("totals", " A=10, B = +6,C=-4 ", (-200, 200), false).unwrap();
        assert_eq!(got, [("A".into(), vec![10]), ("B".into(), vec![6]), ("C".into(), vec![-4])]);
        let got = parse_named("tie-rolls", "D=4/7, Grog 2=1", (0, 20), true).unwrap();
        assert_eq!(got, [("D".into(), vec![4, 7]), ("Grog 2".into(), vec![1])]);
    }

    #[test]
    fn refuses_what_it_cannot_read() {
        assert!(err(parse_named("totals", "A10", (0, 20), false)).contains("--totals: `A10` should look like NAME=N"));
        assert!(err(parse_named("totals", "=3", (0, 20), false)).contains("no name"));
        assert!(err(parse_named("totals", "A=1,,B=2", (0, 20), false)).contains("item 2 of 3"));
        assert!(err(parse_named("totals", "", (0, 20), false)).contains("--totals is empty"));
        assert!(err(parse_named("totals", "A=x", (0, 20), false)).contains("not a whole number"));
        assert!(err(parse_named("totals", "A=", (0, 20), false)).contains("not a whole number"));
        assert!(err(parse_named("totals", "A=21", (0, 20), false)).contains("from 0 to 20, not 21"));
        assert!(err(parse_named("totals", "A=1, a=2", (0, 20), false)).contains("named twice"));
        assert!(err(parse_named("totals", "A=1/2", (0, 20), false)).contains("takes one"));
        assert!(err(parse_named("totals", &format!("{}=1", "x".repeat(61)), (0, 20), false)).contains("longer"));
        let many: Vec<String> = (0..=NAMES_MAX).map(|n| format!("P{n}=1")).collect();
        assert!(err(parse_named("totals", &many.join(","), (0, 20), false)).contains("at most 100 names, not 101"));
        let rolls = vec!["1"; VALUES_PER_NAME_MAX + 1].join("/");
        assert!(err(parse_named("tie-rolls", &format!("A={rolls}"), (0, 20), true)).contains("at most 20"));
    }
}
