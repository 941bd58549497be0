#!/usr/bin/env bash
# Builds the UI and the desktop shell, then opens Tome. Without a display, says so and
# points to the command line.
set -euo pipefail
cd "$(dirname "$0")/.."

target="${CARGO_TARGET_DIR:-target}"
case "$target" in /*) ;; *) target="$PWD/$target" ;; esac

npm --prefix ui run build --silent
cargo build --release -p tome-desktop --features tauri/custom-protocol
cargo build --release -p tome --bin tome

if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  cat <<MSG

Tome's desktop app is built, but this machine has no display (DISPLAY and
WAYLAND_DISPLAY are unset), so there is no window to open.

The same rules are at hand from the command line:
  $target/release/tome systems
  $target/release/tome search "chain mail"
  $target/release/tome table mlaf/table/spell-table --roll

To see the app headless: xvfb-run -a $target/release/tome-desktop
MSG
  "$target/release/tome" systems
  exit 0
fi

exec "$target/release/tome-desktop"
