//! The `Tome` methods for game master's screens: the shipped one per system, a GM's own
//! (pin, unpin, move, reset), and printing either.

use crate::error::Result;
use crate::pdf::{PdfOptions, Prepared};
use crate::rulebook::Rulebook;
use crate::screen::{self, Screen, ScreenPanel};
use crate::Tome;

impl Tome {
    /// The GM's screen for `system`: their own when they have changed it, else the
    /// system's shipped one.
    ///
    /// # Errors
    /// An unknown system; a stored screen that cannot be read.
    pub fn screen(&self, system: &str) -> Result<Screen> {
        let home = crate::systems::require(system)?;
        Ok(match self.db.gm_screen(system)? {
            Some(panels) => Screen { system: system.to_string(), panels, shipped: false },
            None => Screen { system: system.to_string(), panels: home.screen(), shipped: true },
        })
    }

    /// Pins an entry (a pack's too) or a `system/kind` list to the end of `system`'s
    /// screen as a panel of its own. The entry may be given by id or by name.
    ///
    /// # Errors
    /// An unknown system or entry, one of another system, or one already on the screen.
    pub fn screen_pin(&mut self, system: &str, item: &str) -> Result<Screen> {
        let id = match screen::Item::parse(item) {
            Ok(_) => item.trim().to_string(),
            Err(_) => self.find_entry(system, item)?,
        };
        let (id, title) = screen::check_item(&*self, system, &id)?;
        self.change_screen(system, |panels| screen::pin(panels, id, &title))
    }

    /// Takes a panel (by number, from 1) or an item (by id) off `system`'s screen.
    ///
    /// # Errors
    /// An unknown system; nothing on the screen by that number or id.
    pub fn screen_unpin(&mut self, system: &str, what: &str) -> Result<Screen> {
        self.change_screen(system, |panels| screen::unpin(panels, what))
    }

    /// Moves panel `from` to place `to` on `system`'s screen (both from 1).
    ///
    /// # Errors
    /// An unknown system or panel number.
    pub fn screen_move(&mut self, system: &str, from: usize, to: usize) -> Result<Screen> {
        self.change_screen(system, |panels| screen::move_panel(panels, from, to))
    }

    /// Puts `system`'s shipped screen back in place of the GM's own.
    ///
    /// # Errors
    /// An unknown system.
    pub fn screen_reset(&mut self, system: &str) -> Result<Screen> {
        crate::systems::require(system)?;
        self.db.reset_gm_screen(system)?;
        self.screen(system)
    }

    fn change_screen(
        &mut self,
        system: &str,
        change: impl FnOnce(&mut Vec<ScreenPanel>) -> Result<()>,
    ) -> Result<Screen> {
        let mut panels = self.screen(system)?.panels;
        change(&mut panels)?;
        self.db.set_gm_screen(system, &panels)?;
        self.screen(system)
    }

    /// `system`'s screen (the GM's own, or the shipped one) as a landscape PDF.
    ///
    /// # Errors
    /// An unknown system, an empty screen, or a pinned entry no longer there.
    pub fn screen_pdf(&self, system: &str, opts: &PdfOptions) -> Result<Vec<u8>> {
        Ok(self.prepare_screen_pdf(system, opts)?.finish())
    }

    /// Lays out [`Tome::screen_pdf`] without writing it.
    ///
    /// # Errors
    /// As [`Tome::screen_pdf`].
    pub fn prepare_screen_pdf(&self, system: &str, opts: &PdfOptions) -> Result<Prepared> {
        let screen = self.screen(system)?;
        let sys = self
            .systems()?
            .into_iter()
            .find(|s| s.id == system)
            .ok_or_else(|| crate::Error::not_found("game system", system))?;
        crate::pdf::prepare_screen(self, &sys, &screen.panels, opts)
    }

    /// The id of `system`'s entry named `name` (any case), for a pin typed by name.
    fn find_entry(&self, system: &str, name: &str) -> Result<String> {
        let wanted = crate::search::normalize(name);
        for kind in crate::Kind::ALL {
            if let Some(hit) =
                self.list(kind, Some(system))?.into_iter().find(|i| crate::search::normalize(&i.name) == wanted)
            {
                return Ok(hit.id);
            }
        }
        Err(crate::Error::NotFound {
            what: "entry",
            id: name.to_string(),
            suggestions: crate::Kind::ALL.iter().flat_map(|&k| self.close_names(system, k, name)).take(5).collect(),
        })
    }
}
