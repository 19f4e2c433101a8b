// The tile editor's state and actions: the wasm World holding the tile grid,
// the tool and shape in hand, the doors placed, and the draggable boxes with
// what the core says about each (touched cells, push-out). Every wasm call
// goes through `attempt` or `read`, so bad input shows a notice instead of
// breaking the mode. Nothing here draws.

import type { World } from '../../../pkg/broadphase.js';
import { rotateShape, type ShapeCatalogue, type Side } from './shapes';

export type Tool = 'paint' | 'erase' | 'door';
export type DoorState = 'open' | 'closed';

/** A cell side, seen from one of its two cells. */
export interface CellSide {
  col: number;
  row: number;
  side: Side;
}

export interface Door extends CellSide {
  state: DoorState;
  /** The edge's segment in world units. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface TileBox {
  /** "A", "B", …: how the readout and the canvas label it. */
  readonly name: string;
  x: number;
  y: number;
  w: number;
  h: number;
  /** `touchedCells` for the box on the current map: `[col, row, …]` (a copy). */
  cells: Uint32Array;
  /** `pushOut` for the box on the current map. */
  pushX: number;
  pushY: number;
}

/** Smallest box side, world units. */
export const MIN_BOX_SIDE = 2;

/** The starting boxes in tile units: under a cell, a few cells wide, tall. */
const START_BOXES: readonly [string, number, number, number, number][] = [
  ['A', 9.7, 5.8, 0.6, 0.42],
  ['B', 2.6, 20.55, 3.4, 0.85],
  ['C', 12.3, 2.4, 0.7, 2.9],
];

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The edge a cell side lies on, the same key from either cell. */
export function edgeKey(col: number, row: number, side: Side): string {
  switch (side) {
    case 'left':
      return `v:${col}:${row}`;
    case 'right':
      return `v:${col + 1}:${row}`;
    case 'top':
      return `h:${col}:${row}`;
    case 'bottom':
      return `h:${col}:${row + 1}`;
  }
}

export class TileEditor {
  readonly boxes: TileBox[];
  /** Index of the box the keyboard moves. */
  selected = 0;
  tool: Tool = 'paint';
  /** The shape the paint tool lays down. */
  shape: string;
  preset: string;
  readonly doors = new Map<string, Door>();
  /** Bumps when tiles, doors or the grid change. */
  mapVersion = 0;
  /** Bumps on every change anything on screen depends on. */
  version = 0;
  cols = 0;
  rows = 0;
  tileSize = 1;
  /** `tileIndices()` after the last edit (a copy). */
  tiles = new Uint8Array(0);
  /** `tileEdges()` after the last edit (a copy): `x0, y0, x1, y1, state` each. */
  edges = new Float64Array(0);

  private readonly changeListeners = new Set<() => void>();
  private readonly noticeListeners = new Set<(text: string) => void>();

  constructor(
    readonly world: World,
    readonly catalogue: ShapeCatalogue,
    readonly presets: readonly string[],
    options: { preset: string; shape: string },
  ) {
    this.shape = options.shape;
    this.preset = options.preset;
    this.boxes = START_BOXES.map(([name]) => ({ name, x: 0, y: 0, w: 1, h: 1, cells: new Uint32Array(0), pushX: 0, pushY: 0 }));
    if (!this.attempt(`load preset "${options.preset}"`, () => world.loadTilePreset(options.preset))) {
      this.preset = 'empty';
      this.attempt('load preset "empty"', () => world.loadTilePreset('empty'));
    }
    this.refreshMap();
    const ts = this.tileSize;
    // Whole world units, so the readout starts with short numbers.
    START_BOXES.forEach(([, x, y, w, h], i) => this.placeBox(i, Math.round(x * ts), Math.round(y * ts), Math.round(w * ts), Math.round(h * ts)));
  }

  /** Called after every change (the renderer and panels re-read). */
  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Called with a sentence the user should see (a refused edit). */
  onNotice(listener: (text: string) => void): () => void {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }

  get mapWidth(): number {
    return this.cols * this.tileSize;
  }

  get mapHeight(): number {
    return this.rows * this.tileSize;
  }

  /** The shape name of a cell from the cached indices (no wasm call). */
  shapeAt(col: number, row: number): string {
    const index = this.tiles[row * this.cols + col];
    return this.catalogue.shapes[index]?.name ?? 'empty';
  }

  /** A tile's solid outline in world units (`tileOutline`); undefined if refused. */
  outline(col: number, row: number, segments: number): Float64Array | undefined {
    return this.read(`outline tile (${col}, ${row})`, () => this.world.tileOutline(col, row, segments));
  }

  // --- map edits ---------------------------------------------------------

  /**
   * A map from ASCII (two characters per cell: `..` empty, `##` full, else a
   * family letter and a keypad digit; see the core's `tileAscii`). Keeps the
   * tile size; the preset becomes 'custom'.
   */
  loadAscii(map: string): boolean {
    const size = this.tileSize;
    if (!this.attempt('load the ASCII map', () => this.world.loadTileAscii(map, size))) return false;
    this.preset = 'custom';
    this.doors.clear();
    this.refreshMap();
    // The boxes were placed for the old map: keep them inside this one.
    this.boxes.forEach((b, i) => this.placeBox(i, b.x, b.y, b.w, b.h));
    return true;
  }

  loadPreset(name: string): boolean {
    if (!this.attempt(`load preset "${name}"`, () => this.world.loadTilePreset(name))) return false;
    this.preset = name;
    this.doors.clear();
    this.refreshMap();
    return true;
  }

  /** Every tile empty (same grid size), doors gone. */
  clear(): boolean {
    const { cols, rows, tileSize } = this;
    if (!this.attempt('clear the map', () => this.world.setTileGrid(cols, rows, tileSize))) return false;
    this.doors.clear();
    this.refreshMap();
    return true;
  }

  /**
   * Sets one tile; false when refused (the notice says why) or when it
   * already had that shape, so a drag over painted cells costs nothing.
   */
  setTile(col: number, row: number, shape: string): boolean {
    const inside = Number.isInteger(col) && Number.isInteger(row) && col >= 0 && row >= 0 && col < this.cols && row < this.rows;
    if (inside && this.shapeAt(col, row) === shape) return false;
    if (!this.attempt(`set tile (${col}, ${row}) to "${shape}"`, () => this.world.setTile(col, row, shape))) return false;
    this.refreshMap();
    return true;
  }

  /** Paints with the tool in hand: the current shape, or empty when erasing. */
  paint(col: number, row: number, erase = this.tool === 'erase'): boolean {
    return this.setTile(col, row, erase ? 'empty' : this.shape);
  }

  doorAt(col: number, row: number, side: Side): Door | undefined {
    return this.doors.get(edgeKey(col, row, side));
  }

  /** No door → closed → open → no door. Returns the new state, null if refused. */
  cycleDoor(col: number, row: number, side: Side): DoorState | 'none' | null {
    const key = edgeKey(col, row, side);
    const now = this.doors.get(key)?.state;
    const next: DoorState | 'none' = now === undefined ? 'closed' : now === 'closed' ? 'open' : 'none';
    if (!this.attempt(`set a door on (${col}, ${row}) ${side}`, () => this.world.setDoor(col, row, side, next))) return null;
    if (next === 'none') {
      this.doors.delete(key);
    } else {
      const ts = this.tileSize;
      const x = col * ts;
      const y = row * ts;
      const seg: Record<Side, [number, number, number, number]> = {
        left: [x, y, x, y + ts],
        right: [x + ts, y, x + ts, y + ts],
        top: [x, y, x + ts, y],
        bottom: [x, y + ts, x + ts, y + ts],
      };
      const [x0, y0, x1, y1] = seg[side];
      this.doors.set(key, { col, row, side, state: next, x0, y0, x1, y1 });
    }
    this.refreshMap();
    return next;
  }

  // --- tools -----------------------------------------------------------

  setTool(tool: Tool): void {
    if (tool === this.tool) return;
    this.tool = tool;
    this.changed();
  }

  /** Picks a shape to paint with (and the paint tool, unless it is `empty`). */
  setShape(name: string): void {
    if (this.catalogue.byName(name) === undefined) {
      this.notify(`Unknown tile shape "${name}"`);
      return;
    }
    if (name === 'empty') {
      this.setTool('erase');
      return;
    }
    this.shape = name;
    this.tool = 'paint';
    this.changed();
  }

  /** Turns the shape in hand a quarter (clockwise by default). */
  rotate(clockwise = true): void {
    this.shape = rotateShape(this.shape, clockwise);
    if (this.tool === 'erase') this.tool = 'paint';
    this.changed();
  }

  // --- boxes -------------------------------------------------------------

  select(i: number): void {
    if (i < 0 || i >= this.boxes.length || i === this.selected) return;
    this.selected = i;
    this.changed();
  }

  /** Moves box `i`'s corner to (x, y), kept on the map. */
  moveBox(i: number, x: number, y: number): void {
    const b = this.boxes[i];
    this.placeBox(i, x, y, b.w, b.h);
  }

  /** Resizes box `i` from its top-left corner, kept on the map. */
  resizeBox(i: number, w: number, h: number): void {
    const b = this.boxes[i];
    this.placeBox(i, b.x, b.y, w, h);
  }

  /** Applies box `i`'s push-out: it lands where the ghost was drawn. */
  resolve(i: number): void {
    const b = this.boxes[i];
    if (b.pushX === 0 && b.pushY === 0) return;
    this.placeBox(i, b.x + b.pushX, b.y + b.pushY, b.w, b.h);
  }

  private placeBox(i: number, x: number, y: number, w: number, h: number): void {
    const b = this.boxes[i];
    const mw = this.mapWidth;
    const mh = this.mapHeight;
    if (![x, y, w, h].every(Number.isFinite)) {
      this.notify(`Box ${b.name} not moved: (${x}, ${y}, ${w}, ${h}) is not a finite box`);
      return;
    }
    b.w = Math.min(Math.max(w, MIN_BOX_SIDE), Math.max(mw, MIN_BOX_SIDE));
    b.h = Math.min(Math.max(h, MIN_BOX_SIDE), Math.max(mh, MIN_BOX_SIDE));
    b.x = Math.min(Math.max(x, 0), Math.max(0, mw - b.w));
    b.y = Math.min(Math.max(y, 0), Math.max(0, mh - b.h));
    this.refreshBox(b);
    this.changed();
  }

  // --- internals ---------------------------------------------------------

  /** Re-reads the grid after an edit: indices, edges, every box's answers. */
  private refreshMap(): void {
    const w = this.world;
    this.cols = w.tileCols;
    this.rows = w.tileRows;
    this.tileSize = w.tileSize;
    // Views into wasm memory: copy before the next call can move it.
    this.tiles = w.tileIndices().slice();
    this.edges = w.tileEdges().slice();
    for (const b of this.boxes) this.refreshBox(b);
    this.mapVersion += 1;
    this.changed();
  }

  private refreshBox(b: TileBox): void {
    const cells = this.read(`find box ${b.name}'s touched cells`, () => this.world.touchedCells(b.x, b.y, b.w, b.h).slice());
    const push = this.read(`find box ${b.name}'s push-out`, () => this.world.pushOut(b.x, b.y, b.w, b.h));
    b.cells = cells ?? new Uint32Array(0);
    b.pushX = push?.[0] ?? 0;
    b.pushY = push?.[1] ?? 0;
  }

  /**
   * Runs a wasm action; a thrown error (the core names the bad argument and
   * changes nothing) becomes a notice and `false`.
   */
  private attempt(what: string, call: () => void): boolean {
    return this.read(what, () => (call(), true)) ?? false;
  }

  /** Runs a wasm query; a thrown error becomes a notice and `undefined`. */
  private read<T>(what: string, call: () => T): T | undefined {
    try {
      return call();
    } catch (error) {
      this.notify(`Could not ${what}: ${errorText(error)}`);
      return undefined;
    }
  }

  private notify(text: string): void {
    for (const listener of this.noticeListeners) listener(text);
  }

  private changed(): void {
    this.version += 1;
    for (const listener of this.changeListeners) listener();
  }
}
