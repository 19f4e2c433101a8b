// The box scenes' simulated time and the reader's edits, so that a link
// names a moment: the tick (fixed ticks run since the world was built)
// and every edit made after tick 0 kept with its tick (the `edits`
// setting; what was arranged before the first tick is `moved` and
// `links`). Every change to the World goes through `JournaledWorld`, so
// nothing the reader (or a mode, or a test) does is missed, and an edit
// is written down as the World has it when the next tick runs: the boxes
// changed since the last tick, in the order they were first changed, each
// with where it is and how fast it goes then. A box's motion depends on
// nothing but its own place, size and velocity, so a later placement of a
// box replaces its earlier ones (until a parent link, insert or remove,
// which the order of edits matters to): a drag over many ticks leaves one
// entry, not one a tick.
//
// `Replay` takes a freshly built World to the link's tick: the edits at
// each tick, and between them `fastForward` (the same boxes and velocities
// as stepping one tick at a time), in slices that fit a frame's budget.

import { World } from '../core/index';
import type { EditEntry } from '../settings/edit-log';

/** Whether an edit is one whose order among the others matters (parent links, inserts, removals). */
const orders = (e: EditEntry) => e.kind === 'parent' || e.kind === 'insert' || e.kind === 'remove';

/**
 * A World whose changes are written down by a `Timeline` (the box scenes
 * build theirs with this). Made without one (`new world.constructor(w, h)`
 * from the console) it is a plain World that writes nothing down.
 */
export class JournaledWorld extends World {
  private readonly timeline: Timeline;

  constructor(width: number, height: number, timeline?: Timeline) {
    super(width, height);
    this.timeline = timeline ?? new Timeline(1);
  }

  override update(id: number, x: number, y: number, w: number, h: number): void {
    this.timeline.willChange(this, id);
    super.update(id, x, y, w, h);
    this.timeline.changed(id, true);
  }

  override updateMany(ids: Uint32Array, boxes: Float64Array): void {
    for (const id of ids) this.timeline.willChange(this, id);
    super.updateMany(ids, boxes);
    for (const id of ids) this.timeline.changed(id, true);
  }

  override setVelocity(id: number, vx: number, vy: number): void {
    this.timeline.willChange(this, id);
    super.setVelocity(id, vx, vy);
    this.timeline.changed(id, false);
  }

  override setParent(child: number, parent: number): void {
    this.timeline.ordered({ tick: 0, kind: 'parent', child, parent }, () => super.setParent(child, parent));
  }

  override setParents(pairs: Uint32Array): string {
    let strategy = '';
    this.timeline.ordered(null, () => {
      strategy = super.setParents(pairs);
    });
    for (let i = 0; i + 1 < pairs.length; i += 2) this.timeline.ordered({ tick: 0, kind: 'parent', child: pairs[i], parent: pairs[i + 1] }, () => {});
    return strategy;
  }

  override insert(x: number, y: number, w: number, h: number): number {
    let id = 0;
    this.timeline.ordered({ tick: 0, kind: 'insert', x, y, w, h }, () => {
      id = super.insert(x, y, w, h);
    });
    this.timeline.noteSize(id, w, h);
    return id;
  }

  override remove(id: number): void {
    this.timeline.ordered({ tick: 0, kind: 'remove', id }, () => super.remove(id));
  }
}

/** A box changed since the last tick: whether it was placed (else only its velocity set). */
interface Touch {
  placed: boolean;
}

export class Timeline {
  /** Ticks run since the world was built. */
  tick = 0;
  /** Whether changes are written down (off while the world is built and replayed). */
  recording = false;
  /** The speed the scene ran at from tick 0 (the log's speed entries say when it changed). */
  startSpeed: number;
  /** The speed in force now. */
  speed: number;
  /** The edits made after tick 0, in order (entries of the current tick are still changing). */
  private log: EditEntry[] = [];
  /** Boxes changed since the last tick, in the order they were first changed. */
  private touched = new Map<number, Touch>();
  /** Per id, the size the box had at the build (a placement carries its size only when it differs). */
  private readonly sizes = new Map<number, readonly [number, number]>();
  /** This tick's placement entry of each box since the last ordered edit: changed again, it is rewritten. */
  private segment = new Map<number, EditEntry>();
  private world: World | null = null;

  constructor(speed: number) {
    this.startSpeed = speed;
    this.speed = speed;
  }

  /** Starts over at tick 0 for `world` (just built): no edits, recording. */
  begin(world: World, speed: number): void {
    this.world = world;
    this.tick = 0;
    this.startSpeed = speed;
    this.speed = speed;
    this.log = [];
    this.touched.clear();
    this.sizes.clear();
    this.segment.clear();
    this.recording = true;
  }

  // --- what JournaledWorld reports --------------------------------------------------

  /** Box `id` is about to change: its size is noted the first time (the build's size). */
  willChange(world: World, id: number): void {
    if (this.sizes.has(id)) return;
    try {
      const [, , w, h] = world.box(id);
      this.sizes.set(id, [w, h]);
    } catch {
      // Not a live id: the World's own call refuses it, and nothing is written down.
    }
  }

  /** Box `id` was placed (`placed`) or given a velocity: written down before the next tick. */
  changed(id: number, placed: boolean): void {
    if (!this.recording || this.tick === 0) return;
    const touch = this.touched.get(id);
    if (touch === undefined) this.touched.set(id, { placed });
    else touch.placed ||= placed;
  }

  /** The size an inserted box starts with. */
  noteSize(id: number, w: number, h: number): void {
    this.sizes.set(id, [w, h]);
  }

  /**
   * An edit whose order among the others matters (a parent link, an
   * insert, a removal): the boxes changed before it are written down
   * first, then `call` runs, and the edit is written down if it did not
   * throw (a refused call changed nothing). `entry` null: only the order.
   */
  ordered(entry: EditEntry | null, call: () => void): void {
    const writing = this.recording && this.tick > 0;
    if (writing) this.flush();
    call();
    if (!writing) return;
    if (entry !== null) this.log.push({ ...entry, tick: this.tick });
    this.segment.clear();
  }

  /** The speed changed (a tick-0 change is the speed the scene starts with). */
  speedChanged(speed: number): void {
    if (speed === this.speed) return;
    this.speed = speed;
    if (!this.recording) return;
    if (this.tick === 0) {
      this.startSpeed = speed;
      return;
    }
    const last = this.log[this.log.length - 1];
    if (last !== undefined && last.kind === 'speed' && last.tick === this.tick) last.speed = speed;
    else this.log.push({ tick: this.tick, kind: 'speed', speed });
  }

  // --- ticks -------------------------------------------------------------------------

  /** A tick is about to run: what changed since the last one is written down. */
  beforeTick(): void {
    this.flush();
    this.segment.clear();
  }

  /** A tick ran. */
  afterTick(): void {
    this.tick += 1;
  }

  // --- the log -------------------------------------------------------------------------

  /** The edits so far (a copy), with the starting speed first when the speed changed. */
  edits(): EditEntry[] {
    this.flush();
    const entries = this.log.map((e) => ({ ...e }));
    if (entries.some((e) => e.kind === 'speed') && !(entries[0]?.kind === 'speed' && entries[0].tick === 0)) entries.unshift({ tick: 0, kind: 'speed', speed: this.startSpeed });
    return entries;
  }

  /**
   * Goes on from a replay that applied `entries` up to `tick` (the sizes
   * it met kept, as the reader's own edits would have kept them), recording
   * again.
   */
  resume(entries: readonly EditEntry[], tick: number, startSpeed: number, speed: number): void {
    this.log = entries.filter((e) => !(e.kind === 'speed' && e.tick === 0)).map((e) => ({ ...e }));
    this.tick = tick;
    this.startSpeed = startSpeed;
    this.speed = speed;
    this.touched.clear();
    this.segment.clear();
    this.recording = true;
  }

  /** Writes down the boxes changed since the last tick or ordered edit, as the World has them now. */
  private flush(): void {
    const world = this.world;
    if (this.touched.size === 0 || world === null) return;
    for (const [id, touch] of this.touched) {
      let entry: EditEntry;
      try {
        const [x, y, w, h] = world.box(id);
        const [vx, vy] = world.velocity(id);
        const size = this.sizes.get(id);
        const resized = size === undefined || size[0] !== w || size[1] !== h;
        // A free box is written with its place too, which says all its motion depends on (it replaces the box's
        // earlier entries); an attached one's place is its parent's business: its velocity alone, unless it was placed.
        const attached = !touch.placed && this.segment.get(id)?.kind !== 'place' && world.parentOf(id) !== 0;
        if (attached) entry = { tick: this.tick, kind: 'velocity', id, vx, vy };
        else entry = resized ? { tick: this.tick, kind: 'place', id, x, y, vx, vy, w, h } : { tick: this.tick, kind: 'place', id, x, y, vx, vy };
      } catch {
        continue; // removed since (its removal is in the log)
      }
      const current = this.segment.get(id);
      if (current !== undefined) {
        // Changed again before the next tick: this tick's entry is rewritten.
        this.log[this.log.indexOf(current)] = entry;
        this.segment.set(id, entry);
        continue;
      }
      if (entry.kind === 'place') this.dropSuperseded(id);
      this.log.push(entry);
      this.segment.set(id, entry);
    }
    this.touched.clear();
  }

  /** Drops `id`'s earlier placements and velocities back to the last ordered edit: a placement says all its motion depends on. */
  private dropSuperseded(id: number): void {
    let from = this.log.length;
    while (from > 0 && !orders(this.log[from - 1])) from -= 1;
    if (from === this.log.length) return;
    const mine = (e: EditEntry) => (e.kind === 'place' || e.kind === 'velocity') && e.id === id;
    if (!this.log.slice(from).some(mine)) return;
    this.log = [...this.log.slice(0, from), ...this.log.slice(from).filter((e) => !mine(e))];
  }
}
