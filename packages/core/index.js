// The `broadphase` package's entry: the public World and TileGrid, the
// façade (facade.js, the same file the playground uses) over the
// wasm-bindgen build. Argument types are checked without running user code,
// the first bad argument is named, a call after free() throws "this World
// was freed", and free() or [Symbol.dispose] twice does nothing. The
// wasm-bindgen classes themselves are not exported.
import * as raw from './broadphase.js';
import { facade } from './facade.js';

const core = facade(raw);

export const World = core.World;
export const TileGrid = core.TileGrid;
export const initSync = core.initSync;
export default core.init;
