//! Enchantments carried together.

use super::*;

/// How a class description marks an enchantment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr)]
#[strum(serialize_all = "lowercase")]
pub enum EnchantmentKind {
    /// (m): counts toward the one-magical-enchantment limit.
    Magical,
    /// (ex): outside the limit, but two of the same name are not allowed.
    Extraordinary,
}

impl EnchantmentKind {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Enchantment {
    pub kind: EnchantmentKind,
    pub name: String,
}

impl Enchantment {
    pub fn magical(name: &str) -> Enchantment {
        Enchantment { kind: EnchantmentKind::Magical, name: name.to_string() }
    }

    pub fn extraordinary(name: &str) -> Enchantment {
        Enchantment { kind: EnchantmentKind::Extraordinary, name: name.to_string() }
    }
}

pub(super) const ENCHANTMENT_FORMAT: &str =
    "write each enchantment as m:NAME (magical) or ex:NAME (extraordinary), separated by commas, e.g. \"m:Barkskin,ex:Ancestral Armor\"";

/// Parses `"m:Barkskin, ex:Ancestral Armor"`. The kind may also be spelled out
/// (`magical:`, `extraordinary:`), in any case. An empty item or a blank text is an
/// error (see [`items`]).
///
/// # Errors
/// [`Error::InvalidInput`] saying what an item must look like.
pub fn parse_enchantments(text: &str) -> Result<Vec<Enchantment>> {
    parse_enchantments_for("enchantments", text)
}

/// [`parse_enchantments`] for the list given to `--{param}`, naming it in errors.
///
/// # Errors
/// [`Error::InvalidInput`] saying what an item must look like, or for an empty item.
pub fn parse_enchantments_for(param: &str, text: &str) -> Result<Vec<Enchantment>> {
    items(param, text)?
        .into_iter()
        .map(|item| {
            let Some((kind, name)) = item.split_once(':') else {
                return Err(invalid(format!("--{param}: `{item}` has no kind; {ENCHANTMENT_FORMAT}")));
            };
            let kind = match kind.trim().to_ascii_lowercase().as_str() {
                "m" | "magical" | "magic" => EnchantmentKind::Magical,
                "ex" | "extraordinary" => EnchantmentKind::Extraordinary,
                other => {
                    return Err(invalid(format!(
                        "--{param}: the kind `{other}` in `{item}` is neither m (magical) nor ex (extraordinary); {ENCHANTMENT_FORMAT}"
                    )))
                }
            };
            let name = tidy(name);
            if name.is_empty() {
                return Err(invalid(format!("--{param}: `{item}` has no name after the colon; {ENCHANTMENT_FORMAT}")));
            }
            Ok(Enchantment { kind, name })
        })
        .collect()
}

/// Whether a set of worn enchantments is legal, and every rule it breaks.
#[derive(Debug, Clone, PartialEq)]
pub struct EnchantmentCheck {
    pub allowed: bool,
    pub problems: Vec<String>,
    pub terms: Vec<Term>,
}

/// Checks the two carrying limits: at most one magical enchantment, and no two
/// extraordinary enchantments sharing a name (names compared ignoring case and spacing).
pub fn check_enchantments(worn: &[Enchantment]) -> EnchantmentCheck {
    let mut terms = Vec::new();
    let mut problems = Vec::new();
    if worn.is_empty() {
        terms.push(Term::text("Enchantments worn", "none", Some(R_ENCHANTMENTS)));
    }
    for e in worn {
        let (note, rule) = match e.kind {
            EnchantmentKind::Magical => ("counts toward the limit", R_ENCHANTMENTS),
            EnchantmentKind::Extraordinary => ("outside the limit", R_M_EX),
        };
        terms.push(Term::text(format!("{} ({})", e.name, e.kind.as_str()), note, Some(rule)));
    }

    let magical: Vec<&str> =
        worn.iter().filter(|e| e.kind == EnchantmentKind::Magical).map(|e| e.name.as_str()).collect();
    terms.push(Term::note(
        format!("Magical enchantments (at most {MAX_MAGICAL_ENCHANTMENTS})"),
        magical.len() as i64,
        Some(R_ENCHANTMENTS),
    ));
    if magical.len() > MAX_MAGICAL_ENCHANTMENTS {
        problems.push(format!(
            "only one magical enchantment may be carried at a time, not {} together ({})",
            magical.len(),
            magical.join(", ")
        ));
    }

    // Each extraordinary name worn more than once, reported once, in first-seen order.
    let mut seen: Vec<(String, &str, usize)> = Vec::new();
    for e in worn.iter().filter(|e| e.kind == EnchantmentKind::Extraordinary) {
        let key = crate::search::normalize(&e.name);
        match seen.iter_mut().find(|(k, _, _)| *k == key) {
            Some(entry) => entry.2 += 1,
            None => seen.push((key, e.name.as_str(), 1)),
        }
    }
    for (_, name, count) in seen.iter().filter(|(_, _, n)| *n > 1) {
        terms.push(Term::note(format!("(ex) {name} worn"), *count as i64, Some(R_M_EX)));
        problems.push(format!("no two extraordinary enchantments may share a name, not {name} (ex) {count} times"));
    }

    EnchantmentCheck { allowed: problems.is_empty(), problems, terms }
}
