//! What Primal Wild's game master's screen holds as shipped: the tables and rules its fights
//! reach for most, read from the content when printed.

use crate::screen::ScreenPanel;

pub(super) fn panels() -> Vec<ScreenPanel> {
    vec![
        ScreenPanel::group(
            "Clash pool",
            &["primal-wild/rule/clash-dice-pool", "primal-wild/table/clash-dice-pool-modifiers"],
        ),
        ScreenPanel::group("Clash results", &["primal-wild/rule/clash-results", "primal-wild/rule/clash-cost"]),
        ScreenPanel::group(
            "Rounds of a duel",
            &[
                "primal-wild/rule/round-results",
                "primal-wild/table/duel-round-outcomes",
                "primal-wild/rule/duel-rounds",
            ],
        ),
        ScreenPanel::group("Damage factors", &["primal-wild/rule/damage-factors", "primal-wild/rule/multiple-targets"]),
        ScreenPanel::one("primal-wild/table/combat-boosts-by-aspect"),
    ]
}
