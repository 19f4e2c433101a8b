// The box scenes' model (quadtree, grids, hierarchy): the simulation, the
// settings in force as the typed values the settings table defines (read
// and written under their own names), the camera, what the pointer is
// doing, and the actions the panels, the keys and the tests share, with
// their undo. One frame = the fixed ticks due (each a step of TICK_SECONDS
// × speed, as many as its budget allows), pairs() once, the brute-force
// check's time slice, the camera query; or, opened from a link at a later
// tick, a slice of the replay that catches up to it. The simulated time
// and the edits made while it runs are the Timeline's (timeline.ts), so
// the settings published name the moment exactly. No DOM: the mode
// runtime draws the layers from this model and runs it (runtime/scene.ts).

import { BruteForceCheck } from './check';
import { clampCamera, defaultCamera } from './camera';
import { Replay } from './replay';
import { Simulation, type SimulationOptions } from './simulation';
import { World } from '../core/index';
import type { FrameCost } from '../runtime/frame-cost';
import { TICK_SECONDS } from '../runtime/frame-loop';
import type { Rect } from '../runtime/geometry';
import { History } from '../runtime/history';
import type { SceneHistory, SceneHost, SceneModel, SceneWorld, StepSource } from '../runtime/scene';
import type { Viewport } from '../runtime/viewport';
import { SPEED_MAX } from '../settings/limits';
import { sceneSettings } from '../settings/read';
import type { FlagName, SettingValues, SomeSettings } from '../settings/table';

/**
 * A frame runs another due tick only while its ticks so far and one more
 * like them fit this, ms: a scene whose tick costs more than a frame can
 * spare runs one tick a frame and slows down rather than falling behind.
 */
const TICK_BUDGET_MS = 8;
/** A frame of catching up to a link's tick replays for about this long, ms. */
const CATCH_UP_MS = 30;
/** The catching-up notice is rewritten at most this often, ms. */
const CATCH_UP_NOTICE_MS = 500;
/**
 * Steps + pairs slower than this (two frames a second) pause the
 * simulation, so the page stays usable (brute force at 20k objects is far
 * slower than that), while a big scene on a slow, busy machine still runs.
 */
const STALL_MICROS = 500_000;
/**
 * One slow step is not a stall: a fresh world's first steps grow its
 * memory and structures, and a busy machine stalls any step now and then.
 * The scene pauses after SLOW_STEPS slow steps in a row (past the
 * warm-up), or at once when a step takes over a second (brute force at 20k).
 */
const WARM_UP_STEPS = 10;
const SLOW_STEPS = 3;
const HOPELESS_MICROS = 1_000_000;
/** The brute-force check's slice fits what a 60 fps frame leaves, ms, but never less than the floor. */
const FRAME_BUDGET_MS = 14;
const CHECK_FLOOR_MS = 0.25;

export type DragKind = 'box' | 'camera-move' | 'camera-resize' | 'pan';

/** What the pointer is doing. */
export interface Interaction {
  /** Box under the pointer (0 = none); only mice and pens hover. */
  hoverId: number;
  /** Box being dragged (0 = none). */
  dragId: number;
  dragKind: DragKind | null;
  /** Box last pressed (0 = none); a click on empty space clears it. */
  selectedId: number;
  /** Shift or Alt held during the drag in progress (attach on drop). */
  attachHeld: boolean;
  /** Pointer position in world units during a drag. */
  pointerX: number;
  pointerY: number;
}

/**
 * What undo puts back after a drag or a key press: one box where it was,
 * at the velocity it had (id 0: none), the camera, and the hand edits a
 * link keeps. The simulation runs on in between: undo restores the place.
 */
interface BoxEdit {
  readonly id: number;
  readonly box: readonly number[] | null;
  readonly camera: Rect;
  readonly moved: number[] | undefined;
}

/** What a mode takes from the box scene. */
export interface BoxesOptions extends SimulationOptions {
  /** The culling camera of the quadtree tutorials: its handles and per-frame query. */
  camera?: boolean;
}

export class BoxesModel implements SceneModel {
  /**
   * The settings in force, by their names in the settings table: what was
   * given, what the reader changed since. Explicit boxes are the scene:
   * their count is the object count.
   */
  readonly settings: SettingValues;
  readonly sim: Simulation;
  /** The culling rectangle, in world units (live; `settings.camera` keeps it once the reader moved it). */
  readonly camera: Rect;
  readonly interaction: Interaction = { hoverId: 0, dragId: 0, dragKind: null, selectedId: 0, attachHeld: false, pointerX: 0, pointerY: 0 };
  readonly check = new BruteForceCheck();
  readonly viewport: Viewport;
  /** What a frame costs in JS, by part (the runtime's; the tick adds step, pairs and check). */
  readonly cost: FrameCost;
  /** Structure names the core accepts, straight from `World.structures()`. */
  readonly structures: readonly string[] = World.structures();
  /** Whether this scene has the culling camera. */
  readonly hasCamera: boolean;
  /** Frames per second over the last half second or more. */
  fps = 0;
  /** Taking the world to a link's tick (null once there). */
  replay: Replay | null = null;
  private catchUpNoticeAt = -Infinity;
  /** Undo for box drags and nudges and camera moves (one step per gesture). */
  readonly edits = new History<BoxEdit>();
  /** What the runtime's undo buttons and keys act on: the box edits, unless a mode keeps its own undo (`useHistory`). */
  history: SceneHistory = this;
  /** The steps the runtime's stepper walks (a mode that teaches one sets them: teach/steps.ts). */
  steps?: StepSource;

  /** The state before the gesture under way, or null. */
  private editBefore: BoxEdit | null = null;
  private destroyed = false;
  private fpsFrames = 0;
  private fpsSince = 0;
  private rebuildPending = false;
  /** Slow steps in a row (see SLOW_STEPS). */
  private slowSteps = 0;
  /** `sim.refusals` when the last refusal was told. */
  private refusalsTold = 0;
  private stepPending = false;
  private readonly listeners = new Set<() => void>();
  private readonly rebuildListeners = new Set<() => void>();
  private readonly frameListeners = new Set<(now: number) => void>();

  constructor(
    private readonly host: SceneHost,
    settings: SettingValues,
    options: BoxesOptions = {},
  ) {
    this.settings = { ...settings };
    if (settings.boxes !== undefined) this.settings.count = settings.boxes.length / 6;
    this.hasCamera = options.camera ?? true;
    this.viewport = host.viewport;
    this.cost = host.cost;
    this.sim = new Simulation(this.settings, options);
    this.dropRefusedSettings();
    this.viewport.setWorld(this.sim.side, this.sim.side);
    const c = this.settings.camera;
    this.camera = c !== undefined ? { x: c[0], y: c[1], w: c[2], h: c[3] } : defaultCamera(this.sim.side);
    clampCamera(this.camera, this.sim.side, 4);
    this.startReplay();
    this.selectFromSettings();
  }

  /** The selection a link or an attribute gave, if the scene has that box (a notice says when it has not). */
  private selectFromSettings(): void {
    const id = this.settings.selected;
    if (id === undefined) return;
    if (this.sim.slotOf(id) >= 0) {
      this.interaction.selectedId = id;
      return;
    }
    delete this.settings.selected;
    this.notify(`selected: this scene has no object #${id}; nothing is selected.`);
  }

  // --- the scene, as the runtime runs it -------------------------------------

  worldSize(): SceneWorld {
    return { width: this.sim.side, height: this.sim.side };
  }

  /** The settings of this mode's scene, to publish: the moment too (its tick and the edits made on the way). */
  state(): SomeSettings {
    const s = this.settings;
    const replay = this.replay;
    if (replay === null) {
      const edits = this.sim.timeline.edits();
      s.tick = this.sim.timeline.tick;
      s.edits = edits.length > 0 ? edits : undefined;
    }
    return sceneSettings(s, s.mode);
  }

  busy(): boolean {
    return this.interaction.dragKind !== null;
  }

  /** Whether the world is still on its way to a link's tick (edits wait until it is there). */
  get catchingUp(): boolean {
    return this.replay !== null;
  }

  /** The tick the scene is at: ticks run since the world was built (during a catch-up, the link's). */
  get currentTick(): number {
    return this.replay?.target ?? this.sim.timeline.tick;
  }

  /** Frames drawn since start. */
  get frame(): number {
    return this.host.frame;
  }

  get canUndo(): boolean {
    return this.edits.canUndo;
  }

  get canRedo(): boolean {
    return this.edits.canRedo;
  }

  /** Frees the wasm world; the object is dead after. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.listeners.clear();
    this.rebuildListeners.clear();
    this.frameListeners.clear();
    this.sim.destroy();
  }

  get isDestroyed(): boolean {
    return this.destroyed;
  }

  /**
   * Selects box `id` (0: none), as a click on it does: its cells show in
   * the grids, the stepper walks its query or pair search, a link keeps
   * it. False when there is no such box.
   */
  selectObject(id: number): boolean {
    if (id !== 0 && this.sim.slotOf(id) < 0) return false;
    if (id === this.interaction.selectedId) return true;
    this.interaction.selectedId = id;
    if (id === 0) delete this.settings.selected;
    else this.settings.selected = id;
    this.host.changed();
    for (const listener of this.listeners) listener();
    return true;
  }

  /** The stepper's place (1 is the first step; undefined: the whole picture), for the link. */
  setStep(step: number | undefined): void {
    if (step === this.settings.step) return;
    this.settings.step = step;
    this.host.changed();
  }

  /** Takes a new selection without a rebuild (a link, the embed's setState); other settings need one. */
  adopt(values: SomeSettings): boolean {
    for (const key of Object.keys(values)) if (key !== 'selected') return false;
    return 'selected' in values ? this.selectObject(values.selected ?? 0) : true;
  }

  /** A mode's own undo (the hierarchy's) in place of the box edits': box edits are no longer recorded. */
  useHistory(history: SceneHistory): void {
    this.history = history;
  }

  /** Called after any settings change, so every view can re-read them. */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  /** Called every frame after the simulation, before drawing. */
  onFrame(listener: (now: number) => void): void {
    this.frameListeners.add(listener);
  }

  /** Called after the world was rebuilt (new count, seed, layout, reset). */
  onRebuild(listener: () => void): void {
    this.rebuildListeners.add(listener);
  }

  /** Shows `text` to the reader (through the mode's notice). */
  notify(text: string): void {
    this.host.notify(text);
  }

  // --- actions ---------------------------------------------------------

  setCount(count: number): void {
    if (count === this.settings.count) return;
    this.settings.count = count;
    this.settings.boxes = undefined; // a chosen count means a seeded scene
    this.rebuildPending = true;
    this.changed();
  }

  setSeed(seed: number): void {
    this.settings.seed = seed >>> 0;
    this.settings.boxes = undefined;
    this.rebuildPending = true;
    this.changed();
  }

  setLayout(layout: string): void {
    this.settings.layout = layout;
    this.rebuildPending = true;
    this.changed();
  }

  /** Rebuilds the world from its seed: every box back where it started. */
  reset(): void {
    this.rebuildPending = true;
    this.changed();
  }

  setStructure(name: string): void {
    this.sim.setStructure(name);
    this.settings.structure = name;
    this.check.restart();
    this.changed();
  }

  /** A cell size for the grids (> 0). */
  setCellSize(size: number): void {
    try {
      this.sim.setCellSize(size);
    } catch (error) {
      // Too small for this world's grid (the core names the smallest): not applied.
      const problem = `cell size ${size} not used: ${error instanceof Error ? error.message : String(error)}`;
      this.notify(problem);
      console.warn(`broadphase: ${problem}`);
      this.host.syncPanels();
      return;
    }
    this.settings.cellSize = size;
    this.check.restart();
    this.changed();
  }

  /** Back to the core's automatic cell size (the link drops `cell-size`). */
  autoCellSize(): void {
    if (this.settings.cellSize === undefined) return;
    delete this.settings.cellSize;
    this.sim.useAutomaticCellSize();
    this.check.restart();
    this.changed();
  }

  /** Rebuilds after a change a mode made to the world outside the actions. */
  worldEdited(): void {
    this.sim.markDirty();
    this.check.restart();
  }

  /**
   * The user placed box `id` by hand: a link keeps where (and how fast) it
   * is now; before the first tick in `moved`, later in the edits with
   * their tick (the Timeline wrote it down).
   */
  noteMoved(id: number): void {
    if (this.sim.timeline.tick > 0) {
      this.host.changed();
      return;
    }
    const s = this.settings;
    const [x, y, w, h] = this.sim.world.box(id);
    const [vx, vy] = this.sim.world.velocity(id);
    const rest: number[] = [];
    const m = s.moved ?? [];
    for (let i = 0; i + 6 < m.length; i += 7) if (m[i] !== id) rest.push(...m.slice(i, i + 7));
    s.moved = [...rest, id, x, y, w, h, vx, vy];
    this.host.changed();
  }

  /** The user changed a parent link: a link keeps all of them (before the first tick in `links`, later in the edits). */
  noteLinks(): void {
    if (this.sim.timeline.tick > 0) {
      this.host.changed();
      return;
    }
    const world = this.sim.world;
    const links: number[] = [];
    for (const id of world.order()) {
      const parent = world.parentOf(id);
      if (parent !== 0) links.push(id, parent);
    }
    this.settings.links = links;
    this.host.changed();
  }

  /** The user moved or resized the camera: a link keeps it. */
  cameraEdited(): void {
    const c = this.camera;
    this.settings.camera = [c.x, c.y, c.w, c.h];
    this.host.changed();
  }

  setQuadtreeLimits(maxObjects: number, maxLevels: number): void {
    this.sim.setQuadtreeLimits(maxObjects, maxLevels);
    this.settings.maxObjects = maxObjects;
    this.settings.maxLevels = maxLevels;
    this.check.restart();
    this.changed();
  }

  setSpeed(speed: number): void {
    this.settings.speed = Math.min(SPEED_MAX, Math.max(0, speed));
    this.sim.timeline.speedChanged(this.settings.speed);
    this.changed();
  }

  setPaused(paused: boolean): void {
    if (paused === this.settings.paused) return;
    this.settings.paused = paused;
    // Time paused is not simulated when it runs again.
    this.host.restartClock();
    this.changed();
  }

  togglePause(): void {
    this.setPaused(!this.settings.paused);
  }

  /** Pauses (if running) and advances exactly one tick on the next frame. */
  stepOnce(): void {
    this.settings.paused = true;
    this.stepPending = true;
    this.changed();
  }

  /** A true/false setting the layers and panels read as it is (drawing the structure's lines): kept, shown, published. */
  setFlag(name: FlagName, on: boolean): void {
    this.settings[name] = on;
    this.changed();
  }

  fitView(): void {
    this.host.fitView();
    this.changed();
  }

  /** The camera moved or resized: keep it inside the world. */
  cameraChanged(): void {
    clampCamera(this.camera, this.sim.side, this.minCameraSide());
  }

  minCameraSide(): number {
    return Math.max(4, 24 / this.viewport.scale);
  }

  // --- undo ----------------------------------------------------------------

  private editSnapshot(id: number): BoxEdit {
    const live = id !== 0 && this.sim.slotOf(id) >= 0;
    const box = live ? [...this.sim.world.box(id), ...this.sim.world.velocity(id)] : null;
    return { id, box, camera: { ...this.camera }, moved: this.settings.moved };
  }

  /** A gesture on box `id` (0: the camera) begins: what it changes is one undo step. */
  beginEdit(id: number): void {
    if (this.history === this) this.editBefore = this.editSnapshot(id);
  }

  /** The gesture ended: a step when it moved something. */
  endEdit(): void {
    const before = this.editBefore;
    this.editBefore = null;
    if (before === null) return;
    const now = this.editSnapshot(before.id);
    const same = (a: readonly number[] | null, b: readonly number[] | null) => (a === null ? b === null : b !== null && a.slice(0, 4).every((v, i) => v === b[i]));
    const cam = (a: Rect, b: Rect) => a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;
    if (same(before.box, now.box) && cam(before.camera, now.camera)) return;
    this.edits.changed(() => before);
    this.changed();
  }

  undo(): boolean {
    const to = this.edits.peekUndo();
    if (to === undefined) return false;
    return this.restoreEdit(this.edits.undo(this.editSnapshot(to.id)));
  }

  redo(): boolean {
    const to = this.edits.peekRedo();
    if (to === undefined) return false;
    return this.restoreEdit(this.edits.redo(this.editSnapshot(to.id)));
  }

  private restoreEdit(edit: BoxEdit | null): boolean {
    if (edit === null) return false;
    if (edit.box !== null && this.sim.slotOf(edit.id) >= 0) {
      const [x, y, , , vx, vy] = edit.box;
      this.sim.moveBox(edit.id, x, y);
      this.sim.world.setVelocity(edit.id, vx, vy);
    }
    const cam = this.camera;
    if (cam.x !== edit.camera.x || cam.y !== edit.camera.y || cam.w !== edit.camera.w || cam.h !== edit.camera.h) {
      Object.assign(cam, edit.camera);
      this.cameraChanged();
      this.settings.camera = [cam.x, cam.y, cam.w, cam.h];
    }
    // Before the first tick the link keeps hand placements in `moved`; later the Timeline wrote the undo down.
    if (this.sim.timeline.tick === 0) {
      if (edit.moved === undefined) delete this.settings.moved;
      else this.settings.moved = edit.moved;
    }
    this.changed();
    return true;
  }

  // --- the frame loop ---------------------------------------------------

  /** One frame before drawing: settings problems, a pending rebuild, the ticks due (or a slice of catching up), the check, the camera query. */
  tick(now: number, ticks: number): void {
    this.countFps(now);
    const s = this.settings;
    const cost = this.cost;
    if (this.sim.setupProblems.length > 0) {
      this.notify(this.sim.setupProblems.join(' · '));
      for (const p of this.sim.setupProblems) console.warn(`broadphase: ${p}`);
      this.sim.setupProblems = [];
    }
    if (this.rebuildPending) {
      this.rebuild();
      // A new scene: its frames start counting after the build.
      cost.restart();
      cost.begin();
    }
    this.sim.beginFrame();
    if (this.replay !== null) {
      this.catchUp(now);
    } else if (!s.paused) {
      this.runTicks(ticks);
    } else if (this.stepPending) {
      this.runTicks(1);
    } else {
      this.sim.refreshIfDirty();
    }
    this.stepPending = false;
    if (this.sim.refusals !== this.refusalsTold && this.sim.pairsRefused !== null) this.refused(this.sim.pairsRefused);
    cost.add('step', this.sim.frameStepMs);
    cost.add('pairs', this.sim.framePairsMs);
    // Scan budget: what a 60 fps frame leaves after this frame's work so
    // far and the drawing and the rest (as the last second measured them).
    // Paused and let go, the check catches up at once; during a drag it keeps its pace.
    const last = cost.report;
    const left = FRAME_BUDGET_MS - cost.elapsed() - (last === null ? 0 : last.draw + last.rest);
    const checkStart = performance.now();
    // Without an answer from the structure there is nothing to check.
    if (this.sim.pairsRefused === null) {
      this.check.tick(this.sim, this.frame, now, Math.max(CHECK_FLOOR_MS, Math.min(s.count > 5000 ? 3 : 6, left)), s.paused && this.interaction.dragKind === null);
    }
    cost.add('check', performance.now() - checkStart);
    if (this.hasCamera) this.sim.queryCamera(this.camera);
    for (const listener of this.frameListeners) listener(now);
  }

  /**
   * Runs up to `due` ticks, each a step of TICK_SECONDS × speed with the
   * edits made before it written down first, while they fit the frame's
   * budget (the first always runs), then pairs() once.
   */
  private runTicks(due: number): void {
    const timeline = this.sim.timeline;
    const dt = TICK_SECONDS * this.settings.speed;
    const start = performance.now();
    let run = 0;
    while (run < due) {
      const spent = performance.now() - start;
      if (run > 0 && spent + spent / run > TICK_BUDGET_MS) break;
      timeline.beforeTick();
      this.sim.stepTick(dt);
      timeline.afterTick();
      run += 1;
    }
    if (run === 0) {
      this.sim.refreshIfDirty();
      return;
    }
    this.sim.pairsAfterTicks(run);
    const us = this.sim.lastStepMicros;
    this.slowSteps = us > STALL_MICROS && this.sim.steps > WARM_UP_STEPS ? this.slowSteps + 1 : 0;
    if (us > HOPELESS_MICROS || this.slowSteps >= SLOW_STEPS) this.stall();
  }

  /** Replays the settings' edits up to their tick: now as far as the budget allows, the rest on the next frames. */
  private startReplay(): void {
    const s = this.settings;
    const target = s.tick;
    if (target <= 0 && (s.edits === undefined || s.edits.length === 0)) return;
    this.replay = new Replay(this.sim.world, this.sim.timeline, s.edits ?? [], target, s.speed);
    // A small scene is there before its first frame.
    this.catchUp(performance.now());
  }

  private catchUp(now: number): void {
    const replay = this.replay;
    if (replay === null) return;
    const t0 = performance.now();
    const done = replay.run(CATCH_UP_MS);
    this.sim.frameStepMs += performance.now() - t0;
    this.sim.markDirty();
    if (!done) {
      if (now - this.catchUpNoticeAt >= CATCH_UP_NOTICE_MS) {
        this.catchUpNoticeAt = now;
        this.notify(`Catching up to tick ${formatTick(replay.target)}, the link's moment: ${formatTick(replay.at)} (${Math.floor((100 * replay.at) / replay.target)}%)…`);
      }
      return;
    }
    this.replay = null;
    // A speed the reader set while it caught up runs from the link's tick on.
    this.sim.timeline.speedChanged(this.settings.speed);
    if (replay.slotsChanged) this.sim.reindex();
    if (this.catchUpNoticeAt > -Infinity) this.notify(`Caught up: tick ${formatTick(replay.target)}, the link's moment.`);
    if (replay.problems.length > 0) {
      this.notify(replay.problems.join(' · '));
      for (const p of replay.problems) console.warn(`broadphase: ${p}`);
    }
    this.sim.refreshIfDirty();
    this.host.syncPanels();
  }

  private countFps(now: number): void {
    this.fpsFrames += 1;
    if (this.fpsSince === 0) this.fpsSince = now;
    if (now - this.fpsSince >= 500) {
      this.fps = (this.fpsFrames * 1000) / (now - this.fpsSince);
      this.fpsFrames = 0;
      this.fpsSince = now;
    }
  }

  private stall(): void {
    this.slowSteps = 0;
    const s = this.settings;
    const ms = this.sim.lastStepMicros / 1000;
    this.setPaused(true);
    this.notify(`Paused: one step + pairs took ${ms.toFixed(0)} ms with ${s.structure} at ${s.count.toLocaleString('en-US')} objects. Step with “.”, or pick another structure.`);
  }

  /** The core refused this frame's pairs: paused, and said (the scene stays as it is, so it can be changed). */
  private refused(why: string): void {
    this.refusalsTold = this.sim.refusals;
    this.setPaused(true);
    const text = `Paused: the core refused the pairs of this scene: ${why}. Fewer boxes in one place, or fewer boxes, and it runs again.`;
    this.notify(text);
    console.warn(`broadphase: ${text}`);
  }

  private rebuild(): void {
    this.rebuildPending = false;
    const oldSide = this.sim.side;
    // Hand edits belong to the scene they were made in; a new scene starts clean, at tick 0.
    delete this.settings.moved;
    delete this.settings.links;
    delete this.settings.edits;
    this.settings.tick = 0;
    this.replay = null;
    this.sim.rebuild(this.settings);
    if (this.dropRefusedSettings()) this.changed();
    const k = this.sim.side / oldSide;
    const cam = this.camera;
    cam.x *= k;
    cam.y *= k;
    cam.w *= k;
    cam.h *= k;
    this.cameraChanged();
    this.viewport.setWorld(this.sim.side, this.sim.side);
    // A drag in progress held an id of the old world: let it go.
    this.interaction.dragId = 0;
    this.interaction.hoverId = 0;
    this.interaction.dragKind = null;
    this.interaction.selectedId = 0;
    delete this.settings.selected;
    // Steps name boxes of the old world.
    this.edits.clear();
    this.editBefore = null;
    this.check.restart();
    for (const listener of this.rebuildListeners) listener();
  }

  /** Settings the last build could not use are not in force: getState() and the link drop them. */
  private dropRefusedSettings(): boolean {
    if (!this.sim.cellSizeRefused || this.settings.cellSize === undefined) return false;
    delete this.settings.cellSize;
    return true;
  }

  private changed(): void {
    this.host.changed();
    for (const listener of this.listeners) listener();
    this.host.syncPanels();
  }
}

/** A tick count as the page writes it. */
function formatTick(tick: number): string {
  return tick.toLocaleString('en-US');
}
