//! The phone pages: static files built by Vite (`ui/table.html`, into `ui/dist-table`)
//! and embedded at build time (see `build.rs`). They hold no data; every datum comes from
//! the API with the device's token.

use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use include_dir::{include_dir, Dir};

static PAGES: Dir<'static> = include_dir!("$OUT_DIR/table");

/// Whether this Tome was built with the phone pages.
pub const PAGES_BUILT: bool = matches!(env!("TOME_TABLE_PAGES").as_bytes(), b"1");

/// Served in their place by a Tome built without them.
const NOT_BUILT: &str = "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><title>Tome</title>\
<p>This Tome was built without its table pages. Build them with <code>npm --prefix ui run build</code> \
and build Tome again.</p></html>";

pub async fn page(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() { "table.html" } else { path };
    match PAGES.get_file(path) {
        Some(file) => ([(header::CONTENT_TYPE, content_type(path))], file.contents()).into_response(),
        None if !PAGES_BUILT => {
            (StatusCode::OK, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], NOT_BUILT).into_response()
        }
        None => {
            (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], "not found").into_response()
        }
    }
}

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or_default() {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "woff2" => "font/woff2",
        "json" => "application/json",
        "ico" => "image/x-icon",
        _ => "application/octet-stream",
    }
}
