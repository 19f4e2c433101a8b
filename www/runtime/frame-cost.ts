// What one frame of a mode costs in JavaScript, split into its parts — the
// core's step, its pairs, drawing, the brute-force check's time slice, and
// the rest (camera query, listeners, panels, the address) — summed over a
// window of frames long enough that the clock's step (clock.ts) is a small
// part of each mean. The stats panel shows the last full window; tests and
// the page benchmark read it too.

import { timerStepMs } from './clock';

export const FRAME_PARTS = ['step', 'pairs', 'draw', 'check'] as const;
export type FramePart = (typeof FRAME_PARTS)[number];

/** Means over one window, ms per frame. */
export interface FrameCostReport {
  frames: number;
  /** Wall time the window covered, ms. */
  windowMs: number;
  step: number;
  pairs: number;
  draw: number;
  check: number;
  /** The frame's time not in a named part. */
  rest: number;
  /** Whole frames: the mean, the median and the longest. */
  total: number;
  median: number;
  longest: number;
  /** The clock's step, ms: a part's mean is good to about this over `frames`. */
  timerStepMs: number;
}

/** One frame's parts, ms (for benchmarks that want every frame). */
export interface FrameSample {
  total: number;
  step: number;
  pairs: number;
  draw: number;
  check: number;
}

/** A window closes after this much wall time and at least MIN_FRAMES frames. */
const WINDOW_MS = 1000;
const MIN_FRAMES = 10;

export class FrameCost {
  /** The last full window, or null before the first one closes. */
  report: FrameCostReport | null = null;
  /** When a benchmark sets an array here, every frame's parts are appended to it. */
  samples: FrameSample[] | null = null;
  private readonly sums: Record<FramePart, number> = { step: 0, pairs: 0, draw: 0, check: 0 };
  private readonly frame: Record<FramePart, number> = { step: 0, pairs: 0, draw: 0, check: 0 };
  private totals: number[] = [];
  private frameStart = 0;
  private windowStart = -1;

  /** Starts a frame (call first thing in it). */
  begin(): void {
    for (const part of FRAME_PARTS) this.frame[part] = 0;
    this.frameStart = performance.now();
    if (this.windowStart < 0) this.windowStart = this.frameStart;
  }

  /** Milliseconds since this frame began. */
  elapsed(): number {
    return performance.now() - this.frameStart;
  }

  /** Adds `ms` to this frame's `part`. */
  add(part: FramePart, ms: number): void {
    this.sums[part] += ms;
    this.frame[part] += ms;
  }

  /** Ends the frame (call last thing in it); closes the window when it is long enough. */
  end(): void {
    const end = performance.now();
    this.totals.push(end - this.frameStart);
    this.samples?.push({ total: end - this.frameStart, ...this.frame });
    const windowMs = end - this.windowStart;
    if (windowMs < WINDOW_MS || this.totals.length < MIN_FRAMES) return;
    const n = this.totals.length;
    const sorted = [...this.totals].sort((a, b) => a - b);
    const total = sorted.reduce((a, b) => a + b, 0) / n;
    const { step, pairs, draw, check } = this.sums;
    this.report = {
      frames: n,
      windowMs,
      step: step / n,
      pairs: pairs / n,
      draw: draw / n,
      check: check / n,
      rest: Math.max(0, total - (step + pairs + draw + check) / n),
      total,
      median: n % 2 === 1 ? sorted[n >> 1] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2,
      longest: sorted[n - 1],
      timerStepMs: timerStepMs(),
    };
    this.restart();
  }

  /** Drops the window in progress (a new scene: its frames are not this one's). */
  restart(): void {
    for (const part of FRAME_PARTS) this.sums[part] = 0;
    this.totals = [];
    this.windowStart = -1;
  }
}
