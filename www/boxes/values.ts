// The box demo's settings to and from the typed setting values every mode
// receives and publishes (www/settings/table.ts): the same settings under
// the demo's own names (`running` is `!paused`, `showTree` is `tree`, the
// camera a rectangle). No text is read here.

import type { SettingValues, SomeSettings } from '../settings/table';
import type { Layout, Settings } from './settings';

/** The demo's settings from the values in force. */
export function boxSettings(v: SettingValues): Settings {
  return {
    // Explicit boxes are the scene: their count is the object count.
    count: v.boxes !== undefined ? v.boxes.length / 6 : v.count,
    seed: v.seed,
    layout: v.layout as Layout,
    structure: v.structure,
    maxObjects: v.maxObjects,
    maxLevels: v.maxLevels,
    speed: v.speed,
    running: !v.paused,
    showTree: v.tree,
    cellSize: v.cellSize,
    boxes: v.boxes,
    moved: v.moved,
    links: v.links,
    camera: v.camera === undefined ? undefined : { x: v.camera[0], y: v.camera[1], w: v.camera[2], h: v.camera[3] },
  };
}

/** The demo's settings as values to publish. */
export function boxValues(s: Settings): SomeSettings {
  return {
    count: s.count,
    seed: s.seed,
    structure: s.structure,
    layout: s.layout,
    maxObjects: s.maxObjects,
    maxLevels: s.maxLevels,
    boxes: s.boxes === undefined ? undefined : [...s.boxes],
    speed: s.speed,
    paused: !s.running,
    tree: s.showTree,
    cellSize: s.cellSize !== undefined && s.cellSize > 0 ? s.cellSize : undefined,
    moved: s.moved !== undefined && s.moved.length > 0 ? [...s.moved] : undefined,
    links: s.links === undefined ? undefined : [...s.links],
    camera: s.camera === undefined ? undefined : [s.camera.x, s.camera.y, s.camera.w, s.camera.h],
  };
}
