#!/usr/bin/env bash
# Builds the UI and the desktop shell (bundled UI, no dev server) and drives the real app
# in a virtual display through tauri-driver. Screenshots and metrics land in target/e2e/.
set -euo pipefail
cd "$(dirname "$0")/.."

target="${CARGO_TARGET_DIR:-target}"
npm --prefix ui run build --silent
cargo build -p tome-desktop --features tauri/custom-protocol
cargo build -p tome --bin tome

export TOME_APP="$PWD/$target/debug/tome-desktop"
case "$target" in /*) export TOME_APP="$target/debug/tome-desktop" ;; esac
export TOME_CLI="${TOME_APP%/*}/tome"
export TOME_E2E_DIR="$PWD/target/e2e"
export NO_AT_BRIDGE=1
export PATH="$HOME/.cargo/bin:$PATH"

timeout 600 xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session -- npm --prefix e2e test
