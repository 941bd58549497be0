//! Characters players sent, waiting for the game master. Kept in memory only: stopping
//! sharing empties it (a player sends again next time), and nothing is written to the
//! database until the game master accepts one.

use serde::Serialize;
use ts_rs::TS;

use crate::error::{Error, Result};

/// Characters waiting at once; a full inbox refuses more until the game master answers.
pub const MAX_WAITING: usize = 20;
/// Characters one device may have waiting at once, so one phone cannot fill the inbox
/// and crowd out the rest of the table.
pub const MAX_WAITING_PER_DEVICE: usize = 3;

/// A character waiting for the game master.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct InboxItem {
    pub id: u32,
    /// The character's name and system, as its file says.
    pub name: String,
    pub system: String,
    /// The device that sent it, and that device's name then.
    pub device: u32,
    pub from: String,
}

pub struct Inbox {
    items: Vec<(InboxItem, Vec<u8>)>,
}

impl Inbox {
    pub fn new() -> Inbox {
        Inbox { items: Vec::new() }
    }

    /// Keeps a file already checked as an import checks it, as number `id` (the table's
    /// numbers are shared with the waiting actions, so `accept N` names one thing).
    pub fn put(
        &mut self,
        id: u32,
        name: String,
        system: String,
        device: u32,
        from: String,
        bytes: Vec<u8>,
    ) -> Result<InboxItem> {
        if self.items.len() >= MAX_WAITING {
            return Err(Error::InvalidInput(format!(
                "the game master's inbox is full ({MAX_WAITING} characters wait): ask them to accept or decline some"
            )));
        }
        if self.items.iter().filter(|(i, _)| i.device == device).count() >= MAX_WAITING_PER_DEVICE {
            return Err(Error::InvalidInput(format!(
                "this device has {MAX_WAITING_PER_DEVICE} characters waiting for the game master already: \
                 wait until they answer"
            )));
        }
        let item = InboxItem { id, name, system, device, from };
        self.items.push((item.clone(), bytes));
        Ok(item)
    }

    pub fn list(&self) -> Vec<InboxItem> {
        self.items.iter().map(|(i, _)| i.clone()).collect()
    }

    /// Takes item `id` out (to import it, or to drop it).
    pub fn take(&mut self, id: u32) -> Result<(InboxItem, Vec<u8>)> {
        let at = self
            .items
            .iter()
            .position(|(i, _)| i.id == id)
            .ok_or_else(|| Error::not_found("inbox item", &id.to_string()))?;
        Ok(self.items.remove(at))
    }

    /// Puts back an item whose import failed, where it was.
    pub fn put_back(&mut self, item: (InboxItem, Vec<u8>)) {
        let at = self.items.iter().position(|(i, _)| i.id > item.0.id).unwrap_or(self.items.len());
        self.items.insert(at, item);
    }
}
