//! What MLAF's game master's screen holds as shipped: the tables and rules its fights
//! reach for most, read from the content when printed.

use crate::screen::ScreenPanel;

pub(super) fn panels() -> Vec<ScreenPanel> {
    vec![
        ScreenPanel::one("mlaf/table/spell-table"),
        ScreenPanel::group(
            "Casting",
            &["mlaf/rule/how-to-cast-spells", "mlaf/rule/spellcasters", "mlaf/rule/star-player-rolls"],
        )
        .full(),
        ScreenPanel::one("mlaf/rule/abbreviations"),
    ]
}
