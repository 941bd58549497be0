//! What MythCraft's rules make of an adversary's stat block: its AP each turn from its
//! COR and the Reactive AP its level keeps, where it is Bloodied, and protections that
//! cannot stand together.

use std::collections::BTreeMap;

use super::rules::{action_points, bloodied, reactive_cap, ActionPoints, DamageType, R_DR, R_REACTIVE, R_VULNERABLE};
use crate::adversaries::{AdversaryAttack, AdversaryCheck};
use crate::rules::Term;
use crate::systems::mythcraft::rules::WrittenAttack;

pub(super) fn check(stats: &BTreeMap<String, i64>, attacks: &[AdversaryAttack], out: &mut AdversaryCheck) {
    let stat = |k: &str| stats.get(k).copied().unwrap_or(0);
    let (cor, level) = (stat("coordination"), stat("level"));
    if let Ok(ap) = action_points(cor, level, 0) {
        never_affordable(&ap, stat("attack-ap"), attacks, out);
        // The fresh pool only: what Reactive AP adds depends on the round before.
        out.derive("ap", "AP at the start of each turn", ap.ap, ap.terms.into_iter().take(2).collect());
    }
    if let Ok(cap) = reactive_cap(level) {
        let terms = vec![
            Term::num(format!("Half of level {level}, rounded up"), (level + 1) / 2, Some(R_REACTIVE)),
            Term::num("Plus one", 1, Some(R_REACTIVE)),
        ];
        out.derive("reactive-cap", "Reactive AP carried into a turn, at most", cap, terms);
    }
    if let Ok((_, at)) = bloodied(stat("max-hp"), stat("max-hp")) {
        let terms = vec![Term::note(format!("Half of {} maximum HP, rounded down", stat("max-hp")), at, None)];
        out.derive("bloodied-at", "Bloodied at HP", at, terms);
    }
    for t in DamageType::all() {
        let word = t.label().to_lowercase();
        // Vulnerable always supersedes Resist and Immune: beside it they would do nothing.
        if stat(&format!("vulnerable-{word}")) > 0 {
            for other in ["resist", "immune"] {
                let key = format!("{other}-{word}");
                if stat(&key) > 0 {
                    out.refuse(
                        &key,
                        format!(
                            "it is also Vulnerable to {word}, which always supersedes {} ({R_VULNERABLE}): keep one of the two",
                            if other == "resist" { "Resist" } else { "Immune" }
                        ),
                    );
                }
            }
        }
        let except = format!("dr-except-{word}");
        if stat(&except) > 0 && stat("dr") == 0 {
            out.refuse(&except, format!("{word} bypasses its DR, but its DR is 0 ({R_DR}): give a DR or clear this"));
        }
    }
}

/// Refuses an attack the block can never pay for: its AP past the most a turn can start
/// with, the fresh AP from COR (line 29) plus the Reactive AP carried in, which is what
/// went unspent and no more than its level keeps (lines 44-46).
fn never_affordable(ap: &ActionPoints, usual: i64, attacks: &[AdversaryAttack], out: &mut AdversaryCheck) {
    let most = ap.ap + ap.reactive_cap.min(ap.ap);
    let why = |cost: i64| {
        format!(
            "it costs {cost} AP, but this block starts a turn with at most {most} ({} from its COR, {} Reactive AP carried in): it could never make it",
            ap.ap,
            ap.reactive_cap.min(ap.ap)
        )
    };
    if usual > most {
        out.refuse("attack-ap", why(usual));
    }
    for (i, a) in attacks.iter().enumerate() {
        if let Some(cost) = WrittenAttack::parse(&a.numbers).ap.filter(|c| *c > most) {
            out.refuse_attack(i, format!("{}: {}", a.name, why(cost)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(stats: &[(&str, i64)], attacks: &[(&str, &str)]) -> Vec<String> {
        let mut full: BTreeMap<String, i64> = BTreeMap::from([("level".into(), 1)]);
        full.extend(stats.iter().map(|(k, v)| (k.to_string(), *v)));
        let attacks: Vec<AdversaryAttack> = attacks
            .iter()
            .map(|(n, x)| AdversaryAttack { name: n.to_string(), entry: None, numbers: x.to_string() })
            .collect();
        let mut out = AdversaryCheck::default();
        check(&full, &attacks, &mut out);
        out.problems.iter().map(|p| format!("{p:?}")).collect()
    }

    /// Lines 29-46: COR 0 gives 3 AP a turn and a level 1 creature carries in at most 2
    /// Reactive AP, so no turn starts with more than 5: a 6 AP attack is refused on save,
    /// saying why; a 5 AP one is kept.
    #[test]
    fn a_block_that_can_never_afford_its_attack_is_refused() {
        let refused = problems(&[("coordination", 0)], &[("Maul", "+4, 2d8 blunt, melee, 6 AP")]);
        assert_eq!(refused.len(), 1, "{refused:?}");
        assert!(refused[0].contains("attacks[0]") && refused[0].contains("at most 5"), "{refused:?}");
        let usual = problems(&[("coordination", 0), ("attack-ap", 6)], &[]);
        assert!(usual.len() == 1 && usual[0].contains("attack-ap"), "{usual:?}");
        assert!(problems(&[("coordination", 0)], &[("Maul", "+4, 2d8 blunt, melee, 5 AP")]).is_empty());
    }
}
