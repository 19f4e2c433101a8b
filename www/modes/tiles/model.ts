// The tile editor's model: the tool and shape in hand, the preset name,
// the selected box, what the pointer is over, undo, and the settings a
// link keeps. Everything else has one owner, the core: the tiles, edge
// states and doors live in the world's `TileGrid`, and the draggable boxes
// are the world's objects. The model reads them back when it needs them
// and copies none. Every core call goes through `attempt` or `read`, so a
// refused edit shows a notice instead of breaking the mode. No DOM.

import { TILE_EDITOR_BOXES_MAX } from '../../settings/limits';
import type { SettingValues, SomeSettings } from '../../settings/table';
import { TileGrid, World } from '../../core/index';
import { History } from '../../runtime/history';
import { sceneHistory, type SceneHistory, type SceneHost, type SceneModel, type SceneWorld } from '../../runtime/scene';
import { BoxStore, type BoxEntry, type DrawnBox } from '../../box-editing/box-store';
import type { ResizeEdges } from '../../box-editing/rects';
import { buildCatalogue, type ShapeCatalogue, type Side } from './shapes';
import { TilesSteps } from './steps';

export { MIN_BOX_SIDE, type ResizeEdges } from '../../box-editing/rects';
export { labelFor } from '../../box-editing/labels';
export type { Side } from './shapes';

export type Tool = 'paint' | 'erase' | 'door' | 'box' | 'edge';

/** What the pointer is over or doing; input.ts writes it, the layers and the hover line read it. */
export interface Hover {
  /** The cell under a mouse or pen, when painting or placing doors. */
  cell: [number, number] | null;
  /** With the door tool: the side of `cell` nearest the pointer. */
  side: Side | null;
  /** Box under the pointer or being dragged (0: none). */
  box: number;
  /** The resize handle of that box under the pointer (or being dragged), null for none. */
  handle: ResizeEdges | null;
  /** Whether the canvas has keyboard focus. */
  focused: boolean;
  /** The keyboard's tile cursor (arrows move it while no box is selected), or null before the first key. */
  cursor: [number, number] | null;
}

/** A box as the editor shows it: the world object, and what the core says about it on this map. */
export interface BoxView extends DrawnBox {
  /** `pushOut` for the box. */
  readonly pushX: number;
  readonly pushY: number;
}

/** Most boxes the editor holds (the settings' limit for a link's boxes too). */
export const MAX_EDITOR_BOXES = TILE_EDITOR_BOXES_MAX;

/** Everything the user can change here, for undo and redo. */
export interface EditorSnapshot {
  readonly ascii: string;
  readonly preset: string;
  readonly mapEdited: boolean;
  readonly boxesEdited: boolean;
  /** Label, x, y, w, h per box, in id order. */
  readonly boxes: readonly BoxEntry[];
  readonly selected: string;
}

/** The starting boxes in tile units: under a cell, a few cells wide, tall. */
const START_BOXES: readonly [number, number, number, number][] = [
  [9.7, 5.8, 0.6, 0.42],
  [2.6, 20.55, 3.4, 0.85],
  [12.3, 2.4, 0.7, 2.9],
];

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class TilesModel implements SceneModel {
  /** The scene: a world whose rectangle is the map, its objects the editor's boxes. */
  readonly world: World;
  readonly tiles: TileGrid;
  /** The palette's shapes, from the core. */
  readonly catalogue: ShapeCatalogue = buildCatalogue();
  readonly presets: readonly string[] = TileGrid.presets();
  readonly hover: Hover = { cell: null, side: null, box: 0, handle: null, focused: false, cursor: null };
  tool: Tool = 'paint';
  /** Whether one finger on the open map uses the tool (else it scrolls the page). */
  touchEdit = false;
  /** Whether box edges snap to cell lines (Alt while dragging flips it) and arrows move by whole cells. */
  snap = false;
  /** The shape the paint tool lays down. */
  shape: string;
  /** The preset the map came from, or `'custom'` for a map read from ASCII. */
  preset: string;
  /** Bumps on every change anything on screen depends on. */
  version = 0;
  /** Whether the map differs from the preset it was loaded from (then a link carries it). */
  mapEdited = false;
  /** Undo for map edits and box edits (one step per gesture). */
  readonly edits = new History<EditorSnapshot>();
  /** What the runtime's undo buttons and keys act on. */
  readonly history: SceneHistory = sceneHistory(this.edits, () => this.undo(), () => this.redo());
  /** The draggable boxes (the world's objects), their labels and the rules for editing them. */
  readonly store: BoxStore;
  private boxCache: { version: number; revision: number; boxes: BoxView[] } | null = null;
  /** The cell side the stepper explains (the Edge tool or the `edge` setting), or null. */
  edge: [col: number, row: number, side: string] | null = null;
  /** The lesson on, by name. */
  readonly lesson: string | undefined;
  /** The step a link asked for (1 is the first), until the stepper shows it. */
  readonly wantedStep: number | null;
  /** The stepper's steps: the side's state, then the selected box's push-out. */
  readonly steps: TilesSteps;
  /** What the panels and the address last followed (see `tick`). */
  private synced = '';
  private written = '';

  /** Builds the scene from the settings: the preset (or an author's map), the shape in hand, the boxes. */
  constructor(
    private readonly host: SceneHost,
    settings: SettingValues,
  ) {
    const world = new World(1, 1);
    const tiles = world.tiles;
    this.world = world;
    this.tiles = tiles;
    this.store = new BoxStore(
      {
        world,
        mapSize: () => [this.mapWidth, this.mapHeight],
        cellSize: () => tiles.tileSize,
        touchedCells: (x, y, w, h) => tiles.touchedCells(x, y, w, h),
        edit: (what, call) => this.edit(what, call),
        attempt: (what, call) => this.attempt(what, call),
        notify: (text) => this.notify(text),
        changed: () => this.changed(),
        cellsKey: () => tiles.revision,
      },
      MAX_EDITOR_BOXES,
    );
    this.shape = settings.shape;
    this.preset = settings.preset;
    try {
      this.load({ preset: settings.preset, map: settings.tiles, boxes: settings.boxes });
    } catch (error) {
      world.free();
      throw error;
    }
    this.edge = settings.edge ?? null;
    if (settings.selected !== undefined) this.selectByPlace(settings.selected);
    this.lesson = settings.lesson;
    // A lesson opens at its first step.
    this.wantedStep = settings.step ?? (settings.lesson !== undefined ? 1 : null);
    this.steps = new TilesSteps(this);
  }

  /** Selects the box at `place` in the list (1 is box A); false when there is none. */
  private selectByPlace(place: number): boolean {
    const b = this.boxes()[place - 1];
    if (b === undefined) {
      this.notify(`selected: there is no box ${place} on this map; the first box stays selected.`);
      return false;
    }
    this.selected = b.id;
    return true;
  }

  /** The cell side the stepper explains (null: none). */
  setEdge(edge: [number, number, string] | null): void {
    this.edge = edge;
    this.changed();
  }

  /** The stepper moved: the address follows. */
  stepShown(): void {
    this.changed();
  }

  /** Takes the explained side and the selection as a link or setState gives them, without a rebuild. */
  adopt(values: SomeSettings): boolean {
    for (const key of Object.keys(values)) if (key !== 'edge' && key !== 'selected') return false;
    if ('edge' in values) this.setEdge(values.edge ?? null);
    if ('selected' in values && values.selected !== undefined && !this.selectByPlace(values.selected)) return false;
    this.changed();
    return true;
  }

  /** Shows a sentence to the reader. */
  notifyText(text: string): void {
    this.notify(text);
  }

  /** The preset, then an author's map over it, then the author's boxes or the starting ones; undo starts after. */
  private load(options: { preset: string; map?: string; boxes?: readonly number[] }): void {
    const tiles = this.tiles;
    if (!this.loadPreset(options.preset)) this.loadPreset('empty');
    // An author's own map (ASCII), over the preset.
    if (options.map !== undefined) this.loadAscii(options.map);
    const ts = tiles.tileSize;
    // The author's boxes (x, y, w, h, vx, vy each: a box given a velocity
    // bounces off the tiles, and the stepper walks its next step), else
    // three boxes in whole world units, so the readout starts short.
    // On a map smaller than the preset they were placed for (an author's
    // own), each is kept inside the map, a cell from its edge.
    const [cols, rows] = [tiles.cols, tiles.rows];
    const inside = (v: number, size: number, cells: number) => Math.max(Math.min(1, cells - size), Math.min(v, cells - 1 - size));
    const boxes = options.boxes ?? START_BOXES.flatMap(([x, y, w, h]) => [inside(x, w, cols) * ts, inside(y, h, rows) * ts, w * ts, h * ts, 0, 0].map(Math.round));
    // Held to the same limit as the Box tool, whoever built the options.
    const given = Math.floor(boxes.length / 6);
    if (given > MAX_EDITOR_BOXES) this.notify(`Only the first ${MAX_EDITOR_BOXES} of ${given} boxes placed: the editor holds at most ${MAX_EDITOR_BOXES}.`);
    for (let i = 0; i + 5 < boxes.length && i < MAX_EDITOR_BOXES * 6; i += 6) {
      const [x, y, w, h, vx, vy] = boxes.slice(i, i + 6);
      const id = this.store.insert(x, y, w, h);
      if (id !== 0 && (vx !== 0 || vy !== 0))
        this.attempt(`give box ${this.labelOf(id)} a velocity`, () => {
          this.world.setVelocity(id, vx, vy);
          this.world.setTileResponse(id, 'bounce');
        });
    }
    this.selected = this.boxes()[0]?.id ?? 0;
    // Explicit boxes stay where the author put them; the default ones move out of rock.
    if (options.boxes === undefined) this.settleBoxes();
    // What the page opened with is where undo stops; an author's map or boxes count as edits, so links keep them.
    this.mapEdited = options.map !== undefined;
    this.boxesEdited = options.boxes !== undefined;
    this.edits.clear();
  }

  // --- the scene, as the runtime runs it -------------------------------------

  worldSize(): SceneWorld {
    return { width: this.mapWidth, height: this.mapHeight, snap: this.tiles.tileSize };
  }

  /** The settings in force: the preset or the map itself, the shape, hand-placed boxes. */
  state(): SomeSettings {
    return {
      // 'custom' (a map from text) is no preset name: the map itself goes along.
      preset: this.preset === 'custom' ? undefined : this.preset,
      shape: this.shape,
      // An edited map and hand-placed boxes go along, so a link (or an embed's state) keeps them.
      tiles: this.preset === 'custom' || this.mapEdited ? this.tiles.ascii() : undefined,
      boxes: this.boxesEdited ? this.boxes().flatMap((b) => [b.x, b.y, b.w, b.h, ...this.world.velocity(b.id)]) : undefined,
      lesson: this.lesson,
      edge: this.edge ?? undefined,
      // The first box is selected by default: a link names another one only.
      selected: this.selectedPlace > 1 ? this.selectedPlace : undefined,
      step: this.steps.at === null ? undefined : this.steps.at + 1,
    };
  }

  /** The selected box's place in the list (1 is box A; 0: none). */
  get selectedPlace(): number {
    return this.boxes().findIndex((b) => b.id === this.selected) + 1;
  }

  /** Once a frame: the panels and the address follow the editor and the map, once per change. */
  tick(): void {
    this.steps.frame();
    const version = `${this.version}:${this.tiles.revision}:${this.edits.version}`;
    if (version === this.synced) return;
    this.synced = version;
    this.host.syncPanels();
    const scene = JSON.stringify(this.state());
    if (scene !== this.written) {
      this.written = scene;
      this.host.changed();
    }
  }

  /** A gesture (a stroke, a drag) is under way: the address is written after it. */
  busy(): boolean {
    return this.edits.inGesture;
  }

  destroy(): void {
    this.world.free();
  }

  get mapWidth(): number {
    return this.tiles.cols * this.tiles.tileSize;
  }

  get mapHeight(): number {
    return this.tiles.rows * this.tiles.tileSize;
  }

  /** The box the keyboard moves (an object id; 0 for none). */
  get selected(): number {
    return this.store.selected;
  }

  set selected(id: number) {
    this.store.selected = id;
  }

  /** Whether the user added, moved, resized or deleted a box (then a link carries the boxes). */
  get boxesEdited(): boolean {
    return this.store.edited;
  }

  set boxesEdited(edited: boolean) {
    this.store.edited = edited;
  }

  /**
   * The boxes, in id order, with their touched cells (the store's) and
   * push-out on the current map: read from the core once per change, not
   * per frame.
   */
  boxes(): BoxView[] {
    const revision = this.tiles.revision;
    const cache = this.boxCache;
    if (cache !== null && cache.version === this.store.version && cache.revision === revision) return cache.boxes;
    const boxes = this.store.boxes().map((b) => {
      const [pushX, pushY] = this.read(`find box ${b.name}'s push-out`, () => this.tiles.pushOut(b.x, b.y, b.w, b.h)) ?? [0, 0];
      return { ...b, pushX, pushY };
    });
    this.boxCache = { version: this.store.version, revision, boxes };
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
    return this.gesture(() => {
      if (!this.edit('load the ASCII map', () => this.tiles.loadAscii(map, size))) return false;
      this.preset = 'custom';
      this.mapEdited = true;
      this.mapReplaced();
      return true;
    });
  }

  loadPreset(name: string): boolean {
    return this.gesture(() => {
      if (!this.edit(`load preset "${name}"`, () => this.tiles.loadPreset(name))) return false;
      this.preset = name;
      this.mapEdited = false;
      this.mapReplaced();
      return true;
    });
  }

  /** Every tile empty (same grid size), doors gone. */
  clear(): boolean {
    const { cols, rows, tileSize } = this.tiles;
    if (!this.edit('clear the map', () => this.tiles.reset(cols, rows, tileSize))) return false;
    this.mapEdited = true;
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
    if (!this.edit(`set tile (${col}, ${row}) to "${shape}"`, () => this.tiles.setTile(col, row, shape))) return false;
    this.mapEdited = true;
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
    if (!this.edit(`set a door on (${col}, ${row}) ${side}`, () => this.tiles.setDoor(col, row, side, next))) return null;
    this.mapEdited = true;
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

  setSnap(on: boolean): void {
    if (on === this.snap) return;
    this.snap = on;
    this.changed();
  }

  /** What the hover line says about cell (col, row): its tile and its four edge states. */
  describeCell(col: number, row: number): string | null {
    const shape = this.shapeAt(col, row);
    if (shape === null) return null;
    const sides: Side[] = ['left', 'top', 'right', 'bottom'];
    const edges = sides.map((side) => `${side} ${this.read(`read edge (${col}, ${row}) ${side}`, () => this.tiles.edge(col, row, side)) ?? '?'}`);
    return `(${col},${row}) ${shape} · ${edges.join(' · ')}`;
  }

  setTouchEdit(on: boolean): void {
    if (on === this.touchEdit) return;
    this.touchEdit = on;
    this.changed();
  }

  // --- boxes -------------------------------------------------------------

  select(id: number): void {
    this.store.select(id);
  }

  /** Moves box `id`'s corner to (x, y), kept on the map. */
  moveBox(id: number, x: number, y: number): void {
    this.store.move(id, x, y);
  }

  /** Puts box `id` at (x, y) with size w × h, kept on the map. */
  setBoxRect(id: number, x: number, y: number, w: number, h: number): void {
    this.store.setRect(id, x, y, w, h);
  }

  /** Resizes box `id` from its top-left corner, kept on the map. */
  resizeBox(id: number, w: number, h: number): void {
    this.store.resize(id, w, h);
  }

  /** Moves the edges `edges` names of box `id` to the pointer at (x, y) (never flipping). */
  dragEdges(id: number, edges: ResizeEdges, x: number, y: number): void {
    this.store.dragEdges(id, edges, x, y);
  }

  /** A new box (kept on the map), selected; its id, or 0 when refused (the notice says why, e.g. the limit). */
  addBox(x: number, y: number, w: number, h: number): number {
    return this.store.add(x, y, w, h);
  }

  /** Removes box `id` (the selection moves to a neighbour). */
  deleteBox(id: number): boolean {
    return this.store.delete(id);
  }

  /** A copy of box `id` beside it, selected. */
  duplicateBox(id: number): number {
    return this.store.duplicate(id);
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
    this.store.setRect(b.id, x, y, w, h);
  }

  // --- undo --------------------------------------------------------------

  /** Opens a gesture (a stroke, a drag): its changes undo as one step. */
  beginGesture(): void {
    this.edits.begin(this.snapshot());
  }

  endGesture(): void {
    this.edits.end();
    this.changed();
  }

  /** Undoes the last step; not in the middle of a drag (the drag would record a step per move). */
  undo(): boolean {
    if (this.edits.inGesture) return false;
    const state = this.edits.undo(this.snapshot());
    if (state === null) return false;
    this.restore(state);
    return true;
  }

  redo(): boolean {
    if (this.edits.inGesture) return false;
    const state = this.edits.redo(this.snapshot());
    if (state === null) return false;
    this.restore(state);
    return true;
  }

  snapshot(): EditorSnapshot {
    return {
      ascii: this.tiles.ascii(),
      preset: this.preset,
      mapEdited: this.mapEdited,
      boxesEdited: this.boxesEdited,
      boxes: this.store.snapshot(),
      selected: this.store.selectedLabel,
    };
  }

  /**
   * Puts the map and the boxes back as `state` had them. The map is
   * reloaded only when it differs, and the core's change journal then
   * notes only the cells that differ, so the map layer repaints just
   * those. Boxes are matched by label: moved back, removed, or (a deleted
   * one) inserted again under a new id with its old label.
   */
  private restore(state: EditorSnapshot): void {
    if (state.ascii !== this.tiles.ascii()) {
      const size = this.tiles.tileSize;
      this.attempt('restore the map', () => this.tiles.loadAscii(state.ascii, size));
      this.attempt('fit the world to the map', () => this.world.resize(this.mapWidth, this.mapHeight));
    }
    this.preset = state.preset;
    this.mapEdited = state.mapEdited;
    this.store.restore(state.boxes, state.selected, state.boxesEdited);
  }

  /** Box `id`'s label. */
  labelOf(id: number): string {
    return this.store.labelOf(id);
  }

  /**
   * A user's change to the core: runs it, and on success records the state
   * before it for undo (once per gesture) and marks the editor changed.
   */
  private edit(what: string, call: () => unknown): boolean {
    const before = this.edits.inGesture ? null : this.snapshot();
    if (!this.attempt(what, call)) return false;
    this.edits.changed(() => before as EditorSnapshot);
    this.changed();
    return true;
  }

  /** Runs `body` as one undo step unless a gesture is already open. */
  private gesture<T>(body: () => T): T {
    if (this.edits.inGesture) return body();
    this.beginGesture();
    try {
      return body();
    } finally {
      this.endGesture();
    }
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

  /** Shows a sentence to the reader (a refused edit). */
  private notify(text: string): void {
    this.host.notify(text);
  }
}
