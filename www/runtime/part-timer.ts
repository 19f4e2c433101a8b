// Times the named parts of a repeated piece of work (a game tick, say) and
// reports their means over a window of repetitions at least a second long,
// so that each mean rests on many readings of the page's coarse clock
// (clock.ts) and carries the precision those readings allow.

import { timerStepMs } from './clock';

export interface PartReport<P extends string> {
  /** Mean ms per repetition, by part. */
  readonly means: Readonly<Record<P, number>>;
  readonly samples: number;
  readonly windowMs: number;
  readonly timerStepMs: number;
}

/** A window closes after this much wall time and this many repetitions. */
const WINDOW_MS = 1000;
const MIN_SAMPLES = 20;

export class PartTimer<P extends string> {
  /** The last full window, or null before the first one closes. */
  report: PartReport<P> | null = null;
  private sums: Record<P, number>;
  private samples = 0;
  private windowStart = -1;

  constructor(private readonly parts: readonly P[]) {
    this.sums = this.zeros();
  }

  /** Adds `ms` to `part` in the repetition in progress. */
  add(part: P, ms: number): void {
    this.sums[part] += ms;
  }

  /** Ends a repetition; closes the window when it is long enough. */
  done(now: number = performance.now()): void {
    if (this.windowStart < 0) this.windowStart = now;
    this.samples += 1;
    const windowMs = now - this.windowStart;
    if (windowMs < WINDOW_MS || this.samples < MIN_SAMPLES) return;
    const means = this.zeros();
    for (const part of this.parts) means[part] = this.sums[part] / this.samples;
    this.report = { means, samples: this.samples, windowMs, timerStepMs: timerStepMs() };
    this.sums = this.zeros();
    this.samples = 0;
    this.windowStart = now;
  }

  private zeros(): Record<P, number> {
    const out = {} as Record<P, number>;
    for (const part of this.parts) out[part] = 0;
    return out;
  }
}
