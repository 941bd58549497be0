//! The connections the table's devices open: how many one address and everyone together
//! may hold, and for how long one may wait before asking for something.
//!
//! A device that connects and sends nothing (or sends its request a byte at a time)
//! would otherwise hold a connection, a task and a file descriptor for as long as it
//! liked: a thousand such, with no join code needed, and the phones at the table could
//! no longer load a page. So every connection must finish its request's head within
//! [`Limits::header`] (hyper's header read timeout, which starts as the connection
//! opens), serves one request (no keep-alive, so none sits idle between requests), and
//! counts against [`Limits::per_address`] and [`Limits::total`]. A request whose body
//! trickles is cut off at a minimum rate ([`Limits::body_rate`], `share::http`), and
//! one address may have only [`Limits::begun_per_address`] requests under way that do
//! not carry a joined device's token. When the total is reached, a connection that has
//! not proved it holds the code makes room for the new one: first the oldest that has
//! not sent its request, then the oldest whose request (a join, a page) is still under
//! way. A flood of silent or trickling connections from many addresses pushes out
//! itself, never a phone that is following the fight (issue 57).

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
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
    /// Requests one address may have under way at once without a joined device's
    /// token (a join, a page): a phone loads a page and joins, it never needs many.
    pub begun_per_address: usize,
    /// The slowest a request's body may arrive, in bytes a second, after
    /// [`Limits::body_grace`]: a 1 MiB character file over the slowest Wi-Fi takes a
    /// few seconds, a body sent a byte a second is cut off within the grace.
    pub body_rate: u64,
    pub body_grace: Duration,
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
            begun_per_address: 8,
            body_rate: 16 * 1024,
            body_grace: Duration::from_secs(2),
        }
    }
}

/// Where a connection stands: waiting for its request's head, serving a request that
/// carries no joined device's token (a join, a page), or serving a joined device.
const WAITING: u8 = 0;
const BEGUN: u8 = 1;
const PROVEN: u8 = 2;

struct Open {
    id: u64,
    ip: IpAddr,
    /// [`WAITING`], [`BEGUN`] or [`PROVEN`].
    stage: Arc<AtomicU8>,
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
    ip: IpAddr,
    stage: Arc<AtomicU8>,
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
    /// address holds as many as it may, or every connection serves a joined device.
    pub fn admit(self: &Arc<Conns>, ip: IpAddr) -> Option<Admitted> {
        let mut open = self.lock();
        if open.iter().filter(|o| o.ip == ip).count() >= self.limits.per_address {
            return None;
        }
        if open.len() >= self.limits.total {
            // Room is made from those that have not shown they hold the code: the silent
            // first, then those whose request is taking longest.
            let at = |stage| open.iter().position(|o: &Open| o.stage.load(Ordering::Relaxed) == stage);
            let pushed = at(WAITING).or_else(|| at(BEGUN))?;
            let mut oldest = open.remove(pushed);
            if let Some(close) = oldest.close.take() {
                let _ = close.send(());
            }
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let stage = Arc::new(AtomicU8::new(WAITING));
        let (close, closed) = oneshot::channel();
        open.push(Open { id, ip, stage: stage.clone(), close: Some(close) });
        Some(Admitted { conns: self.clone(), id, ip, stage, closed: Some(closed) })
    }

    /// Marks connection `admitted`'s request as begun, `proven` when it carries a joined
    /// device's token; `false` when its address has as many unproven requests under way
    /// as it may (the request is then refused).
    fn begin(&self, admitted: (u64, IpAddr), stage: &AtomicU8, proven: bool) -> bool {
        if proven {
            stage.store(PROVEN, Ordering::Relaxed);
            return true;
        }
        let open = self.lock();
        let (id, ip) = admitted;
        let begun =
            open.iter().filter(|o| o.ip == ip && o.id != id && o.stage.load(Ordering::Relaxed) == BEGUN).count();
        stage.store(BEGUN, Ordering::Relaxed);
        begun < self.limits.begun_per_address
    }

    /// Connections open now.
    pub fn count(&self) -> usize {
        self.lock().len()
    }
}

/// Whether a request's headers carry a joined device's token.
pub type Proves = Arc<dyn Fn(&hyper::HeaderMap) -> bool + Send + Sync>;

/// Accepts connections until sharing stops, then lets each finish its answer (a live
/// stream ends once told) for a moment before it is cut.
pub async fn serve(
    router: Router,
    listener: TcpListener,
    conns: Arc<Conns>,
    proves: Proves,
    mut stopping: watch::Receiver<bool>,
) {
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
        let served = Served { router: router.clone(), proves: proves.clone(), header: limits.header };
        tasks.spawn(connection(stream, remote, served, admitted, stopping.clone()));
    }
    drop(listener);
    while tasks.join_next().await.is_some() {}
}

/// What a connection serves its request with.
struct Served {
    router: Router,
    proves: Proves,
    header: Duration,
}

/// The answer to a request from an address with as many under way as it may have.
fn too_many() -> axum::response::Response {
    use axum::response::IntoResponse;
    let payload = crate::error::ErrorPayload::new(
        crate::error::ErrorCode::InvalidInput,
        "this device has too many requests under way: try again in a moment",
    );
    (hyper::StatusCode::TOO_MANY_REQUESTS, [(hyper::header::RETRY_AFTER, "1")], axum::Json(payload)).into_response()
}

async fn connection(
    stream: TcpStream,
    remote: SocketAddr,
    served: Served,
    mut admitted: Admitted,
    mut stopping: watch::Receiver<bool>,
) {
    let stage = admitted.stage.clone();
    let conns = admitted.conns.clone();
    let me = (admitted.id, admitted.ip);
    let closed = admitted.closed.take();
    let Served { router, proves, header } = served;
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        let allowed = conns.begin(me, &stage, proves(request.headers()));
        request.extensions_mut().insert(ConnectInfo(remote));
        let router = router.clone();
        async move {
            if !allowed {
                return Ok(too_many());
            }
            router.oneshot(request).await
        }
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
