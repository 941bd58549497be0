//! The floor Tome's start-up is measured against: Tauri 2 and WebKitGTK showing one input
//! box, started and traced as Tome is (`TOME_TRACE_STARTUP=1`, the same trace module), so
//! `e2e/speed.test.mjs` can say what Tome adds above it (BENCHMARKS.md, "Against a bare
//! window").

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

#[path = "../../src-tauri/src/renderer.rs"]
mod renderer;
#[path = "../../src-tauri/src/startup_trace.rs"]
mod startup_trace;

fn main() {
    startup_trace::mark("main");
    renderer::choose();
    let mut builder = tauri::Builder::default();
    if startup_trace::enabled() {
        builder = builder
            .plugin(startup_trace::plugin())
            .on_page_load(|_, page| startup_trace::mark(&format!("page load {:?}", page.event())));
    }
    if let Err(e) = builder.run(tauri::generate_context!()) {
        eprintln!("tome-bare: {e}");
        std::process::exit(1);
    }
}
