#!/usr/bin/env bash
# Builds Tome's release packages (.deb and .rpm) with the Tauri bundler: the desktop app,
# the `tome` command line, its manual pages and shell completions, the desktop entry, icons
# and AppStream metainfo. The packages land in target/packages/.
set -euo pipefail
cd "$(dirname "$0")/.."

target="${CARGO_TARGET_DIR:-$PWD/target}"
case "$target" in /*) ;; *) target="$PWD/$target" ;; esac

# The Tauri CLI (the bundler), from the npm registry with the UI's packages (ui/package.json
# pins it; `npm ci` installs its prebuilt binary package): compiling it from crates.io took a
# fresh machine a quarter of an hour.
tauri="$PWD/ui/node_modules/.bin/tauri"
[ -x "$tauri" ] || (cd ui && npm ci --no-audit --no-fund --loglevel=error)

npm --prefix ui run build --silent
cargo build --release -p tome --bin tome

# What the package installs beside the app, made from the release `tome` itself.
stage=target/package-files
rm -rf "$stage"
mkdir -p "$stage/completions"
cp "$target/release/tome" "$stage/tome"
"$stage/tome" manpages "$stage/man"
gzip -9n "$stage"/man/*.1
"$stage/tome" completions bash >"$stage/completions/tome.bash"
"$stage/tome" completions zsh >"$stage/completions/_tome"
"$stage/tome" completions fish >"$stage/completions/tome.fish"

(cd src-tauri && "$tauri" build --ci --bundles deb,rpm)
# The bare window Tome's start-up and memory are measured against (e2e/speed.test.mjs),
# built with the shell's release profile and compiled dependencies; not packaged.
cargo build --release -p tome-bare --features custom-protocol

out=target/packages
rm -rf "$out"
mkdir -p "$out"
cp "$target"/release/bundle/deb/*.deb "$target"/release/bundle/rpm/*.rpm "$out"/
ls -l "$out"
