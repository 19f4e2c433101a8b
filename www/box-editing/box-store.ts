// The boxes a user draws, as world objects: add (up to a limit), move,
// resize by handles, delete, duplicate, and the snapshot undo keeps of
// them. One owner per mode (the tile editor, the rays mode) gives it the
// world, the map's size, how to ask the core for touched cells, and how a
// change is recorded for undo; the store keeps the labels and the rules.
// The objects themselves stay the core's: positions are read back from the
// World, never copied.

import type { World } from '../core/index';
import { BoxLabels } from './labels';
import { dragEdgesRect, duplicateCorner, fitRect, type ResizeEdges } from './rects';

/** A drawn box as the panels and layers see it. */
export interface DrawnBox {
  readonly id: number;
  /** "A", "B", … (or "#7"): how the readout and the canvas label it. */
  readonly name: string;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  /** `touchedCells` for the box: `[col, row, …]`. */
  readonly cells: Uint32Array;
}

/** A box in a snapshot: label, x, y, w, h. */
export type BoxEntry = readonly [string, number, number, number, number];

/** What the store needs from its mode. */
export interface BoxStoreHost {
  readonly world: World;
  /** The map's size, world units: boxes stay inside it. */
  mapSize(): [number, number];
  /** One cell's side, world units (how far a duplicate is offset). */
  cellSize(): number;
  /** `touchedCells` of a box (may throw; the store reports it). */
  touchedCells(x: number, y: number, w: number, h: number): Uint32Array;
  /** A change to the core that undo records; false when refused. */
  edit(what: string, call: () => unknown): boolean;
  /** A change to the core that undo does not record (restoring, settling); false when refused. */
  attempt(what: string, call: () => unknown): boolean;
  notify(text: string): void;
  /** Something on screen changed (a box, the selection). */
  changed(): void;
  /** A key that changes whenever touched cells may have (the map's revision). */
  cellsKey(): number;
  /** Called once for every new object (e.g. to leave it at rest). */
  prepare?(id: number): void;
}

export class BoxStore {
  /** The box the keyboard moves (an object id; 0 for none). */
  selected = 0;
  /** Whether the user added, moved, resized or deleted a box (then a link carries the boxes). */
  edited = false;
  /** Bumps on every change to the boxes or the selection. */
  version = 0;
  readonly labels: BoxLabels;
  private cache: { version: number; key: number; boxes: DrawnBox[] } | null = null;

  constructor(
    private readonly host: BoxStoreHost,
    /** Most boxes the store holds: said in the notice that refuses one more. */
    readonly limit: number,
    /** How boxes are named: letters (A, B, …), or `#` and their id where letters name something else. */
    names: 'letters' | 'ids' = 'letters',
  ) {
    this.labels = new BoxLabels(names);
  }

  /** The boxes, in id order, with their touched cells: read from the core once per change, not per frame. */
  boxes(): DrawnBox[] {
    const key = this.host.cellsKey();
    const c = this.cache;
    if (c !== null && c.version === this.version && c.key === key) return c.boxes;
    const boxes = this.labels.ids().map((id) => {
      const [x, y, w, h] = this.host.world.box(id);
      const name = this.labels.of(id);
      let cells: Uint32Array;
      try {
        cells = this.host.touchedCells(x, y, w, h).slice();
      } catch (error) {
        this.host.notify(`Could not find box ${name}'s touched cells: ${error instanceof Error ? error.message : String(error)}`);
        cells = new Uint32Array(0);
      }
      return { id, name, x, y, w, h, cells };
    });
    this.cache = { version: this.version, key, boxes };
    return boxes;
  }

  box(id: number): DrawnBox | undefined {
    return this.boxes().find((b) => b.id === id);
  }

  has(id: number): boolean {
    return this.labels.has(id);
  }

  /** Selects box `id`, or none with 0. */
  select(id: number): void {
    if (id === this.selected || (id !== 0 && !this.labels.has(id))) return;
    this.selected = id;
    this.changed();
  }

  /** Puts box `id` at (x, y) with size w × h, kept on the map. */
  setRect(id: number, x: number, y: number, w: number, h: number): void {
    const b = this.box(id);
    if (b === undefined) return;
    const [mw, mh] = this.host.mapSize();
    const fitted = fitRect(x, y, w, h, mw, mh);
    if (fitted === null) {
      this.host.notify(`Box ${b.name} not moved: (${x}, ${y}, ${w}, ${h}) is not a finite box`);
      return;
    }
    const [bx, by, bw, bh] = fitted;
    if (bx === b.x && by === b.y && bw === b.w && bh === b.h) return;
    if (this.host.edit(`move box ${b.name}`, () => this.host.world.update(id, bx, by, bw, bh))) this.touched();
  }

  /** Moves box `id`'s corner to (x, y), kept on the map. */
  move(id: number, x: number, y: number): void {
    const b = this.box(id);
    if (b !== undefined) this.setRect(id, x, y, b.w, b.h);
  }

  /** Resizes box `id` from its top-left corner. */
  resize(id: number, w: number, h: number): void {
    const b = this.box(id);
    if (b !== undefined) this.setRect(id, b.x, b.y, w, h);
  }

  /** Moves the edges `edges` names of box `id` to the pointer at (x, y) (never flipping). */
  dragEdges(id: number, edges: ResizeEdges, x: number, y: number): void {
    const b = this.box(id);
    if (b === undefined) return;
    const [mw, mh] = this.host.mapSize();
    this.setRect(id, ...dragEdgesRect(b, edges, x, y, mw, mh));
  }

  /** A new box (kept on the map), selected; its id, or 0 when refused (the notice says why, e.g. the limit). */
  add(x: number, y: number, w: number, h: number): number {
    if (this.labels.ids().length >= this.limit) {
      this.host.notify(`No box added: at most ${this.limit} boxes can be drawn here. Delete one first.`);
      return 0;
    }
    const [mw, mh] = this.host.mapSize();
    const fitted = fitRect(x, y, w, h, mw, mh);
    if (fitted === null) return 0;
    let id = 0;
    if (!this.host.edit('add a box', () => (id = this.insert(...fitted)))) return 0;
    this.selected = id;
    this.touched();
    return id;
  }

  /** Removes box `id`; the selection moves to a neighbour. */
  delete(id: number): boolean {
    const boxes = this.boxes();
    const at = boxes.findIndex((b) => b.id === id);
    if (at < 0) return false;
    if (!this.host.edit(`delete box ${boxes[at].name}`, () => this.host.world.remove(id))) return false;
    this.labels.forget(id);
    if (this.selected === id) this.selected = (boxes[at + 1] ?? boxes[at - 1])?.id ?? 0;
    this.touched();
    return true;
  }

  /** A copy of box `id` beside it, selected; its id or 0. */
  duplicate(id: number): number {
    const b = this.box(id);
    if (b === undefined) return 0;
    const [x, y] = duplicateCorner(b, this.host.cellSize());
    return this.add(x, y, b.w, b.h);
  }

  /** The boxes as undo keeps them, in id order. */
  snapshot(): BoxEntry[] {
    return this.boxes().map((b) => [b.name, b.x, b.y, b.w, b.h] as const);
  }

  /** The selected box's label ('' for none), for a snapshot. */
  get selectedLabel(): string {
    return this.selected === 0 ? '' : this.labels.of(this.selected);
  }

  /**
   * Puts the boxes back as `entries` had them, matched by label: moved
   * back, removed, or (a deleted one) inserted again under a new id with
   * its old label. Not recorded for undo (it is undo).
   */
  restore(entries: readonly BoxEntry[], selectedLabel: string, edited: boolean): void {
    const byLabel = new Map(this.boxes().map((b) => [b.name, b]));
    const wanted = new Set(entries.map(([label]) => label));
    for (const [label, b] of byLabel) {
      if (wanted.has(label)) continue;
      this.host.attempt(`remove box ${label}`, () => this.host.world.remove(b.id));
      this.labels.forget(b.id);
    }
    for (const [label, x, y, w, h] of entries) {
      const b = byLabel.get(label);
      if (b === undefined) this.insert(x, y, w, h, label);
      else if (b.x !== x || b.y !== y || b.w !== w || b.h !== h) this.host.attempt(`move box ${label}`, () => this.host.world.update(b.id, x, y, w, h));
    }
    this.edited = edited;
    // '' was none selected (the keyboard's tile cursor); a label gone picks the first box.
    this.selected = selectedLabel === '' ? 0 : this.labels.idOf(selectedLabel) || (this.labels.ids()[0] ?? 0);
    this.changed();
  }

  /** Inserts a box with the next label (or `label`), not recorded for undo; its id, 0 if refused. */
  insert(x: number, y: number, w: number, h: number, label?: string): number {
    let id = 0;
    if (!this.host.attempt('add a box', () => (id = this.host.world.insert(x, y, w, h)))) return 0;
    this.labels.name(id, label);
    this.host.prepare?.(id);
    this.changed();
    return id;
  }

  /** Box `id`'s label. */
  labelOf(id: number): string {
    return this.labels.of(id);
  }

  /** Something the user did changed the boxes. */
  private touched(): void {
    this.edited = true;
    this.changed();
  }

  changed(): void {
    this.version += 1;
    this.host.changed();
  }
}
