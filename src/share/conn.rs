//! The connections the table's devices open: how many one address and everyone together
//! may hold, and for how long one may wait before asking for something.
//!
//! A device that connects and sends nothing (or sends its request a byte at a time)
//! would otherwise hold a connection, a task and a file descriptor for as long as it
//! liked: a thousand such, with no join code needed, and the phones at the table could
//! no longer load a page. So every connection must finish its request's head within
//! [`Limits::header`] (hyper's header read timeout, which starts as the connection
//! opens), serves one request (no keep-alive, so none sits idle between requests), and
//! counts against [`Limits::per_address`] and [`Limits::total`]. When the total is
//! reached, the oldest connection that has not yet made its request makes room for the
//! new one: a silent flood from many addresses pushes out itself, never a phone that is
//! following the fight.

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{oneshot, watch};
use tokio::task::JoinSet;
use tower::ServiceExt;

/// The bounds on connections; [`Limits::default`] is what `tome share` uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Connections one address may hold at once: a phone's page, its live stream and a
    /// few requests in flight, with room for several tabs.
    pub per_address: usize,
    /// Connections everyone may hold at once: well under the 1,024 files a desktop lets
    /// one program open, which the database, the app and the pages need too.
    pub total: usize,
    /// How long a connection may take to send its request's head.
    pub header: Duration,
    /// How long a request (its body included) may take, the live stream aside.
    pub request: Duration,
    /// Live streams everyone together may hold (each device also has its own cap,
    /// [`super::MAX_STREAMS`]).
    pub streams: u32,
    /// After a burst of [`super::ROLLS_BURST`], one roll a device may make each period.
    pub roll_period: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            per_address: 32,
            total: 400,
            header: Duration::from_secs(10),
            request: Duration::from_secs(20),
            streams: 128,
            roll_period: super::ROLL_PERIOD,
        }
    }
}

struct Open {
    id: u64,
    ip: IpAddr,
    /// Its request has arrived: it is being served, not waiting.
    busy: Arc<AtomicBool>,
    /// Closes it, to make room.
    close: Option<oneshot::Sender<()>>,
}

/// The connections open now.
pub struct Conns {
    limits: Limits,
    open: Mutex<Vec<Open>>,
    next: AtomicU64,
}

/// A connection counted while it lasts.
pub struct Admitted {
    conns: Arc<Conns>,
    id: u64,
    busy: Arc<AtomicBool>,
    closed: Option<oneshot::Receiver<()>>,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        self.conns.lock().retain(|o| o.id != self.id);
    }
}

impl Conns {
    pub fn new(limits: Limits) -> Arc<Conns> {
        Arc::new(Conns { limits, open: Mutex::new(Vec::new()), next: AtomicU64::new(1) })
    }

    fn lock(&self) -> MutexGuard<'_, Vec<Open>> {
        self.open.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Counts a new connection from `ip`, or `None` when it must be closed at once: its
    /// address holds as many as it may, or every connection is busy being served.
    pub fn admit(self: &Arc<Conns>, ip: IpAddr) -> Option<Admitted> {
        let mut open = self.lock();
        if open.iter().filter(|o| o.ip == ip).count() >= self.limits.per_address {
            return None;
        }
        if open.len() >= self.limits.total {
            let waiting = open.iter().position(|o| !o.busy.load(Ordering::Relaxed))?;
            let mut oldest = open.remove(waiting);
            if let Some(close) = oldest.close.take() {
                let _ = close.send(());
            }
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let busy = Arc::new(AtomicBool::new(false));
        let (close, closed) = oneshot::channel();
        open.push(Open { id, ip, busy: busy.clone(), close: Some(close) });
        Some(Admitted { conns: self.clone(), id, busy, closed: Some(closed) })
    }

    /// Connections open now.
    pub fn count(&self) -> usize {
        self.lock().len()
    }
}

/// Accepts connections until sharing stops, then lets each finish its answer (a live
/// stream ends once told) for a moment before it is cut.
pub async fn serve(router: Router, listener: TcpListener, conns: Arc<Conns>, mut stopping: watch::Receiver<bool>) {
    let limits = conns.limits;
    let mut tasks = JoinSet::new();
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = async { drop(stopping.wait_for(|s| *s).await) } => break,
        };
        while tasks.try_join_next().is_some() {}
        let (stream, remote) = match accepted {
            Ok(accepted) => accepted,
            // Out of file descriptors, or a connection gone before it was taken: wait a
            // moment rather than spin on the same error.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let Some(admitted) = conns.admit(remote.ip()) else { continue };
        tasks.spawn(connection(stream, remote, router.clone(), admitted, limits.header, stopping.clone()));
    }
    drop(listener);
    while tasks.join_next().await.is_some() {}
}

async fn connection(
    stream: TcpStream,
    remote: SocketAddr,
    router: Router,
    mut admitted: Admitted,
    header: Duration,
    mut stopping: watch::Receiver<bool>,
) {
    let busy = admitted.busy.clone();
    let closed = admitted.closed.take();
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        busy.store(true, Ordering::Relaxed);
        request.extensions_mut().insert(ConnectInfo(remote));
        router.clone().oneshot(request)
    });
    let mut builder = http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(header).keep_alive(false);
    let conn = builder.serve_connection(TokioIo::new(stream), service);
    let mut conn = std::pin::pin!(conn);
    let closed = async move {
        match closed {
            Some(closed) => closed.await.is_ok(),
            None => std::future::pending().await,
        }
    };
    tokio::select! {
        _ = conn.as_mut() => {}
        // Pushed out to make room for a newer connection: dropped, so closed.
        true = closed => {}
        () = async { drop(stopping.wait_for(|s| *s).await) } => {
            conn.as_mut().graceful_shutdown();
            let _ = tokio::time::timeout(Duration::from_secs(2), conn).await;
        }
    }
    drop(admitted);
}
