#!/usr/bin/env bash
# npm packages, ready to publish (we do not publish): `npm pack` of
#   dist-npm/broadphase-<v>.tgz             the core: the wasm-bindgen build,
#                                           for bundlers, plain ES modules and Node
#   dist-npm/broadphase-playground-<v>.tgz  the embed: <broadphase-playground>
#                                           and mount(), minified, core bundled
# Builds pkg/ and dist-lib/ first when they are missing or older than the sources.
set -euo pipefail
source "$(dirname "$0")/prelude.sh"
ensure_wasm_build
if [ ! -f dist-lib/broadphase-embed.js ] || [ -n "$(find www pkg -newer dist-lib/broadphase-embed.js -print -quit)" ]; then
  bash scripts/build-lib.sh
fi
version=$(awk -F'"' '/^version = / { print $2; exit }' Cargo.toml)
out=dist-npm
rm -rf "$out" && mkdir -p "$out/core" "$out/playground"

cp pkg/broadphase.js pkg/broadphase_bg.wasm "$out/core/"
# The glue as a factory of fresh copies, so init() can start a fresh core after one stops.
node scripts/fresh-glue.mjs "$out/core/broadphase.js"
cp packages/core/index.js packages/core/index.d.ts packages/core/node.js packages/core/README.md "$out/core/"
# The façade the playground uses (one copy): the public classes, and their
# declarations, emitted by tsc from the façade's JSDoc (the API's one source).
cp www/core/facade.js www/core/signatures.js "$out/core/"
tsc --allowJs --declaration --emitDeclarationOnly --skipLibCheck --target ES2022 --module ESNext \
  --moduleResolution bundler --lib ES2022,DOM,ESNext.Disposable --rootDir www/core --outDir "$out/core" www/core/facade.js
# The façade's JSDoc names the glue's types where the page finds them
# (pkg/); in the package the glue sits beside it.
cp pkg/broadphase.d.ts "$out/core/"
sed -i "s#'\.\./\.\./pkg/broadphase\.js'#'./broadphase.js'#" "$out/core/facade.d.ts"
cat > "$out/core/package.json" <<JSON
{
  "name": "broadphase",
  "version": "$version",
  "description": "2D broad-phase collision detection in WebAssembly: quadtrees, grids, N-style tile grids, DDA rays and a flat scene hierarchy behind one World.",
  "license": "MIT",
  "type": "module",
  "main": "./index.js",
  "types": "./index.d.ts",
  "exports": {
    ".": {
      "types": "./index.d.ts",
      "node": "./node.js",
      "default": "./index.js"
    },
    "./broadphase_bg.wasm": "./broadphase_bg.wasm",
    "./package.json": "./package.json"
  },
  "files": ["index.js", "index.d.ts", "facade.js", "facade.d.ts", "signatures.js", "signatures.d.ts", "broadphase.js", "broadphase.d.ts", "broadphase_bg.wasm", "node.js", "README.md"],
  "sideEffects": ["./node.js", "./index.js"],
  "engines": { "node": ">=20" },
  "keywords": ["collision", "broad-phase", "quadtree", "spatial-hash", "wasm"]
}
JSON

cp -r dist-lib/broadphase-embed.js dist-lib/broadphase-embed.classic.js dist-lib/broadphase-embed.d.ts dist-lib/broadphase_bg.wasm dist-lib/types "$out/playground/"
cat > "$out/playground/README.md" <<'MD'
# broadphase-playground

The broadphase playground as a custom element and a `mount()` function, for
tutorial pages: `import 'broadphase-playground'` registers
`<broadphase-playground mode="tiles" height="480">`. Bundlers (Vite,
webpack, Rollup with an asset plugin) carry the wasm along by themselves;
served as files, `broadphase_bg.wasm` goes beside `broadphase-embed.js`, or
is named with the `wasm-url` attribute. `broadphase-embed.classic.js` is the
same as a plain (non-module) script. Importing on a server (SSR) is
harmless: the element is defined only in a browser. Every attribute, and a
recipe per site generator, is in `docs/EMBED.md` in the repository.
MD
cat > "$out/playground/package.json" <<JSON
{
  "name": "broadphase-playground",
  "version": "$version",
  "description": "The broadphase playground as an embeddable custom element (<broadphase-playground>) and mount(): quadtrees, grids, tiles, rays and hierarchy you can drag.",
  "license": "MIT",
  "type": "module",
  "main": "./broadphase-embed.js",
  "types": "./broadphase-embed.d.ts",
  "exports": {
    ".": { "types": "./broadphase-embed.d.ts", "default": "./broadphase-embed.js" },
    "./broadphase-embed.classic.js": "./broadphase-embed.classic.js",
    "./broadphase_bg.wasm": "./broadphase_bg.wasm",
    "./package.json": "./package.json"
  },
  "files": ["broadphase-embed.js", "broadphase-embed.classic.js", "broadphase-embed.d.ts", "broadphase_bg.wasm", "types", "README.md"],
  "sideEffects": true,
  "keywords": ["collision", "broad-phase", "playground", "custom-element", "wasm"]
}
JSON

(cd "$out" && npm pack --silent ./core ./playground >/dev/null)
ls -l "$out"/*.tgz | awk '{ printf "%-48s %8d bytes\n", $NF, $5 }'
