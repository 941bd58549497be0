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
        "characters",
        "character_view",
        "create_character",
        "save_character",
        "delete_character",
        "character_revisions",
        "character_diff",
        "restore_character",
        "sheet_layout",
        "derive_character",
        "character_item",
        "character_ref",
        "export_character_file",
        "check_character_file",
        "import_character",
        "pdf_preview",
        "export_pdf",
    ]);
    tauri_build::try_build(tauri_build::Attributes::new().app_manifest(manifest)).expect("tauri build script");
}
