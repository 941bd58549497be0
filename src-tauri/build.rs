fn main() {
    // Declaring the app's commands in the manifest makes each one need a permission,
    // which capabilities/main.json grants to the main window only.
    let manifest = tauri_build::AppManifest::new().commands(&[
        "systems",
        "list_entries",
        "show_entry",
        "get_table",
        "roll_table",
        "search",
        "calculators",
        "calculate",
        "roll_dice",
    ]);
    tauri_build::try_build(tauri_build::Attributes::new().app_manifest(manifest)).expect("tauri build script");
}
