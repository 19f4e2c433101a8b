// The `broadphase` package's entry: the wasm-bindgen classes, with every
// method and getter of World and TileGrid guarded so that a call after
// free() throws "this World was freed" (the raw glue would pass a null
// pointer and throw "null pointer passed to rust"), and a second free() is
// a no-op. freed.js is compiled from the playground's own www/core/freed.ts
// when the package is packed, so the guard is written once.
import { TileGrid, World } from './broadphase.js';
import { guardFreed } from './freed.js';

guardFreed(World, 'World');
guardFreed(TileGrid, 'TileGrid');

export { default } from './broadphase.js';
export * from './broadphase.js';
