// The entry the wasm suites run through. By default www/core (loaded by
// Vite's module runner: what the page and the embed import); with
// BROADPHASE_ENTRY=<file> a built package's entry instead (its `index.js`,
// the ES module, or `node.js`), its wasm read from beside it. The npm
// package tests run these suites through both of the package's entries.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const chosen = process.env.BROADPHASE_ENTRY ?? 'www';

let api;
let wasmFile;
if (chosen === 'www') {
  const { runnerImport } = await import('vite');
  const { freshGlue } = await import('../../scripts/fresh-glue.mjs');
  // The glue as the page's build loads it: able to start a fresh core.
  ({ module: api } = await runnerImport('/tests/wasm/www-core.ts', { root, logLevel: 'error', plugins: [freshGlue()] }));
  wasmFile = resolve(root, 'pkg/broadphase_bg.wasm');
} else {
  api = await import(pathToFileURL(resolve(chosen)).href);
  wasmFile = resolve(dirname(resolve(chosen)), 'broadphase_bg.wasm');
}

/** The wasm exports (`wasm.memory` for the memory tests). */
export const wasm = api.initSync({ module: readFileSync(wasmFile) });
export const { World, TileGrid, init, initSync } = api;
/**
 * Makes the next allocation of the current core fail (www/core's test
 * hook; a package entry has none: then the first core's switch).
 */
export const failNextAllocation = api.failNextAllocation ?? (() => wasm.failNextAllocation());
/** Makes the current core panic, as a bug would (the same hooks as `failNextAllocation`). */
export const panicForTests = api.panicForTests ?? (() => wasm.panicForTests());
/** Whether `failNextAllocation` reaches a core started after a stop (www/core: yes; a package entry: only the first). */
export const failsRestartedCores = api.failNextAllocation !== undefined;
/** Which entry: `www`, or the file given. */
export const entry = chosen;
