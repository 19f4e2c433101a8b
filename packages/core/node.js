// The Node entry of the `broadphase` package: the same (guarded) classes as
// the browser entry, with the wasm read from beside this file and compiled on
// import, so `await init()` (kept for code shared with browsers) has
// nothing left to do, unless the core stopped: then it starts a fresh one.
import { readFileSync } from 'node:fs';
import { initSync } from './index.js';

const bytes = readFileSync(new URL('./broadphase_bg.wasm', import.meta.url));
const wasm = initSync({ module: bytes });

/** Done on import in Node; after the core stopped, starts a fresh core. Returns the wasm exports, as the browser `init()` does. */
export default async function init() {
  return initSync({ module: bytes }) ?? wasm;
}

export { initSync };
export * from './index.js';
