#!/usr/bin/env bash
# Runs every test: format, lints, the Rust suites (unit, differential,
# property, allocation, doc; with and without the parallel feature), the
# wasm façade in Node, the page's pure TypeScript in Node (tests/ts), the
# strict TypeScript build, the npm packages and their consumers, every
# command the README and docs/ show
# (benchmarks at BROADPHASE_QUICK=1 sizes), the page in headless Chromium,
# and real sites built with the embed by site generators. Installs what is
# missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
# A CI run builds once: cargo's incremental caches (gigabytes for the test
# builds) would only fill its disk.
if [ -n "${CI:-}" ]; then export CARGO_INCREMENTAL=0; fi

step() { printf '\n\033[1;34m==> %s\033[0m\n' "$1"; shift; "$@"; }

# A full run writes a few GB (Rust targets, the site generators' packages):
# the free space goes into the log, so a full disk is seen as one.
step "free disk space" df -h .
step "rustfmt" cargo fmt --check
step "clippy (native)" cargo clippy --all-targets -- -D warnings
step "clippy (native, parallel feature)" cargo clippy --all-targets --features parallel -- -D warnings
step "clippy (wasm façade)" cargo clippy --target wasm32-unknown-unknown --lib -- -D warnings
step "the default and wasm builds have no rayon (only the native parallel feature does)" bash -c '! cargo tree -e normal | grep -q rayon && ! cargo tree -e normal --target wasm32-unknown-unknown --features parallel | grep -q rayon'
step "Rust tests" cargo test
step "Rust tests with the parallel feature (every suite, the parallel paths taken)" cargo test --features parallel
step "crate: every public item documented, links resolve, cargo package builds" bash -c 'RUSTDOCFLAGS="-D missing_docs -D rustdoc::broken_intra_doc_links" cargo doc --no-deps --quiet && cargo package --allow-dirty --quiet'
step "wasm build" wasm-pack build --target web --out-dir pkg --no-pack --release
step "wasm façade tests (Node)" node --test tests/wasm/
step "TypeScript unit tests (Node, no browser)" node --test tests/ts/
step "API reference matches the code" node scripts/check-api-docs.mjs
step "TypeScript (strict) and page build" bash -c "tsc --noEmit && vite build --logLevel warn"
step "embeddable library build (ES module + .d.ts)" bash scripts/build-lib.sh
step "npm packages (npm pack) used by a Node script, a Vite app and a plain page" bash -c "bash scripts/pack.sh && node --test tests/packages/"
step "every command the README and docs/ show works as written (benchmarks quick)" node scripts/check-doc-commands.mjs
step "browser tests (headless Chromium)" bash -c 'node --test e2e/*.test.mjs'
step "site generators: plain HTML, VitePress, Astro, Docusaurus, mdBook, Rollup, Next.js, Eleventy, Starlight, MkDocs Material, Sphinx, Hugo sites built with the packed embed, read in Chromium" node --test e2e/sites/
