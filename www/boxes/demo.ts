// The running playground: applies settings to the scene, runs the frame
// loop, and offers the actions the controls, the keyboard and the tests
// share. One frame = at most one step(dt) + pairs(), the brute-force
// check's time slice, the camera query, then drawing.

import { BruteForceCheck } from './check';
import { clampCamera } from './camera';
import { BackgroundLayer } from '../layers/background';
import { BoxesLayer } from '../layers/boxes';
import { CameraLayer } from '../layers/camera';
import { FocusLayer } from '../layers/focus';
import { QuadtreeLayer } from '../layers/quadtree';
import { Renderer } from '../runtime/renderer';
import { Simulation, type SimulationOptions } from './simulation';
import { createState, defaultCamera, SPEED_MAX, type DemoState, type Settings } from './settings';
import { Sidebar } from '../runtime/ui';
import { boxValues } from './values';
import { applyView, ViewLink } from '../runtime/view-link';
import type { View } from '../settings/kinds';
import type { SomeSettings } from '../settings/table';
import { Viewport } from '../runtime/viewport';
import { FrameLoop } from '../runtime/frame-loop';

/** Simulated time of one single step, before the speed multiplier. */
const SINGLE_STEP_DT = 1 / 60;
/**
 * A step + pairs slower than this pauses the simulation, so the page stays
 * usable (brute force at 20k objects takes over a second per step).
 */
const STALL_MICROS = 250_000;

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
  /** Where changed settings go. */
  publish: (values: SomeSettings) => void;
  /** Whether to publish the values in force at once (an embed), not only changes. */
  publishAtStart?: boolean;
  /** The page view from a link (checked), or undefined for the fitted view. */
  view?: View;
}

export class BoxDemo {
  readonly state: DemoState;
  readonly sim: Simulation;
  readonly viewport = new Viewport();
  readonly renderer: Renderer<BoxesModel>;
  readonly check = new BruteForceCheck();
  readonly sidebar: Sidebar;
  readonly quadtreeLayer = new QuadtreeLayer();
  /** Structure names the core accepts, straight from `World.structures()`. */
  readonly structures: readonly string[];
  /** Frames per second over the last half second or more. */
  fps = 0;

  private readonly loop = new FrameLoop((now, dt) => {
    this.countFps(now);
    this.runFrame(now, dt);
  });
  private destroyed = false;
  private fpsFrames = 0;
  private fpsSince = 0;
  private rebuildPending = false;
  private stepPending = false;
  private urlDirty = false;
  /** Adds the page view (zoom, pan) to every write, and writes when only it changed. */
  private readonly link: ViewLink;
  private readonly listeners = new Set<() => void>();
  private readonly rebuildListeners = new Set<() => void>();
  private readonly frameListeners = new Set<(now: number) => void>();
  private readonly noticeListeners = new Set<(text: string) => void>();

  /** Whether this playground has the culling camera. */
  readonly hasCamera: boolean;

  constructor(
    canvas: HTMLCanvasElement,
    panelHost: HTMLElement,
    settings: Settings,
    structures: readonly string[],
    options: BoxDemoOptions,
  ) {
    this.structures = structures;
    this.hasCamera = options.camera ?? true;
    this.state = createState(settings);
    this.sim = new Simulation(settings, options);
    this.dropRefusedSettings();
    this.viewport.setWorld(this.sim.side, this.sim.side);
    this.viewport.fit();
    applyView(this.viewport, options.view);
    this.link = new ViewLink(this.viewport, options.publish, () => boxValues(this.state.settings));
    this.state.camera = settings.camera !== undefined ? { ...settings.camera } : defaultCamera(this.sim.side);
    clampCamera(this.state.camera, this.sim.side, 4);
    this.renderer = new Renderer<BoxesModel>(canvas, this.viewport);
    this.renderer.add(new BackgroundLayer());
    this.renderer.add(new BoxesLayer());
    if (options.treeLayers ?? true) {
      this.renderer.add(this.quadtreeLayer);
      this.renderer.add(new FocusLayer());
    }
    if (this.hasCamera) this.renderer.add(new CameraLayer());
    this.sidebar = new Sidebar(panelHost);
    // An embed hears the values in force at once, before any frame (its
    // getState() reports them, defaults included; an instance off screen
    // runs no frames); the page's address is left as the reader wrote it.
    if (options.publishAtStart === true) this.link.publish(boxValues(this.state.settings));
  }

  /** Frames drawn since start. */
  get frame(): number {
    return this.loop.frame;
  }

  start(): void {
    this.loop.start();
  }

  /** Off-screen (false): no frame runs until visible again. */
  setVisible(visible: boolean): void {
    this.loop.setVisible(visible);
  }

  /** Stops the frame loop and frees the wasm world; the object is dead after. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.loop.stop();
    this.listeners.clear();
    this.noticeListeners.clear();
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

  /** Called with a sentence the user should see (e.g. why it paused). */
  onNotice(listener: (text: string) => void): void {
    this.noticeListeners.add(listener);
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
    for (const listener of this.noticeListeners) listener(text);
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
    this.urlDirty = true;
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
    this.urlDirty = true;
  }

  /** The user moved or resized the camera: a link keeps it. */
  cameraEdited(): void {
    this.state.settings.camera = { ...this.state.camera };
    this.urlDirty = true;
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
    this.viewport.fit();
    this.changed();
  }

  /** The camera moved or resized: keep it inside the world. */
  cameraChanged(): void {
    clampCamera(this.state.camera, this.sim.side, this.minCameraSide());
  }

  minCameraSide(): number {
    return Math.max(4, 24 / this.viewport.scale);
  }

  // --- the frame loop ---------------------------------------------------

  private runFrame(now: number, dt: number): void {
    const s = this.state.settings;
    if (this.sim.setupProblems.length > 0) {
      this.notify(this.sim.setupProblems.join(' · '));
      for (const p of this.sim.setupProblems) console.warn(`broadphase: ${p}`);
      this.sim.setupProblems = [];
    }
    if (this.rebuildPending) this.rebuild();
    if (s.running) {
      this.sim.advance(dt * s.speed);
      if (this.sim.lastStepMicros > STALL_MICROS) this.stall();
    } else if (this.stepPending) {
      this.sim.advance(SINGLE_STEP_DT * (s.speed || 1));
    } else {
      this.sim.refreshIfDirty();
    }
    this.stepPending = false;
    // Scan budget: leave the big scenes room to draw at 60 fps.
    this.check.tick(this.sim, this.frame, now, s.count > 5000 ? 3 : 6);
    if (this.hasCamera) this.sim.queryCamera(this.state.camera);
    for (const listener of this.frameListeners) listener(now);
    this.renderer.draw(this, now);
    this.sidebar.update(now);
    if (this.urlDirty) {
      this.urlDirty = false;
      this.link.publish(boxValues(s));
    }
    this.link.tick(now);
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
    const s = this.state.settings;
    const ms = this.sim.lastStepMicros / 1000;
    this.setRunning(false);
    this.notify(`Paused: one step + pairs took ${ms.toFixed(0)} ms with ${s.structure} at ${s.count.toLocaleString('en-US')} objects. Step with “.”, or pick another structure.`);
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
    this.urlDirty = true;
    for (const listener of this.listeners) listener();
    this.sidebar.sync();
  }
}
