#!/usr/bin/env bash
# The embeddable library: dist-lib/broadphase-embed.js (one minified ES
# module), broadphase_bg.wasm beside it, and the types: tsc's declarations
# under dist-lib/types/ and dist-lib/broadphase-embed.d.ts, the entry that
# re-exports them. Then the sizes, raw and gzipped.
set -euo pipefail
source "$(dirname "$0")/prelude.sh"
ensure_wasm_build
vite build --config vite.lib.config.ts --logLevel warn
tsc -p tsconfig.lib.json
echo "export * from './types/www/embed/index';" > dist-lib/broadphase-embed.d.ts
for f in dist-lib/broadphase-embed.js dist-lib/broadphase_bg.wasm; do
  printf '%-32s %8d bytes, %7d gzipped\n' "$f" "$(wc -c < "$f")" "$(gzip -9c "$f" | wc -c)"
done
