// What the wasm suites load from www/core (see entry.mjs): the public entry,
// and the page's test hooks on the current core.
export * from '../../www/core/index';
export { failNextAllocation, panicForTests } from '../../www/core/core';
