//! Where the table finds the game master's Tome: an address of this machine on the local
//! network, and the QR code that carries it with the join code.

use std::net::{IpAddr, Ipv4Addr};

use qrcode::render::{svg, unicode};
use qrcode::QrCode;
use serde::Serialize;
use ts_rs::TS;

use crate::error::{Error, Result};

/// One of this machine's addresses the game master may share on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct LocalAddress {
    /// The network interface (`wlan0`, `eth0`).
    pub interface: String,
    #[ts(type = "string")]
    pub ip: IpAddr,
}

/// This machine's IPv4 addresses on its local networks (loopback and link-local left
/// out: no phone reaches those), the likeliest Wi-Fi first.
pub fn local_addresses() -> Vec<LocalAddress> {
    let mut found: Vec<LocalAddress> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .filter(|i| !i.is_loopback() && !i.is_link_local() && i.ip().is_ipv4())
        .map(|i| LocalAddress { ip: i.ip(), interface: i.name })
        .collect();
    // Private ranges first: that is where a home or club Wi-Fi puts a laptop.
    found.sort_by_key(|a| !matches!(a.ip, IpAddr::V4(v4) if v4.is_private()));
    found
}

/// The address to share on: the one asked for, else the first local one, else this
/// machine alone (no network: the players' browsers cannot reach it, and Tome says so).
pub fn choose(asked: Option<IpAddr>) -> IpAddr {
    asked.or_else(|| local_addresses().first().map(|a| a.ip)).unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST))
}

/// What the game master is told about an address before sharing on it, if anything.
pub fn caution(ip: IpAddr) -> Option<String> {
    if ip.is_unspecified() {
        Some(format!("sharing on {ip}: every network this machine is on can reach it, not only the table's"))
    } else if ip.is_loopback() {
        Some(format!("sharing on {ip}: only this machine can reach it, not the players' phones (pass --address with a local network address)"))
    } else {
        None
    }
}

/// The page a player opens: the join code rides in the fragment, which a browser never
/// sends to a server, so it is in no request line or log.
pub fn join_url(base: &str, code: &str) -> String {
    format!("{base}/#join={code}")
}

/// `text` as a QR code in SVG, for the app's panel.
///
/// # Errors
/// Text too long for a QR code.
pub fn qr_svg(text: &str) -> Result<String> {
    let code = QrCode::new(text.as_bytes()).map_err(|e| Error::InvalidInput(format!("no QR code for {text}: {e}")))?;
    Ok(code.render::<svg::Color<'_>>().min_dimensions(240, 240).quiet_zone(true).build())
}

/// `text` as a QR code in text blocks, for a terminal (light on dark reads on both).
///
/// # Errors
/// Text too long for a QR code.
pub fn qr_text(text: &str) -> Result<String> {
    let code = QrCode::new(text.as_bytes()).map_err(|e| Error::InvalidInput(format!("no QR code for {text}: {e}")))?;
    Ok(code
        .render::<unicode::Dense1x2>()
        .dark_color(unicode::Dense1x2::Light)
        .light_color(unicode::Dense1x2::Dark)
        .quiet_zone(true)
        .build())
}
