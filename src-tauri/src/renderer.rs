//! WebKitGTK's renderer, chosen for the machine (the bare window beside Tome, `bare/`,
//! chooses the same way, so the two are measured alike).

/// Picks WebKitGTK's renderer before any thread or window starts. Without a GPU render
/// node (a virtual machine, a remote desktop, a virtual display), WebKit's default DMA-BUF
/// renderer composites every frame through software GL: 60–150 ms a frame measured here,
/// against 10–20 ms for its shared-memory renderer (BENCHMARKS.md, "Rendering"). With a
/// GPU the default stays. A user's own `WEBKIT_DISABLE_DMABUF_RENDERER` always wins, and
/// `TOME_DMABUF=1` keeps the default (the end-to-end tests' screenshots need it: WebKit's
/// WebDriver cannot take one from the shared-memory renderer).
pub fn choose() {
    if !cfg!(target_os = "linux")
        || std::env::var_os("WEBKIT_DISABLE_DMABUF_RENDERER").is_some()
        || std::env::var_os("TOME_DMABUF").is_some_and(|v| v == "1")
    {
        return;
    }
    let has_gpu = std::fs::read_dir("/dev/dri")
        .map(|dir| dir.flatten().any(|e| e.file_name().to_string_lossy().starts_with("renderD")))
        .unwrap_or(false);
    if !has_gpu {
        std::env::set_var("WEBKIT_DISABLE_DMABUF_RENDERER", "1");
    }
}
