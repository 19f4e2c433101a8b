// Every structure on the same scene: copy the live world's boxes and
// velocities into one fresh World per structure (same cell size and
// quadtree limits), run N frames of step(1/60) + pairs() in each, and
// compare. Work is sliced across macrotasks so the page keeps drawing;
// each temporary world is freed as soon as its run ends. Times are read
// over whole slices, not frame by frame (a step of the page's clock,
// clock.ts, is more than a frame of a small scene), and a structure that
// finishes its N frames in under MIN_TIMED_MS runs on until it has.

import { viewLayout, World } from '../../core/index';
import { fingerprint } from '../../boxes/pairs';

export const COMPARE_FRAMES = 30;
/** Brute force is O(n²) per frame: above this it is skipped, and said so. */
export const BRUTE_FORCE_MAX = 5000;
const FRAME_DT = 1 / 60;
/** Work per slice before yielding to the page, ms. */
const SLICE_MS = 12;
/** Least timed work per structure, ms: far above the clock's step. */
const MIN_TIMED_MS = 20;
/** The most frames a fast structure runs to get there. */
const MAX_TIMED_FRAMES = 20_000;

/** The live scene, copied out of wasm memory. */
export interface SceneSnapshot {
  width: number;
  height: number;
  /** Per object: x, y, w, h. */
  boxes: Float64Array;
  /** Per object: vx, vy. */
  velocities: Float64Array;
  /** A set cell size, or undefined for the core's automatic one. */
  cellSize: number | undefined;
  maxObjects: number;
  maxLevels: number;
}

export interface CompareRow {
  structure: string;
  /** Extra setting that shaped it: "cell 16.5", "limits 8 / 8". */
  detail: string;
  /** Candidate tests and pairs of the last frame. */
  tests: number;
  pairs: number;
  /** Mean µs per frame of step + pairs, over `timedFrames` frames (at least MIN_TIMED_MS of work). */
  meanMicros: number;
  timedFrames: number;
  /** meanMicros / brute force's, or null without a brute-force run. */
  ratio: number | null;
  /** Same pair set as the reference on every frame (the reference: true); null when skipped. */
  same: boolean | null;
  reference: boolean;
  /** Why it did not run (too slow), else null. */
  skipped: string | null;
}

export interface CompareResult {
  count: number;
  frames: number;
  /** The structure every row was compared with (brute-force when it ran). */
  reference: string;
  rows: CompareRow[];
  /** performance.now() at the end, and total wall time of the run, ms. */
  finishedAt: number;
  wallMillis: number;
}

/** Reads the live world (one pass over the views, then velocities by id). */
export function snapshotWorld(world: World, settings: { cellSize?: number; maxObjects: number; maxLevels: number }): SceneSnapshot {
  const ids = world.slotIds().slice();
  const slots = world.slotBoxes().slice();
  const live: number[] = [];
  for (let s = 0; s < ids.length; s++) if (ids[s] !== 0) live.push(s);
  const B = viewLayout('slotBoxes', []);
  const boxes = new Float64Array(B.stride * live.length);
  const velocities = new Float64Array(2 * live.length);
  live.forEach((s, k) => {
    boxes.set(slots.subarray(B.stride * s, B.stride * (s + 1)), B.stride * k);
    velocities.set(world.velocity(ids[s]), 2 * k);
  });
  return {
    width: world.width,
    height: world.height,
    boxes,
    velocities,
    cellSize: settings.cellSize !== undefined && settings.cellSize > 0 ? settings.cellSize : undefined,
    maxObjects: settings.maxObjects,
    maxLevels: settings.maxLevels,
  };
}

/** A fresh world holding the snapshot's boxes, ids 1..n in snapshot order. */
export function worldFromSnapshot(snap: SceneSnapshot, structure: string): World {
  const world = new World(snap.width, snap.height);
  try {
    world.setStructure(structure);
    world.setQuadtreeLimits(snap.maxObjects, snap.maxLevels);
    if (snap.cellSize !== undefined) world.setCellSize(snap.cellSize);
    // The snapshot keeps the boxes in the core's own slot layout.
    const B = viewLayout('slotBoxes', ['x', 'y', 'w', 'h']);
    const n = snap.boxes.length / B.stride;
    for (let k = 0; k < n; k++) {
      const b = snap.boxes;
      const at = B.stride * k;
      const id = world.insert(b[at + B.x], b[at + B.y], b[at + B.w], b[at + B.h]);
      world.setVelocity(id, snap.velocities[2 * k], snap.velocities[2 * k + 1]);
    }
  } catch (error) {
    world.free();
    throw error;
  }
  return world;
}

/** Lets the page draw a frame between slices. */
function yieldToPage(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

interface Run {
  detail: string;
  tests: number;
  /** Wall time of every frame run, ms, and how many frames. */
  busyMillis: number;
  timedFrames: number;
  /** Per frame: pair count and fingerprint. */
  counts: number[];
  prints: number[];
  /** The last frame's pairs, sorted (the contract's order). */
  last: Uint32Array;
}

function sameRun(a: Run, b: Run): boolean {
  if (a.counts.length !== b.counts.length) return false;
  for (let f = 0; f < a.counts.length; f++) if (a.counts[f] !== b.counts[f] || a.prints[f] !== b.prints[f]) return false;
  // The last frame exactly, not just by fingerprint.
  if (a.last.length !== b.last.length) return false;
  for (let i = 0; i < a.last.length; i++) if (a.last[i] !== b.last[i]) return false;
  return true;
}

async function runOne(snap: SceneSnapshot, structure: string, frames: number, cancelled: () => boolean): Promise<Run | null> {
  const world = worldFromSnapshot(snap, structure);
  try {
    const run: Run = { detail: '', tests: 0, busyMillis: 0, timedFrames: 0, counts: [], prints: [], last: new Uint32Array(0) };
    let sliceStart = performance.now();
    // The compared frames, then more (timed, not compared) until enough work was timed.
    for (let f = 0; f < frames || (run.busyMillis + performance.now() - sliceStart < MIN_TIMED_MS && f < MAX_TIMED_FRAMES); f++) {
      world.step(FRAME_DT);
      const pairs = world.pairs();
      run.timedFrames += 1;
      if (f < frames) {
        // Read the view before any other call may move wasm memory.
        run.counts.push(pairs.length / 2);
        run.prints.push(fingerprint(pairs));
        if (f === frames - 1) {
          run.last = pairs.slice();
          run.tests = world.pairCandidateTests;
        }
      }
      const now = performance.now();
      if (now - sliceStart > SLICE_MS) {
        run.busyMillis += now - sliceStart;
        await yieldToPage();
        if (cancelled()) return null;
        sliceStart = performance.now();
      }
    }
    run.busyMillis += performance.now() - sliceStart;
    const cell = world.cellSize;
    run.detail = Number.isFinite(cell) && world.gridGeometry().length > 0
      ? `cell ${cell.toFixed(1)}`
      : world.quadtreeNodes().length > 0
        ? `limits ${world.maxObjects} / ${world.maxLevels}`
        : '';
    return run;
  } finally {
    world.free();
  }
}

/**
 * Runs every structure on the snapshot. Resolves to null when `cancelled()`
 * turned true meanwhile (a newer run, or the mode went away).
 */
export async function compareStructures(
  snap: SceneSnapshot,
  structures: readonly string[],
  cancelled: () => boolean,
  frames = COMPARE_FRAMES,
): Promise<CompareResult | null> {
  const start = performance.now();
  const count = snap.boxes.length / 4;
  const bruteRuns = structures.includes('brute-force') && count <= BRUTE_FORCE_MAX;
  // Reference first, so each later run can be judged as it finishes.
  const reference = bruteRuns ? 'brute-force' : (structures.find((s) => s !== 'brute-force') ?? structures[0]);
  const order = [reference, ...structures.filter((s) => s !== reference)];
  const runs = new Map<string, Run>();
  for (const structure of order) {
    if (structure === 'brute-force' && !bruteRuns) continue;
    await yieldToPage();
    if (cancelled()) return null;
    const run = await runOne(snap, structure, frames, cancelled);
    if (run === null) return null;
    runs.set(structure, run);
  }
  const ref = runs.get(reference)!;
  const brute = runs.get('brute-force');
  const bruteMean = brute === undefined ? NaN : (1000 * brute.busyMillis) / brute.timedFrames;
  const rows: CompareRow[] = structures.map((structure) => {
    const run = runs.get(structure);
    if (run === undefined) {
      return {
        structure,
        detail: '',
        tests: NaN,
        pairs: NaN,
        meanMicros: NaN,
        timedFrames: 0,
        ratio: null,
        same: null,
        reference: false,
        skipped: `skipped (too slow above ${BRUTE_FORCE_MAX.toLocaleString('en-US')} objects)`,
      };
    }
    const micros = (1000 * run.busyMillis) / run.timedFrames;
    return {
      structure,
      detail: run.detail,
      tests: run.tests,
      pairs: run.counts[run.counts.length - 1] ?? 0,
      meanMicros: micros,
      timedFrames: run.timedFrames,
      ratio: brute === undefined ? null : micros / bruteMean,
      same: structure === reference ? true : sameRun(run, ref),
      reference: structure === reference,
      skipped: null,
    };
  });
  const finishedAt = performance.now();
  return { count, frames, reference, rows, finishedAt, wallMillis: finishedAt - start };
}
