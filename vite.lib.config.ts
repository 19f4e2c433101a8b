// The embeddable playground as a library: www/embed/index.ts → dist-lib/
// as one ES module (broadphase-embed.js) that registers
// <broadphase-playground> and exports mount(), with the wasm beside it
// (broadphase_bg.wasm, fetched by URL at run time: library mode would
// otherwise inline it as base64), minified. Declarations come from
// `tsc -p tsconfig.lib.json` and `dist-lib/broadphase-embed.d.ts`
// re-exports them (see scripts/build-lib.sh).
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

const WASM = 'broadphase_bg.wasm';

/** The `new URL(…wasm, import.meta.url)` literals that must point beside the module, by file. */
const WASM_URL_LITERALS: Record<string, string> = {
  '/pkg/broadphase.js': `new URL('${WASM}', import.meta.url)`,
  '/www/embed/load-wasm.ts': `new URL('../../pkg/${WASM}', import.meta.url)`,
};

/** Keeps the wasm a file next to the module, and drops the CSS the shadow roots already carry. */
function wasmBesideModule(): Plugin {
  return {
    name: 'broadphase-wasm-beside-module',
    enforce: 'pre',
    transform(code, id) {
      const file = Object.keys(WASM_URL_LITERALS).find((f) => id.replace(/\\/g, '/').endsWith(f));
      if (file === undefined) return null;
      // A non-literal URL: Vite leaves it alone, the browser resolves it beside the module.
      const out = code.replace(WASM_URL_LITERALS[file], `new URL(['broadphase_bg', 'wasm'].join('.'), import.meta.url)`);
      if (out === code) this.error(`expected ${file} to load ${WASM} by ${WASM_URL_LITERALS[file]}`);
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
    // Library mode keeps an ES module's whitespace by default (for other
    // bundlers' sake); an embed is shipped as is, so the output is minified whole.
    minify: true,
    rolldownOptions: { output: { minify: true } },
    lib: {
      entry: new URL('www/embed/index.ts', import.meta.url).pathname,
      formats: ['es'],
      fileName: () => 'broadphase-embed.js',
    },
  },
});
