//! What MythCraft's game master's screen holds as shipped: the tables and rules its fights
//! reach for most, read from the content when printed.

use crate::screen::ScreenPanel;

pub(super) fn panels() -> Vec<ScreenPanel> {
    vec![
        ScreenPanel::group(
            "Action points",
            &[
                "mythcraft/rule/action-points",
                "mythcraft/table/coordination-cor-bonus-ap",
                "mythcraft/rule/reactive-ap",
                "mythcraft/rule/special-ap",
                "mythcraft/rule/actions",
                "mythcraft/rule/movement",
                "mythcraft/rule/attacks",
            ],
        ),
        ScreenPanel::group(
            "Advantage and position",
            &["mythcraft/rule/tactical-advantage-and-disadvantage", "mythcraft/rule/flanking", "mythcraft/rule/cover"],
        ),
        ScreenPanel::group("Maneuvers and their costs", &["mythcraft/maneuver"]),
        ScreenPanel::group(
            "Damage, step by step",
            &[
                "mythcraft/rule/damage",
                "mythcraft/rule/shield-hp",
                "mythcraft/rule/damage-threshold",
                "mythcraft/rule/damage-reduction",
                "mythcraft/rule/resist",
                "mythcraft/rule/vulnerable",
                "mythcraft/rule/immune",
                "mythcraft/rule/massive-damage",
                "mythcraft/rule/critical-hits",
                "mythcraft/table/damage-types",
            ],
        ),
        ScreenPanel::group("Dying", &["mythcraft/rule/dying", "mythcraft/rule/catching-your-breath"]),
        ScreenPanel::group("Conditions and their effects", &["mythcraft/condition"]),
    ]
}
