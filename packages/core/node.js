// The Node entry of the `broadphase` package: the same (guarded) classes as
// the browser entry, with the wasm read from beside this file and compiled on
// import, so `await init()` (kept for code shared with browsers) has
// nothing left to do.
import { readFileSync } from 'node:fs';
import { initSync } from './index.js';

const wasm = initSync({ module: readFileSync(new URL('./broadphase_bg.wasm', import.meta.url)) });

/** Already done on import in Node; returns the wasm exports, as the browser `init()` does. */
export default async function init() {
  return wasm;
}

export { initSync };
export * from './index.js';
