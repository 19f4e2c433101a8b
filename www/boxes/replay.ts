// Takes a freshly built box scene to a link's tick: the edits at each
// tick as the reader made them, and between them the ticks themselves
// with `World.fastForward`, which moves every box as that many `step`s
// would, bit for bit, and refiles it in the structure once. The work comes
// in slices: `run(budgetMs)` does about that much and says whether the
// tick is reached, so a large scene at a late tick catches up over a few
// frames (the page stays responsive and says so) instead of in one long
// task. The Timeline records nothing meanwhile and takes the edits over
// at the end.

import type { World } from '../core/index';
import { TICK_SECONDS } from '../runtime/frame-loop';
import type { EditEntry } from '../settings/edit-log';
import type { Timeline } from './timeline';

/**
 * A fastForward call aims at about this long, ms. At 200,000 boxes most
 * of a short call is filing the boxes in the structure again, so a call
 * must be long enough to be mostly motion, and short enough that the page
 * draws and answers between calls.
 */
const CALL_MS = 200;
/**
 * Once the pace has grown to this many steps a call it never falls below
 * it: from here on `fastForward` files the boxes afresh (src/world/step.rs,
 * REFILE_AFRESH_STEPS), a cost each call pays whatever its steps, so fewer
 * steps would not make a slow call much shorter, only the catching up
 * longer (below it, filing moved boxes one by one costs more still).
 */
const STEADY_STEPS = 16;
/** The most steps one fastForward call takes (the core's own limit). */
const MAX_CALL_STEPS = 100_000;

export class Replay {
  /** The tick the link names. */
  readonly target: number;
  /** Ticks replayed so far. */
  at = 0;
  /** What could not be applied, in words (the page shows them). */
  readonly problems: string[] = [];
  /** Whether an edit inserted or removed objects (the page re-reads its id → slot index). */
  slotsChanged = false;
  private next = 0;
  private speed: number;
  private readonly startSpeed: number;
  private readonly entries: EditEntry[];
  /** The last call's steps (0 before the first) and what it took, ms. */
  private lastSteps = 0;
  private lastMs = 0;
  private finished = false;

  constructor(
    private readonly world: World,
    private readonly timeline: Timeline,
    entries: readonly EditEntry[],
    target: number,
    /** The speed the link ends at (and runs at throughout when the edits never change it). */
    private readonly speedNow: number,
  ) {
    this.target = target;
    const late = entries.filter((e) => e.tick > target);
    if (late.length > 0) this.problems.push(`edits: ${late.length} after tick ${target.toLocaleString('en-US')} (the link's tick) not replayed`);
    this.entries = entries.filter((e) => e.tick <= target);
    const first = this.entries.find((e) => e.kind === 'speed');
    this.startSpeed = first !== undefined && first.kind === 'speed' && first.tick === 0 ? first.speed : speedNow;
    this.speed = this.startSpeed;
    timeline.recording = false;
  }

  /** Whether the world is at the link's tick. */
  get done(): boolean {
    return this.at >= this.target && this.next >= this.entries.length;
  }

  /** Replays for about `budgetMs` (at least one slice); true once the link's tick is reached (the Timeline then records again). */
  run(budgetMs: number): boolean {
    const start = performance.now();
    for (;;) {
      while (this.next < this.entries.length && this.entries[this.next].tick === this.at) this.apply(this.entries[this.next++]);
      if (this.at >= this.target) break;
      const until = Math.min(this.target, this.entries[this.next]?.tick ?? this.target);
      // Ticks of no time move a box only back inside the walls: after one, more change nothing.
      const steps = this.speed === 0 ? until - this.at : Math.min(until - this.at, this.plannedSteps());
      const t0 = performance.now();
      this.world.fastForward(this.speed === 0 ? 1 : steps, TICK_SECONDS * this.speed);
      if (this.speed !== 0) this.measured(steps, performance.now() - t0);
      this.at += steps;
      if (performance.now() - start >= budgetMs) return this.finishIfDone();
    }
    return this.finishIfDone();
  }

  /**
   * Steps for the next call: one first; then as many as the last call's
   * pace fills CALL_MS with, never more than twice the last (one quick
   * call, a warm cache's or a clock's step, must not make the next one
   * long, and a call's cost is not proportional to its steps: filing the
   * boxes again comes with each).
   */
  private plannedSteps(): number {
    if (this.lastSteps === 0) return 1;
    const paced = Math.floor((this.lastSteps * CALL_MS) / Math.max(this.lastMs, 0.1));
    const steps = Math.min(MAX_CALL_STEPS, 2 * this.lastSteps, paced);
    return Math.max(1, this.lastSteps >= STEADY_STEPS ? Math.max(STEADY_STEPS, steps) : steps);
  }

  private measured(steps: number, took: number): void {
    this.lastSteps = steps;
    this.lastMs = took;
  }

  private finishIfDone(): boolean {
    if (this.finished) return true;
    if (!this.done) return false;
    this.finished = true;
    // The link's speed is the one in force from here on.
    if (this.speed !== this.speedNow) this.entries.push({ tick: this.target, kind: 'speed', speed: this.speedNow });
    this.timeline.resume(this.entries, this.target, this.startSpeed, this.speedNow);
    return true;
  }

  private apply(e: EditEntry): void {
    const w = this.world;
    try {
      switch (e.kind) {
        case 'place': {
          const [, , bw, bh] = w.box(e.id);
          w.update(e.id, e.x, e.y, e.w ?? bw, e.h ?? bh);
          w.setVelocity(e.id, e.vx, e.vy);
          break;
        }
        case 'velocity':
          w.setVelocity(e.id, e.vx, e.vy);
          break;
        case 'speed':
          this.speed = e.speed;
          break;
        case 'parent':
          w.setParent(e.child, e.parent);
          break;
        case 'insert':
          w.insert(e.x, e.y, e.w, e.h);
          this.slotsChanged = true;
          break;
        case 'remove':
          w.remove(e.id);
          this.slotsChanged = true;
          break;
      }
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      if (this.problems.length < 3) this.problems.push(`edits: the edit at tick ${e.tick} not applied: ${why}`);
      else if (this.problems.length === 3) this.problems.push('edits: more edits not applied');
    }
  }
}
