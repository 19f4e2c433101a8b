// The rays mode's scene: owns the world and the handles, and offers the
// actions panels, keys and tests share. It runs in the mode runtime
// (runtime/mode-runtime.ts), which owns the view, the drawing, the loop
// and publishing. One tick = step the boxes (when playing), refresh the
// trace / hit / sight; the runtime then draws. A wasm error becomes a
// notice; the loop keeps going.

import { World } from '../../core/index';
import { TileMapLayer } from '../../layers/tile-map';
import type { Renderer } from '../../runtime/renderer';
import type { Sidebar } from '../../runtime/ui';
import type { Viewport } from '../../runtime/viewport';
import { sceneHistory, type ModeRuntime, type Scene } from '../../runtime/mode-runtime';
import type { KeyScene, PointerScene } from '../../runtime/input';
import { drawnBoxesLayer, DrawnCellsLayer, HandlesLayer, RayBoxesLayer, RayLayer, SightLayer, StepLayer, TraceCellsLayer, type RaysDrawModel } from './layers';
import { defaultState, RaysModel, type HandleName } from './model';
import { createUi, type RaysUi } from './state';
import { raysState, raysValues } from './values';
import { RulersLayer } from '../../layers/rulers';
import { History } from '../../runtime/history';
import type { Point } from './model';
import { HANDLES } from './model';
import { snapToLine } from '../../runtime/geometry';
import type { BoxEntry, BoxStore } from '../../box-editing/box-store';
import { createDrawnBoxes } from './drawn';
import type { SettingValues, SomeSettings } from '../types';

/** What undo and redo restore here: the four handles and the drawn boxes. */
interface RaysSnapshot {
  readonly handles: readonly Point[];
  readonly boxes: readonly BoxEntry[];
  readonly selected: string;
  readonly boxesEdited: boolean;
}

export class RaysMode {
  readonly model: RaysModel;
  readonly ui: RaysUi = createUi();
  readonly viewport: Viewport;
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

  private destroyed = false;

  constructor(
    private readonly rt: ModeRuntime<RaysDrawModel>,
    values: SettingValues,
  ) {
    this.viewport = rt.viewport;
    this.renderer = rt.renderer;
    this.sidebar = rt.sidebar;
    this.structures = World.structures();
    const report = (what: string, error: unknown) => this.report(what, error);
    this.model = new RaysModel((tile) => {
      return raysState(defaultState(tile, values.structure), values);
    }, report);
    for (const layer of [this.mapLayer, this.cellsLayer, this.drawnCells, new RayBoxesLayer(), drawnBoxesLayer(), new StepLayer(), new RayLayer(), new SightLayer(), new HandlesLayer(), this.rulers]) this.renderer.add(layer);
    this.drawn = createDrawnBoxes({
      world: this.model.world,
      mapSize: () => [this.model.width, this.model.height],
      cellSize: () => this.model.tileSize,
      touchedCells: (x, y, w, h) => this.model.tiles.touchedCells(x, y, w, h),
      edit: (what, call) => this.edit(what, call),
      attempt: (what, call) => this.attempt(what, call),
      notify: (text) => this.rt.notice.show(text),
      changed: () => this.rt.changed(),
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
    this.drawModel = { tiles: this.model.tiles, rays: this.model, ui: this.ui, drawn: this.drawn };
  }

  /** The mode as the runtime runs it, with its input and extras. */
  scene(input: PointerScene & KeyScene, extra: { debug?(): () => void; destroy?(): void } = {}): Scene<RaysDrawModel> {
    return {
      model: this.drawModel,
      world: () => ({ width: this.model.width, height: this.model.height, snap: this.model.tileSize }),
      tick: (_now, dt) => this.tick(dt),
      state: () => this.values(),
      pointer: input,
      keys: input,
      history: sceneHistory(this.history, () => this.undo(), () => this.redo()),
      // The address is written once a drag ends, not on every move.
      busy: () => this.ui.drag !== null || this.history.inGesture,
      debug: extra.debug,
      destroy: () => {
        extra.destroy?.();
        this.destroy();
      },
    };
  }

  /** Frames drawn since start. */
  get frame(): number {
    return this.rt.frame;
  }

  /** Frees both wasm worlds; the object is dead after. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
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
    this.rt.changed();
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
    this.rt.changed();
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
    this.rt.changed();
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
    this.rt.loop.restartClock();
    this.rt.changed();
    this.sidebar.sync();
  }

  setStructure(name: string): void {
    this.model.setStructure(name);
    this.rt.changed();
    this.sidebar.sync();
  }

  fitView(): void {
    this.rt.fitView();
  }

  /** Shows a wasm (or drawing) error as a notice, each message once in a while. */
  report(what: string, error: unknown): void {
    this.rt.report(what, error);
  }

  // --- the frame ------------------------------------------------------------

  /** One frame before drawing: the boxes step (when playing), the trace, hit and sight refresh. */
  private tick(dt: number): void {
    if (this.model.state.running) this.model.advance(dt);
    this.model.refresh();
    const k = this.ui.stepIndex;
    const n = this.model.steps.length;
    if (k !== null) this.ui.stepIndex = n === 0 ? null : Math.min(k, n - 1);
  }
}
