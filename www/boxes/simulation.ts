// Owns the wasm World: building it from the settings (a JournaledWorld,
// whose changes its Timeline writes down), a frame's ticks and pairs
// (timed), the camera query, and lookups for input and drawing. Views into
// wasm memory are fetched fresh at each use and never kept.

import { viewLayout, World } from '../core/index';
import { JournaledWorld, Timeline } from './timeline';
import { clamp, distanceSquared, type Rect } from '../runtime/geometry';
import { fingerprint } from './pairs';
import { RollingMean } from '../runtime/rolling';
import type { SettingValues } from '../settings/table';
import { lessonNamed } from '../settings/lessons';

/** World side for `count` boxes at the seeded scenes' density (the core's rule). */
export function worldSideFor(count: number): number {
  return World.sceneSide(count);
}

/** The side of a square world from the origin that holds every explicit box. */
function sideHolding(boxes: readonly number[]): number {
  let side = 1;
  for (let i = 0; i + 5 < boxes.length; i += 6) side = Math.max(side, boxes[i] + boxes[i + 2], boxes[i + 1] + boxes[i + 3]);
  return side;
}

export interface SimulationOptions {
  /** World side for `count` boxes (default `worldSideFor`). */
  worldSide?: (count: number) => number;
  /** Runs on each freshly populated world (a mode's own set-up). */
  prepare?: (world: World) => void;
}

export class Simulation {
  world: World;
  /** The simulated time and the edits made while it runs (see timeline.ts). */
  readonly timeline: Timeline;
  side = 1;
  /** Bumps whenever `pairs()` is recomputed; a check snapshot records it. */
  version = 0;
  /** How many ticks (one `step` each) ran since the world was built, a replay's not counted. */
  steps = 0;
  pairCount = 0;
  /** `fingerprint` of the last pairs, for the brute-force comparison. */
  pairFingerprint = 0;
  candidateTests = 0;
  nodesVisited = 0;
  quadtreeActive = false;
  /** A grid structure is active (`gridGeometry()` is non-empty). */
  gridActive = false;
  /** Microseconds per tick's `step(dt)` + a frame's `pairs()` shared by its ticks, over the last 60 frames that ticked. */
  readonly stepMicros = new RollingMean(60);
  /** Microseconds of the last frame that ticked: its steps and its pairs(). */
  lastStepMicros = 0;
  /** What this frame's `step` and `pairs` took, ms (0 when it ran none; one clock reading each). */
  frameStepMs = 0;
  framePairsMs = 0;
  /** Per id: 1 when the box overlaps the camera (after `queryCamera`). */
  cameraMarks = new Uint8Array(1);
  /** Per id: when (performance.now()) a pair with it last began; the page flashes it briefly. */
  beganAt = new Float64Array(1);
  private pairsSeen = 0;
  cameraCount = 0;
  cameraCandidateTests = 0;

  private dirty = true;
  private idToSlot = new Int32Array(1);
  /** The world's `slotGeneration` when `idToSlot` was built. */
  private slotGeneration = 0;
  private cameraIds = new Uint32Array(0);

  /**
   * Why the last `pairs()` was refused (a scene with more pairs than the
   * core returns, or than memory holds), or null when it answered. The
   * pair numbers then stay those of the last answer; the page pauses and
   * says so.
   */
  pairsRefused: string | null = null;
  /** Counts refused `pairs()` calls, so the page tells each one. */
  refusals = 0;

  /** What `moved` / `links` / `cellSize` asked for that the scene could not do (shown by the page). */
  setupProblems: string[] = [];
  /** Whether the last build refused the settings' cell size (the grids pick one instead). */
  cellSizeRefused = false;

  constructor(settings: SettingValues, private readonly options: SimulationOptions = {}) {
    this.timeline = new Timeline(settings.speed);
    this.world = this.build(settings);
    this.timeline.begin(this.world, settings.speed);
  }

  /** Replaces the world with a freshly populated one (same seed, same boxes), at tick 0. */
  rebuild(settings: SettingValues): void {
    const next = this.build(settings);
    this.world.free();
    this.world = next;
    this.timeline.begin(next, settings.speed);
  }

  /** Frees the wasm world; the scene is unusable after. */
  destroy(): void {
    this.world.free();
  }

  /**
   * Takes over `world` (same side) in place of the current one, which is
   * freed; for a world rebuilt from a snapshot of this one.
   */
  replaceWorld(world: World): void {
    this.world.free();
    this.world = world;
    this.noteStructure();
    this.indexSlots(world);
    this.stepMicros.clear();
    this.dirty = true;
  }

  setStructure(name: string): void {
    this.world.setStructure(name);
    this.noteStructure();
    // The mean should describe this structure, not the last one.
    this.stepMicros.clear();
    this.dirty = true;
  }

  setCellSize(size: number): void {
    this.world.setCellSize(size);
    this.stepMicros.clear();
    this.dirty = true;
  }

  useAutomaticCellSize(): void {
    this.world.useAutomaticCellSize();
    this.stepMicros.clear();
    this.dirty = true;
  }

  setQuadtreeLimits(maxObjects: number, maxLevels: number): void {
    this.world.setQuadtreeLimits(maxObjects, maxLevels);
    this.stepMicros.clear();
    this.dirty = true;
  }

  /** Something moved outside `step`: pairs must be recomputed this frame. */
  markDirty(): void {
    this.dirty = true;
  }

  /** A frame begins: its step and pairs times start at 0. */
  beginFrame(): void {
    this.frameStepMs = 0;
    this.framePairsMs = 0;
  }

  /** One tick: `step(dt)`, timed into the frame's step time (the frame's pairs() comes after its ticks). */
  stepTick(dt: number): void {
    const t0 = performance.now();
    this.world.step(dt);
    this.frameStepMs += performance.now() - t0;
    this.steps += 1;
    this.dirty = true;
  }

  /** After a frame's `ticks` ticks: `pairs()` once, and what the frame's simulation cost. */
  pairsAfterTicks(ticks: number): void {
    const t0 = performance.now();
    const pairs = this.pairsOrRefusal();
    this.framePairsMs = performance.now() - t0;
    this.lastStepMicros = (this.frameStepMs + this.framePairsMs) * 1000;
    this.stepMicros.push(this.lastStepMicros / ticks);
    if (pairs !== null) this.takePairs(pairs);
  }

  /** Recomputes pairs without stepping, if anything moved (paused frames). */
  refreshIfDirty(): void {
    if (!this.dirty) return;
    const t0 = performance.now();
    const pairs = this.pairsOrRefusal();
    this.framePairsMs = performance.now() - t0;
    if (pairs !== null) this.takePairs(pairs);
  }

  /**
   * `pairs()`, or null when the core refused them (`pairsRefused` says
   * why). A refused scene is not asked again until something moves: each
   * refusal costs the search up to the core's limit.
   */
  private pairsOrRefusal(): Uint32Array | null {
    try {
      const pairs = this.world.pairs();
      this.pairsRefused = null;
      return pairs;
    } catch (error) {
      // A stopped core is not a refusal: the page restarts it.
      if (error instanceof Error && error.name === 'CoreStoppedError') throw error;
      this.pairsRefused = error instanceof Error ? error.message : String(error);
      this.refusals += 1;
      this.dirty = false;
      return null;
    }
  }

  /** Marks the boxes overlapping `camera` (one `query` call). */
  queryCamera(camera: Rect): void {
    for (const id of this.cameraIds) this.cameraMarks[id] = 0;
    const ids = this.world.query(camera.x, camera.y, camera.w, camera.h);
    this.cameraCandidateTests = this.world.queryCandidateTests;
    // Copy: the view dies at the next world call; the marks outlive it.
    this.cameraIds = ids.slice();
    for (const id of this.cameraIds) this.cameraMarks[id] = 1;
    this.cameraCount = this.cameraIds.length;
  }

  /** Sorted ids the camera query found this frame (a copy). */
  cameraHits(): Uint32Array {
    return this.cameraIds.slice();
  }

  slotOf(id: number): number {
    return id > 0 && id < this.idToSlot.length ? this.idToSlot[id] : -1;
  }

  boxOf(id: number): Rect {
    const [x, y, w, h] = this.world.box(id);
    return { x, y, w, h };
  }

  /**
   * The box under world point (px, py): the topmost (last drawn) box that
   * contains it, else the nearest within `tolerance` world units, else 0.
   */
  /**
   * The box at (px, py) within `tolerance`: inside beats near; among equals
   * the higher `rank` wins (the hierarchy ranks children above their
   * parents, as they are drawn), then the higher slot.
   */
  hitTest(px: number, py: number, tolerance: number, exclude = 0, rank: (id: number) => number = () => 0): number {
    const t = Math.max(tolerance, 1e-6);
    const ids = this.world.query(px - t, py - t, 2 * t, 2 * t).slice();
    if (ids.length === 0) return 0;
    const boxes = this.world.slotBoxes();
    const B = viewLayout('slotBoxes', ['x', 'y', 'w', 'h']);
    let best = 0;
    let bestSlot = -1;
    let bestRank = -Infinity;
    let bestDistance = Infinity;
    for (const id of ids) {
      const s = this.slotOf(id);
      if (s < 0 || id === exclude) continue;
      const at = B.stride * s;
      const r = { x: boxes[at + B.x], y: boxes[at + B.y], w: boxes[at + B.w], h: boxes[at + B.h] };
      const d = distanceSquared(r, px, py);
      const k = rank(id);
      if (d < bestDistance || (d === bestDistance && (k > bestRank || (k === bestRank && s > bestSlot)))) {
        best = id;
        bestSlot = s;
        bestRank = k;
        bestDistance = d;
      }
    }
    return best;
  }

  /** Moves a box's min corner to (x, y), kept inside the world walls. */
  moveBox(id: number, x: number, y: number): Rect {
    const b = this.boxOf(id);
    const nx = clamp(x, 0, Math.max(0, this.side - b.w));
    const ny = clamp(y, 0, Math.max(0, this.side - b.h));
    this.world.update(id, nx, ny, b.w, b.h);
    this.dirty = true;
    return { x: nx, y: ny, w: b.w, h: b.h };
  }

  private takePairs(pairs: Uint32Array): void {
    // From 4096 objects, pairs() renumbers the slots in space order now and
    // then: the id → slot index must follow.
    if (this.world.slotGeneration !== this.slotGeneration) this.indexIds(this.world);
    this.pairCount = pairs.length / 2;
    this.pairFingerprint = fingerprint(pairs);
    // Enter events, read as a view right after pairs(); the first call's
    // (everything "began") is not news.
    if (this.pairsSeen++ > 0) {
      const began = this.world.pairsBegan();
      const now = performance.now();
      for (const id of began) if (id < this.beganAt.length) this.beganAt[id] = now;
    }
    this.candidateTests = this.world.pairCandidateTests;
    this.nodesVisited = this.world.pairNodesVisited;
    this.version += 1;
    this.dirty = false;
  }

  private noteStructure(): void {
    this.quadtreeActive = this.world.quadtreeNodes().length > 0;
    this.gridActive = this.world.gridGeometry().length > 0;
  }

  /**
   * What a share link recorded over the scene: boxes placed by hand, then
   * the parent links (all of them, replacing the starting family). An id
   * the scene lacks, or a link the core refuses, is listed in
   * `setupProblems` for the page to show.
   */
  private applyEdits(world: World, settings: SettingValues): void {
    const unplaced: string[] = [];
    const m = settings.moved ?? [];
    for (let i = 0; i + 6 < m.length; i += 7) {
      try {
        world.update(m[i], m[i + 1], m[i + 2], m[i + 3], m[i + 4]);
        world.setVelocity(m[i], m[i + 5], m[i + 6]);
      } catch (error) {
        unplaced.push(`moved: box ${m[i]} not placed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const unattached: string[] = [];
    const links = settings.links;
    if (links !== undefined) {
      for (const id of Array.from(world.order())) if (world.parentOf(id) !== 0) world.setParent(id, 0);
      for (let i = 0; i + 1 < links.length; i += 2) {
        try {
          world.setParent(links[i], links[i + 1]);
        } catch (error) {
          unattached.push(`links: ${links[i]}:${links[i + 1]} not attached: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    this.setupProblems = [...firstFew(unplaced, 'moved: boxes not placed'), ...firstFew(unattached, 'links: links not attached')];
  }

  private build(settings: SettingValues): World {
    // A lesson may name a larger side, so the quadtree's midlines fall at round numbers.
    const lessonSide = lessonNamed(settings.mode, settings.lesson)?.side ?? 0;
    const side = settings.boxes !== undefined ? Math.max(sideHolding(settings.boxes), lessonSide) : (this.options?.worldSide ?? worldSideFor)(settings.count);
    const world = new JournaledWorld(side, side, this.timeline);
    // Nothing the build does is an edit of the reader's.
    this.timeline.recording = false;
    let cellProblem: string | null = null;
    try {
      world.setStructure(settings.structure);
      world.setQuadtreeLimits(settings.maxObjects, settings.maxLevels);
      if (settings.cellSize !== undefined && settings.cellSize > 0) {
        // The settings allow any size above 0; the core refuses one that
        // would need more grid cells than it holds for this world's side.
        // That is a setting not used, not a scene that cannot start.
        try {
          world.setCellSize(settings.cellSize);
        } catch (error) {
          cellProblem = `cell size ${settings.cellSize} not used: ${error instanceof Error ? error.message : String(error)}`;
        }
      }
      if (settings.boxes === undefined) {
        world.populate(settings.count, settings.seed, settings.layout);
      } else {
        const b = settings.boxes;
        for (let i = 0; i + 5 < b.length; i += 6) world.setVelocity(world.insert(b[i], b[i + 1], b[i + 2], b[i + 3]), b[i + 4], b[i + 5]);
      }
      this.options?.prepare?.(world);
      this.applyEdits(world, settings);
      if (cellProblem !== null) this.setupProblems.unshift(cellProblem);
    } catch (error) {
      world.free();
      // The world in place, if any, goes on: so does the writing down of its edits.
      this.timeline.recording = true;
      throw error;
    }
    this.side = side;
    this.cellSizeRefused = cellProblem !== null;
    this.quadtreeActive = world.quadtreeNodes().length > 0;
    this.gridActive = world.gridGeometry().length > 0;
    this.indexSlots(world);
    this.cameraIds = new Uint32Array(0);
    this.cameraCount = 0;
    this.stepMicros.clear();
    this.steps = 0;
    this.dirty = true;
    return world;
  }

  /** After objects were inserted or removed (a replayed link's edits): ids and slots read again. */
  reindex(): void {
    this.indexSlots(this.world);
    this.dirty = true;
  }

  // Ids are never reused and this page never removes, so id → slot changes
  // only when the world renumbers its slots (`slotGeneration`, checked after
  // every pairs()); a mode that inserts or removes must call this again.
  private indexSlots(world: World): void {
    const maxId = this.indexIds(world);
    this.cameraMarks = new Uint8Array(maxId + 1);
    this.beganAt = new Float64Array(maxId + 1).fill(-Infinity);
    this.pairsSeen = 0;
  }

  /** Rebuilds id → slot from `slotIds()`; returns the largest id. */
  private indexIds(world: World): number {
    this.slotGeneration = world.slotGeneration;
    const ids = world.slotIds();
    let maxId = 0;
    for (const id of ids) maxId = Math.max(maxId, id);
    this.idToSlot = new Int32Array(maxId + 1).fill(-1);
    for (let s = 0; s < ids.length; s++) if (ids[s] !== 0) this.idToSlot[ids[s]] = s;
    return maxId;
  }

}

/** The first few of `problems`, then how many more (a link of 200 dead links is one line, not 200). */
function firstFew(problems: readonly string[], more: string, few = 3): string[] {
  if (problems.length <= few) return [...problems];
  return [...problems.slice(0, few - 1), `${more}: ${problems.length - few + 1} more`];
}
