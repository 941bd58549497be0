//! What Amtgard's game master's screen holds as shipped: the tables and rules its fights
//! reach for most, read from the content when printed.

use crate::screen::ScreenPanel;

pub(super) fn panels() -> Vec<ScreenPanel> {
    vec![
        ScreenPanel::group("States", &["amtgard/rule/states", "amtgard/condition"]).full(),
        ScreenPanel::group("Special effects", &["amtgard/rule/special-effects", "amtgard/special-effect"]).full(),
        ScreenPanel::group("Ongoing effects", &["amtgard/rule/ongoing-effects", "amtgard/table/ability-order"]),
    ]
}
