//! Parsing of the text parameters.

use super::*;

pub(super) fn items(raw: &str) -> impl Iterator<Item = &str> {
    raw.split([',', '+', ';']).map(str::trim).filter(|s| !s.is_empty())
}

/// "8 sharp + 4 fire" (or "fire 4").
pub(super) fn parse_portions(raw: &str) -> Result<Vec<Portion>> {
    let mut out = Vec::new();
    for item in items(raw) {
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
    items(raw.unwrap_or_default())
        .map(|s| DamageType::parse(s).map_err(|e| Error::InvalidInput(format!("--{param}: {e}"))))
        .collect()
}

/// "fire 3, cold 2" (also "fire:3"); without a number the rating is `default`.
pub(super) fn parse_rated(param: &str, raw: Option<&str>, default: Option<i64>) -> Result<Vec<(DamageType, i64)>> {
    let mut out = Vec::new();
    for item in items(raw.unwrap_or_default()) {
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

pub(super) fn parse_words(raw: Option<&str>) -> Vec<String> {
    items(raw.unwrap_or_default()).map(|s| s.to_lowercase()).collect()
}

/// Condition names or ids, comma-separated ("Slowed, Dazed"), as the last part of
/// their entry ids ("slowed", "dazed").
pub(super) fn parse_conditions(tome: &dyn Rulebook, param: &str, raw: Option<&str>) -> Result<Vec<String>> {
    raw.unwrap_or_default()
        .split([',', ';'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|name| {
            let e = crate::rules::resolve_entry(tome, SYSTEM, Kind::Condition, name)
                .map_err(|e| Error::InvalidInput(format!("--{param}: {e}")))?;
            Ok(e.id.rsplit('/').next().unwrap_or(&e.id).to_string())
        })
        .collect()
}
