// The embeddable playground as a library: www/embed/index.ts → dist-lib/,
// minified, the wasm beside it (broadphase_bg.wasm, fetched by URL at run
// time: library mode would otherwise inline it as base64), in two builds:
//   broadphase-embed.js          an ES module (import, bundlers). It names
//                                its wasm `new URL('./broadphase_bg.wasm',
//                                import.meta.url)`, the one form Vite,
//                                webpack and Rollup-with-an-asset-plugin
//                                all follow, so a bundled site carries the
//                                wasm with no bundler-specific import.
//   broadphase-embed.classic.js  a classic script (IIFE, no import.meta) for
//                                hosts that only add plain <script src>
//                                tags (mdBook's additional-js): it finds the
//                                wasm beside itself through
//                                document.currentScript, read while the
//                                script runs. Its exports are
//                                window.BroadphasePlayground.
// Declarations come from `tsc -p tsconfig.lib.json` and
// `dist-lib/broadphase-embed.d.ts` re-exports them (scripts/build-lib.sh).
// Run once per format: BROADPHASE_LIB_FORMAT=es|iife (the script runs both).
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import { freshGlue } from './scripts/fresh-glue.mjs';

const WASM = 'broadphase_bg.wasm';
const FORMAT = process.env.BROADPHASE_LIB_FORMAT === 'iife' ? 'iife' : 'es';

/** Stands for "the wasm beside this script" until the chunk is final. */
const MARKER = '__BROADPHASE_WASM_BESIDE_MODULE__';

/** The `new URL(…wasm, import.meta.url)` literals in the sources, by file, and what each becomes before bundling. */
const WASM_URL_LITERALS: Record<string, { literal: string; becomes: string }> = {
  // The generated glue's default (init() with no argument): the embed always
  // passes the compiled module, so the default is never used.
  '/pkg/broadphase.js': { literal: `new URL('${WASM}', import.meta.url)`, becomes: 'undefined' },
  '/www/embed/load-wasm.ts': { literal: `new URL('../../pkg/${WASM}', import.meta.url)`, becomes: `new URL(String('${MARKER}'), 'file:')` },
};

/** What the marker becomes in the final chunk. */
const BESIDE_MODULE: Record<typeof FORMAT, string> = {
  es: `new URL('./${WASM}', import.meta.url)`,
  // Evaluated at the top level of the script, while currentScript is this script.
  iife: `new URL('${WASM}', document.currentScript && document.currentScript.src || document.baseURI)`,
};

/** Keeps the wasm a file next to the script, named in the form bundlers understand, and drops the CSS the shadow roots already carry. */
function wasmBesideModule(): Plugin {
  return {
    name: 'broadphase-wasm-beside-module',
    enforce: 'pre',
    transform(code, id) {
      const file = Object.keys(WASM_URL_LITERALS).find((f) => id.replace(/\\/g, '/').endsWith(f));
      if (file === undefined) return null;
      const { literal, becomes } = WASM_URL_LITERALS[file];
      // Not a literal URL any more: Vite's asset handling leaves it alone.
      const out = code.replace(literal, becomes);
      if (out === code) this.error(`expected ${file} to load ${WASM} by ${literal}`);
      return { code: out, map: null };
    },
    generateBundle: {
      // After Vite's CSS plugin has added its file, and after minifying.
      order: 'post',
      handler(_options, bundle) {
        this.emitFile({ type: 'asset', fileName: WASM, source: readFileSync(new URL(`pkg/${WASM}`, import.meta.url)) });
        for (const [name, chunk] of Object.entries(bundle)) {
          // tiles.css / rays.css are side-effect imports of the modes; the embed
          // inlines them into each shadow root, so the page needs no stylesheet.
          if (name.endsWith('.css')) delete bundle[name];
          if (chunk.type !== 'chunk') continue;
          const marker = new RegExp(`new URL\\((?:String\\()?(["'\`])${MARKER}\\1\\)?,\\s*(["'\`])file:\\2\\)`, 'g');
          const found = chunk.code.match(marker)?.length ?? 0;
          if (found !== 1) this.error(`expected the wasm's URL once in ${name}, found it ${found} times`);
          chunk.code = chunk.code.replace(marker, BESIDE_MODULE[FORMAT]);
          if (FORMAT === 'iife' && chunk.code.includes('import.meta')) this.error(`the classic script ${name} still mentions import.meta`);
        }
      },
    },
  };
}

export default defineConfig({
  base: './',
  publicDir: false,
  // The wasm glue as a factory, so embeds can start a fresh core after one stops.
  plugins: [freshGlue(), wasmBesideModule()],
  build: {
    outDir: 'dist-lib',
    // The script runs the ES build first (emptying the folder), then the classic one beside it.
    emptyOutDir: FORMAT === 'es',
    target: 'es2022',
    // Library mode keeps an ES module's whitespace by default (for other
    // bundlers' sake); an embed is shipped as is, so the output is minified
    // whole (error classes spell out their `name`, which minifying renames).
    minify: true,
    // One file: the modes the page build loads on demand are inlined here.
    rolldownOptions: { output: { minify: true, inlineDynamicImports: true } },
    lib: {
      entry: new URL('www/embed/index.ts', import.meta.url).pathname,
      formats: [FORMAT],
      name: 'BroadphasePlayground',
      fileName: () => (FORMAT === 'es' ? 'broadphase-embed.js' : 'broadphase-embed.classic.js'),
    },
  },
});
