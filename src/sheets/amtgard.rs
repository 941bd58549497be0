//! The Player sheet of amtgard (being written: layout and derived stats to come).

use super::layout::{header, notes, section, SheetLayout};
use super::{Derived, Reader};
use crate::characters::Character;
use crate::error::Result;
use crate::Tome;

pub(super) fn layout() -> SheetLayout {
    SheetLayout {
        system: "amtgard".into(),
        title: "Player".into(),
        sections: vec![header(vec![]), section("notes", "Notes", vec![notes()])],
    }
}

pub(super) fn derive(_tome: &Tome, _c: &Character, _r: &mut Reader, _out: &mut Derived) -> Result<()> {
    Ok(())
}
