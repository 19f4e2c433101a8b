// The rays mode's model: a world whose rectangle is the N-like preset map,
// a few boxes that bounce off its tiles (the core's tile-aware step does
// the physics), the boxes the reader draws (at rest, hit by the ray like
// any object), the ray's and the sight line's draggable ends, and once per
// frame what the core says about them: the DDA walk (`tiles.traceSteps`:
// one walk gives the cells and the step-through), the first hit of tiles
// and boxes (`World.castRay`), and the enemy's line of sight with the
// first tile in its way (`tiles.lineOfSight`, `tiles.castRay`). The walk
// is stepped through up to the cell where the first hit is: the cells
// after it are not visited. Also what the pointer is over, the
// step-through's place (the runtime's stepper reads it through `steps`),
// the lesson, and undo. Every core call is caught: a failure empties that
// result and is reported, never thrown. No DOM.

import { viewLayout, World, type RayHit, type TileGrid } from '../../core/index';
import { BoxStore, type BoxEntry } from '../../box-editing/box-store';
import type { ResizeEdges } from '../../box-editing/rects';
import { snapToLine } from '../../runtime/geometry';
import { TICK_SECONDS } from '../../runtime/frame-loop';
import { History } from '../../runtime/history';
import { sceneHistory, type SceneHistory, type SceneHost, type SceneModel, type SceneWorld, type StepSource } from '../../runtime/scene';
import type { Viewport } from '../../runtime/viewport';
import { RAYS_DRAWN_BOXES_MAX } from '../../settings/limits';
import type { SettingValues, SomeSettings } from '../../settings/table';
import { RaysSteps } from './steps';
import { readSteps, visitedCells, type DdaStep, type Hit } from './trace';

export type { Hit } from './trace';

export const MAP_PRESET = 'n-level';
export type HandleName = 'start' | 'end' | 'enemy' | 'player';
/** The order Enter picks the handles in. */
export const HANDLES: readonly HandleName[] = ['start', 'end', 'enemy', 'player'];

/** Most boxes one can draw here (the settings' limit for a link's boxes too). */
export const DRAWN_BOX_LIMIT = RAYS_DRAWN_BOXES_MAX;

export interface Point {
  x: number;
  y: number;
}

/** The ray's segment in world units (live: the debug handle may mutate it). */
export interface Ray {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}


/** The enemy → player check: clear, or the first tile contact. */
export interface Sight {
  readonly clear: boolean;
  readonly block: Hit | null;
}

/**
 * What the reader set up, under the settings' names: the ray's ends, the
 * enemy and the player, whether the boxes are paused, the structure that
 * files the boxes (any gives the same hits).
 */
export interface RaysSetup {
  ray: Ray;
  enemy: Point;
  player: Point;
  paused: boolean;
  structure: string;
}

/** The interaction state shared by input, drawing and panels. */
export interface RaysUi {
  hover: HandleName | null;
  drag: HandleName | null;
  /** The handle the arrow keys move (Enter cycles it while the canvas has focus). */
  selected: HandleName | null;
  canvasFocused: boolean;
  /** The visit the step-through shows (0 is the first), or null when showing the whole trace. */
  stepIndex: number | null;
  /** The drawn box under the pointer or being dragged (0: none), and its resize handle there. */
  boxHover: number;
  boxHandle: ResizeEdges | null;
}

/** What undo and redo restore here: the four handles and the drawn boxes. */
interface RaysSnapshot {
  readonly handles: readonly Point[];
  readonly boxes: readonly BoxEntry[];
  readonly selected: string;
  readonly boxesEdited: boolean;
}

// Boxes as fractions of a tile (24 units in the preset): x, y, w, h, vx, vy
// (tiles per second). Placed in open floor; they bounce off the tiles.
const BOXES: readonly (readonly [number, number, number, number, number, number])[] = [
  [6.4, 11.6, 1.3, 1.2, 0.7, -0.45],
  [13.2, 2.4, 0.9, 1.6, -0.45, 0.55],
  [23.6, 14.2, 1.6, 1.1, -0.55, -0.35],
  [7.2, 17.3, 1.1, 1.1, 0, 0],
  [27.2, 8.1, 0.9, 0.9, 0.4, 0.5],
];

/**
 * The settings' ray, enemy and player, or where things start (in tiles,
 * chosen so the first view shows a hit on a curved tile).
 */
function setupFrom(settings: SettingValues, tile: number): RaysSetup {
  const [x0, y0, x1, y1] = settings.ray ?? [2.55 * tile, 5.3 * tile, 21.6 * tile, 12.7 * tile];
  const [ex, ey] = settings.enemy ?? [26.5 * tile, 5.5 * tile];
  const [px, py] = settings.player ?? [15.5 * tile, 6.5 * tile];
  return { ray: { x0, y0, x1, y1 }, enemy: { x: ex, y: ey }, player: { x: px, y: py }, paused: settings.paused, structure: settings.structure };
}

export class RaysModel implements SceneModel {
  /** Tiles and boxes: what the ray is traced and cast against. */
  readonly world: World;
  readonly tiles: TileGrid;
  readonly width: number;
  readonly height: number;
  readonly tileSize: number;
  readonly setup: RaysSetup;
  readonly ui: RaysUi = { hover: null, drag: null, selected: null, canvasFocused: false, stepIndex: null, boxHover: 0, boxHandle: null };
  /** The boxes the reader drew (at rest; the ray hits them like any object). */
  readonly drawn: BoxStore;
  readonly viewport: Viewport;
  /** Structure names the core accepts. */
  readonly structures: readonly string[] = World.structures();

  /** The DDA walk of the whole segment (`traceSteps`), one record per cell it passes through. */
  walk: DdaStep[] = [];
  /** How many cells of `walk` the ray visits: up to the cell of its first hit, or all of them without one. */
  visited = 0;
  /** The ray `walk` belongs to. */
  readonly traced: Ray = { x0: NaN, y0: NaN, x1: NaN, y1: NaN };
  hit: Hit | null = null;
  sight: Sight = { clear: true, block: null };
  /** Bumps whenever `walk` is recomputed or `visited` changes. */
  traceVersion = 0;
  /** The lesson on (www/settings/lessons.ts), or undefined. */
  readonly lesson: string | undefined;
  /** The runtime's stepper walks the visited cells. */
  readonly steps: StepSource;
  /** A step a link or an attribute asked for (1 is the first), until the walk is there to show it. */
  private wantedStep: number | null;

  /** Undo for handle drags and nudges and box edits (one step per drag). */
  readonly edits = new History<RaysSnapshot>();
  /** What the runtime's undo buttons and keys act on. */
  readonly history: SceneHistory = sceneHistory(this.edits, () => this.undo(), () => this.redo());
  /** Whether ray ends, handles and box edges snap to cell lines and corners (Alt while dragging flips it). */
  snap = false;
  /** The Box tool: a drag on empty space draws a box (Shift-drag does it with any tool). */
  boxTool = false;

  private destroyed = false;

  constructor(
    private readonly host: SceneHost,
    settings: SettingValues,
  ) {
    this.viewport = host.viewport;
    this.world = new World(1, 1);
    this.tiles = this.world.tiles;
    try {
      this.tiles.loadPreset(MAP_PRESET);
      this.tileSize = this.tiles.tileSize;
      this.width = this.tiles.cols * this.tileSize;
      this.height = this.tiles.rows * this.tileSize;
      // The world rectangle is the map, so the boxes stay inside it.
      this.world.resize(this.width, this.height);
      this.setup = setupFrom(settings, this.tileSize);
      this.applyStructure(this.setup.structure);
      const k = this.tileSize;
      for (const [x, y, w, h, vx, vy] of BOXES) {
        const id = this.world.insert(x * k, y * k, w * k, h * k);
        this.world.setVelocity(id, vx * k, vy * k);
        this.world.setTileResponse(id, 'bounce');
      }
      this.clampAll();
      this.drawn = this.drawnBoxes(settings.boxes);
      this.lesson = settings.lesson;
      // A lesson opens at its first step.
      this.wantedStep = settings.step ?? (settings.lesson !== undefined ? 1 : null);
      this.steps = new RaysSteps(this);
    } catch (error) {
      this.world.free();
      throw error;
    }
  }

  /** The store of drawn boxes (new ones stand still), with a link's boxes in it (x, y, w, h each; velocities ignored). */
  private drawnBoxes(listed: readonly number[] | undefined): BoxStore {
    const drawn = new BoxStore(
      {
        world: this.world,
        mapSize: () => [this.width, this.height],
        cellSize: () => this.tileSize,
        touchedCells: (x, y, w, h) => this.tiles.touchedCells(x, y, w, h),
        edit: (what, call) => this.edit(what, call),
        attempt: (what, call) => this.attempt(what, call),
        notify: (text) => this.host.notify(text),
        changed: () => this.host.changed(),
        cellsKey: () => this.tiles.revision,
        prepare: (id) => this.world.setVelocity(id, 0, 0),
      },
      DRAWN_BOX_LIMIT,
      // A and B are the ray's ends: boxes go by their ids, as the hit readout names them.
      'ids',
    );
    if (listed !== undefined) {
      for (let i = 0; i + 5 < listed.length && i < drawn.limit * 6; i += 6) {
        const [x, y, w, h] = listed.slice(i, i + 4);
        drawn.insert(x, y, w, h);
      }
      drawn.edited = true;
      drawn.selected = 0;
    }
    return drawn;
  }

  // --- the scene, as the runtime runs it -------------------------------------

  worldSize(): SceneWorld {
    return { width: this.width, height: this.height, snap: this.tileSize };
  }

  /** One frame before drawing: the boxes step (when playing), the trace, hit and sight refresh. */
  tick(_now: number, ticks: number): void {
    if (!this.setup.paused) this.advance(ticks);
    this.refresh();
    const wanted = this.wantedStep;
    if (wanted !== null) {
      this.wantedStep = null;
      if (wanted > this.visited) this.host.notify(`step ${wanted}: the ray visits ${this.visited} cells; showing the last.`);
      this.ui.stepIndex = this.visited === 0 ? null : Math.min(wanted, this.visited) - 1;
      this.host.changed();
    }
    const k = this.ui.stepIndex;
    const n = this.visited;
    if (k !== null && k >= n) {
      this.ui.stepIndex = n === 0 ? null : n - 1;
      this.host.changed();
    }
  }

  /** The scene as settings to publish (the drawn boxes only when the reader drew some or the link had some). */
  state(): SomeSettings {
    const { ray, enemy, player, paused, structure } = this.setup;
    const boxes = this.drawn.edited ? this.drawn.boxes() : [];
    const k = this.ui.stepIndex;
    return {
      ray: [ray.x0, ray.y0, ray.x1, ray.y1],
      enemy: [enemy.x, enemy.y],
      player: [player.x, player.y],
      structure,
      paused,
      lesson: this.lesson,
      step: k === null ? undefined : k + 1,
      // No drawn boxes is the default: nothing to write.
      boxes: boxes.length === 0 ? undefined : boxes.flatMap((b) => [b.x, b.y, b.w, b.h, 0, 0]),
    };
  }

  /** The address is written once a drag ends, not on every move. */
  busy(): boolean {
    return this.ui.drag !== null || this.edits.inGesture;
  }

  /** Frames drawn since start. */
  get frame(): number {
    return this.host.frame;
  }

  /** Frees the wasm world; the object is dead after. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.world.free();
  }

  // --- the handles -----------------------------------------------------------------

  get ray(): Ray {
    return this.setup.ray;
  }

  handle(name: HandleName): Point {
    const { ray, enemy, player } = this.setup;
    switch (name) {
      case 'start':
        return { x: ray.x0, y: ray.y0 };
      case 'end':
        return { x: ray.x1, y: ray.y1 };
      case 'enemy':
        return { ...enemy };
      case 'player':
        return { ...player };
    }
  }

  /** Puts a handle at (x, y), kept on the map (finite, inside the world rectangle). */
  setHandle(name: HandleName, x: number, y: number): void {
    const cx = clampTo(x, this.width);
    const cy = clampTo(y, this.height);
    const { ray, enemy, player } = this.setup;
    switch (name) {
      case 'start':
        ray.x0 = cx;
        ray.y0 = cy;
        break;
      case 'end':
        ray.x1 = cx;
        ray.y1 = cy;
        break;
      case 'enemy':
        enemy.x = cx;
        enemy.y = cy;
        break;
      case 'player':
        player.x = cx;
        player.y = cy;
        break;
    }
  }

  /**
   * The reader moves a handle to (x, y); with `snap`, to the nearest cell
   * line (or corner) within a quarter cell on each axis. One undo step
   * (or part of the gesture under way).
   */
  moveHandle(name: HandleName, x: number, y: number, snap = false): void {
    const ts = this.tileSize;
    const before = this.edits.inGesture ? null : this.snapshot();
    const [nx, ny] = snap ? [snapToLine(x, ts), snapToLine(y, ts)] : [x, y];
    const was = this.handle(name);
    if (was.x === nx && was.y === ny) return;
    this.setHandle(name, nx, ny);
    this.edits.changed(() => before as RaysSnapshot);
    this.host.changed();
  }

  /** Moves a handle by (dx, dy) world units (arrow keys); snapped, it lands on a line. */
  nudge(name: HandleName, dx: number, dy: number): void {
    const p = this.handle(name);
    this.moveHandle(name, p.x + dx, p.y + dy, this.snap);
  }

  /** The four handles, in `HANDLES` order. */
  handles(): readonly Point[] {
    return HANDLES.map((name) => ({ ...this.handle(name) }));
  }

  private clampAll(): void {
    for (const name of HANDLES) {
      const p = this.handle(name);
      this.setHandle(name, p.x, p.y);
    }
  }

  // --- tools, time, structure ------------------------------------------------

  setSnap(on: boolean): void {
    this.snap = on;
    this.host.syncPanels();
  }

  setBoxTool(on: boolean): void {
    this.boxTool = on;
    this.host.syncPanels();
  }

  setPaused(paused: boolean): void {
    this.setup.paused = paused;
    this.host.restartClock();
    this.host.changed();
    this.host.syncPanels();
  }

  setStructure(name: string): void {
    this.applyStructure(name);
    this.host.changed();
    this.host.syncPanels();
  }

  fitView(): void {
    this.host.fitView();
  }

  /** Shows a wasm error as a notice, each message once in a while. */
  report(what: string, error: unknown): void {
    this.host.report(what, error);
  }

  private applyStructure(name: string): void {
    try {
      this.world.setStructure(name);
      this.setup.structure = name;
    } catch (error) {
      this.report('setStructure', error);
    }
  }

  // --- the step-through ------------------------------------------------------

  /**
   * Shows visit `k` of the walk (clamped to the visited cells), or the
   * whole ray (null). Stepping begins with the boxes paused: the steps
   * are the walk and the hit of one moment.
   */
  showVisit(k: number | null): void {
    if (this.traceVersion === 0) {
      // Not traced yet (before the first frame): shown once the walk is there.
      this.wantedStep = k === null ? null : k + 1;
      return;
    }
    const n = this.visited;
    const next = k === null || n === 0 ? null : Math.min(n - 1, Math.max(0, k));
    if (next === this.ui.stepIndex) return;
    if (this.ui.stepIndex === null && next !== null && !this.setup.paused) this.setPaused(true);
    this.ui.stepIndex = next;
    this.host.changed();
  }

  // --- undo --------------------------------------------------------------------

  /** Everything undo restores: the handles and the drawn boxes. */
  snapshot(): RaysSnapshot {
    return { handles: this.handles(), boxes: this.drawn.snapshot(), selected: this.drawn.selectedLabel, boxesEdited: this.drawn.edited };
  }

  /** Opens a gesture (a drag, a key press): its changes undo as one step. */
  beginGesture(): void {
    this.edits.begin(this.snapshot());
  }

  endGesture(): void {
    this.edits.end();
  }

  /** Undoes the last step; not in the middle of a drag (the drag would record a step per move). */
  undo(): boolean {
    return !this.edits.inGesture && this.restore(this.edits.undo(this.snapshot()));
  }

  redo(): boolean {
    return !this.edits.inGesture && this.restore(this.edits.redo(this.snapshot()));
  }

  private restore(state: RaysSnapshot | null): boolean {
    if (state === null) return false;
    HANDLES.forEach((name, i) => this.setHandle(name, state.handles[i].x, state.handles[i].y));
    this.drawn.restore(state.boxes, state.selected, state.boxesEdited);
    this.host.changed();
    return true;
  }

  /**
   * A reader's change to the drawn boxes: runs it, and on success records
   * the state before it for undo (once per gesture).
   */
  private edit(what: string, call: () => unknown): boolean {
    const before = this.edits.inGesture ? null : this.snapshot();
    if (!this.attempt(what, call)) return false;
    this.edits.changed(() => before as RaysSnapshot);
    this.host.changed();
    return true;
  }

  /** Runs a core action; a thrown error becomes a notice and `false`. */
  private attempt(what: string, call: () => unknown): boolean {
    try {
      call();
      return true;
    } catch (error) {
      this.report(what, error);
      return false;
    }
  }

  // --- what the core says each frame ---------------------------------------------

  /** Moves the boxes by `ticks` fixed ticks: the core bounces them off the walls and the tiles. */
  private advance(ticks: number): void {
    try {
      for (let k = 0; k < ticks; k++) this.world.step(TICK_SECONDS);
    } catch (error) {
      this.report('step', error);
    }
  }

  /** Recomputes the walk when the ray moved, and the hit and the sight line always (boxes move). */
  private refresh(): void {
    const r = this.setup.ray;
    const t = this.traced;
    // Object.is: a NaN someone put in the ray is traced (and reported) once, not every frame.
    if (!Object.is(r.x0, t.x0) || !Object.is(r.y0, t.y0) || !Object.is(r.x1, t.x1) || !Object.is(r.y1, t.y1)) {
      Object.assign(t, r);
      this.traceVersion += 1;
      try {
        this.walk = readSteps(this.tiles.traceSteps(r.x0, r.y0, r.x1, r.y1), this.tileSize);
      } catch (error) {
        this.walk = [];
        this.report('traceSteps', error);
      }
    }
    try {
      this.hit = this.withShape(this.world.castRay(r.x0, r.y0, r.x1, r.y1));
    } catch (error) {
      this.hit = null;
      this.report('castRay', error);
    }
    const visited = visitedCells(this.walk, this.hit);
    if (visited !== this.visited) {
      this.visited = visited;
      this.traceVersion += 1;
    }
    const { enemy: e, player: p } = this.setup;
    try {
      const clear = this.tiles.lineOfSight(e.x, e.y, p.x, p.y);
      this.sight = { clear, block: clear ? null : this.withShape(this.tiles.castRay(e.x, e.y, p.x, p.y)) };
    } catch (error) {
      this.sight = { clear: false, block: null };
      this.report('lineOfSight', error);
    }
  }

  /** `[col, row, …]` of the cells the ray visits, in order, up to its first hit. */
  cells(): number[] {
    return this.walk.slice(0, this.visited).flatMap((s) => [s.col, s.row]);
  }

  /** What the ray hits, as the readout and the canvas name it: a tile by its cell, a box by its label. */
  hitName(hit: Hit): string {
    return hit.objectId === 0 ? `tile (${hit.col}, ${hit.row})` : `box ${this.drawn.has(hit.objectId) ? this.drawn.labelOf(hit.objectId) : `#${hit.objectId}`}`;
  }

  /** Live boxes as `{ id, x, y, w, h }` (read from the world's views). */
  boxes(): { id: number; x: number; y: number; w: number; h: number }[] {
    try {
      const B = viewLayout('slotBoxes', ['x', 'y', 'w', 'h']);
      const ids = this.world.slotIds();
      const b = this.world.slotBoxes();
      const out = [];
      for (let s = 0; s < ids.length; s++) {
        const at = B.stride * s;
        if (ids[s] !== 0) out.push({ id: ids[s], x: b[at + B.x], y: b[at + B.y], w: b[at + B.w], h: b[at + B.h] });
      }
      return out;
    } catch (error) {
      this.report('slotBoxes', error);
      return [];
    }
  }

  private withShape(raw: RayHit | undefined): Hit | null {
    if (raw === undefined) return null;
    const shape = raw.objectId === 0 && raw.col >= 0 && raw.row >= 0 ? this.tiles.tile(raw.col, raw.row) : null;
    return { ...raw, shape };
  }
}

function clampTo(v: number, hi: number): number {
  return Number.isFinite(v) ? Math.min(hi, Math.max(0, v)) : 0;
}
