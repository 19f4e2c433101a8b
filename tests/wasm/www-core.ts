// What the wasm suites load from www/core (see entry.mjs): the public entry,
// and the page's test hook on the current core.
export * from '../../www/core/index';
export { failNextAllocation } from '../../www/core/core';
