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

/// This machine's addresses the table could reach it on, the likeliest first (see
/// [`rank`]).
pub fn local_addresses() -> Vec<LocalAddress> {
    rank(&interfaces())
}

/// This machine's network interfaces as (name, address) pairs.
fn interfaces() -> Vec<(String, IpAddr)> {
    if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .map(|i| {
            let ip = i.ip();
            (i.name, ip)
        })
        .collect()
}

/// Interfaces that are not the room's network: containers' and virtual machines'
/// bridges and their virtual cables, and VPN tunnels. A phone on the Wi-Fi reaches none
/// of them. Names as Linux, macOS and Windows give them (lower-cased).
const NOT_THE_ROOM: &[&str] = &[
    "docker",
    "br-",
    "virbr",
    "veth",
    "lxcbr",
    "lxdbr",
    "incusbr",
    "podman",
    "cni",
    "flannel",
    "cali",
    "kube",
    "vnet",
    "vmnet",
    "vboxnet",
    "tun",
    "tap",
    "wg",
    "tailscale",
    "zt",
    "utun",
    "ppp",
    "ipsec",
    "nordlynx",
    "proton",
    "awdl",
    "llw",
    "bridge",
    "zerotier",
];

/// Whether interface `name` is one of [`NOT_THE_ROOM`]'s, or a virtual adapter as
/// Windows names them ("vEthernet (WSL)", "VirtualBox Host-Only Network").
fn virtual_interface(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    NOT_THE_ROOM.iter().any(|p| name.starts_with(p))
        || ["virtualbox", "vmware", "hyper-v", "vethernet", "docker", "vpn"].iter().any(|w| name.contains(w))
}

/// Whether interface `name` is a wireless one (`wlan0`, `wlp2s0`, Windows' `Wi-Fi`):
/// the phones are on the Wi-Fi, so its address comes first.
fn wireless(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    name.starts_with("wl") || name.contains("wi-fi") || name.contains("wifi") || name.contains("wireless")
}

/// The addresses the table could reach, from the machine's (interface, address) pairs:
/// IPv4 on a real interface (no loopback, no link-local, no container, VM or VPN
/// interface), private ranges first (where a home or club Wi-Fi puts a laptop), then
/// wireless before wired, then by interface name.
pub fn rank(interfaces: &[(String, IpAddr)]) -> Vec<LocalAddress> {
    let mut found: Vec<LocalAddress> = interfaces
        .iter()
        .filter(|(name, ip)| match ip {
            IpAddr::V4(v4) => {
                let unreachable = v4.is_loopback() || v4.is_link_local() || v4.is_unspecified() || v4.is_multicast();
                !unreachable && !virtual_interface(name)
            }
            IpAddr::V6(_) => false,
        })
        .map(|(name, ip)| LocalAddress { interface: name.clone(), ip: *ip })
        .collect();
    found.sort_by_key(|a| {
        let private = matches!(a.ip, IpAddr::V4(v4) if v4.is_private());
        (!private, !wireless(&a.interface), a.interface.clone(), a.ip)
    });
    found.dedup();
    found
}

/// The address sharing starts on, and what the game master is told about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub ip: IpAddr,
    pub caution: Option<String>,
}

/// The address to share on, from the machine's (interface, address) pairs: the one asked
/// for, else the likeliest of [`rank`], else this machine alone (no network: the
/// players' browsers cannot reach it, and Tome says so). The caution says when the
/// address reaches more than the table, only this machine, a network the phones are
/// not on, or when another local network could be the table's.
pub fn choose(asked: Option<IpAddr>, interfaces: &[(String, IpAddr)]) -> Choice {
    let ranked = rank(interfaces);
    if let Some(ip) = asked {
        let caution = caution(ip).or_else(|| {
            let name = interfaces.iter().find(|(_, a)| *a == ip).map(|(n, _)| n.as_str())?;
            virtual_interface(name).then(|| {
                format!(
                    "sharing on {ip}: {name} is a container, virtual machine or VPN network, which the players' \
                     phones are not on{}",
                    offer(&ranked)
                )
            })
        });
        return Choice { ip, caution };
    }
    match ranked.as_slice() {
        [] => {
            let ip = IpAddr::V4(Ipv4Addr::LOCALHOST);
            let caution = format!(
                "this machine is on no local network: sharing on {ip}, which only this machine can reach \
                 (join the table's Wi-Fi and share again)"
            );
            Choice { ip, caution: Some(caution) }
        }
        [only] => Choice { ip: only.ip, caution: None },
        [first, others @ ..] => {
            let others: Vec<String> = others.iter().map(|a| format!("{} ({})", a.ip, a.interface)).collect();
            let caution = format!(
                "this machine is on several networks: sharing on {} ({}); if the players' phones are on \
                 another, share on it instead: {}",
                first.ip,
                first.interface,
                others.join(", ")
            );
            Choice { ip: first.ip, caution: Some(caution) }
        }
    }
}

/// What the game master is told about sharing on the machine's chosen address.
pub fn choose_here(asked: Option<IpAddr>) -> Choice {
    choose(asked, &interfaces())
}

/// " (try 192.168.1.20, on wlan0)" when there is a local address to offer.
fn offer(ranked: &[LocalAddress]) -> String {
    ranked.first().map(|a| format!(" (try {}, on {})", a.ip, a.interface)).unwrap_or_default()
}

/// What the game master is told about an address whatever the machine's networks:
/// every network, or this machine only.
fn caution(ip: IpAddr) -> Option<String> {
    if ip.is_unspecified() {
        Some(format!("sharing on {ip}: every network this machine is on can reach it, not only the table's"))
    } else if ip.is_loopback() {
        Some(format!("sharing on {ip}: only this machine can reach it, not the players' phones: share on a local network address instead"))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn interfaces(pairs: &[(&str, &str)]) -> Vec<(String, IpAddr)> {
        pairs.iter().map(|(n, a)| (n.to_string(), ip(a))).collect()
    }

    /// A laptop with Docker, libvirt, LXC, a VPN and a Docker network's bridge and cable,
    /// on the club's Wi-Fi.
    const BUSY_LAPTOP: &[(&str, &str)] = &[
        ("lo", "127.0.0.1"),
        ("docker0", "172.17.0.1"),
        ("br-3f2a9c1d7e55", "172.18.0.1"),
        ("veth9a1b2c3", "169.254.12.7"),
        ("virbr0", "192.168.122.1"),
        ("lxcbr0", "10.0.3.1"),
        ("tun0", "10.8.0.6"),
        ("wg0", "10.13.13.2"),
        ("tailscale0", "100.101.102.103"),
        ("vboxnet0", "192.168.56.1"),
        ("wlp2s0", "192.168.1.37"),
        ("wlp2s0", "fe80::1c2d:3e4f:5a6b:7c8d"),
    ];

    #[test]
    fn the_wifi_address_is_chosen_over_every_bridge_tunnel_and_loopback() {
        let all = interfaces(BUSY_LAPTOP);
        let offered: Vec<String> = rank(&all).iter().map(|a| a.interface.clone()).collect();
        assert_eq!(offered, ["wlp2s0"], "only the real interface is offered");
        assert_eq!(choose(None, &all), Choice { ip: ip("192.168.1.37"), caution: None });
    }

    #[test]
    fn a_bridge_listed_first_is_never_the_default() {
        // Interfaces come in the kernel's order: the bridges often before the Wi-Fi.
        for bridge in ["docker0", "virbr0", "br-0123456789ab", "lxcbr0", "lxdbr0", "vethabc", "tap0", "vmnet8", "utun3"]
        {
            let all = interfaces(&[(bridge, "10.0.0.1"), ("eth0", "192.168.0.12")]);
            assert_eq!(choose(None, &all).ip, ip("192.168.0.12"), "{bridge} listed first");
        }
    }

    #[test]
    fn a_real_bridge_named_br0_and_wired_networks_are_the_rooms() {
        let all = interfaces(&[("br0", "192.168.1.5")]);
        assert_eq!(choose(None, &all), Choice { ip: ip("192.168.1.5"), caution: None });
        let all = interfaces(&[("enp0s31f6", "10.1.2.3")]);
        assert_eq!(choose(None, &all).ip, ip("10.1.2.3"));
    }

    #[test]
    fn with_only_loopback_or_bridges_it_shares_on_loopback_and_says_so() {
        for pairs in [&[("lo", "127.0.0.1")][..], &[("lo", "127.0.0.1"), ("docker0", "172.17.0.1")][..], &[][..]] {
            let choice = choose(None, &interfaces(pairs));
            assert_eq!(choice.ip, ip("127.0.0.1"), "{pairs:?}");
            let caution = choice.caution.expect("a caution");
            assert!(caution.contains("no local network") && caution.contains("only this machine"), "{caution}");
        }
    }

    #[test]
    fn several_local_networks_choose_the_wifi_and_name_the_others() {
        let all = interfaces(&[
            ("eth0", "10.0.0.8"),
            ("docker0", "172.17.0.1"),
            ("wlan0", "192.168.1.20"),
            ("usb0", "203.0.113.9"),
        ]);
        let offered: Vec<IpAddr> = rank(&all).iter().map(|a| a.ip).collect();
        // Private before public, wireless before wired.
        assert_eq!(offered, [ip("192.168.1.20"), ip("10.0.0.8"), ip("203.0.113.9")]);
        let choice = choose(None, &all);
        assert_eq!(choice.ip, ip("192.168.1.20"));
        let caution = choice.caution.expect("a caution");
        assert!(caution.contains("several networks") && caution.contains("192.168.1.20 (wlan0)"), "{caution}");
        assert!(caution.contains("10.0.0.8 (eth0)") && caution.contains("203.0.113.9 (usb0)"), "{caution}");
        assert!(!caution.contains("172.17.0.1"), "a bridge is not offered: {caution}");
    }

    #[test]
    fn an_address_asked_for_is_kept_with_a_word_when_the_phones_cannot_use_it() {
        let all = interfaces(BUSY_LAPTOP);
        let asked = choose(Some(ip("192.168.1.37")), &all);
        assert_eq!(asked, Choice { ip: ip("192.168.1.37"), caution: None });
        let every = choose(Some(ip("0.0.0.0")), &all);
        assert!(every.caution.expect("a caution").contains("every network"));
        let here = choose(Some(ip("127.0.0.1")), &all);
        assert!(here.caution.expect("a caution").contains("only this machine"));
        let bridge = choose(Some(ip("172.17.0.1")), &all);
        assert_eq!(bridge.ip, ip("172.17.0.1"), "what was asked for");
        let caution = bridge.caution.expect("a caution");
        assert!(caution.contains("docker0") && caution.contains("try 192.168.1.37, on wlp2s0"), "{caution}");
    }
}
