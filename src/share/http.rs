//! The requests a device makes, and the headers every answer carries.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, DefaultBodyLimit, FromRequestParts, Query, State};
use axum::http::header::{self, HeaderName, HeaderValue};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

use super::devices::{token_bytes, token_text, Device, Refusal, StreamRefusal};
use super::{pages, push, Hub};
use crate::characters::MAX_FILE_BYTES;
use crate::error::{Error, ErrorCode, ErrorPayload};
use crate::search::SearchFilter;

const COOKIE: &str = "tome_device";
/// Scripts, styles and everything else from this server only; no page may frame these.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                   connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; \
                   form-action 'none'; frame-ancestors 'none'";
/// Results a phone's search shows.
const SEARCH_LIMIT: usize = 20;

pub async fn serve(hub: Arc<Hub>, listener: tokio::net::TcpListener) {
    let stopping = hub.stopping.subscribe();
    let conns = hub.conns.clone();
    let known = hub.clone();
    let proves: super::conn::Proves =
        Arc::new(move |headers| cookie_token(headers).is_some_and(|t| known.devices().by_token(&t).is_some()));
    super::conn::serve(router(hub), listener, conns, proves, stopping).await;
}

pub fn router(hub: Arc<Hub>) -> Router {
    // Every request but the live stream must be answered within the limit, its body read
    // included: a body sent a byte at a time holds nothing for long.
    let timeout = TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, hub.limits.request);
    let api = Router::new()
        .route("/api/join", post(join))
        .route("/api/device", get(device))
        .route("/api/whoami", get(whoami))
        .route("/api/stream", get(stream_room))
        .route("/api/view", get(view))
        .route("/api/mine", get(mine))
        .route("/api/systems", get(systems))
        .route("/api/search", get(search))
        .route("/api/entry", get(entry))
        .route("/api/table", get(roll_table_rows))
        .route("/api/roll", post(roll))
        .route("/api/dice", post(dice))
        .route("/api/actions", get(actions))
        .route("/api/act", post(act))
        .route("/api/withdraw", post(withdraw))
        .route("/api/preview", post(preview))
        .route("/api/initiative", post(initiative))
        .route("/api/answer", post(answer_ask))
        .route("/api/inbox", post(upload).layer(DefaultBodyLimit::max(MAX_FILE_BYTES)))
        .fallback(get(pages::page))
        .layer(axum::middleware::from_fn_with_state(hub.clone(), body_in_time))
        .layer(timeout)
        .route("/api/events", get(events))
        .layer(SetResponseHeaderLayer::overriding(header::CACHE_CONTROL, HeaderValue::from_static("no-store")));
    let fixed = |name: HeaderName, value: &'static str| {
        SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value))
    };
    api.layer(CompressionLayer::new())
        .layer(fixed(header::CONTENT_SECURITY_POLICY, CSP))
        .layer(fixed(header::X_FRAME_OPTIONS, "DENY"))
        .layer(fixed(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(fixed(header::REFERRER_POLICY, "no-referrer"))
        .layer(fixed(HeaderName::from_static("cross-origin-resource-policy"), "same-origin"))
        .layer(fixed(HeaderName::from_static("cross-origin-opener-policy"), "same-origin"))
        .layer(axum::middleware::from_fn_with_state(hub.clone(), host_is_ours))
        .with_state(hub)
}

/// Every request must name the address being shared as its host. A page on another
/// site whose name the attacker points at this machine (DNS rebinding) names its own
/// host, and is refused before it reads anything.
async fn host_is_ours(
    State(hub): State<Arc<Hub>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let host = request.headers().get(header::HOST).and_then(|h| h.to_str().ok());
    if host.is_some_and(|h| names_us(h, hub.addr)) {
        return next.run(request).await;
    }
    refuse(StatusCode::MISDIRECTED_REQUEST, ErrorCode::InvalidInput, "this server answers only for its own address")
}

/// A request's body is read here, before its handler, at no less than the limits' rate
/// ([`super::conn::Limits::body_rate`] after a grace): a body sent a byte at a time is
/// answered 408 within seconds rather than holding its connection for the request's
/// whole time (issue 57: 434 such from 14 addresses kept every phone out).
async fn body_in_time(
    State(hub): State<Arc<Hub>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    if matches!(*request.method(), axum::http::Method::GET | axum::http::Method::HEAD) {
        return next.run(request).await;
    }
    let most = if request.uri().path() == "/api/inbox" { MAX_FILE_BYTES + 1 } else { MAX_BODY };
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.parse::<u64>().ok())
        .unwrap_or(most as u64)
        .min(most as u64);
    let limits = hub.limits;
    let time = limits.body_grace + Duration::from_secs_f64(declared as f64 / limits.body_rate.max(1) as f64);
    let (parts, body) = request.into_parts();
    match tokio::time::timeout(time, axum::body::to_bytes(body, most)).await {
        Ok(Ok(bytes)) => next.run(axum::extract::Request::from_parts(parts, axum::body::Body::from(bytes))).await,
        Ok(Err(_)) if parts.uri.path() == "/api/inbox" => refuse(
            StatusCode::PAYLOAD_TOO_LARGE,
            ErrorCode::InvalidInput,
            format!("the file is too large: a character file is at most 1 MiB ({MAX_FILE_BYTES} bytes)"),
        ),
        Ok(Err(_)) => refuse(StatusCode::PAYLOAD_TOO_LARGE, ErrorCode::InvalidInput, "the request is too large"),
        Err(_) => refuse(
            StatusCode::REQUEST_TIMEOUT,
            ErrorCode::InvalidInput,
            "the request came too slowly: check the Wi-Fi and try again",
        ),
    }
}

/// The largest body a request other than a character file has (a join, an action).
const MAX_BODY: usize = 8 * 1024;

/// Whether a `Host` header names `addr`: its address (an IP address, never a name, and
/// the one listened on unless that is every interface) and its port.
pub fn names_us(host: &str, addr: SocketAddr) -> bool {
    let Ok(named) = host.trim().parse::<SocketAddr>() else { return false };
    named.port() == addr.port() && (named.ip() == addr.ip() || addr.ip().is_unspecified())
}

/// An error as the pages read it: the code and the message, with an HTTP status.
fn refuse(status: StatusCode, code: ErrorCode, message: impl Into<String>) -> Response {
    (status, Json(ErrorPayload::new(code, message))).into_response()
}

fn failed(e: &Error) -> Response {
    let status = match e.code() {
        ErrorCode::NotFound => StatusCode::NOT_FOUND,
        ErrorCode::InvalidInput | ErrorCode::ContentInvalid => StatusCode::BAD_REQUEST,
        ErrorCode::Conflict => StatusCode::CONFLICT,
        _ => StatusCode::INTERNAL_SERVER_ERROR,
    };
    (status, Json(ErrorPayload::from(e))).into_response()
}

fn unauthorised() -> Response {
    refuse(StatusCode::UNAUTHORIZED, ErrorCode::InvalidInput, "join with the game master's code first")
}

/// A request from a joined device: its token (from the cookie) is one the game master
/// has not revoked.
pub struct Joined {
    device: Device,
    token: [u8; 16],
}

impl FromRequestParts<Arc<Hub>> for Joined {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, hub: &Arc<Hub>) -> Result<Joined, Response> {
        let token = cookie_token(&parts.headers).ok_or_else(unauthorised)?;
        let device = hub.devices().by_token(&token).ok_or_else(unauthorised)?;
        Ok(Joined { device, token })
    }
}

pub fn cookie_token(headers: &HeaderMap) -> Option<[u8; 16]> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().strip_prefix(COOKIE)?.strip_prefix('='))
        .find_map(token_bytes)
}

/// A write must come from these pages: a browser names the page's origin, which must be
/// this server (`SameSite=Strict` already keeps the cookie off other sites' requests).
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else { return true };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default();
    origin.to_str().is_ok_and(|o| o == format!("http://{host}"))
}

#[derive(Deserialize)]
pub struct JoinRequest {
    pub code: String,
    pub name: String,
}

async fn join(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(from): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if !same_origin(&headers) {
        return refuse(StatusCode::FORBIDDEN, ErrorCode::InvalidInput, "this page is not the game master's");
    }
    let asked: JoinRequest = match serde_json::from_slice(&body) {
        Ok(asked) => asked,
        Err(e) => {
            return refuse(StatusCode::BAD_REQUEST, ErrorCode::InvalidInput, format!("a join is {{code, name}}: {e}"))
        }
    };
    // A device joining again (its page reloaded, its code typed anew) replaces itself.
    let again = cookie_token(&headers);
    let joined = hub.devices().join(from.ip(), &asked.code, &asked.name, again.as_ref());
    match joined {
        Ok(token) => {
            hub.tell_displaced();
            if let Some(d) = hub.devices().by_token(&token) {
                hub.arrived(super::arrivals::Arrival::Joined { device: d.id, name: d.name });
            }
            hub.poke();
            let cookie = format!("{COOKIE}={}; HttpOnly; SameSite=Strict; Path=/", token_text(&token));
            let mut response = StatusCode::NO_CONTENT.into_response();
            if let Ok(value) = HeaderValue::from_str(&cookie) {
                response.headers_mut().insert(header::SET_COOKIE, value);
            }
            response
        }
        Err(Refusal::BadCode) => refuse(
            StatusCode::UNAUTHORIZED,
            ErrorCode::InvalidInput,
            "that code is wrong or has expired: ask the game master for the one on their screen",
        ),
        Err(Refusal::Limited(wait)) => wait_before(wait, "too many wrong codes from this device"),
        Err(Refusal::Invalid(why)) => refuse(StatusCode::BAD_REQUEST, ErrorCode::InvalidInput, why),
        Err(Refusal::Full) => {
            hub.arrived(super::arrivals::Arrival::Full);
            hub.poke();
            refuse(
                StatusCode::SERVICE_UNAVAILABLE,
                ErrorCode::InvalidInput,
                "every place at this table is taken: ask the game master to make room",
            )
        }
    }
}

/// A 429 that says `why` and how long to wait, in its words and in `Retry-After`.
fn wait_before(wait: Duration, why: &str) -> Response {
    let secs = wait.as_secs().max(1);
    let mut response =
        refuse(StatusCode::TOO_MANY_REQUESTS, ErrorCode::InvalidInput, format!("{why}: try again in {secs} s"));
    if let Ok(value) = HeaderValue::from_str(&secs.to_string()) {
        response.headers_mut().insert(header::RETRY_AFTER, value);
    }
    response
}

async fn device(joined: Joined) -> Response {
    Json(joined.device).into_response()
}

/// The device, or `null` when the request carries no valid token: what a page opening
/// asks (not yet joined is no error, so it logs none); it reveals nothing else.
async fn whoami(State(hub): State<Arc<Hub>>, headers: HeaderMap) -> Response {
    let device = cookie_token(&headers).and_then(|token| hub.devices().by_token(&token));
    Json(device).into_response()
}

fn json_text(text: String) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], text).into_response()
}

async fn view(State(hub): State<Arc<Hub>>, _joined: Joined) -> Response {
    let drawn = hub.clone();
    json_text(tokio::task::spawn_blocking(move || push::table_json(&drawn)).await.unwrap_or_default())
}

async fn mine(State(hub): State<Arc<Hub>>, joined: Joined) -> Response {
    let drawn = hub.clone();
    json_text(tokio::task::spawn_blocking(move || push::mine_json(&drawn, &joined.device)).await.unwrap_or_default())
}

/// A live stream refused, in the player's words.
fn stream_refused(why: StreamRefusal) -> Response {
    match why {
        StreamRefusal::Device(most) => {
            let said = match most {
                0 => "this device is no longer at the table: join again".to_string(),
                1 => "this device has the table open already, and may have it open once until the game master \
                      gives it a character: close the other tab"
                    .to_string(),
                _ => format!("this device has the table open {most} times already: close a tab"),
            };
            refuse(StatusCode::TOO_MANY_REQUESTS, ErrorCode::InvalidInput, said)
        }
        StreamRefusal::Table => refuse(
            StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::InvalidInput,
            "the table has as many pages open as it can follow: the game master can revoke unused devices",
        ),
    }
}

async fn events(State(hub): State<Arc<Hub>>, joined: Joined) -> Response {
    let live = match push::Live::open(&hub, joined.token) {
        Ok(live) => live,
        Err(why) => return stream_refused(why),
    };
    let (tx, rx) = mpsc::channel::<Result<Event, Infallible>>(8);
    tokio::spawn(push::feed(live, tx));
    Sse::new(ReceiverStream::new(rx)).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))).into_response()
}

/// Whether this device's page may follow the table now, and if not why, without opening
/// a stream: a browser's stream that is refused shows the page no words.
async fn stream_room(State(hub): State<Arc<Hub>>, joined: Joined) -> Response {
    match hub.devices().stream_room(&joined.token, hub.limits.streams) {
        Ok(_) => Json(serde_json::json!({})).into_response(),
        Err(why) => stream_refused(why),
    }
}

/// The game systems, so a page names each by its name ("Ars Magica", not "ars-magica").
async fn systems(State(hub): State<Arc<Hub>>, _joined: Joined) -> Response {
    let found = tokio::task::spawn_blocking(move || hub.tome.run("share systems", |t| t.systems())).await;
    match found {
        // A count of entries would tell of documents the table may not read.
        Ok(Ok(systems)) => {
            Json(systems.into_iter().map(|s| crate::model::System { entries: 0, ..s }).collect::<Vec<_>>())
                .into_response()
        }
        Ok(Err(e)) => failed(&e),
        Err(_) => failed(&Error::Internal("listing the systems".into())),
    }
}

#[derive(Deserialize)]
pub struct SearchQuery {
    pub q: String,
    pub system: Option<String>,
}

async fn search(State(hub): State<Arc<Hub>>, _joined: Joined, Query(q): Query<SearchQuery>) -> Response {
    let found = tokio::task::spawn_blocking(move || {
        let filter = SearchFilter { system: q.system, kind: None, limit: Some(SEARCH_LIMIT) };
        hub.tome.run("share search", |t| t.table_search(&q.q, &filter))
    })
    .await;
    match found {
        Ok(Ok(hits)) => Json(hits).into_response(),
        Ok(Err(e)) => failed(&e),
        Err(_) => failed(&Error::Internal("searching".into())),
    }
}

#[derive(Deserialize)]
pub struct EntryQuery {
    pub id: String,
}

async fn entry(State(hub): State<Arc<Hub>>, _joined: Joined, Query(q): Query<EntryQuery>) -> Response {
    let found = tokio::task::spawn_blocking(move || hub.tome.run("share entry", |t| t.table_show(&q.id))).await;
    match found {
        Ok(Ok(entry)) => Json(entry).into_response(),
        Ok(Err(e)) => failed(&e),
        Err(_) => failed(&Error::Internal("showing an entry".into())),
    }
}

/// A roll table's rows, as the app's entry page shows them.
async fn roll_table_rows(State(hub): State<Arc<Hub>>, _joined: Joined, Query(q): Query<EntryQuery>) -> Response {
    let found = tokio::task::spawn_blocking(move || hub.tome.run("share table", |t| t.table_table(&q.id))).await;
    match found {
        Ok(Ok(table)) => Json(table).into_response(),
        Ok(Err(e)) => failed(&e),
        Err(_) => failed(&Error::Internal("reading a table".into())),
    }
}

/// A roll of a table's dice, made by the core as the app's Roll is; nothing is written.
async fn roll(
    State(hub): State<Arc<Hub>>,
    _joined: Joined,
    headers: HeaderMap,
    Query(q): Query<EntryQuery>,
) -> Response {
    if !same_origin(&headers) {
        return refuse(StatusCode::FORBIDDEN, ErrorCode::InvalidInput, "this page is not the game master's");
    }
    let rolled =
        tokio::task::spawn_blocking(move || hub.tome.run("share roll", |t| t.table_roll(&q.id, &mut hub.dice()))).await;
    match rolled {
        Ok(Ok(roll)) => Json(roll).into_response(),
        Ok(Err(e)) => failed(&e),
        Err(_) => failed(&Error::Internal("rolling a table".into())),
    }
}

/// What a device's dice box asks for: dice as the app's dice box takes them ("3d6",
/// "d20+2", "stress"), for the table or for the game master alone.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceRequest {
    pub dice: String,
    #[serde(default)]
    pub secret: bool,
}

/// A write's JSON body, from these pages only (`what` says its shape when it is wrong).
fn written<T: serde::de::DeserializeOwned>(headers: &HeaderMap, body: &[u8], what: &str) -> Result<T, Box<Response>> {
    if !same_origin(headers) {
        return Err(Box::new(refuse(
            StatusCode::FORBIDDEN,
            ErrorCode::InvalidInput,
            "this page is not the game master's",
        )));
    }
    serde_json::from_slice(body)
        .map_err(|e| Box::new(refuse(StatusCode::BAD_REQUEST, ErrorCode::InvalidInput, format!("{what}: {e}"))))
}

/// Runs `work` off the server's threads and answers with its JSON, or its error.
async fn answered<T: serde::Serialize + Send + 'static>(
    doing: &'static str,
    work: impl FnOnce() -> crate::error::Result<T> + Send + 'static,
) -> Response {
    match tokio::task::spawn_blocking(work).await {
        Ok(Ok(done)) => Json(done).into_response(),
        Ok(Err(e)) => failed(&e),
        Err(_) => failed(&Error::Internal(doing.into())),
    }
}

/// A roll from a device's dice box ([`super::player_roll`]), bounded per device.
async fn dice(State(hub): State<Arc<Hub>>, joined: Joined, headers: HeaderMap, body: Bytes) -> Response {
    let asked: DiceRequest = match written(&headers, &body, "a roll is {dice, secret}") {
        Ok(asked) => asked,
        Err(refused) => return *refused,
    };
    if let Err(wait) = hub.devices().may_roll(joined.device.id) {
        return wait_before(wait, "this device has rolled a lot just now");
    }
    answered("rolling dice", move || super::player_roll(&hub, &joined.device, &asked.dice, asked.secret)).await
}

/// The actions this device's player may send for their character in the fight shown
/// (none without a character or a fight).
async fn actions(State(hub): State<Arc<Hub>>, joined: Joined) -> Response {
    answered("listing actions", move || super::acting::actions(&hub, &joined.device)).await
}

/// What a device sends to act: one of its system's actions for its own character,
/// with its inputs by parameter name (never whom it is for: that is the device's).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActRequest {
    pub action: String,
    #[serde(default)]
    pub inputs: std::collections::BTreeMap<String, String>,
}

/// An action for the game master to accept ([`super::acting::propose`]), bounded per
/// device like its rolls.
async fn act(State(hub): State<Arc<Hub>>, joined: Joined, headers: HeaderMap, body: Bytes) -> Response {
    let asked: ActRequest = match written(&headers, &body, "an action is {action, inputs}") {
        Ok(asked) => asked,
        Err(refused) => return *refused,
    };
    if let Err(wait) = hub.devices().may_act(joined.device.id) {
        return wait_before(wait, "this device has sent many actions just now");
    }
    answered("sending an action", move || super::acting::propose(&hub, &joined.device, &asked.action, asked.inputs))
        .await
}

/// A player takes back one of their own waiting actions, by its number on their phone.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WithdrawRequest {
    pub id: u32,
}

async fn withdraw(State(hub): State<Arc<Hub>>, joined: Joined, headers: HeaderMap, body: Bytes) -> Response {
    let asked: WithdrawRequest = match written(&headers, &body, "a withdrawal is {id}") {
        Ok(asked) => asked,
        Err(refused) => return *refused,
    };
    answered("withdrawing an action", move || super::acting::withdraw(&hub, &joined.device, asked.id)).await
}

/// What an action would do if sent now ([`super::acting::preview`]); bounded per device
/// apart from what it sends, since a phone asks again as its player fills the form.
async fn preview(State(hub): State<Arc<Hub>>, joined: Joined, headers: HeaderMap, body: Bytes) -> Response {
    let asked: ActRequest = match written(&headers, &body, "an action is {action, inputs}") {
        Ok(asked) => asked,
        Err(refused) => return *refused,
    };
    if let Err(wait) = hub.devices().may_preview(joined.device.id) {
        return wait_before(wait, "this device has asked a lot just now");
    }
    answered("previewing an action", move || super::acting::preview(&hub, &joined.device, &asked.action, asked.inputs))
        .await
}

/// A device's answer to a roll the game master asked: `roll` as the die landed, or
/// `null` for Tome to roll.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnswerRequest {
    pub ask: u32,
    #[serde(default)]
    pub roll: Option<i64>,
    /// The option chosen, for a choice asked.
    #[serde(default)]
    pub choice: Option<String>,
}

async fn answer_ask(State(hub): State<Arc<Hub>>, joined: Joined, headers: HeaderMap, body: Bytes) -> Response {
    let asked: AnswerRequest = match written(&headers, &body, "an answer is {ask, roll} or {ask, choice}") {
        Ok(asked) => asked,
        Err(refused) => return *refused,
    };
    if let Err(wait) = hub.devices().may_roll(joined.device.id) {
        return wait_before(wait, "this device has rolled a lot just now");
    }
    answered("answering a roll", move || {
        super::asks::answer(&hub, &joined.device, asked.ask, asked.roll, asked.choice.as_deref())
    })
    .await
}

/// A device's initiative: `roll` as read off the table, or `null` for Tome to roll.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InitiativeRequest {
    #[serde(default)]
    pub roll: Option<i64>,
}

async fn initiative(State(hub): State<Arc<Hub>>, joined: Joined, headers: HeaderMap, body: Bytes) -> Response {
    let asked: InitiativeRequest = match written(&headers, &body, "an initiative roll is {roll}") {
        Ok(asked) => asked,
        Err(refused) => return *refused,
    };
    if let Err(wait) = hub.devices().may_roll(joined.device.id) {
        return wait_before(wait, "this device has rolled a lot just now");
    }
    answered("rolling initiative", move || super::acting::send_initiative(&hub, &joined.device, asked.roll)).await
}

/// A character file for the game master's inbox, checked as `tome character import`
/// checks one; nothing is written until the game master accepts it.
async fn upload(
    State(hub): State<Arc<Hub>>,
    joined: Joined,
    headers: HeaderMap,
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Response {
    if !same_origin(&headers) {
        return refuse(StatusCode::FORBIDDEN, ErrorCode::InvalidInput, "this page is not the game master's");
    }
    let bytes = match body {
        Ok(bytes) => bytes.to_vec(),
        Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            return refuse(
                StatusCode::PAYLOAD_TOO_LARGE,
                ErrorCode::InvalidInput,
                format!("the file is too large: a character file is at most 1 MiB ({MAX_FILE_BYTES} bytes)"),
            )
        }
        Err(e) => return refuse(e.status(), ErrorCode::InvalidInput, e.body_text()),
    };
    let kept = hub.clone();
    let checked = tokio::task::spawn_blocking(move || super::receive(&kept, &joined.device, bytes)).await;
    match checked {
        // The table's number stays the game master's: it counts what every device sent.
        Ok(Ok(item)) => (StatusCode::ACCEPTED, Json(serde_json::json!({ "name": item.name, "system": item.system })))
            .into_response(),
        Ok(Err(e)) => failed(&e),
        Err(_) => failed(&Error::Internal("receiving a character".into())),
    }
}
