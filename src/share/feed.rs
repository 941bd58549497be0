//! What the table has seen happen (issue 56, the phone's log): the fight's own log as
//! the table sees it ([`crate::Tome::table_log`], issue 71), kept worked out between
//! draws so a change adds only its own lines. It holds nothing the board did not show:
//! a hidden combatant's doings change no board, and a line naming one the table does not
//! see now is left out; an undone step leaves it and a redone one comes back.

use crate::api::TableLog;

/// The phones' log as last worked out, for the fight shown.
#[derive(Default)]
pub struct Feed {
    pub(super) log: TableLog,
}
