//! The computer's time zone, for showing when something was saved.
//!
//! `jiff::tz::TimeZone::system()` learns the zone's name by listing every file of the
//! zone database (about 2,000 under `/usr/share/zoneinfo`) before it reads one: 0.7 ms
//! of a one-off `tome character show`, a seventh of it. Printing a local time needs the
//! zone's rules, not its name, so with no `TZ` set the rules are read from
//! `/etc/localtime` as the C library reads them; anything else (a `TZ`, no such file)
//! is jiff's to work out.

use std::path::Path;
use std::sync::OnceLock;

use jiff::tz::TimeZone;

const LOCALTIME: &str = "/etc/localtime";

/// The computer's time zone (UTC when it cannot be worked out, as jiff does).
pub fn local_zone() -> TimeZone {
    static ZONE: OnceLock<TimeZone> = OnceLock::new();
    ZONE.get_or_init(|| {
        if std::env::var_os("TZ").is_none() {
            if let Some(zone) = from_tzif_file(Path::new(LOCALTIME)) {
                return zone;
            }
        }
        TimeZone::system()
    })
    .clone()
}

/// The zone a TZif file (or a link to one) describes.
fn from_tzif_file(path: &Path) -> Option<TimeZone> {
    let data = std::fs::read(path).ok()?;
    // The zone's name, where the link says it (it is only shown, never looked up).
    let target = std::fs::read_link(path).ok();
    let name = target
        .as_ref()
        .and_then(|t| t.to_str())
        .and_then(|t| t.rsplit_once("zoneinfo/"))
        .map_or("localtime", |(_, name)| name);
    TimeZone::tzif(name, &data).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Local times a year apart, a week at a time: both sides of each change of clock.
    fn same_clock(a: &TimeZone, b: &TimeZone) {
        for second in (1_700_000_000i64..1_732_000_000).step_by(86_400 * 7) {
            let t = jiff::Timestamp::from_second(second).unwrap();
            assert_eq!(a.to_offset(t), b.to_offset(t), "at {t}");
        }
    }

    #[test]
    fn a_zone_read_from_its_file_keeps_the_clock_jiffs_lookup_keeps() {
        for name in ["Europe/Paris", "America/New_York", "Australia/Sydney"] {
            let path = Path::new("/usr/share/zoneinfo").join(name);
            let Ok(jiffs) = TimeZone::get(name) else { continue };
            let ours = from_tzif_file(&path).expect("the zone's file reads");
            same_clock(&ours, &jiffs);
        }
    }

    #[test]
    fn the_local_zone_keeps_the_clock_jiffs_own_lookup_keeps() {
        same_clock(&local_zone(), &TimeZone::system());
    }
}
