// The tile editor's own state and its actions: the tool and shape in hand,
// the preset name, the selected box. Everything else has one owner, the
// core: the tiles, edge states and doors live in the world's `TileGrid`,
// and the draggable boxes are the world's objects. The editor reads them
// back when it needs them and copies none. Every core call goes through
// `attempt` or `read`, so a refused edit shows a notice instead of breaking
// the mode. Nothing here draws.

import { TileGrid, type World } from '../../core/index';
import type { ShapeCatalogue } from './shapes';

export type Tool = 'paint' | 'erase' | 'door';
/** A cell side, as the core names it. */
export type Side = 'left' | 'right' | 'top' | 'bottom';

/** A box as the editor shows it: the world object, and what the core says about it on this map. */
export interface BoxView {
  readonly id: number;
  /** "A", "B", …: how the readout and the canvas label it (from the id, so stable). */
  readonly name: string;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  /** `touchedCells` for the box: `[col, row, …]`. */
  readonly cells: Uint32Array;
  /** `pushOut` for the box. */
  readonly pushX: number;
  readonly pushY: number;
}

/** Smallest box side, world units. */
export const MIN_BOX_SIDE = 2;

/** The starting boxes in tile units: under a cell, a few cells wide, tall. */
const START_BOXES: readonly [number, number, number, number][] = [
  [9.7, 5.8, 0.6, 0.42],
  [2.6, 20.55, 3.4, 0.85],
  [12.3, 2.4, 0.7, 2.9],
];

/** The label of box `id`: A for the first, B for the second, … */
export function boxName(id: number): string {
  return id >= 1 && id <= 26 ? String.fromCharCode(64 + id) : `#${id}`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class TileEditor {
  tool: Tool = 'paint';
  /** The shape the paint tool lays down. */
  shape: string;
  /** The preset the map came from, or `'custom'` for a map read from ASCII. */
  preset: string;
  /** The box the keyboard moves (an object id; 0 for none). */
  selected = 0;
  /** Bumps on every change anything on screen depends on. */
  version = 0;

  private boxCache: { version: number; revision: number; boxes: BoxView[] } | null = null;

  constructor(
    readonly world: World,
    readonly tiles: TileGrid,
    readonly catalogue: ShapeCatalogue,
    readonly presets: readonly string[],
    options: { preset: string; shape: string; map?: string; boxes?: readonly number[] },
    /** Shows a sentence to the user (a refused edit); called from the constructor on, so nothing is lost. */
    private readonly notify: (text: string) => void,
  ) {
    this.shape = options.shape;
    this.preset = options.preset;
    if (!this.loadPreset(options.preset)) this.loadPreset('empty');
    // An author's own map (ASCII), over the preset.
    if (options.map !== undefined) this.loadAscii(options.map);
    const ts = tiles.tileSize;
    // The author's boxes (x, y, w, h and two unused velocity numbers each),
    // else three boxes in whole world units, so the readout starts short.
    const boxes = options.boxes ?? START_BOXES.flatMap(([x, y, w, h]) => [x * ts, y * ts, w * ts, h * ts, 0, 0].map(Math.round));
    for (let i = 0; i + 5 < boxes.length; i += 6) {
      const [x, y, w, h] = boxes.slice(i, i + 4);
      this.attempt('add a box', () => world.insert(x, y, w, h));
    }
    this.selected = this.boxes()[0]?.id ?? 0;
    // Explicit boxes stay where the author put them; the default ones move out of rock.
    if (options.boxes === undefined) this.settleBoxes();
  }

  get mapWidth(): number {
    return this.tiles.cols * this.tiles.tileSize;
  }

  get mapHeight(): number {
    return this.tiles.rows * this.tiles.tileSize;
  }

  /**
   * The boxes, in id order, with their touched cells and push-out on the
   * current map: read from the core once per change, not per frame.
   */
  boxes(): BoxView[] {
    const revision = this.tiles.revision;
    const cache = this.boxCache;
    if (cache !== null && cache.version === this.version && cache.revision === revision) return cache.boxes;
    const ids = Array.from(this.world.order()).sort((a, b) => a - b);
    const boxes = ids.map((id) => {
      const [x, y, w, h] = this.world.box(id);
      const cells = this.read(`find box ${boxName(id)}'s touched cells`, () => this.tiles.touchedCells(x, y, w, h).slice()) ?? new Uint32Array(0);
      const [pushX, pushY] = this.read(`find box ${boxName(id)}'s push-out`, () => this.tiles.pushOut(x, y, w, h)) ?? [0, 0];
      return { id, name: boxName(id), x, y, w, h, cells, pushX, pushY };
    });
    this.boxCache = { version: this.version, revision, boxes };
    return boxes;
  }

  box(id: number): BoxView | undefined {
    return this.boxes().find((b) => b.id === id);
  }

  // --- map edits ---------------------------------------------------------

  /**
   * A map from ASCII (two characters per cell, then door lines; see the
   * core's `TileGrid.ascii`), keeping the tile size; the preset becomes
   * 'custom'.
   */
  loadAscii(map: string): boolean {
    const size = this.tiles.tileSize;
    if (!this.attempt('load the ASCII map', () => this.tiles.loadAscii(map, size))) return false;
    this.preset = 'custom';
    this.mapReplaced();
    return true;
  }

  loadPreset(name: string): boolean {
    if (!this.attempt(`load preset "${name}"`, () => this.tiles.loadPreset(name))) return false;
    this.preset = name;
    this.mapReplaced();
    return true;
  }

  /** Every tile empty (same grid size), doors gone. */
  clear(): boolean {
    const { cols, rows, tileSize } = this.tiles;
    if (!this.attempt('clear the map', () => this.tiles.reset(cols, rows, tileSize))) return false;
    this.changed();
    return true;
  }

  /** The shape name in a cell, or null outside the map. */
  shapeAt(col: number, row: number): string | null {
    const inside = Number.isInteger(col) && Number.isInteger(row) && col >= 0 && row >= 0 && col < this.tiles.cols && row < this.tiles.rows;
    return inside ? this.tiles.tile(col, row) : null;
  }

  /**
   * Sets one tile; false when refused (the notice says why) or when it
   * already had that shape, so a drag over painted cells costs nothing.
   */
  setTile(col: number, row: number, shape: string): boolean {
    if (this.shapeAt(col, row) === shape) return false;
    if (!this.attempt(`set tile (${col}, ${row}) to "${shape}"`, () => this.tiles.setTile(col, row, shape))) return false;
    this.changed();
    return true;
  }

  /** Paints with the tool in hand: the current shape, or empty when erasing. */
  paint(col: number, row: number, erase = this.tool === 'erase'): boolean {
    return this.setTile(col, row, erase ? 'empty' : this.shape);
  }

  /** The door on a cell side: 'open', 'closed' or 'none'. */
  doorAt(col: number, row: number, side: Side): string {
    return this.read(`read the door on (${col}, ${row}) ${side}`, () => this.tiles.door(col, row, side)) ?? 'none';
  }

  /** No door → closed → open → no door. Returns the new state, null if refused. */
  cycleDoor(col: number, row: number, side: Side): string | null {
    const now = this.doorAt(col, row, side);
    const next = now === 'none' ? 'closed' : now === 'closed' ? 'open' : 'none';
    if (!this.attempt(`set a door on (${col}, ${row}) ${side}`, () => this.tiles.setDoor(col, row, side, next))) return null;
    this.changed();
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

  /** Turns the shape in hand a quarter (clockwise by default), by the core's rule. */
  rotate(clockwise = true): void {
    this.shape = TileGrid.rotateShape(this.shape, clockwise);
    if (this.tool === 'erase') this.tool = 'paint';
    this.changed();
  }

  // --- boxes -------------------------------------------------------------

  select(id: number): void {
    if (id === this.selected || this.box(id) === undefined) return;
    this.selected = id;
    this.changed();
  }

  /** Moves box `id`'s corner to (x, y), kept on the map. */
  moveBox(id: number, x: number, y: number): void {
    const b = this.box(id);
    if (b !== undefined) this.placeBox(b, x, y, b.w, b.h);
  }

  /** Resizes box `id` from its top-left corner, kept on the map. */
  resizeBox(id: number, w: number, h: number): void {
    const b = this.box(id);
    if (b !== undefined) this.placeBox(b, b.x, b.y, w, h);
  }

  /**
   * Applies box `id`'s push-out: it lands where the ghost was drawn. Says
   * why when there is nothing to do, or when the core's push-out could not
   * get it clear (a tight spot: at most 8 rounds) or the map's edge stops it.
   */
  resolve(id: number): void {
    const b = this.box(id);
    if (b === undefined) return;
    if (b.pushX === 0 && b.pushY === 0) {
      this.notify(`Box ${b.name} is clear of the tiles: nothing to resolve.`);
      return;
    }
    this.placeBox(b, b.x + b.pushX, b.y + b.pushY, b.w, b.h);
    const after = this.box(id);
    if (after !== undefined && (after.pushX !== 0 || after.pushY !== 0)) {
      const moved = after.x !== b.x || after.y !== b.y;
      this.notify(
        moved
          ? `Box ${b.name} moved by the push-out but is still in the tiles: it is wedged where no single way out fits (or the map's edge stops it). Drag it clear.`
          : `Box ${b.name} could not move out: the map's edge is in the way. Drag it clear.`,
      );
    }
  }

  private placeBox(b: BoxView, x: number, y: number, w: number, h: number): void {
    const mw = this.mapWidth;
    const mh = this.mapHeight;
    if (![x, y, w, h].every(Number.isFinite)) {
      this.notify(`Box ${b.name} not moved: (${x}, ${y}, ${w}, ${h}) is not a finite box`);
      return;
    }
    const bw = Math.min(Math.max(w, MIN_BOX_SIDE), Math.max(mw, MIN_BOX_SIDE));
    const bh = Math.min(Math.max(h, MIN_BOX_SIDE), Math.max(mh, MIN_BOX_SIDE));
    const bx = Math.min(Math.max(x, 0), Math.max(0, mw - bw));
    const by = Math.min(Math.max(y, 0), Math.max(0, mh - bh));
    if (this.attempt(`move box ${b.name}`, () => this.world.update(b.id, bx, by, bw, bh))) this.changed();
  }

  // --- internals ---------------------------------------------------------

  /** A new map: the world's walls follow it, and boxes left in rock move to open space. */
  private mapReplaced(): void {
    this.attempt('fit the world to the map', () => this.world.resize(this.mapWidth, this.mapHeight));
    this.settleBoxes();
    this.changed();
  }

  /**
   * Every box stuck in the tiles (or off the map) moves to the nearest
   * open place, searched cell by cell in growing rings around it.
   */
  private settleBoxes(): void {
    const ts = this.tiles.tileSize;
    for (const b of this.boxes()) {
      const w = Math.min(b.w, this.mapWidth);
      const h = Math.min(b.h, this.mapHeight);
      const clear = (x: number, y: number) => {
        const [dx, dy] = this.tiles.pushOut(x, y, w, h);
        return dx === 0 && dy === 0 && x >= 0 && y >= 0 && x + w <= this.mapWidth && y + h <= this.mapHeight;
      };
      if (clear(b.x, b.y)) continue;
      const c0 = Math.floor(b.x / ts);
      const r0 = Math.floor(b.y / ts);
      const reach = Math.max(this.tiles.cols, this.tiles.rows);
      search: for (let ring = 0; ring <= reach; ring++) {
        for (let dr = -ring; dr <= ring; dr++) {
          for (let dc = -ring; dc <= ring; dc++) {
            if (Math.max(Math.abs(dr), Math.abs(dc)) !== ring) continue;
            // Centred on the cell, so a small box sits in the open, not on a line.
            const x = (c0 + dc + 0.5) * ts - w / 2;
            const y = (r0 + dr + 0.5) * ts - h / 2;
            if (clear(x, y)) {
              this.placeBox(b, x, y, w, h);
              break search;
            }
          }
        }
      }
    }
  }

  /**
   * Runs a core action; a thrown error (the core names the bad argument and
   * changes nothing) becomes a notice and `false`.
   */
  private attempt(what: string, call: () => unknown): boolean {
    return this.read(what, () => (call(), true)) ?? false;
  }

  /** Runs a core query; a thrown error becomes a notice and `undefined`. */
  private read<T>(what: string, call: () => T): T | undefined {
    try {
      return call();
    } catch (error) {
      this.notify(`Could not ${what}: ${errorText(error)}`);
      return undefined;
    }
  }

  private changed(): void {
    this.version += 1;
  }
}
