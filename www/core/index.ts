// The library's face in TypeScript: the public `World` and `TileGrid` (the
// façade over the wasm core, facade.js), their types, and the helpers every
// consumer of its views needs. The page, the embed and the benchmarks
// import the core from here, never from pkg/ directly, so there is one
// place that decides what the library exports.

export { World, TileGrid, init, initSync } from './core';
export type { RayHit, RepairTrace } from './facade.js';
export { viewLayout, type ViewLayout } from './layout';
export { readTrace, type TraceStep, type TraceView } from './trace';
