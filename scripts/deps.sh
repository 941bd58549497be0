#!/usr/bin/env bash
# Installs what building, running and testing Tome needs, only where it is missing:
# Debian packages with apt-get, npm packages with npm ci, tauri-driver from crates.io.
#   scripts/deps.sh          everything (desktop app and its end-to-end tests)
#   scripts/deps.sh core     just what the core crate and CLI need
set -euo pipefail
cd "$(dirname "$0")/.."

what="${1:-all}"

# poppler-utils: pdftotext, pdffonts, pdfinfo and pdftoppm, which the PDF export tests read
# the sheets back with (tests/characters_and_sheets/pdf.rs).
# nodejs and npm: the phone pages `tome share` serves are built with the UI's Vite, into
# every `tome`.
packages=(build-essential pkg-config python3 poppler-utils nodejs npm)
if [ "$what" = all ]; then
  # Tauri 2 on Linux (WebKitGTK 4.1), the WebDriver for end-to-end tests, a virtual
  # display and a session bus to run them headless, pdftoppm/ImageMagick for images, and
  # python3-xlib to close the window as a window manager does (e2e/wm-close.py); rpm,
  # desktop-file-utils and appstream to check the packages `make package` builds;
  # Chromium and its driver for the table pages' browser test (`make test-share`).
  packages+=(libwebkit2gtk-4.1-dev libgtk-3-dev librsvg2-dev libsoup-3.0-dev
    webkit2gtk-driver xvfb xauth dbus dbus-x11
    python3-xlib rpm desktop-file-utils appstream
    chromium chromium-driver)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node may come from elsewhere than Debian (nvm, NodeSource); any node and npm will do.
if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
  filtered=()
  for p in "${missing[@]}"; do
    case "$p" in nodejs|npm) ;; *) filtered+=("$p") ;; esac
  done
  missing=("${filtered[@]}")
fi

if [ ${#missing[@]} -gt 0 ]; then
  echo "deps: installing ${missing[*]} with apt-get"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}"
fi

if ! command -v cargo >/dev/null 2>&1; then
  echo "deps: cargo is missing. Install the Rust toolchain (rustup, stable) and run make again." >&2
  exit 1
fi

# npm packages, from the lock files (only when the lock changed since the last install):
# the UI's for every build (the phone pages), the end-to-end tests' for `make test`.
dirs=(ui)
[ "$what" = all ] && dirs+=(e2e)
for dir in "${dirs[@]}"; do
  if [ -f "$dir/package-lock.json" ] && ! cmp -s "$dir/package-lock.json" "$dir/node_modules/.package-lock.json" 2>/dev/null; then
    echo "deps: npm ci in $dir"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  fi
done

[ "$what" = all ] || exit 0

# tauri-driver, the WebDriver bridge for Tauri apps (crates.io).
if ! command -v tauri-driver >/dev/null 2>&1; then
  echo "deps: installing tauri-driver from crates.io"
  cargo install tauri-driver --locked --version "^2"
fi
