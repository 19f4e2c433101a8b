// What the rays mode shows, as data: a world whose rectangle is the N-like
// preset map, a few boxes that bounce off its tiles (the core's tile-aware
// step does the physics), the ray's and the sight line's draggable ends,
// and once per frame what the core says about them: the DDA walk
// (`tiles.traceSteps`: one walk gives the cells and the step-through), the
// first hit of tiles and boxes (`World.castRay`), and the enemy's line of
// sight with the first tile in its way (`tiles.lineOfSight`,
// `tiles.castRay`). Every core call is caught: a failure empties that
// result and is reported, never thrown.

import { viewLayout, World, type RayHit, type TileGrid } from '../../core/index';
import { readSteps, type DdaStep } from './trace';

export const MAP_PRESET = 'n-level';
export type HandleName = 'start' | 'end' | 'enemy' | 'player';
/** The order Enter picks the handles in. */
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

/** A `castRay` result, plus the tile's shape name. */
export interface Hit extends RayHit {
  /** The tile's shape (`full`, `convex-tl`, …); null for an object. */
  readonly shape: string | null;
}

/** The enemy → player check: clear, or the first tile contact. */
export interface Sight {
  readonly clear: boolean;
  readonly block: Hit | null;
}

/** What the user set up: the ends, whether time runs, the structure that files the boxes (any gives the same hits). */
export interface RaysState {
  ray: Ray;
  enemy: Point;
  player: Point;
  running: boolean;
  structure: string;
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

/** Where things start (in tiles), chosen so the first view shows a hit on a curved tile. */
export function defaultState(tile: number, structure: string): RaysState {
  return {
    ray: { x0: 2.55 * tile, y0: 5.3 * tile, x1: 21.6 * tile, y1: 12.7 * tile },
    enemy: { x: 26.5 * tile, y: 5.5 * tile },
    player: { x: 15.5 * tile, y: 6.5 * tile },
    running: true,
    structure,
  };
}

export class RaysModel {
  /** Tiles and boxes: what the ray is traced and cast against. */
  readonly world: World;
  readonly tiles: TileGrid;
  readonly width: number;
  readonly height: number;
  readonly tileSize: number;
  readonly state: RaysState;

  /** The DDA walk of the ray, one record per visited cell. */
  steps: DdaStep[] = [];
  /** The ray `steps` belong to. */
  readonly traced: Ray = { x0: NaN, y0: NaN, x1: NaN, y1: NaN };
  hit: Hit | null = null;
  sight: Sight = { clear: true, block: null };
  /** Bumps whenever `steps` are recomputed. */
  traceVersion = 0;

  constructor(state: (tile: number) => RaysState, private readonly onError: (what: string, error: unknown) => void) {
    this.world = new World(1, 1);
    this.tiles = this.world.tiles;
    try {
      this.tiles.loadPreset(MAP_PRESET);
      this.tileSize = this.tiles.tileSize;
      this.width = this.tiles.cols * this.tileSize;
      this.height = this.tiles.rows * this.tileSize;
      // The world rectangle is the map, so the boxes stay inside it.
      this.world.resize(this.width, this.height);
      this.state = state(this.tileSize);
      this.setStructure(this.state.structure);
      const k = this.tileSize;
      for (const [x, y, w, h, vx, vy] of BOXES) {
        const id = this.world.insert(x * k, y * k, w * k, h * k);
        this.world.setVelocity(id, vx * k, vy * k);
        this.world.setTileResponse(id, 'bounce');
      }
    } catch (error) {
      this.world.free();
      throw error;
    }
    this.clampAll();
  }

  destroy(): void {
    this.world.free();
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

  /** Moves the boxes by `dt` seconds: the core bounces them off the walls and the tiles. */
  advance(dt: number): void {
    if (dt <= 0) return;
    try {
      this.world.step(dt);
    } catch (error) {
      this.onError('step', error);
    }
  }

  /** Recomputes the walk when the ray moved, and the hit and the sight line always (boxes move). */
  refresh(): void {
    const r = this.state.ray;
    const t = this.traced;
    // Object.is: a NaN someone put in the ray is traced (and reported) once, not every frame.
    if (!Object.is(r.x0, t.x0) || !Object.is(r.y0, t.y0) || !Object.is(r.x1, t.x1) || !Object.is(r.y1, t.y1)) {
      Object.assign(t, r);
      this.traceVersion += 1;
      try {
        this.steps = readSteps(this.tiles.traceSteps(r.x0, r.y0, r.x1, r.y1), this.tileSize);
      } catch (error) {
        this.steps = [];
        this.onError('traceSteps', error);
      }
    }
    try {
      this.hit = this.withShape(this.world.castRay(r.x0, r.y0, r.x1, r.y1));
    } catch (error) {
      this.hit = null;
      this.onError('castRay', error);
    }
    const { enemy: e, player: p } = this.state;
    try {
      const clear = this.tiles.lineOfSight(e.x, e.y, p.x, p.y);
      this.sight = { clear, block: clear ? null : this.withShape(this.tiles.castRay(e.x, e.y, p.x, p.y)) };
    } catch (error) {
      this.sight = { clear: false, block: null };
      this.onError('lineOfSight', error);
    }
  }

  /** `[col, row, …]` of the cells the ray visits, in order (from the walk). */
  cells(): number[] {
    return this.steps.flatMap((s) => [s.col, s.row]);
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
      this.onError('slotBoxes', error);
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
