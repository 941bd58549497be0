//! Spells and magical effects of one name on one target.

use super::*;

#[derive(Debug, Clone, PartialEq)]
pub struct Combined {
    /// The effects in force, oldest first.
    pub in_force: Vec<String>,
    /// How many older effects a same-named newer one replaced.
    pub replaced: i64,
    pub terms: Vec<Term>,
}

/// The effects left on a target after `cast` (oldest first): one of exactly the same
/// name as an earlier one replaces it, so names never stack.
///
/// Interpretation: names are compared ignoring letter case and extra spaces.
///
/// # Errors
/// [`Error::InvalidInput`] for an empty list or an empty name in it.
pub fn combine_effects(cast: &[&str]) -> Result<Combined> {
    if cast.is_empty() {
        return Err(Error::InvalidInput("--effects needs at least one effect's name".into()));
    }
    let rule = Some(R_COMBINING);
    let mut in_force: Vec<String> = Vec::new();
    let mut terms = Vec::new();
    let mut replaced = 0;
    for (n, raw) in cast.iter().enumerate() {
        let name = raw.split_whitespace().collect::<Vec<_>>().join(" ");
        if name.is_empty() {
            return Err(Error::InvalidInput(format!("--effects: item {} is empty", n + 1)));
        }
        if let Some(at) = in_force.iter().position(|e| e.eq_ignore_ascii_case(&name)) {
            in_force.remove(at);
            replaced += 1;
            terms.push(Term::text(
                format!("{name} again"),
                "the newer replaces the older (interpretation: letter case aside)",
                rule,
            ));
        }
        in_force.push(name);
    }
    terms.push(Term::note("Effects in force", in_force.len() as i64, rule));
    Ok(Combined { in_force, replaced, terms })
}
