// The embeddable playground as a library: www/embed/index.ts → dist-lib/
// as one ES module (broadphase-embed.js) that registers
// <broadphase-playground> and exports mount(), with the wasm beside it
// (broadphase_bg.wasm, fetched by URL at run time: library mode would
// otherwise inline it as 400 KB of base64). Declarations come from
// `tsc -p tsconfig.lib.json` (see the `build:lib` script).
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

const WASM = 'broadphase_bg.wasm';

/** Keeps the wasm a file next to the module, and drops the CSS the shadow roots already carry. */
function wasmBesideModule(): Plugin {
  return {
    name: 'broadphase-wasm-beside-module',
    enforce: 'pre',
    transform(code, id) {
      if (!id.replace(/\\/g, '/').endsWith('/pkg/broadphase.js')) return null;
      // A non-literal URL: Vite leaves it alone, the browser resolves it beside the module.
      const out = code.replace(`new URL('${WASM}', import.meta.url)`, `new URL(['broadphase_bg', 'wasm'].join('.'), import.meta.url)`);
      if (out === code) this.error(`expected pkg/broadphase.js to load ${WASM} by new URL(…, import.meta.url)`);
      return { code: out, map: null };
    },
    generateBundle: {
      // After Vite's CSS plugin has added its file.
      order: 'post',
      handler(_options, bundle) {
        this.emitFile({ type: 'asset', fileName: WASM, source: readFileSync(new URL(`pkg/${WASM}`, import.meta.url)) });
        // tiles.css / rays.css are side-effect imports of the modes; the embed
        // inlines them into each shadow root, so the page needs no stylesheet.
        for (const name of Object.keys(bundle)) if (name.endsWith('.css')) delete bundle[name];
      },
    },
  };
}

export default defineConfig({
  base: './',
  publicDir: false,
  plugins: [wasmBesideModule()],
  build: {
    outDir: 'dist-lib',
    emptyOutDir: true,
    target: 'es2022',
    lib: {
      entry: new URL('www/embed/index.ts', import.meta.url).pathname,
      formats: ['es'],
      fileName: () => 'broadphase-embed.js',
    },
  },
});
