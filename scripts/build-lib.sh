#!/usr/bin/env bash
# The embeddable library (see vite.lib.config.ts): dist-lib/broadphase-embed.js
# (one minified ES module), dist-lib/broadphase-embed.classic.js (the same
# as a classic script), broadphase_bg.wasm beside them, and the types:
# tsc's declarations under dist-lib/types/ and dist-lib/broadphase-embed.d.ts,
# the entry that re-exports them. Then the sizes, raw and gzipped.
set -euo pipefail
source "$(dirname "$0")/prelude.sh"
ensure_wasm_build
BROADPHASE_LIB_FORMAT=es vite build --config vite.lib.config.ts --logLevel warn
BROADPHASE_LIB_FORMAT=iife vite build --config vite.lib.config.ts --logLevel warn
tsc -p tsconfig.lib.json
# The façade's declarations name the glue's types at ../../pkg/ from
# types/www/core/: the glue's declarations go there.
mkdir -p dist-lib/types/pkg && cp pkg/broadphase.d.ts dist-lib/types/pkg/
echo "export * from './types/www/embed/index';" > dist-lib/broadphase-embed.d.ts
for f in dist-lib/broadphase-embed.js dist-lib/broadphase-embed.classic.js dist-lib/broadphase_bg.wasm; do
  printf '%-36s %8d bytes, %7d gzipped\n' "$f" "$(wc -c < "$f")" "$(gzip -9c "$f" | wc -c)"
done
