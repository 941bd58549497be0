//! Parsing of the text parameters.

use super::*;

/// The items of a list given to `--{param}`, joined by `,`, `+` or `;` (damage reads
/// `8 sharp + 4 fire`): an empty item or a blank list is refused, as every calculator's
/// lists are ([`crate::rules::list::items_split`]).
pub(super) fn items<'a>(param: &str, raw: &'a str) -> Result<Vec<&'a str>> {
    crate::rules::list::items_split(param, raw, &[',', '+', ';'])
}

/// [`items`] of a parameter that may be left out (then the list is empty).
pub(super) fn given<'a>(param: &str, raw: Option<&'a str>) -> Result<Vec<&'a str>> {
    raw.map_or(Ok(Vec::new()), |r| items(param, r))
}

/// "8 sharp + 4 fire" (or "fire 4").
pub(super) fn parse_portions(raw: &str) -> Result<Vec<Portion>> {
    let mut out = Vec::new();
    for item in items("damage", raw)? {
        let words: Vec<&str> = item.split_whitespace().collect();
        let parsed = match words.as_slice() {
            [a, b] => match (a.parse::<i64>(), b.parse::<i64>()) {
                (Ok(n), Err(_)) => Some((n, *b)),
                (Err(_), Ok(n)) => Some((n, *a)),
                _ => None,
            },
            _ => None,
        };
        let Some((amount, kind)) = parsed else {
            return Err(Error::InvalidInput(format!(
                "--damage: `{item}` should look like `8 fire` (amount and damage type)"
            )));
        };
        if !(0..=AMOUNT_MAX).contains(&amount) {
            return Err(Error::InvalidInput(format!(
                "--damage: each amount must be from 0 to {AMOUNT_MAX}, not {amount}"
            )));
        }
        out.push(Portion {
            amount,
            kind: DamageType::parse(kind).map_err(|e| Error::InvalidInput(format!("--damage: {e}")))?,
        });
    }
    if out.is_empty() {
        return Err(Error::InvalidInput("--damage is required: amounts and types such as `8 sharp + 4 fire`".into()));
    }
    Ok(out)
}

/// "fire, cold".
pub(super) fn parse_types(param: &str, raw: Option<&str>) -> Result<Vec<DamageType>> {
    given(param, raw)?
        .into_iter()
        .map(|s| DamageType::parse(s).map_err(|e| Error::InvalidInput(format!("--{param}: {e}"))))
        .collect()
}

/// "fire 3, cold 2" (also "fire:3"); without a number the rating is `default`.
pub(super) fn parse_rated(param: &str, raw: Option<&str>, default: Option<i64>) -> Result<Vec<(DamageType, i64)>> {
    let mut out = Vec::new();
    for item in given(param, raw)? {
        let spaced = item.replace([':', '='], " ");
        let words: Vec<&str> = spaced.split_whitespace().collect();
        let (kind, x) = match (words.as_slice(), default) {
            ([k], Some(d)) => (*k, d),
            ([k, n], _) => (
                *k,
                n.trim_start_matches('+')
                    .parse::<i64>()
                    .map_err(|_| Error::InvalidInput(format!("--{param}: `{item}` should look like `fire 3`")))?,
            ),
            _ => return Err(Error::InvalidInput(format!("--{param}: `{item}` should look like `fire 3`"))),
        };
        if !(0..=RATING_MAX).contains(&x) {
            return Err(Error::InvalidInput(format!("--{param}: each rating must be from 0 to {RATING_MAX}, not {x}")));
        }
        out.push((DamageType::parse(kind).map_err(|e| Error::InvalidInput(format!("--{param}: {e}")))?, x));
    }
    Ok(out)
}

pub(super) fn parse_words(param: &str, raw: Option<&str>) -> Result<Vec<String>> {
    Ok(given(param, raw)?.into_iter().map(str::to_lowercase).collect())
}

/// Condition names or ids, comma-separated ("Slowed, Dazed"), as the last part of
/// their entry ids ("slowed", "dazed").
pub(super) fn parse_conditions(tome: &dyn Rulebook, param: &str, raw: Option<&str>) -> Result<Vec<String>> {
    let names = match raw {
        None => Vec::new(),
        Some(r) => crate::rules::list::items_split(param, r, &[',', ';'])?,
    };
    names
        .into_iter()
        .map(|name| {
            let e = crate::rules::resolve_entry(tome, SYSTEM, Kind::Condition, name)
                .map_err(|e| Error::InvalidInput(format!("--{param}: {e}")))?;
            Ok(e.id.rsplit('/').next().unwrap_or(&e.id).to_string())
        })
        .collect()
}
