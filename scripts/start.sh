#!/usr/bin/env bash
# Builds the wasm core and serves the playground; Vite prints the URL.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
wasm-pack build --target web --out-dir pkg --no-pack --release
exec vite --host 127.0.0.1 "$@"
