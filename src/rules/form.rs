//! Calculator messages as a form shows them. The command line names a value by its flag
//! (`--size must be from -20 to 20, not 40`); a form names it by the field's label
//! ("Size must be from −20 to 20, not 40"), and marks that field.

use std::collections::BTreeMap;

use super::{key_label, Param, ParamKind};
use crate::error::{Error, Problem, Problems};

/// `error` as a form shows it: a name not found ([`Error::NotFound`]) is said about the
/// field that holds it (the parameter whose value, or one of whose comma-separated items,
/// is that name; an entry's field first), so the form marks that field and shows the
/// names meant beside it. Any other error is returned as it is.
pub fn not_found_in_form(error: Error, values: &BTreeMap<String, String>, params: &[Param]) -> Error {
    let Error::NotFound { id, suggestions, .. } = &error else { return error };
    let wanted = crate::search::normalize(id);
    let holds = |p: &&Param| {
        values.get(p.name).is_some_and(|v| {
            crate::search::normalize(v) == wanted || v.split(',').any(|item| crate::search::normalize(item) == wanted)
        })
    };
    let field = params
        .iter()
        .filter(holds)
        .find(|p| matches!(p.kind, ParamKind::Entry { .. }))
        .or_else(|| params.iter().find(holds))
        .map(|p| p.name);
    match field {
        Some(field) => {
            let message = sentence(&error.to_string());
            Error::FormNotFound {
                problems: Problems(vec![Problem::field(field, message.clone())]),
                suggestions: suggestions.clone(),
                message,
            }
        }
        None => error,
    }
}

/// `text` with every `--name` of `params` written as that parameter's label, as a
/// sentence (a capital first letter, negative numbers with a true minus sign), and the
/// parameter the text is about: the one it starts with, if any.
pub fn for_form(text: &str, params: &[Param]) -> (String, Option<&'static str>) {
    let (out, about) = labelled(text, params);
    (sentence(&minus_signs(&out)), about)
}

/// `help` with every `--name` of `params` written as that parameter's label, as a form
/// shows the help under a field ("maximum HP (with Hp)" rather than "(with --hp)").
pub fn help_for_form(help: &str, params: &[Param]) -> String {
    labelled(help, params).0
}

fn labelled(text: &str, params: &[Param]) -> (String, Option<&'static str>) {
    let mut out = String::with_capacity(text.len());
    let mut about = None;
    let mut rest = text;
    while let Some(at) = rest.find("--") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let len =
            after.find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')).unwrap_or(after.len());
        let word = after[..len].trim_end_matches('-');
        match params.iter().find(|p| p.name == word) {
            Some(p) => {
                if out.trim().is_empty() {
                    about = Some(p.name);
                }
                out.push_str(&key_label(p.name));
            }
            None => {
                out.push_str("--");
                out.push_str(word);
            }
        }
        rest = &after[word.len()..];
    }
    out.push_str(rest);
    (out, about)
}

/// `-3` as `−3` where a number stands alone (not in `2d6-1` or a range `3-5`).
fn minus_signs(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut prev: Option<char> = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let standalone = prev.is_none_or(|p| p == ' ' || p == '(' || p == '`');
        if c == '-' && standalone && chars.peek().is_some_and(char::is_ascii_digit) {
            out.push('−');
        } else {
            out.push(c);
        }
        prev = Some(c);
    }
    out
}

fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ParamKind;

    const PARAMS: &[Param] = &[
        Param { name: "size", help: "", kind: ParamKind::Int { min: -20, max: 20 }, required: false, default: None },
        Param { name: "hp", help: "", kind: ParamKind::Int { min: 0, max: 999 }, required: false, default: None },
        Param { name: "max-hp", help: "", kind: ParamKind::Int { min: 1, max: 999 }, required: false, default: None },
    ];

    #[test]
    fn flags_become_labels_and_the_first_is_the_field() {
        assert_eq!(
            for_form("--size must be from -20 to 20, not 40", PARAMS),
            ("Size must be from −20 to 20, not 40".to_string(), Some("size"))
        );
        let (text, about) = for_form("--hp must be from 0 to --max-hp (12), not 15", PARAMS);
        assert_eq!(text, "HP must be from 0 to Max HP (12), not 15");
        assert_eq!(about, Some("hp"));
        // A flag later in the text is named but is not what the text is about.
        let (text, about) = for_form("each roll is 1 to 6 (see --size)", PARAMS);
        assert_eq!(text, "Each roll is 1 to 6 (see Size)");
        assert_eq!(about, None);
        // Flags the calculator does not have, dice and ranges stay as they are.
        assert_eq!(for_form("--other on 2d6-1, rows 3-5", PARAMS).0, "--other on 2d6-1, rows 3-5");
    }
}
