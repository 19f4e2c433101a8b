// The public World and TileGrid of this build (the façade over pkg/, the
// same classes the page and the npm package export), initialised, for the
// Node benchmarks. Run a release wasm build first.
import { readFileSync } from 'node:fs';
import * as raw from '../pkg/broadphase.js';
import { facade } from '../www/core/facade.js';

const core = facade(raw);
core.initSync({ module: readFileSync(new URL('../pkg/broadphase_bg.wasm', import.meta.url)) });

export const { World, TileGrid } = core;
