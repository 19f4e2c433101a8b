// UI state: what the user has chosen (settings), where the camera is, and
// what the pointer is doing. The wasm world lives in scene.ts, not here.

import type { Rect } from '../runtime/geometry';
import { OBJECTS_MAX } from '../settings/limits';

/** Layouts `World.populate` accepts (the core does not list them yet). */
export const LAYOUTS = ['uniform', 'clustered', 'mixed'] as const;
export type Layout = (typeof LAYOUTS)[number];

export const COUNT_MIN = 1;
/** The slider's end: the whole range, on a log scale. */
export const COUNT_SLIDER_MAX = OBJECTS_MAX;
/** The Objects field's end: the settings' object limit. */
export const COUNT_MAX = OBJECTS_MAX;
export const SPEED_MAX = 4;

export interface Settings {
  count: number;
  seed: number;
  layout: Layout;
  structure: string;
  maxObjects: number;
  maxLevels: number;
  /** Multiplies simulated time; 0 freezes motion but keeps frames live. */
  speed: number;
  running: boolean;
  /** Draw the structure's lines (quadtree splits, grid cells). */
  showTree: boolean;
  /** Cell size of the grids; 0 = let the core choose from the boxes' sizes. */
  cellSize?: number;
  /**
   * Explicit boxes, six numbers each (x, y, w, h, vx, vy), replacing the
   * seeded scene: what a tutorial author writes to set up a situation.
   */
  boxes?: readonly number[];
  /** Boxes placed by hand over the scene: seven numbers each (id, x, y, w, h, vx, vy). */
  moved?: readonly number[];
  /** Every parent link (child, parent pairs), replacing the mode's starting family. */
  links?: readonly number[];
  /** The culling camera, when a link placed it. */
  camera?: Rect;
}

export type DragKind = 'box' | 'camera-move' | 'camera-resize' | 'pan';

export interface Interaction {
  /** Box under the pointer (0 = none); only mice and pens hover. */
  hoverId: number;
  /** Box being dragged (0 = none). */
  dragId: number;
  dragKind: DragKind | null;
  /** Box last pressed (0 = none); a click on empty space clears it. */
  selectedId: number;
  /** Shift or Alt held during the drag in progress (attach on drop). */
  attachHeld: boolean;
  /** Pointer position in world units during a drag. */
  pointerX: number;
  pointerY: number;
}

export interface DemoState {
  settings: Settings;
  /** The culling rectangle, in world units. */
  camera: Rect;
  interaction: Interaction;
}

export function createState(settings: Settings): DemoState {
  return {
    settings,
    camera: { x: 0, y: 0, w: 1, h: 1 },
    interaction: { hoverId: 0, dragId: 0, dragKind: null, selectedId: 0, attachHeld: false, pointerX: 0, pointerY: 0 },
  };
}

/** The camera's starting place: a window on the middle of the world. */
export function defaultCamera(side: number): Rect {
  return { x: side * 0.32, y: side * 0.3, w: side * 0.36, h: side * 0.28 };
}
