#!/usr/bin/env bash
# Drives the desktop app a player installs (the release build, unpacked from the .deb that
# `make package` builds and `scripts/check-package.sh` unpacks into target/package-root/)
# in a virtual display through tauri-driver. Screenshots and metrics land in target/e2e/,
# so the figures there are what users get.
set -euo pipefail
cd "$(dirname "$0")/.."

root="$PWD/target/package-root"
if [ ! -x "$root/usr/bin/tome-desktop" ]; then
  echo "e2e: no unpacked package in $root; run 'make package check-package' first" >&2
  exit 1
fi
export TOME_APP="$root/usr/bin/tome-desktop"
export TOME_CLI="$root/usr/bin/tome"
# Built by `make package` beside the shell, where cargo puts release builds.
cargo_target="${CARGO_TARGET_DIR:-$PWD/target}"
case "$cargo_target" in /*) ;; *) cargo_target="$PWD/$cargo_target" ;; esac
export TOME_BARE="$cargo_target/release/tome-bare"
export TOME_E2E_DIR="$PWD/target/e2e"
export NO_AT_BRIDGE=1
export PATH="$HOME/.cargo/bin:$PATH"

timeout 1500 xvfb-run -a -s "-screen 0 1920x1200x24" dbus-run-session -- npm --prefix e2e test
