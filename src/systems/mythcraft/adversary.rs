//! What MythCraft's rules make of an adversary's stat block: its AP each turn from its
//! COR and the Reactive AP its level keeps, where it is Bloodied, and protections that
//! cannot stand together.

use std::collections::BTreeMap;

use super::rules::{action_points, bloodied, reactive_cap, DamageType, R_DR, R_REACTIVE, R_VULNERABLE};
use crate::adversaries::AdversaryCheck;
use crate::rules::Term;

pub(super) fn check(stats: &BTreeMap<String, i64>, out: &mut AdversaryCheck) {
    let stat = |k: &str| stats.get(k).copied().unwrap_or(0);
    let (cor, level) = (stat("coordination"), stat("level"));
    if let Ok(ap) = action_points(cor, level, 0) {
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
