# Sourced by the scripts a reader may run by hand (pack.sh, build-lib.sh):
# installs what is missing (scripts/setup.sh, quick when all is there) and
# puts the project's tools on PATH, so each works from a fresh clone and a
# plain shell, not only inside `npm test`.
# shellcheck shell=bash
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

# Builds pkg/ (the wasm and its JS glue) unless it is newer than every Rust source.
ensure_wasm_build() {
  if [ ! -f pkg/broadphase_bg.wasm ] || [ -n "$(find src Cargo.toml Cargo.lock -newer pkg/broadphase_bg.wasm -print -quit)" ]; then
    wasm-pack build --target web --out-dir pkg --no-pack --release
  fi
}
