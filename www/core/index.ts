// The library's face in TypeScript: the wasm core (`World`, `TileGrid`,
// their types) and the helpers every consumer of its views needs. The page,
// the embed and the benchmarks import the core from here, never from pkg/
// directly, so there is one place that decides what the library exports.

import { TileGrid, World } from '../../pkg/broadphase.js';
import { guardFreed } from './freed';

guardFreed(World, 'World');
guardFreed(TileGrid, 'TileGrid');

export { default as init, initSync, World, TileGrid } from '../../pkg/broadphase.js';
export type { RayHit, RepairTrace } from '../../pkg/broadphase.js';
export { viewLayout, type ViewLayout } from './layout';
