//! An entry's numbers in a few short lines ("Single Weapon · Init +2 · Atk +4 …",
//! "Succeeds on: 3+"): the one wording the CLI's `show`, the printed reference cards and
//! the app's pickers all use. Each decides only where the lines break.

use crate::model::{Coverage, Detail};

/// The facts of an entry's typed fields, a line per group; empty for kinds without
/// numbers. `name_of` gives an entry's name from its id (a condition's inclusions).
///
/// # Errors
/// What `name_of` fails with: a name that does not read is the facts' failure, never
/// shown as the id (issue 73).
pub fn lines(detail: &Detail, name_of: &dyn Fn(&str) -> crate::Result<String>) -> crate::Result<Vec<String>> {
    let mut out = Vec::new();
    match detail {
        Detail::Weapon(w) => {
            let mut line = vec![
                w.ability.clone(),
                format!("Init {}", signed(w.init)),
                format!("Atk {}", signed(w.atk)),
                format!("Dfn {}", signed(w.dfn)),
                format!("Dam {}", signed(w.dam)),
                format!("Str {}", signed(w.str)),
                format!("Load {}", w.load.map_or_else(|| NONE.to_string(), |l| l.to_string())),
            ];
            line.extend(w.range.map(|r| format!("Range {r} paces")));
            line.extend(w.cost.map(|c| format!("Cost {}", c.as_str())));
            if w.horseback {
                line.push("Horseback only".into());
            }
            out.push(line.join(" · "));
        }
        Detail::Armor(a) => {
            let coverage =
                |label: &str, c: Option<Coverage>| c.map(|c| format!("{label}: Prot {}, Load {}", c.prot, c.load));
            let mut line: Vec<String> =
                [coverage("Partial", a.partial), coverage("Full", a.full)].into_iter().flatten().collect();
            line.extend(a.cost.map(|c| format!("Cost {}", c.as_str())));
            if !line.is_empty() {
                out.push(line.join(" · "));
            }
        }
        Detail::Spell(s) => {
            out.push(format!("Succeeds on: {}", s.success));
            for (label, v) in [
                ("When", &s.when),
                ("Range", &s.range),
                ("Duration", &s.duration),
                ("Restriction", &s.restriction),
                ("On a failure", &s.failure),
            ] {
                if let Some(v) = v {
                    out.push(format!("{label}: {v}"));
                }
            }
        }
        Detail::Condition(c) if !c.implies.is_empty() => {
            let names = c.implies.iter().map(|id| name_of(id)).collect::<crate::Result<Vec<String>>>()?;
            out.push(format!("Includes: {}", names.join(", ")));
        }
        Detail::Maneuver(m) => {
            for c in &m.costs {
                out.push(if c.actor == "any" {
                    format!("Cost: {} {}", c.printed, c.unit)
                } else {
                    format!("Cost ({}): {}", c.actor, c.printed)
                });
            }
            out.extend(m.tier.as_ref().map(|t| format!("Tier: {t}")));
        }
        Detail::Position(p) => {
            out.push(format!("{} · MA {} · ST {} · AG {} · AV {} · {} gp", p.race, p.ma, p.st, p.ag, p.av, p.cost));
            if !p.skills.is_empty() {
                out.push(format!("Skills: {}", p.skills.join(", ")));
            }
            if !p.categories.is_empty() {
                out.push(format!("Categories: {}", p.categories.join(", ")));
            }
        }
        Detail::Rule(r) => out.extend(r.formula.as_ref().map(|f| format!("Formula: {f}"))),
        Detail::Table(t) => {
            out.push(format!("{} table: {}", t.dice.as_deref().unwrap_or("lookup"), t.columns.join(" | ")));
        }
        Detail::Condition(_) | Detail::Plain(_) => {}
    }
    Ok(out)
}

/// How a number the document leaves blank is written.
const NONE: &str = "n/a";

/// A bonus with its sign (`+2`, `-1`, `0`).
fn signed(n: Option<i64>) -> String {
    n.map_or_else(|| NONE.to_string(), |v| if v > 0 { format!("+{v}") } else { v.to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Armor, Condition, CostTier, Maneuver, ManeuverCost, Position, Spell, Weapon};

    fn no_names(id: &str) -> crate::Result<String> {
        Ok(id.to_string())
    }

    #[test]
    fn a_weapon_reads_as_its_row_of_the_table() {
        let w = Weapon {
            group: "Hand".into(),
            ability: "Single Weapon".into(),
            init: Some(2),
            atk: Some(4),
            dfn: Some(0),
            dam: Some(6),
            str: Some(-1),
            load: None,
            range: Some(20),
            cost: Some(CostTier::Standard),
            horseback: false,
        };
        assert_eq!(
            lines(&Detail::Weapon(w), &no_names).unwrap(),
            ["Single Weapon · Init +2 · Atk +4 · Dfn 0 · Dam +6 · Str -1 · Load n/a · Range 20 paces · Cost standard"]
        );
    }

    #[test]
    fn armour_lists_the_coverages_it_comes_in() {
        let a = Armor { cost: None, partial: None, full: Some(Coverage { prot: 4, load: 3 }) };
        assert_eq!(lines(&Detail::Armor(a), &no_names).unwrap(), ["Full: Prot 4, Load 3"]);
    }

    #[test]
    fn spells_conditions_maneuvers_and_positions() {
        let s = Spell {
            list: "Wizard".into(),
            success: "3+".into(),
            success_target: Some(3),
            when: None,
            range: Some("Touch".into()),
            duration: None,
            restriction: None,
            failure: Some("Nothing".into()),
        };
        assert_eq!(
            lines(&Detail::Spell(s), &no_names).unwrap(),
            ["Succeeds on: 3+", "Range: Touch", "On a failure: Nothing"]
        );
        let c = Condition { implies: vec!["m/condition/prone".into()] };
        assert_eq!(lines(&Detail::Condition(c), &|_| Ok("Prone".to_string())).unwrap(), ["Includes: Prone"]);
        let cost =
            |actor: &str| ManeuverCost { actor: actor.into(), amount: Some(2), unit: "AP".into(), printed: "2".into() };
        let m = Maneuver { tier: Some("1".into()), costs: vec![cost("any"), cost("attacker")] };
        assert_eq!(lines(&Detail::Maneuver(m), &no_names).unwrap(), ["Cost: 2 AP", "Cost (attacker): 2", "Tier: 1"]);
        let p = Position {
            race: "Amazon".into(),
            ma: 6,
            st: 3,
            ag: 3,
            av: 7,
            skills: vec!["Dodge".into()],
            categories: Vec::new(),
            cost: 70_000,
            spell: None,
            spell_id: None,
        };
        assert_eq!(
            lines(&Detail::Position(p), &no_names).unwrap(),
            ["Amazon · MA 6 · ST 3 · AG 3 · AV 7 · 70000 gp", "Skills: Dodge"]
        );
    }
}
