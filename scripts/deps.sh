#!/usr/bin/env bash
# Installs what building and testing Tome needs, only where it is missing.
set -euo pipefail

need_apt=()
command -v cc >/dev/null 2>&1 || need_apt+=(build-essential)
command -v pkg-config >/dev/null 2>&1 || need_apt+=(pkg-config)
command -v python3 >/dev/null 2>&1 || need_apt+=(python3)

if [ ${#need_apt[@]} -gt 0 ]; then
  echo "deps: installing ${need_apt[*]} with apt-get"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${need_apt[@]}"
fi

if ! command -v cargo >/dev/null 2>&1; then
  echo "deps: cargo is missing. Install the Rust toolchain (rustup, stable) and run make again." >&2
  exit 1
fi
