//! Compound conditions.

use super::*;

/// A condition included in another.
#[derive(Debug, Clone, PartialEq)]
pub struct Included {
    pub id: String,
    pub name: String,
    /// The name of the condition that brings it in.
    pub via: String,
}

/// Every condition a condition includes, directly or through the ones it includes
/// (read from the shipped entries' `implies`), each once, nearest first.
///
/// # Errors
/// An unknown id, or an entry that is not a MythCraft condition.
pub fn implied_conditions(tome: &dyn Rulebook, id: &str) -> Result<(Vec<Included>, Vec<Term>)> {
    let root = tome.show(id)?;
    if root.kind != Kind::Condition || root.system != SYSTEM {
        return Err(Error::InvalidInput(format!("`{id}` is not a MythCraft condition")));
    }
    let mut seen = vec![root.id.clone()];
    let mut queue = std::collections::VecDeque::from([root]);
    let mut out = Vec::new();
    let mut terms = Vec::new();
    while let Some(entry) = queue.pop_front() {
        let implies = match &entry.detail {
            Some(Detail::Condition(c)) => c.implies.clone(),
            _ => Vec::new(),
        };
        for child in implies {
            if seen.contains(&child) {
                continue;
            }
            seen.push(child.clone());
            let e = tome.show(&child)?;
            terms.push(Term::text(format!("{} (through {})", e.name, entry.name), "included", Some(e.id.as_str())));
            out.push(Included { id: e.id.clone(), name: e.name.clone(), via: entry.name.clone() });
            queue.push_back(e);
        }
    }
    Ok((out, terms))
}
