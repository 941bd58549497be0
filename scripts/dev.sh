#!/usr/bin/env bash
# UI development with hot reload: the Vite dev server on :1420, and the desktop shell
# built without the bundled UI so it loads the dev server (tauri.conf.json devUrl).
# Svelte edits reload instantly; Rust edits need this script restarted.
set -euo pipefail
cd "$(dirname "$0")/.."

npm --prefix ui run dev &
vite=$!
trap 'kill $vite 2>/dev/null' EXIT
cargo run -p tome-desktop
