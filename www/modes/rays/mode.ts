// The running rays mode: owns the scene, the view and the frame loop, and
// offers the actions panels, keys and tests share. One frame = step the
// boxes (when playing), refresh the trace / hit / sight, draw, update the
// panels. A wasm error becomes a notice; the loop keeps going.

import { World } from '../../core/index';
import { TileMapLayer } from '../../layers/tile-map';
import { Renderer } from '../../runtime/renderer';
import { Notice } from '../../runtime/notice';
import { Sidebar } from '../../runtime/ui';
import { Viewport } from '../../runtime/viewport';
import type { ModeLayout } from '../../runtime/stage';
import { DrawnBoxesLayer, DrawnCellsLayer, HandlesLayer, RayBoxesLayer, RayLayer, SightLayer, StepLayer, TraceCellsLayer, type RaysDrawModel } from './layers';
import { defaultState, RaysModel, type HandleName } from './model';
import { createUi, type RaysUi } from './state';
import { raysState, raysValues } from './values';
import { applyView, ViewLink } from '../../runtime/view-link';
import { RulersLayer } from '../../layers/rulers';
import { FrameLoop } from '../../runtime/frame-loop';
import { History } from '../../runtime/history';
import type { Point } from './model';
import { HANDLES } from './model';
import { snapToLine } from '../../runtime/geometry';
import type { BoxEntry, BoxStore } from '../../box-editing/box-store';
import { createDrawnBoxes } from './drawn';
import type { ModeContext, SettingValues, SomeSettings } from '../types';

/** What undo and redo restore here: the four handles and the drawn boxes. */
interface RaysSnapshot {
  readonly handles: readonly Point[];
  readonly boxes: readonly BoxEntry[];
  readonly selected: string;
  readonly boxesEdited: boolean;
}

/** The same error is shown again only after this long. */
const REPEAT_NOTICE_MS = 8000;

export class RaysMode {
  readonly model: RaysModel;
  readonly ui: RaysUi = createUi();
  readonly viewport = new Viewport();
  readonly renderer: Renderer<RaysDrawModel>;
  readonly mapLayer = new TileMapLayer();
  readonly cellsLayer = new TraceCellsLayer();
  readonly drawnCells = new DrawnCellsLayer();
  /** Column and row numbers along the map's edges (off until the Rulers button). */
  readonly rulers = new RulersLayer();
  private readonly drawModel: RaysDrawModel;
  readonly sidebar: Sidebar;
  readonly structures: readonly string[];
  /** Undo for handle drags and nudges and box edits (one step per drag). */
  readonly history = new History<RaysSnapshot>();
  /** The boxes the user drew (at rest; the ray hits them like any object). */
  readonly drawn: BoxStore;
  /** Whether ray ends, handles and box edges snap to cell lines and corners (Alt while dragging flips it). */
  snap = false;
  /** The Box tool: a drag on empty space draws a box (Shift-drag does it with any tool). */
  boxTool = false;

  private readonly notice: Notice;
  private readonly loop = new FrameLoop((now, dt) => this.runFrame(now, dt));
  private destroyed = false;
  private urlDirty = false;
  /** Adds the page view to every write, and writes when only it changed. */
  private readonly link: ViewLink;
  /** When each error message was last shown. */
  private readonly shownErrors = new Map<string, number>();

  constructor(
    layout: ModeLayout,
    values: SettingValues,
    context: Pick<ModeContext, 'publish' | 'publishAtStart'>,
  ) {
    this.notice = new Notice(layout.notice);

    this.structures = World.structures();
    const report = (what: string, error: unknown) => this.report(what, error);
    this.model = new RaysModel((tile) => {
      return raysState(defaultState(tile, values.structure), values);
    }, report);
    this.viewport.snapUnit = this.model.tileSize;
    this.viewport.setWorld(this.model.width, this.model.height);
    this.viewport.fit();
    applyView(this.viewport, values.view);
    this.link = new ViewLink(this.viewport, context.publish, () => this.values());
    this.renderer = new Renderer<RaysDrawModel>(layout.canvas, this.viewport);
    for (const layer of [this.mapLayer, this.cellsLayer, this.drawnCells, new RayBoxesLayer(), new DrawnBoxesLayer(), new StepLayer(), new RayLayer(), new SightLayer(), new HandlesLayer(), this.rulers]) this.renderer.add(layer);
    this.drawn = createDrawnBoxes({
      world: this.model.world,
      mapSize: () => [this.model.width, this.model.height],
      cellSize: () => this.model.tileSize,
      touchedCells: (x, y, w, h) => this.model.tiles.touchedCells(x, y, w, h),
      edit: (what, call) => this.edit(what, call),
      attempt: (what, call) => this.attempt(what, call),
      notify: (text) => this.notice.show(text),
      changed: () => {
        this.urlDirty = true;
      },
      cellsKey: () => this.model.tiles.revision,
    });
    // A link's drawn boxes (x, y, w, h each; velocities ignored: drawn boxes stand still).
    const listed = values.boxes;
    if (listed !== undefined) {
      for (let i = 0; i + 5 < listed.length && i < this.drawn.limit * 6; i += 6) {
        const [x, y, w, h] = listed.slice(i, i + 4);
        this.drawn.insert(x, y, w, h);
      }
      this.drawn.edited = true;
      this.drawn.selected = 0;
    }
    this.urlDirty = false;
    this.drawModel = { tiles: this.model.tiles, rays: this.model, ui: this.ui, drawn: this.drawn };
    this.sidebar = new Sidebar(layout.panels);
    // An embed hears the values in force at once (see BoxDemo).
    if (context.publishAtStart === true) this.link.publish(this.values());
  }

  /** Frames drawn since start. */
  get frame(): number {
    return this.loop.frame;
  }

  start(): void {
    this.loop.start();
  }

  /** Off-screen (false): no frames until visible again; the clock restarts then. */
  setVisible(visible: boolean): void {
    this.loop.setVisible(visible);
  }

  /** Stops the loop and frees both wasm worlds; the object is dead after. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.loop.stop();
    this.notice.destroy();
    this.model.destroy();
  }

  // --- actions -----------------------------------------------------------

  /**
   * Moves a handle to (x, y); with `snap`, to the nearest cell line (or
   * corner) within a quarter cell on each axis.
   */
  moveHandle(name: HandleName, x: number, y: number, snap = false): void {
    const ts = this.model.tileSize;
    const before = this.history.inGesture ? null : this.snapshot();
    const [nx, ny] = snap ? [snapToLine(x, ts), snapToLine(y, ts)] : [x, y];
    const was = this.model.handle(name);
    if (was.x === nx && was.y === ny) return;
    this.model.setHandle(name, nx, ny);
    this.history.changed(() => before as RaysSnapshot);
    this.urlDirty = true;
  }

  /** Moves a handle by (dx, dy) world units (arrow keys); snapped, it lands on a line. */
  nudge(name: HandleName, dx: number, dy: number): void {
    const p = this.model.handle(name);
    this.moveHandle(name, p.x + dx, p.y + dy, this.snap);
  }

  setSnap(on: boolean): void {
    this.snap = on;
  }

  setBoxTool(on: boolean): void {
    this.boxTool = on;
    this.onBoxTool();
  }

  /** Told when the Box tool turns on or off (the toolbar button's state). */
  onBoxTool: () => void = () => {};

  /** The four handles, in `HANDLES` order. */
  handles(): readonly Point[] {
    return HANDLES.map((name) => ({ ...this.model.handle(name) }));
  }

  /** Everything undo restores: the handles and the drawn boxes. */
  snapshot(): RaysSnapshot {
    return { handles: this.handles(), boxes: this.drawn.snapshot(), selected: this.drawn.selectedLabel, boxesEdited: this.drawn.edited };
  }

  /** Opens a gesture (a drag, a key press): its changes undo as one step. */
  beginGesture(): void {
    this.history.begin(this.snapshot());
  }

  endGesture(): void {
    this.history.end();
  }

  /** Undoes the last step; not in the middle of a drag (the drag would record a step per move). */
  undo(): boolean {
    return !this.history.inGesture && this.restore(this.history.undo(this.snapshot()));
  }

  redo(): boolean {
    return !this.history.inGesture && this.restore(this.history.redo(this.snapshot()));
  }

  private restore(state: RaysSnapshot | null): boolean {
    if (state === null) return false;
    HANDLES.forEach((name, i) => this.model.setHandle(name, state.handles[i].x, state.handles[i].y));
    this.drawn.restore(state.boxes, state.selected, state.boxesEdited);
    this.urlDirty = true;
    return true;
  }

  /**
   * A user's change to the drawn boxes: runs it, and on success records
   * the state before it for undo (once per gesture).
   */
  private edit(what: string, call: () => unknown): boolean {
    const before = this.history.inGesture ? null : this.snapshot();
    if (!this.attempt(what, call)) return false;
    this.history.changed(() => before as RaysSnapshot);
    this.urlDirty = true;
    return true;
  }

  /** Runs a core action; a thrown error becomes a notice and `false`. */
  private attempt(what: string, call: () => unknown): boolean {
    try {
      call();
      return true;
    } catch (error) {
      this.report(what, error);
      return false;
    }
  }

  /** The scene as values to publish (the drawn boxes only when the user drew some or the link had some). */
  values(): SomeSettings {
    return raysValues(this.model.state, this.drawn.edited ? this.drawn.boxes() : null);
  }

  /** Enters the step-through at the first cell, or walks one cell further. */
  stepForward(): void {
    const n = this.model.steps.length;
    if (n === 0) return;
    const k = this.ui.stepIndex;
    this.ui.stepIndex = k === null ? 0 : Math.min(n - 1, k + 1);
  }

  /** One cell back (from the whole trace: to its last cell). */
  stepBack(): void {
    const n = this.model.steps.length;
    if (n === 0) return;
    const k = this.ui.stepIndex;
    this.ui.stepIndex = k === null ? n - 1 : Math.max(0, k - 1);
  }

  showWholeRay(): void {
    this.ui.stepIndex = null;
  }

  setRunning(running: boolean): void {
    this.model.state.running = running;
    this.loop.restartClock();
    this.urlDirty = true;
    this.sidebar.sync();
  }

  setStructure(name: string): void {
    this.model.setStructure(name);
    this.urlDirty = true;
    this.sidebar.sync();
  }

  fitView(): void {
    this.viewport.fit();
  }

  /** Shows a wasm (or drawing) error as a notice, each message once in a while. */
  report(what: string, error: unknown): void {
    const text = `${what} failed: ${error instanceof Error ? error.message : String(error)}`;
    const now = performance.now();
    if (now - (this.shownErrors.get(text) ?? -Infinity) < REPEAT_NOTICE_MS) return;
    this.shownErrors.set(text, now);
    console.warn(`broadphase rays: ${text}`);
    this.notice.show(text);
  }

  // --- the frame loop ------------------------------------------------------

  private runFrame(now: number, dt: number): void {
    try {
      if (this.model.state.running) this.model.advance(dt);
      this.model.refresh();
      const k = this.ui.stepIndex;
      const n = this.model.steps.length;
      if (k !== null) this.ui.stepIndex = n === 0 ? null : Math.min(k, n - 1);
      this.renderer.draw(this.drawModel, now);
      this.sidebar.update(now);
      if (this.urlDirty && this.ui.drag === null) {
        this.urlDirty = false;
        this.link.publish(this.values());
      }
      this.link.tick(now);
    } catch (error) {
      this.report('drawing', error);
    }
  }
}
