// The box demos' scene (quadtree, grids, hierarchy): applies settings to
// the simulation and offers the actions the controls, the keyboard and the
// tests share. It runs in the mode runtime (runtime/mode-runtime.ts), which
// owns the view, the drawing, the loop and publishing. One tick = at most
// one step(dt) + pairs(), the brute-force check's time slice, the camera
// query; the runtime then draws.

import { BruteForceCheck } from './check';
import { clampCamera } from './camera';
import { BackgroundLayer } from '../layers/background';
import { BoxesLayer } from '../layers/boxes';
import { CameraLayer } from '../layers/camera';
import { FocusLayer } from '../layers/focus';
import { QuadtreeLayer } from '../layers/quadtree';
import type { Renderer } from '../runtime/renderer';
import { Simulation, type SimulationOptions } from './simulation';
import { createState, defaultCamera, SPEED_MAX, type DemoState, type Settings } from './settings';
import type { Sidebar } from '../runtime/ui';
import { boxValues } from './values';
import type { Viewport } from '../runtime/viewport';
import type { ModeRuntime, Scene } from '../runtime/mode-runtime';
import type { FrameCost } from '../runtime/frame-cost';
import type { KeyScene, PointerScene } from '../runtime/input';
import { History } from '../runtime/history';
import type { Rect } from '../runtime/geometry';

/** Simulated time of one single step, before the speed multiplier. */
const SINGLE_STEP_DT = 1 / 60;
/**
 * Steps + pairs slower than this (two frames a second) pause the
 * simulation, so the page stays usable (brute force at 20k objects takes
 * over a second per step); 200k objects on a slow, busy machine may take
 * a few hundred ms and still run.
 */
const STALL_MICROS = 500_000;
/**
 * One slow step is not a stall: a fresh world's first steps grow its
 * memory and structures (hundreds of ms at 200k objects on a slow
 * machine), and a busy machine stalls any step now and then. The scene
 * pauses after SLOW_STEPS slow steps in a row (past the warm-up), or at
 * once when a step takes over a second (brute force at 20k).
 */
const WARM_UP_STEPS = 10;
const SLOW_STEPS = 3;
const HOPELESS_MICROS = 1_000_000;
/** The brute-force check's slice fits what a 60 fps frame leaves, ms, but never less than the floor. */
const FRAME_BUDGET_MS = 14;
const CHECK_FLOOR_MS = 0.25;

/**
 * What undo puts back after a drag or a key press: one box where it was,
 * at the velocity it had (id 0: none), the camera, and the hand edits a
 * link keeps. The simulation runs on in between: undo restores the place.
 */
interface BoxEdit {
  readonly id: number;
  readonly box: readonly number[] | null;
  readonly camera: Rect;
  readonly moved: readonly number[] | undefined;
}

/** What the moving-box layers draw from: the simulation and the UI state. */
export interface BoxesModel {
  readonly sim: Simulation;
  readonly state: DemoState;
}

/** What a mode takes from the shared box demo. */
export interface BoxDemoOptions extends SimulationOptions {
  /** The culling camera of the quadtree tutorials: its layer, handles and per-frame query. */
  camera?: boolean;
  /** The quadtree's split lines and the nodes holding the focused box. */
  treeLayers?: boolean;
}

/** What a mode adds to the demo's scene: its input, and what else it frees or installs. */
export interface BoxSceneParts {
  readonly input: PointerScene & KeyScene;
  /** The history undo keys and buttons act on (default: the demo's own box edits). */
  readonly history?: Scene<BoxesModel>['history'];
  debug?(): () => void;
  destroy?(): void;
}

export class BoxDemo {
  readonly state: DemoState;
  readonly sim: Simulation;
  readonly viewport: Viewport;
  readonly renderer: Renderer<BoxesModel>;
  readonly check = new BruteForceCheck();
  readonly sidebar: Sidebar;
  readonly quadtreeLayer = new QuadtreeLayer();
  /** Structure names the core accepts, straight from `World.structures()`. */
  readonly structures: readonly string[];
  /** Frames per second over the last half second or more. */
  fps = 0;
  /** Undo for box drags and nudges and camera moves (one step per gesture). */
  readonly history = new History<BoxEdit>();
  /** The state before the gesture under way, or null. */
  private editBefore: BoxEdit | null = null;
  /** Whether box edits go into `history` (not when the mode keeps its own undo, as the hierarchy does). */
  private recordsEdits = true;

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

  /** Whether this playground has the culling camera. */
  readonly hasCamera: boolean;

  constructor(
    private readonly rt: ModeRuntime<BoxesModel>,
    settings: Settings,
    structures: readonly string[],
    options: BoxDemoOptions = {},
  ) {
    this.structures = structures;
    this.hasCamera = options.camera ?? true;
    this.viewport = rt.viewport;
    this.renderer = rt.renderer;
    this.sidebar = rt.sidebar;
    this.state = createState(settings);
    this.sim = new Simulation(settings, options);
    this.dropRefusedSettings();
    this.viewport.setWorld(this.sim.side, this.sim.side);
    this.state.camera = settings.camera !== undefined ? { ...settings.camera } : defaultCamera(this.sim.side);
    clampCamera(this.state.camera, this.sim.side, 4);
    this.renderer.add(new BackgroundLayer());
    this.renderer.add(new BoxesLayer());
    if (options.treeLayers ?? true) {
      this.renderer.add(this.quadtreeLayer);
      this.renderer.add(new FocusLayer());
    }
    if (this.hasCamera) this.renderer.add(new CameraLayer());
  }

  /** The demo as the runtime runs it, with the mode's input and extras. */
  scene(parts: BoxSceneParts): Scene<BoxesModel> {
    this.recordsEdits = parts.history === undefined;
    return {
      model: this,
      world: () => ({ width: this.sim.side, height: this.sim.side }),
      tick: (now, dt) => this.tick(now, dt),
      state: () => boxValues(this.state.settings),
      pointer: parts.input,
      keys: parts.input,
      history: parts.history ?? this,
      busy: () => this.state.interaction.dragKind !== null,
      debug: parts.debug,
      destroy: () => {
        parts.destroy?.();
        this.destroy();
      },
    };
  }

  /** Frames drawn since start. */
  get frame(): number {
    return this.rt.frame;
  }

  /** What a frame costs in JS, by part, over the last second or so (the runtime's). */
  get cost(): FrameCost {
    return this.rt.cost;
  }

  get canUndo(): boolean {
    return this.history.canUndo;
  }

  get canRedo(): boolean {
    return this.history.canRedo;
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

  /** Shows `text` to the user (through the mode's notice). */
  notify(text: string): void {
    this.rt.notice.show(text);
  }

  // --- actions ---------------------------------------------------------

  setCount(count: number): void {
    if (count === this.state.settings.count) return;
    this.state.settings.count = count;
    this.state.settings.boxes = undefined; // a chosen count means a seeded scene
    this.rebuildPending = true;
    this.changed();
  }

  setSeed(seed: number): void {
    this.state.settings.seed = seed >>> 0;
    this.state.settings.boxes = undefined;
    this.rebuildPending = true;
    this.changed();
  }

  setLayout(layout: Settings['layout']): void {
    this.state.settings.layout = layout;
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
    this.state.settings.structure = name;
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
      this.sidebar.sync();
      return;
    }
    this.state.settings.cellSize = size;
    this.check.restart();
    this.changed();
  }

  /** Back to the core's automatic cell size (the URL drops `cell`). */
  autoCellSize(): void {
    if (this.state.settings.cellSize === undefined) return;
    delete this.state.settings.cellSize;
    this.sim.useAutomaticCellSize();
    this.check.restart();
    this.changed();
  }

  /** Rebuilds after a change a mode made to the world outside the actions. */
  worldEdited(): void {
    this.sim.markDirty();
    this.check.restart();
  }

  /** The user placed box `id` by hand: a link keeps where (and how fast) it is now. */
  noteMoved(id: number): void {
    const s = this.state.settings;
    const [x, y, w, h] = this.sim.world.box(id);
    const [vx, vy] = this.sim.world.velocity(id);
    const rest: number[] = [];
    const m = s.moved ?? [];
    for (let i = 0; i + 6 < m.length; i += 7) if (m[i] !== id) rest.push(...m.slice(i, i + 7));
    s.moved = [...rest, id, x, y, w, h, vx, vy];
    this.rt.changed();
  }

  /** The user changed a parent link: a link keeps all of them. */
  noteLinks(): void {
    const world = this.sim.world;
    const links: number[] = [];
    for (const id of world.order()) {
      const parent = world.parentOf(id);
      if (parent !== 0) links.push(id, parent);
    }
    this.state.settings.links = links;
    this.rt.changed();
  }

  /** The user moved or resized the camera: a link keeps it. */
  cameraEdited(): void {
    this.state.settings.camera = { ...this.state.camera };
    this.rt.changed();
  }

  setQuadtreeLimits(maxObjects: number, maxLevels: number): void {
    this.sim.setQuadtreeLimits(maxObjects, maxLevels);
    this.state.settings.maxObjects = maxObjects;
    this.state.settings.maxLevels = maxLevels;
    this.check.restart();
    this.changed();
  }

  setSpeed(speed: number): void {
    this.state.settings.speed = Math.min(SPEED_MAX, Math.max(0, speed));
    this.changed();
  }

  setRunning(running: boolean): void {
    if (running === this.state.settings.running) return;
    this.state.settings.running = running;
    this.changed();
  }

  togglePause(): void {
    this.setRunning(!this.state.settings.running);
  }

  /** Pauses (if running) and advances exactly one step on the next frame. */
  stepOnce(): void {
    this.state.settings.running = false;
    this.stepPending = true;
    this.changed();
  }

  setShowTree(show: boolean): void {
    this.state.settings.showTree = show;
    this.changed();
  }

  fitView(): void {
    this.rt.fitView();
    this.changed();
  }

  /** The camera moved or resized: keep it inside the world. */
  cameraChanged(): void {
    clampCamera(this.state.camera, this.sim.side, this.minCameraSide());
  }

  minCameraSide(): number {
    return Math.max(4, 24 / this.viewport.scale);
  }

  // --- undo ----------------------------------------------------------------

  private editSnapshot(id: number): BoxEdit {
    const live = id !== 0 && this.sim.slotOf(id) >= 0;
    const box = live ? [...this.sim.world.box(id), ...this.sim.world.velocity(id)] : null;
    return { id, box, camera: { ...this.state.camera }, moved: this.state.settings.moved };
  }

  /** A gesture on box `id` (0: the camera) begins: what it changes is one undo step. */
  beginEdit(id: number): void {
    if (this.recordsEdits) this.editBefore = this.editSnapshot(id);
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
    this.history.changed(() => before);
    this.changed();
  }

  undo(): boolean {
    const to = this.history.peekUndo();
    if (to === undefined) return false;
    return this.restoreEdit(this.history.undo(this.editSnapshot(to.id)));
  }

  redo(): boolean {
    const to = this.history.peekRedo();
    if (to === undefined) return false;
    return this.restoreEdit(this.history.redo(this.editSnapshot(to.id)));
  }

  private restoreEdit(edit: BoxEdit | null): boolean {
    if (edit === null) return false;
    if (edit.box !== null && this.sim.slotOf(edit.id) >= 0) {
      const [x, y, , , vx, vy] = edit.box;
      this.sim.moveBox(edit.id, x, y);
      this.sim.world.setVelocity(edit.id, vx, vy);
    }
    const cam = this.state.camera;
    if (cam.x !== edit.camera.x || cam.y !== edit.camera.y || cam.w !== edit.camera.w || cam.h !== edit.camera.h) {
      Object.assign(cam, edit.camera);
      this.cameraChanged();
      this.state.settings.camera = { ...cam };
    }
    if (edit.moved === undefined) delete this.state.settings.moved;
    else this.state.settings.moved = edit.moved;
    this.changed();
    return true;
  }

  // --- the frame loop ---------------------------------------------------

  /** One frame before drawing: settings problems, a pending rebuild, the step, the check, the camera query. */
  private tick(now: number, dt: number): void {
    this.countFps(now);
    const s = this.state.settings;
    const cost = this.rt.cost;
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
    if (s.running) {
      this.sim.advance(dt * s.speed);
      const us = this.sim.lastStepMicros;
      this.slowSteps = us > STALL_MICROS && this.sim.steps > WARM_UP_STEPS ? this.slowSteps + 1 : 0;
      if (us > HOPELESS_MICROS || this.slowSteps >= SLOW_STEPS) this.stall();
    } else if (this.stepPending) {
      this.sim.advance(SINGLE_STEP_DT * (s.speed || 1));
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
      this.check.tick(this.sim, this.frame, now, Math.max(CHECK_FLOOR_MS, Math.min(s.count > 5000 ? 3 : 6, left)), !s.running && this.state.interaction.dragKind === null);
    }
    cost.add('check', performance.now() - checkStart);
    if (this.hasCamera) this.sim.queryCamera(this.state.camera);
    for (const listener of this.frameListeners) listener(now);
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
    const s = this.state.settings;
    const ms = this.sim.lastStepMicros / 1000;
    this.setRunning(false);
    this.notify(`Paused: one step + pairs took ${ms.toFixed(0)} ms with ${s.structure} at ${s.count.toLocaleString('en-US')} objects. Step with “.”, or pick another structure.`);
  }

  /** The core refused this frame's pairs: paused, and said (the scene stays as it is, so it can be changed). */
  private refused(why: string): void {
    this.refusalsTold = this.sim.refusals;
    if (this.state.settings.running) this.setRunning(false);
    const text = `Paused: the core refused the pairs of this scene: ${why}. Fewer boxes in one place, or fewer boxes, and it runs again.`;
    this.notify(text);
    console.warn(`broadphase: ${text}`);
  }

  private rebuild(): void {
    this.rebuildPending = false;
    const oldSide = this.sim.side;
    // Hand edits belong to the scene they were made in; a new scene starts clean.
    delete this.state.settings.moved;
    delete this.state.settings.links;
    this.sim.rebuild(this.state.settings);
    if (this.dropRefusedSettings()) this.changed();
    const k = this.sim.side / oldSide;
    const cam = this.state.camera;
    cam.x *= k;
    cam.y *= k;
    cam.w *= k;
    cam.h *= k;
    this.cameraChanged();
    this.viewport.setWorld(this.sim.side, this.sim.side);
    // A drag in progress held an id of the old world: let it go.
    this.state.interaction.dragId = 0;
    this.state.interaction.hoverId = 0;
    this.state.interaction.dragKind = null;
    this.state.interaction.selectedId = 0;
    // Steps name boxes of the old world.
    this.history.clear();
    this.editBefore = null;
    this.check.restart();
    for (const listener of this.rebuildListeners) listener();
  }

  /** Settings the last build could not use are not in force: getState() and the URL drop them. */
  private dropRefusedSettings(): boolean {
    if (!this.sim.cellSizeRefused || this.state.settings.cellSize === undefined) return false;
    delete this.state.settings.cellSize;
    return true;
  }

  private changed(): void {
    this.rt.changed();
    for (const listener of this.listeners) listener();
    this.sidebar.sync();
  }
}
