//! Comma-separated lists, `10, 6, 4`: the one reading of a list every calculator uses,
//! for numbers, named numbers and names alike.

use crate::error::{Error, Result};

/// The trimmed items of `raw`, the value of `--param`, in order.
///
/// An empty item is refused rather than dropped: `10,,12` or a stray trailing comma
/// usually means a value went missing, and quietly working on a shorter list would give
/// a wrong answer that looks right. A list given with nothing in it is refused the same
/// way; leave the parameter out instead.
///
/// # Errors
/// [`Error::InvalidInput`] naming the parameter and which item is empty.
pub fn items<'a>(param: &str, raw: &'a str) -> Result<Vec<&'a str>> {
    items_split(param, raw, &[','])
}

/// [`items`] for a list whose items may also be joined by other marks (MythCraft's
/// damage, `8 sharp + 4 fire`): any of `separators` ends an item, and an empty item is
/// refused the same way.
///
/// # Errors
/// [`Error::InvalidInput`] naming the parameter and which item is empty.
pub fn items_split<'a>(param: &str, raw: &'a str, separators: &[char]) -> Result<Vec<&'a str>> {
    let marks = match separators {
        [','] => "commas".to_string(),
        _ => separators.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(" or "),
    };
    if raw.trim().is_empty() {
        return Err(Error::InvalidInput(format!(
            "--{param} is empty: give at least one value, separated by {marks}, or leave it out"
        )));
    }
    let items: Vec<&str> = raw.split(separators).map(str::trim).collect();
    if let Some(at) = items.iter().position(|s| s.is_empty()) {
        return Err(Error::InvalidInput(format!(
            "--{param}: item {} of {} in `{}` is empty; separate the values with single {marks}",
            at + 1,
            items.len(),
            raw.trim()
        )));
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_keeps_every_item_in_order() {
        assert_eq!(items("abilities", " 6, +5 ,4").unwrap(), ["6", "+5", "4"]);
        assert_eq!(items("abilities", "6").unwrap(), ["6"]);
    }

    #[test]
    fn an_empty_item_is_an_error_not_a_shorter_list() {
        let e = items("abilities", "6,,5").unwrap_err().to_string();
        assert!(e.contains("--abilities: item 2 of 3 in `6,,5` is empty"), "{e}");
        assert!(items("abilities", "6,5,").unwrap_err().to_string().contains("item 3 of 3"));
        assert!(items("abilities", ", 6").unwrap_err().to_string().contains("item 1 of 2"));
        assert!(items("abilities", "").unwrap_err().to_string().contains("--abilities is empty"));
        assert!(items("abilities", "  ").unwrap_err().to_string().contains("--abilities is empty"));
    }

    #[test]
    fn a_list_with_other_separators_refuses_an_empty_item_too() {
        assert_eq!(
            items_split("damage", "8 sharp + 4 fire; 2 cold", &[',', '+', ';']).unwrap(),
            ["8 sharp", "4 fire", "2 cold"]
        );
        let e = items_split("damage", "8 sharp + + 4 fire", &[',', '+', ';']).unwrap_err().to_string();
        assert!(e.contains("--damage: item 2 of 3 in `8 sharp + + 4 fire` is empty"), "{e}");
        assert!(e.contains("single `,` or `+` or `;`"), "{e}");
    }
}
