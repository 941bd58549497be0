//! Characters players sent, waiting for the game master. Kept in memory only: stopping
//! sharing empties it (a player sends again next time), and nothing is written to the
//! database until the game master accepts one.
//!
//! One code holder must not shut the table out of it (issue 71): a device has at most
//! [`MAX_WAITING_PER_DEVICE`] waiting and never the same file twice, a device the game
//! master disconnects takes its files with it, and when the inbox is full a file from an
//! address holding fewer than the most makes room by dropping the newest of the address
//! holding the most (as a join makes room at a full table), so a flood from a few
//! addresses never keeps a player's sheet out.

use std::net::IpAddr;

use serde::Serialize;
use ts_rs::TS;

use crate::error::{Error, Result};

/// Characters waiting at once; a full inbox refuses more until the game master answers,
/// unless the sender's address holds fewer than another's (see the module's comment).
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

/// A file waiting, with the address it came from.
struct Waiting {
    item: InboxItem,
    address: IpAddr,
    bytes: Vec<u8>,
}

pub struct Inbox {
    items: Vec<Waiting>,
}

/// A file kept, and the one dropped to make room for it, if one was.
pub struct Kept {
    pub item: InboxItem,
    pub dropped: Option<InboxItem>,
}

impl Inbox {
    pub fn new() -> Inbox {
        Inbox { items: Vec::new() }
    }

    /// Keeps a file already checked as an import checks it, as number `id` (the table's
    /// numbers are shared with the waiting actions, so `accept N` names one thing), sent
    /// by device `device` from `address`.
    ///
    /// # Errors
    /// The device has as many waiting as it may, or this very file; the inbox is full
    /// and the sender's address holds as many as any other.
    pub fn put(
        &mut self,
        id: u32,
        (name, system): (String, String),
        device: (u32, String, IpAddr),
        bytes: Vec<u8>,
    ) -> Result<Kept> {
        let (device, from, address) = device;
        let mine = || self.items.iter().filter(|w| w.item.device == device);
        if mine().any(|w| w.bytes == bytes) {
            return Err(Error::InvalidInput(format!(
                "{name} from this file is waiting for the game master already: wait until they answer"
            )));
        }
        if mine().count() >= MAX_WAITING_PER_DEVICE {
            return Err(Error::InvalidInput(format!(
                "this device has {MAX_WAITING_PER_DEVICE} characters waiting for the game master already: \
                 wait until they answer"
            )));
        }
        let mut dropped = None;
        if self.items.len() >= MAX_WAITING {
            let held = |a: IpAddr| self.items.iter().filter(|w| w.address == a).count();
            let most =
                self.items.iter().map(|w| w.address).max_by_key(|a| held(*a)).filter(|a| held(*a) > held(address));
            let Some(most) = most else {
                return Err(Error::InvalidInput(format!(
                    "the game master's inbox is full ({MAX_WAITING} characters wait): ask them to accept or decline some"
                )));
            };
            let newest = self.items.iter().rposition(|w| w.address == most).unwrap_or(0);
            dropped = Some(self.items.remove(newest).item);
        }
        let item = InboxItem { id, name, system, device, from };
        self.items.push(Waiting { item: item.clone(), address, bytes });
        Ok(Kept { item, dropped })
    }

    pub fn list(&self) -> Vec<InboxItem> {
        self.items.iter().map(|w| w.item.clone()).collect()
    }

    /// Takes item `id` out (to import it, or to drop it).
    pub fn take(&mut self, id: u32) -> Result<Taken> {
        let at = self
            .items
            .iter()
            .position(|w| w.item.id == id)
            .ok_or_else(|| Error::not_found("inbox item", &id.to_string()))?;
        Ok(Taken(self.items.remove(at)))
    }

    /// Puts back an item whose import failed, where it was.
    pub fn put_back(&mut self, taken: Taken) {
        let at = self.items.iter().position(|w| w.item.id > taken.0.item.id).unwrap_or(self.items.len());
        self.items.insert(at, taken.0);
    }

    /// Drops what device `device` sent: the game master disconnected it.
    pub fn forget_device(&mut self, device: u32) {
        self.items.retain(|w| w.item.device != device);
    }
}

/// An item taken out of the inbox: what it is and its file.
pub struct Taken(Waiting);

impl Taken {
    pub fn item(&self) -> &InboxItem {
        &self.0.item
    }

    pub fn bytes(&self) -> &[u8] {
        &self.0.bytes
    }

    pub fn into_item(self) -> InboxItem {
        self.0.item
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn addr(n: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, n])
    }

    fn send(inbox: &mut Inbox, id: u32, device: u32, at: u8) -> Result<Kept> {
        let file = format!("file {id}").into_bytes();
        inbox.put(id, (format!("C{id}"), "mythcraft".into()), (device, format!("D{device}"), addr(at)), file)
    }

    #[test]
    fn a_flood_from_one_address_never_keeps_another_addresss_file_out() {
        let mut inbox = Inbox::new();
        let mut id = 0;
        // Seven devices on one address fill it, three files each (the 21st is refused).
        for device in 1..=7 {
            for _ in 0..3 {
                id += 1;
                let _ = send(&mut inbox, id, device, 10);
            }
        }
        assert_eq!(inbox.list().len(), MAX_WAITING);
        assert!(send(&mut inbox, 100, 8, 10).is_err(), "the flooding address makes no room for itself");
        let kept = send(&mut inbox, 101, 9, 3).unwrap();
        let dropped = kept.dropped.expect("a file of the flood made room");
        assert_eq!(dropped.device, 7, "the flood's newest");
        assert_eq!(inbox.list().len(), MAX_WAITING);
        // Disconnected, a device's files go with it.
        inbox.forget_device(1);
        assert!(inbox.list().iter().all(|i| i.device != 1));
    }

    #[test]
    fn the_same_file_from_one_device_waits_once() {
        let mut inbox = Inbox::new();
        let file = b"vex".to_vec();
        let put = |inbox: &mut Inbox, id| {
            inbox.put(id, ("Vex".into(), "mythcraft".into()), (1, "Ann".into(), addr(2)), file.clone())
        };
        assert!(put(&mut inbox, 1).is_ok());
        let again = put(&mut inbox, 2).err().unwrap().to_string();
        assert!(again.contains("waiting for the game master already"), "{again}");
    }
}
