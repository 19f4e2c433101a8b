// The Node entry of the `broadphase` package: the same classes as the
// browser build, with the wasm read from beside this file and compiled on
// import, so `await init()` (kept for code shared with browsers) has
// nothing left to do.
import { readFileSync } from 'node:fs';
import { initSync } from './broadphase.js';

const wasm = initSync({ module: readFileSync(new URL('./broadphase_bg.wasm', import.meta.url)) });

/** Already done on import in Node; returns the wasm exports, as the browser `init()` does. */
export default async function init() {
  return wasm;
}

export { initSync };
export * from './broadphase.js';
