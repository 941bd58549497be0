//! A small HTTP/1.1 client over a loopback socket: enough to read every byte a device
//! is sent, headers and the push stream included, with no client library between.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub head: String,
    pub body: String,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<String> {
        let wanted = format!("{}:", name.to_ascii_lowercase());
        self.head
            .lines()
            .find(|l| l.to_ascii_lowercase().starts_with(&wanted))
            .map(|l| l[wanted.len()..].trim().to_string())
    }
}

pub fn request(addr: SocketAddr, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Answer {
    request_over(TcpStream::connect(addr).expect("the server listens"), addr, method, path, headers, body)
}

/// [`request`] from loopback address 127.0.0.`n`, as a device of its own.
pub fn request_from(
    n: u8,
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Answer {
    request_over(connect_from(n, addr).expect("the server listens"), addr, method, path, headers, body)
}

fn request_over(
    mut s: TcpStream,
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Answer {
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    s.write_all(head.as_bytes()).unwrap();
    let _ = s.write_all(body);
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    Answer { status, head: head.to_string(), body: body.to_string() }
}

pub fn get(addr: SocketAddr, path: &str, cookie: Option<&str>) -> Answer {
    match cookie {
        Some(c) => request(addr, "GET", path, &[("Cookie", c)], b""),
        None => request(addr, "GET", path, &[], b""),
    }
}

/// Joins with `code` as `name`: the cookie to send back (`tome_device=…`).
pub fn join(addr: SocketAddr, code: &str, name: &str) -> Result<String, Answer> {
    let body = serde_json::json!({ "code": code, "name": name }).to_string();
    joined(request(addr, "POST", "/api/join", &[("Content-Type", "application/json")], body.as_bytes()))
}

/// [`join`] from loopback address 127.0.0.`n`.
pub fn join_from(n: u8, addr: SocketAddr, code: &str, name: &str) -> Result<String, Answer> {
    let body = serde_json::json!({ "code": code, "name": name }).to_string();
    joined(request_from(n, addr, "POST", "/api/join", &[("Content-Type", "application/json")], body.as_bytes()))
}

fn joined(a: Answer) -> Result<String, Answer> {
    if a.status != 204 {
        return Err(a);
    }
    let set = a.header("set-cookie").expect("a join sets the cookie");
    Ok(set.split(';').next().unwrap().to_string())
}

/// A device's open push stream: every byte it was sent is kept in `raw`.
pub struct Stream {
    reader: BufReader<TcpStream>,
    pub raw: Vec<u8>,
    /// The last data of each kind of event read (what the device's page shows now).
    pub latest: BTreeMap<String, String>,
}

impl Stream {
    pub fn open(addr: SocketAddr, cookie: &str) -> Stream {
        Stream::over(TcpStream::connect(addr).unwrap(), addr, cookie)
    }

    /// The stream of a device of its own address, 127.0.0.`n` (phones at a table each
    /// have one; one address may hold only so many connections).
    pub fn open_from(n: u8, addr: SocketAddr, cookie: &str) -> Stream {
        Stream::over(connect_from(n, addr).unwrap(), addr, cookie)
    }

    fn over(mut s: TcpStream, addr: SocketAddr, cookie: &str) -> Stream {
        s.write_all(format!("GET /api/events HTTP/1.1\r\nHost: {addr}\r\nCookie: {cookie}\r\n\r\n").as_bytes())
            .unwrap();
        Stream { reader: BufReader::new(s), raw: Vec::new(), latest: BTreeMap::new() }
    }

    /// The next event (`event`, `data`) within `wait`; `None` when the stream ended or
    /// nothing came.
    pub fn next(&mut self, wait: Duration) -> Option<(String, String)> {
        let until = Instant::now() + wait;
        let (mut event, mut data) = (String::new(), String::new());
        loop {
            let left = until.checked_duration_since(Instant::now())?;
            self.reader.get_ref().set_read_timeout(Some(left.max(Duration::from_millis(1)))).ok()?;
            let mut line = String::new();
            match self.reader.read_line(&mut line) {
                Ok(0) | Err(_) => return None,
                Ok(_) => {}
            }
            self.raw.extend_from_slice(line.as_bytes());
            let line = line.trim_end_matches(['\r', '\n']);
            if let Some(e) = line.strip_prefix("event:") {
                event = e.trim().to_string();
            } else if let Some(d) = line.strip_prefix("data:") {
                data.push_str(d.strip_prefix(' ').unwrap_or(d));
            } else if line.is_empty() && !event.is_empty() {
                self.latest.insert(event.clone(), data.clone());
                return Some((event, data));
            }
        }
    }

    /// Reads events until one named `event` satisfies `ok`.
    pub fn until(&mut self, event: &str, wait: Duration, ok: impl Fn(&str) -> bool) -> Option<String> {
        let until = Instant::now() + wait;
        while let Some(left) = until.checked_duration_since(Instant::now()) {
            let (e, d) = self.next(left)?;
            if e == event && ok(&d) {
                return Some(d);
            }
        }
        None
    }

    /// Reads events until the last of each kind named is the data wanted. A stream sends
    /// a kind only when it changed, and the two kinds are drawn apart: a `mine` drawn
    /// after a change can arrive before the `view` drawn for that change, so waiting for
    /// one kind and then the other would skip what came between.
    /// The seconds left on a timed condition are compared apart: they count down, and a
    /// `view` and a `mine` read a moment apart can straddle a second the stream drew both
    /// within (21 s and 20 s against 21 s and 21 s).
    pub fn reach(&mut self, wanted: &[(&str, &str)], wait: Duration) -> bool {
        let until = Instant::now() + wait;
        loop {
            if wanted.iter().all(|(e, d)| self.latest.get(*e).is_some_and(|l| untimed(l) == untimed(d))) {
                return true;
            }
            let Some(left) = until.checked_duration_since(Instant::now()) else { return false };
            if self.next(left).is_none() {
                return false;
            }
        }
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.raw).to_string()
    }
}

/// `json` with the seconds left on each timed condition (`"remaining":"21 s"`) left out.
fn untimed(json: &str) -> String {
    const KEY: &str = "\"remaining\":\"";
    let mut out = String::with_capacity(json.len());
    let mut rest = json;
    while let Some(at) = rest.find(KEY) {
        let (before, value) = rest.split_at(at + KEY.len());
        out.push_str(before);
        let end = value.find('"').unwrap_or(value.len());
        let seconds = value[..end].strip_suffix(" s").is_some_and(|n| n.chars().all(|c| c.is_ascii_digit()));
        if !seconds {
            out.push_str(&value[..end]);
        }
        rest = &value[end..];
    }
    out.push_str(rest);
    out
}

/// A connection from loopback address 127.0.0.`n`, as a device of its own.
pub fn connect_from(n: u8, to: SocketAddr) -> std::io::Result<TcpStream> {
    use socket2::{Domain, Socket, Type};
    let s = Socket::new(Domain::IPV4, Type::STREAM, None)?;
    s.bind(&SocketAddr::new(std::net::IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, n)), 0).into())?;
    s.connect_timeout(&to.into(), Duration::from_secs(5))?;
    Ok(s.into())
}

/// The slow-body flood of issue 57 from loopback address 127.0.0.`from`: 31 connections
/// of `POST /api/join` that declare a 200-byte body and send a byte every 250 ms, each
/// opened again as the server cuts it off, until `stop`.
pub fn slow_body_flood(
    from: u8,
    addr: SocketAddr,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let head = format!(
            "POST /api/join HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n"
        );
        let mut open: Vec<TcpStream> = Vec::new();
        while !stop.load(std::sync::atomic::Ordering::Relaxed) {
            open.retain_mut(|s| s.write_all(b"x").is_ok());
            while open.len() < 31 {
                let Ok(mut s) = connect_from(from, addr) else { break };
                if s.write_all(head.as_bytes()).is_err() {
                    break;
                }
                open.push(s);
            }
            std::thread::sleep(Duration::from_millis(250));
        }
    })
}

/// `tome --json share` on the database `db`, on loopback and any free port, with its
/// input, output and errors piped: the command line as a script drives it.
pub fn share_json(db: &std::path::Path) -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_tome"))
        .arg("--db")
        .arg(db)
        .args(["--json", "share", "--address", "127.0.0.1", "--port", "0"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("tome share starts")
}
