//! `TOME_TRACE_STARTUP=1 tome-desktop`: where the time to a usable window goes, on standard
//! error, in milliseconds since the process started (not since `main`: loading WebKit's
//! libraries comes first and is part of what a player waits for). The page adds the moment
//! its search box is painted as a console line (`tome:painted <epoch ms>`), which WebKit
//! prints (on standard error, here) while tracing. `e2e/speed.test.mjs` reads both, and
//! BENCHMARKS.md ("App start") says what the steps cost.
//!
//! Off (the default), each call is one relaxed look at a `OnceLock`.

use std::sync::OnceLock;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use tauri::Runtime;

struct Clock {
    /// When `main` started tracing, and how long after the process started that was.
    at: Instant,
    since_start_ms: f64,
}

static CLOCK: OnceLock<Option<Clock>> = OnceLock::new();

fn clock() -> Option<&'static Clock> {
    CLOCK
        .get_or_init(|| {
            std::env::var_os("TOME_TRACE_STARTUP").filter(|v| v == "1").map(|_| {
                let since_start_ms = process_age_ms().unwrap_or(0.0);
                let epoch_ms = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0.0, |d| d.as_secs_f64() * 1000.0);
                // The page's mark is in wall-clock time: this line lets a reader put it on
                // the same scale.
                eprintln!("startup {:8.1} ms  process start (epoch ms {:.1})", 0.0, epoch_ms - since_start_ms);
                Clock { at: Instant::now(), since_start_ms }
            })
        })
        .as_ref()
}

/// How long ago this process started: its start time and the time since boot, both counted
/// by the kernel from boot, in /proc's ticks of 1/100 s (USER_HZ) and hundredths.
fn process_age_ms() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name, which is in parentheses and may hold spaces.
    let fields = stat.rsplit_once(')')?.1;
    let start_ticks: f64 = fields.split_whitespace().nth(19)?.parse().ok()?;
    let uptime: f64 = std::fs::read_to_string("/proc/uptime").ok()?.split_whitespace().next()?.parse().ok()?;
    Some(uptime * 1000.0 - start_ticks * 10.0)
}

pub fn enabled() -> bool {
    clock().is_some()
}

/// Notes that `what` happened now.
pub fn mark(what: &str) {
    if let Some(c) = clock() {
        eprintln!("startup {:8.1} ms  {what}", c.since_start_ms + c.at.elapsed().as_secs_f64() * 1000.0);
    }
}

/// While tracing: tells the page to report its first paint, and lets WebKit print the
/// page's console lines (the report among them).
pub fn plugin<R: Runtime>() -> tauri::plugin::TauriPlugin<R> {
    tauri::plugin::Builder::new("startup-trace")
        .js_init_script("window.__TOME_TRACE_STARTUP__ = true;")
        .on_webview_ready(|webview| {
            #[cfg(target_os = "linux")]
            let _ = webview.with_webview(|platform| {
                use webkit2gtk::{SettingsExt, WebViewExt};
                if let Some(settings) = platform.inner().settings() {
                    settings.set_enable_write_console_messages_to_stdout(true);
                }
            });
        })
        .build()
}
