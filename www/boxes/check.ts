// The live proof: every so often, snapshot the boxes and count overlapping
// pairs by brute force in plain JS (every pair, the contract's exact rule),
// then compare with what the structure reported for the same boxes. The
// O(n²) scan is spread over frames under a time budget so 20k objects never
// freeze the page.

import { pairHash } from './pairs';
import type { Simulation } from './simulation';
import { viewLayout } from '../core/index';

export interface CheckResult {
  structure: string;
  /** `scene.version` the snapshot was taken at. */
  version: number;
  frame: number;
  count: number;
  structurePairs: number;
  brutePairs: number;
  /** Same count and the same pair set (by fingerprint). */
  agree: boolean;
  /** `performance.now()` when the scan finished, and how long it took. */
  finishedAt: number;
  scanMillis: number;
}

interface Job {
  structure: string;
  version: number;
  frame: number;
  structurePairs: number;
  structureFingerprint: number;
  ids: Uint32Array;
  minX: Float64Array;
  minY: Float64Array;
  maxX: Float64Array;
  maxY: Float64Array;
  row: number;
  pairs: number;
  fingerprint: number;
  busyMillis: number;
}

/** Small scenes are re-checked every second; big ones rest longer between. */
function restMillis(count: number): number {
  return count <= 5000 ? 1000 : 3000;
}

export class BruteForceCheck {
  result: CheckResult | null = null;
  private job: Job | null = null;
  private nextAt = 0;

  /**
   * Forgets the last result (it was about another structure or scene),
   * drops any scan in flight and starts a fresh one on the next tick.
   */
  restart(): void {
    this.result = null;
    this.job = null;
    this.nextAt = 0;
  }

  /** Fraction of the scan in flight done, or null when idle. */
  get progress(): number | null {
    if (this.job === null) return null;
    const n = this.job.ids.length;
    const done = this.job.row * (2 * n - this.job.row - 1);
    return n < 2 ? 1 : done / (n * (n - 1));
  }

  /**
   * Call after this frame's pairs were taken, before anything moves boxes.
   * A scene that has not changed since the last check is not checked again
   * (paused, its numbers stay those of one frame); one that changed while
   * `still` (paused, nothing dragged) is checked at once, so the check
   * catches up with the frame on screen.
   */
  tick(sim: Simulation, frame: number, now: number, budgetMillis: number, still = false): void {
    const r = this.result;
    const current = r !== null && r.version === sim.version && r.structure === sim.world.structure;
    if (this.job === null && !current && (now >= this.nextAt || still)) this.job = snapshot(sim, frame);
    const job = this.job;
    if (job === null) return;
    const start = performance.now();
    scan(job, start + budgetMillis);
    job.busyMillis += performance.now() - start;
    if (job.row < job.ids.length) return;
    this.result = {
      structure: job.structure,
      version: job.version,
      frame: job.frame,
      count: job.ids.length,
      structurePairs: job.structurePairs,
      brutePairs: job.pairs,
      agree: job.pairs === job.structurePairs && job.fingerprint === job.structureFingerprint,
      finishedAt: performance.now(),
      scanMillis: job.busyMillis,
    };
    this.job = null;
    this.nextAt = now + restMillis(job.ids.length);
  }
}

function snapshot(sim: Simulation, frame: number): Job {
  // Read the name before taking views: any world call may move memory.
  const structure = sim.world.structure;
  const ids = sim.world.slotIds();
  const b = sim.world.slotBoxes();
  let n = 0;
  for (const id of ids) if (id !== 0) n++;
  const job: Job = {
    structure,
    version: sim.version,
    frame,
    structurePairs: sim.pairCount,
    structureFingerprint: sim.pairFingerprint,
    ids: new Uint32Array(n),
    minX: new Float64Array(n),
    minY: new Float64Array(n),
    maxX: new Float64Array(n),
    maxY: new Float64Array(n),
    row: 0,
    pairs: 0,
    fingerprint: 0,
    busyMillis: 0,
  };
  const B = viewLayout('slotBoxes', ['x', 'y', 'w', 'h']);
  let k = 0;
  for (let s = 0; s < ids.length; s++) {
    if (ids[s] === 0) continue;
    const at = B.stride * s;
    job.ids[k] = ids[s];
    job.minX[k] = b[at + B.x];
    job.minY[k] = b[at + B.y];
    // Same float as the rule's `x + w`, computed once.
    job.maxX[k] = b[at + B.x] + b[at + B.w];
    job.maxY[k] = b[at + B.y] + b[at + B.h];
    k++;
  }
  return job;
}

/** Every pair (i, j > i) of whole rows until the deadline. */
function scan(job: Job, deadline: number): void {
  const { ids, minX, minY, maxX, maxY } = job;
  const n = ids.length;
  let pairs = job.pairs;
  let print = job.fingerprint;
  let row = job.row;
  // A row is n tests, and in a big scene one row is a good part of a
  // slice: there the clock is read after every row, so a slice ends near
  // its deadline.
  const every = n > 8192 ? 0 : 7;
  while (row < n) {
    const ax = minX[row];
    const ay = minY[row];
    const ax2 = maxX[row];
    const ay2 = maxY[row];
    for (let j = row + 1; j < n; j++) {
      if (ax < maxX[j] && minX[j] < ax2 && ay < maxY[j] && minY[j] < ay2) {
        pairs++;
        print = (print + pairHash(ids[row], ids[j])) >>> 0;
      }
    }
    row++;
    if ((row & every) === 0 && performance.now() > deadline) break;
  }
  job.row = row;
  job.pairs = pairs;
  job.fingerprint = print;
}
