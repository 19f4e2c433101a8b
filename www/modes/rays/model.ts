// What the rays mode shows, as data: the N-like map and a few boxes in a
// wasm World, the ray's and the sight line's draggable ends, and once per
// frame the trace (`traceCells`, `traceSteps`), the first hit (`castRay`)
// and the enemy's line of sight (`lineOfSight`). Every wasm call is caught:
// a failure empties that result and is reported, never thrown.

import { World, type RayHit } from '../../../pkg/broadphase.js';
import { readSteps, type DdaStep } from './trace';

export const MAP_PRESET = 'n-level';
/** The structure that files the boxes; any gives the same hits. */
export const DEFAULT_STRUCTURE = 'loose-grid';

export type HandleName = 'start' | 'end' | 'enemy' | 'player';
/** Tab order of the handles. */
export const HANDLES: readonly HandleName[] = ['start', 'end', 'enemy', 'player'];

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

/** A `castRay` result copied out of wasm, plus the tile's shape name. */
export interface Hit {
  readonly t: number;
  readonly x: number;
  readonly y: number;
  readonly normalX: number;
  readonly normalY: number;
  /** 0 for a tile. */
  readonly objectId: number;
  /** The tile's cell; -1 for an object. */
  readonly col: number;
  readonly row: number;
  /** The tile's shape (`full`, `convex-tl`, …); null for an object. */
  readonly shape: string | null;
}

/** The enemy → player check: clear, or the first tile contact. */
export interface Sight {
  readonly clear: boolean;
  readonly block: Hit | null;
}

export interface RaysState {
  ray: Ray;
  enemy: Point;
  player: Point;
  running: boolean;
  structure: string;
}

// Boxes as fractions of a tile (24 units in the preset): x, y, w, h, vx, vy
// (tiles per second). Placed in open floor; the slow ones bounce off tiles.
const BOXES: readonly (readonly [number, number, number, number, number, number])[] = [
  [6.4, 11.6, 1.3, 1.2, 0.7, -0.45],
  [13.2, 2.4, 0.9, 1.6, -0.45, 0.55],
  [23.6, 14.2, 1.6, 1.1, -0.55, -0.35],
  [7.2, 17.3, 1.1, 1.1, 0, 0],
  [27.2, 8.1, 0.9, 0.9, 0.4, 0.5],
];

/** Where things start (in tiles), chosen so the first view shows a hit on a curved tile. */
export function defaultState(tile: number): RaysState {
  return {
    ray: { x0: 2.55 * tile, y0: 5.3 * tile, x1: 21.6 * tile, y1: 12.7 * tile },
    enemy: { x: 26.5 * tile, y: 5.5 * tile },
    player: { x: 15.5 * tile, y: 6.5 * tile },
    running: true,
    structure: DEFAULT_STRUCTURE,
  };
}

function readHit(world: World, raw: RayHit | undefined): Hit | null {
  if (raw === undefined) return null;
  try {
    const { t, x, y, normalX, normalY, objectId, col, row } = raw;
    const shape = objectId === 0 && col >= 0 && row >= 0 ? world.tile(col, row) : null;
    return { t, x, y, normalX, normalY, objectId, col, row, shape };
  } finally {
    raw.free();
  }
}

export class RaysModel {
  /** Tiles and boxes: what the ray is traced and cast against. */
  readonly world: World;
  /**
   * The same map without boxes, for the sight line's blocking point:
   * `lineOfSight` tests tiles only, so its `castRay` must too.
   */
  readonly sightWorld: World;
  readonly width: number;
  readonly height: number;
  readonly tileSize: number;
  readonly cols: number;
  readonly rows: number;
  readonly state: RaysState;
  readonly boxIds: number[] = [];

  /** `traceCells` for the ray, `[col, row, …]` (a copy). */
  cells = new Uint32Array(0);
  /** `traceSteps` for the ray, one record per cell. */
  steps: DdaStep[] = [];
  /** The ray `cells` and `steps` belong to. */
  readonly traced: Ray = { x0: NaN, y0: NaN, x1: NaN, y1: NaN };
  hit: Hit | null = null;
  sight: Sight = { clear: true, block: null };
  /** Bumps whenever `cells` / `steps` are recomputed. */
  traceVersion = 0;

  private readonly onError: (what: string, error: unknown) => void;

  constructor(state: RaysState | ((tile: number) => RaysState), onError: (what: string, error: unknown) => void) {
    this.onError = onError;
    // The preset fixes the map's size; the world rectangle is the map, so
    // the boxes bounce inside it.
    const probe = new World(1, 1);
    try {
      probe.loadTilePreset(MAP_PRESET);
      this.tileSize = probe.tileSize;
      this.cols = probe.tileCols;
      this.rows = probe.tileRows;
    } finally {
      probe.free();
    }
    this.width = this.cols * this.tileSize;
    this.height = this.rows * this.tileSize;
    this.world = new World(this.width, this.height);
    this.sightWorld = new World(this.width, this.height);
    try {
      this.world.loadTilePreset(MAP_PRESET);
      this.sightWorld.loadTilePreset(MAP_PRESET);
    } catch (error) {
      this.destroy();
      throw error;
    }
    this.state = typeof state === 'function' ? state(this.tileSize) : state;
    this.setStructure(this.state.structure);
    const k = this.tileSize;
    for (const [x, y, w, h, vx, vy] of BOXES) {
      const id = this.world.insert(x * k, y * k, w * k, h * k);
      this.world.setVelocity(id, vx * k, vy * k);
      this.boxIds.push(id);
    }
    this.clampAll();
  }

  destroy(): void {
    this.world.free();
    this.sightWorld.free();
  }

  get ray(): Ray {
    return this.state.ray;
  }

  setStructure(name: string): void {
    try {
      this.world.setStructure(name);
      this.state.structure = name;
    } catch (error) {
      this.onError('setStructure', error);
    }
  }

  handle(name: HandleName): Point {
    const { ray, enemy, player } = this.state;
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

  /** Moves a handle, kept on the map (finite, inside the world rectangle). */
  setHandle(name: HandleName, x: number, y: number): void {
    const cx = clampTo(x, this.width);
    const cy = clampTo(y, this.height);
    const { ray, enemy, player } = this.state;
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

  private clampAll(): void {
    for (const name of HANDLES) {
      const p = this.handle(name);
      this.setHandle(name, p.x, p.y);
    }
  }

  /** Moves the boxes by `dt` seconds; a box pushed out of a tile bounces off it. */
  advance(dt: number): void {
    if (dt <= 0) return;
    try {
      this.world.step(dt);
      for (const id of this.boxIds) this.bounceOffTiles(id);
    } catch (error) {
      this.onError('step', error);
    }
  }

  private bounceOffTiles(id: number): void {
    const [x, y, w, h] = this.world.box(id);
    const [dx, dy] = this.world.pushOut(x, y, w, h);
    const len = Math.hypot(dx, dy);
    if (len === 0) return;
    this.world.update(id, x + dx, y + dy, w, h);
    // Reflect the velocity about the push direction if it points into the tile.
    const nx = dx / len;
    const ny = dy / len;
    const [vx, vy] = this.world.velocity(id);
    const into = vx * nx + vy * ny;
    if (into < 0) this.world.setVelocity(id, vx - 2 * into * nx, vy - 2 * into * ny);
  }

  /** Recomputes the trace when the ray moved, and the hit and the sight line always (boxes move). */
  refresh(): void {
    const r = this.state.ray;
    const t = this.traced;
    // Object.is: a NaN someone put in the ray is traced (and reported) once, not every frame.
    if (!Object.is(r.x0, t.x0) || !Object.is(r.y0, t.y0) || !Object.is(r.x1, t.x1) || !Object.is(r.y1, t.y1)) {
      Object.assign(t, r);
      this.traceVersion += 1;
      try {
        this.cells = this.world.traceCells(r.x0, r.y0, r.x1, r.y1).slice();
        this.steps = readSteps(this.world.traceSteps(r.x0, r.y0, r.x1, r.y1), this.tileSize);
      } catch (error) {
        this.cells = new Uint32Array(0);
        this.steps = [];
        this.onError('traceCells', error);
      }
    }
    try {
      this.hit = readHit(this.world, this.world.castRay(r.x0, r.y0, r.x1, r.y1));
    } catch (error) {
      this.hit = null;
      this.onError('castRay', error);
    }
    const { enemy: e, player: p } = this.state;
    try {
      const clear = this.sightWorld.lineOfSight(e.x, e.y, p.x, p.y);
      this.sight = { clear, block: clear ? null : readHit(this.sightWorld, this.sightWorld.castRay(e.x, e.y, p.x, p.y)) };
    } catch (error) {
      this.sight = { clear: false, block: null };
      this.onError('lineOfSight', error);
    }
  }

  /** Live boxes as `[id, x, y, w, h]` (copied out of the views). */
  boxes(): { id: number; x: number; y: number; w: number; h: number }[] {
    try {
      const ids = this.world.slotIds().slice();
      const b = this.world.slotBoxes().slice();
      const out = [];
      for (let s = 0; s < ids.length; s++) {
        if (ids[s] !== 0) out.push({ id: ids[s], x: b[4 * s], y: b[4 * s + 1], w: b[4 * s + 2], h: b[4 * s + 3] });
      }
      return out;
    } catch (error) {
      this.onError('slotBoxes', error);
      return [];
    }
  }
}

function clampTo(v: number, hi: number): number {
  return Number.isFinite(v) ? Math.min(hi, Math.max(0, v)) : 0;
}
