//! What Ars Magica's game master's screen holds as shipped: the tables and rules its fights
//! reach for most, read from the content when printed.

use crate::screen::ScreenPanel;

pub(super) fn panels() -> Vec<ScreenPanel> {
    vec![
        ScreenPanel::group(
            "Combat totals",
            &[
                "ars-magica/rule/initiative-total",
                "ars-magica/rule/attack-total",
                "ars-magica/rule/defense-total",
                "ars-magica/rule/damage-total",
                "ars-magica/rule/soak-total",
            ],
        ),
        ScreenPanel::one("ars-magica/table/damage-table"),
        ScreenPanel::group(
            "Wound penalties",
            &["ars-magica/table/wound-table", "ars-magica/table/wound-penalty-activities"],
        ),
        ScreenPanel::group(
            "Fatigue ladder",
            &["ars-magica/table/fatigue-levels", "ars-magica/table/fatigue-recovery-chart"],
        ),
        ScreenPanel::one("ars-magica/table/encumbrance-table"),
        ScreenPanel::group(
            "Botches and scuffles",
            &["ars-magica/rule/combat-botches", "ars-magica/table/scuffle-effects"],
        ),
    ]
}
