// The public classes, built once over this build's wasm-bindgen module
// (pkg/broadphase.js) by the façade (facade.js): what www/core exports.

import * as raw from '../../pkg/broadphase.js';
import { facade, type TileGrid as TileGridClass, type World as WorldClass } from './facade.js';

const core = facade(raw);

export const World = core.World;
export type World = WorldClass;
export const TileGrid = core.TileGrid;
export type TileGrid = TileGridClass;
export const init = core.init;
export const initSync = core.initSync;
/** For the page's tests only (www/core/index.ts does not export them): see `Core.failNextAllocation`, `Core.panicForTests`. */
export const failNextAllocation = core.failNextAllocation;
export const panicForTests = core.panicForTests;
