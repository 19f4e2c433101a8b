// How much a scene may hold, per mode, and how far the view zooms: one
// number each, read by the controls that add things (the Objects field,
// the box editors), by the viewport and by the settings table, so a link,
// an attribute or a mount() option can never ask for more than a person
// could make with the controls.

import type { ModeName } from './mode-names';

/** The zoom's range over the fitted view (a link's `view` is clamped to it too). */
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 60;

/** The fastest a box scene's simulation runs, times real time. */
export const SPEED_MAX = 4;

/** Most objects in a box mode's scene (the Objects field's end; a link's boxes and hand-placed boxes). */
export const OBJECTS_MAX = 200_000;
/** The hierarchy's scene stays small enough to read its tree and queue. */
export const HIERARCHY_OBJECTS_MAX = 200;
/** Boxes the tile editor holds: enough for any lesson, few enough to list. */
export const TILE_EDITOR_BOXES_MAX = 64;
/** Boxes one can draw in the rays mode: plenty for a lesson, few enough to list. */
export const RAYS_DRAWN_BOXES_MAX = 32;
/**
 * Cells of a tile map from a link or an attribute (rows × columns): four
 * times the widest preset each way, and a map the editor still loads and
 * draws without making the reader wait.
 */
export const MAP_CELLS_MAX = 128 * 128;

/** Most objects a mode's scene holds (seeded, listed or placed by hand). */
export function objectsMax(mode: ModeName): number {
  return mode === 'hierarchy' ? HIERARCHY_OBJECTS_MAX : OBJECTS_MAX;
}

/** Most boxes a `boxes` list may give a mode. */
export function boxesMax(mode: ModeName): number {
  if (mode === 'tiles') return TILE_EDITOR_BOXES_MAX;
  if (mode === 'rays') return RAYS_DRAWN_BOXES_MAX;
  return objectsMax(mode);
}
