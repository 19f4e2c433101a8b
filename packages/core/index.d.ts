// The entry's types: the façade's (facade.d.ts, which scripts/pack.sh has
// tsc emit from facade.js's JSDoc).
import type { Core, TileGrid as TileGridClass, World as WorldClass } from './facade.js';

export type { RayHit, RepairTrace, InitInput, SyncInitInput } from './facade.js';
export declare const World: typeof WorldClass;
export type World = WorldClass;
export declare const TileGrid: typeof TileGridClass;
export type TileGrid = TileGridClass;
export declare const initSync: Core['initSync'];
declare const init: Core['init'];
export default init;
