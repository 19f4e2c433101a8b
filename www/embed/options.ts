// An embed's options as TypeScript sees them. Every option is described,
// checked and documented by the one table in ../settings/table.ts (its
// `option` column); this file only gives them types for `mount()` and
// `getState()`.

import type { ModeName } from '../settings/mode-names';
import type { SETTINGS } from '../settings/table';

export type { ModeName } from '../settings/mode-names';
export { MODE_NAMES } from '../settings/mode-names';

export interface PlaygroundOptions {
  /** Which playground: quadtree (default), grids, hierarchy, tiles, rays. */
  mode?: ModeName;
  /** Objects in the seeded scene (quadtree, grids, hierarchy). */
  count?: number;
  /** The scene's seed: same seed, same scene. */
  seed?: number;
  /** 'uniform' | 'clustered' | 'mixed'. */
  layout?: string;
  /** A name from `World.structures()`: 'quadtree', 'grid', 'loose-grid', … */
  structure?: string;
  /** Quadtree: objects a node holds before it splits. */
  maxObjects?: number;
  /** Quadtree: deepest level. */
  maxLevels?: number;
  /** Grids: cell size in world units (omit: the core chooses). */
  cellSize?: number;
  /** Simulation speed, 0–4. */
  speed?: number;
  /** Start paused. Default: false, unless the reader prefers reduced motion. */
  paused?: boolean;
  /** Draw the structure's lines (quadtree splits, grid cells, hierarchy links). */
  tree?: boolean;
  /**
   * Explicit boxes instead of a seeded scene: `"x,y,w,h[,vx,vy]; …"` in
   * world units from the origin (quadtree, grids, hierarchy; in tiles the
   * boxes to drag).
   */
  boxes?: string;
  /** Tiles: a preset from `TileGrid.presets()`. */
  preset?: string;
  /** Tiles: the map as ASCII (see `TileGrid.ascii()`). */
  tiles?: string;
  /** Tiles: the shape in hand. */
  shape?: string;
  /** Boxes placed by hand over the seeded scene: `"id:x,y,w,h,vx,vy; …"` (what `getState()` reports after a drag). */
  moved?: string;
  /** Hierarchy: every parent link, `"child:parent; …"` (empty: all at the root). */
  links?: string;
  /** Quadtree, grids: the culling camera `[x, y, w, h]`. */
  camera?: readonly number[];
  /** Rays: the ray's ends `[x0, y0, x1, y1]`. */
  ray?: readonly number[];
  /** Rays: the enemy's position `[x, y]`. */
  enemy?: readonly number[];
  /** Rays: the player's position `[x, y]`. */
  player?: readonly number[];
  /** The view: `[zoom, centre x, centre y]`, the centre as fractions of the world (what `getState()` reports after a zoom or pan). */
  view?: readonly number[];
  /** Panel ids to show ('stats', 'controls', 'tiles-readout', …), 'all' (default) or 'none'. */
  panels?: readonly string[] | 'all' | 'none';
  /** false hides the control panels (settings, palettes, keys). */
  controls?: boolean;
  /** The legend and help line under the canvas (default true). */
  legend?: boolean;
  /** 'light', 'dark', or 'auto' (default): follow the page's look and its light/dark toggle. */
  theme?: 'light' | 'dark' | 'auto';
  /** The embed's height when the page does not size it: CSS px or a CSS length (default: one from the width and the panels shown). */
  height?: number | string;
  /** Where the wasm file is, when it is not beside the script. */
  wasmUrl?: string | URL;
}

/** What getState() returns: the options in force, with the scene as the reader left it. */
export type PlaygroundState = PlaygroundOptions & { mode: ModeName };

// Every option of the settings table has a field above (tsc fails here, naming it, when one is missing).
type TableOption = (typeof SETTINGS)[number]['option'];
const everyOptionTyped: [Exclude<TableOption, keyof PlaygroundOptions>] extends [never] ? true : Exclude<TableOption, keyof PlaygroundOptions> = true;
void everyOptionTyped;
