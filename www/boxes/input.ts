// Pointer and keyboard for the box scenes, as a scene of the shared input
// layer (runtime/input.ts): drag boxes (mouse, pen, touch), move and
// resize the camera, the keyboard shortcuts. The layer decides when a
// press, a wheel or a key is the canvas's at all (panning empty space,
// zooming, one finger scrolling the page over boxes too small to aim at).

import { cameraZoneAt, TAB_HEIGHT_PX, type CameraZone } from './camera';
import type { Rect } from '../runtime/geometry';
import type { BoxesModel, DragKind } from './model';
import { CLICK_SLOP_PX, type KeyScene, type PointerScene } from '../runtime/input';

/** Pointer slop for picking a box, CSS px: fingers are not pixels. */
const PICK_PX = { mouse: 3, pen: 4, touch: 10 } as const;
/**
 * Where a drag or a key puts a box, and the velocity a throw gives it, are
 * rounded to thousandths of a world unit: far finer than a pixel at the
 * largest zoom, and a link that records the edit stays short (the page
 * keeps what the link says, to the last bit).
 */
const placed = (v: number) => Math.round(v * 1000) / 1000;
/** Rounded towards zero, so a capped throw stays within its cap. */
const thrownAt = (v: number) => Math.trunc(v * 1000) / 1000;
/** A released box keeps the pointer's last velocity, capped (units/s). */
const THROW_MAX = 240;
const THROW_MIN = 8;
const THROW_WINDOW_MS = 100;

/** How a mode takes part in pointer input. */
export interface InputHooks {
  /** A press on box `id` (0 = empty space); return true to take it (no drag starts). */
  press?(id: number, e: PointerEvent): boolean;
  /** Whether the mode waits for a press anywhere (a pick: "attach the selected box to…"). */
  picking?(): boolean;
  /**
   * A box drag ended (not cancelled) with the pointer at world (x, y);
   * `attach` when Shift or Alt was held at release.
   */
  drop?(id: number, x: number, y: number, attach: boolean): void;
  /** Among boxes equally under the pointer, the higher rank is picked (default: all 0). */
  rank?(id: number): number;
  /** A box drag starts on box `id` (before anything moves it). */
  grab?(id: number): void;
  /**
   * A box drag on `id` ended (released or cancelled), after the drop;
   * `moved` when the pointer travelled past a click.
   */
  release?(id: number, moved: boolean): void;
  /** Esc on the canvas or the page: true when the mode had something to cancel. */
  escape?(): boolean;
}

interface Sample {
  t: number;
  x: number;
  y: number;
}

export class BoxesInput implements PointerScene, KeyScene {
  /** Pointer minus the dragged thing's corner, world units. */
  private grabX = 0;
  private grabY = 0;
  private cameraAtGrab: Rect = { x: 0, y: 0, w: 0, h: 0 };
  private samples: Sample[] = [];
  private downPx = 0;
  private downPy = 0;
  private travelled = 0;

  constructor(
    private readonly model: BoxesModel,
    private readonly canvas: HTMLCanvasElement,
    private readonly hooks: InputHooks = {},
  ) {}

  private get interaction() {
    return this.model.interaction;
  }

  private pickTolerance(e: PointerEvent): number {
    const px = PICK_PX[e.pointerType as keyof typeof PICK_PX] ?? PICK_PX.mouse;
    return px / this.model.viewport.scale;
  }

  /** What a press at canvas (px, py) would grab. */
  private target(px: number, py: number, e: PointerEvent): { kind: DragKind; id: number } {
    const v = this.model.viewport;
    const zone: CameraZone | null = this.model.hasCamera ? cameraZoneAt(this.model.camera, v, px, py) : null;
    if (zone === 'resize') return { kind: 'camera-resize', id: 0 };
    if (zone === 'tab' || zone === 'edge') return { kind: 'camera-move', id: 0 };
    // Boxes win inside the camera, so every box stays draggable.
    const id = this.model.sim.hitTest(v.toWorldX(px), v.toWorldY(py), this.pickTolerance(e), 0, this.hooks.rank);
    if (id !== 0) return { kind: 'box', id };
    if (zone === 'inside') return { kind: 'camera-move', id: 0 };
    return { kind: 'pan', id: 0 };
  }

  /**
   * The size on screen of what a press would take (a box's smaller side, the
   * camera's), or null for empty space (the input layer pans or scrolls).
   */
  aim(e: PointerEvent, px: number, py: number): number | null {
    if (e.button !== 0) return null;
    if (this.hooks.picking?.() === true) return Infinity;
    const { kind, id } = this.target(px, py, e);
    const scale = this.model.viewport.scale;
    switch (kind) {
      case 'box': {
        const b = this.model.sim.boxOf(id);
        return Math.min(b.w, b.h) * scale + 2 * this.pickTolerance(e) * scale;
      }
      case 'camera-move':
      case 'camera-resize': {
        const zone = cameraZoneAt(this.model.camera, this.model.viewport, px, py);
        // A finger inside the camera is a finger on the map (it scrolls); its tab, edge and corner are small.
        if (e.pointerType === 'touch' && zone === 'inside') return null;
        return zone === 'inside' ? Infinity : TAB_HEIGHT_PX;
      }
      case 'pan':
        return null;
    }
  }

  /** A press the input layer handed over: starts a drag (true) unless a mode hook takes it. */
  start(e: PointerEvent, px: number, py: number): boolean {
    // On its way to a link's tick the scene takes no edits (they would land at the wrong tick): a press pans.
    if (this.model.catchingUp) return false;
    const v = this.model.viewport;
    const wx = v.toWorldX(px);
    const wy = v.toWorldY(py);
    const { kind, id } = this.target(px, py, e);
    if (this.hooks.press?.(kind === 'box' ? id : 0, e) === true) return false;
    if (kind === 'pan') return false;
    this.downPx = px;
    this.downPy = py;
    this.travelled = 0;
    this.interaction.attachHeld = e.shiftKey || e.altKey;
    this.interaction.pointerX = wx;
    this.interaction.pointerY = wy;
    this.interaction.dragKind = kind;
    this.interaction.hoverId = 0;
    this.model.beginEdit(kind === 'box' ? id : 0);
    if (kind === 'box') {
      this.hooks.grab?.(id);
      const box = this.model.sim.boxOf(id);
      this.grabX = wx - box.x;
      this.grabY = wy - box.y;
      this.interaction.dragId = id;
      this.model.selectObject(id);
      // At rest while held, so step() leaves it where the pointer puts it.
      this.model.sim.world.setVelocity(id, 0, 0);
      this.samples = [{ t: e.timeStamp, x: box.x, y: box.y }];
    } else {
      this.cameraAtGrab = { ...this.model.camera };
      this.grabX = wx;
      this.grabY = wy;
    }
    this.setCursor(kind === 'box' ? 'grabbing' : kind === 'camera-resize' ? 'nwse-resize' : 'move');
    return true;
  }

  /** A click on empty space clears the selection. */
  emptyClick(): void {
    this.model.selectObject(0);
  }

  drag(e: PointerEvent, px: number, py: number): void {
    this.move(e, px, py);
  }

  end(e: PointerEvent, px: number, py: number, released: boolean): void {
    this.finish(e, px, py, released);
  }

  private readonly move = (e: PointerEvent, px: number, py: number): void => {
    const kind = this.interaction.dragKind;
    // The world was rebuilt under the drag: nothing to move.
    if (kind === null) return;
    const v = this.model.viewport;
    const wx = v.toWorldX(px);
    const wy = v.toWorldY(py);
    const cam = this.model.camera;
    this.travelled = Math.max(this.travelled, Math.hypot(px - this.downPx, py - this.downPy));
    this.interaction.attachHeld = e.shiftKey || e.altKey;
    this.interaction.pointerX = wx;
    this.interaction.pointerY = wy;
    switch (kind) {
      case 'box': {
        const id = this.interaction.dragId;
        if (this.model.sim.slotOf(id) < 0) return;
        const moved = this.model.sim.moveBox(id, placed(wx - this.grabX), placed(wy - this.grabY));
        this.samples.push({ t: e.timeStamp, x: moved.x, y: moved.y });
        if (this.samples.length > 12) this.samples.shift();
        break;
      }
      case 'camera-move':
        cam.x = this.cameraAtGrab.x + (wx - this.grabX);
        cam.y = this.cameraAtGrab.y + (wy - this.grabY);
        this.model.cameraChanged();
        break;
      case 'camera-resize':
        cam.w = this.cameraAtGrab.w + (wx - this.grabX);
        cam.h = this.cameraAtGrab.h + (wy - this.grabY);
        this.model.cameraChanged();
        break;
      case 'pan':
        break;
    }
  };

  leave(e: PointerEvent): void {
    if (e.pointerType !== 'touch') this.interaction.hoverId = 0;
  }

  /**
   * Ends the drag. A released box is thrown with the pointer's velocity
   * over the last THROW_WINDOW_MS (a still pointer leaves it at rest); a cancelled
   * drag leaves it at rest where it is.
   */
  private finish(e: PointerEvent, px: number, py: number, thrown: boolean): void {
    const id = this.interaction.dragId;
    const kind = this.interaction.dragKind;
    const attach = e.shiftKey || e.altKey;
    const live = kind === 'box' && id !== 0 && this.model.sim.slotOf(id) >= 0;
    if (live) {
      // An attaching drop is a placement, never a throw.
      const [vx, vy] = thrown && !attach ? this.throwVelocity(e.timeStamp) : [0, 0];
      this.model.sim.world.setVelocity(id, vx, vy);
    }
    this.interaction.dragId = 0;
    this.interaction.dragKind = null;
    this.interaction.attachHeld = false;
    if (live && this.travelled >= CLICK_SLOP_PX) this.model.noteMoved(id);
    if ((kind === 'camera-move' || kind === 'camera-resize') && this.travelled > 0) this.model.cameraEdited();
    if (live && thrown) {
      const v = this.model.viewport;
      this.hooks.drop?.(id, v.toWorldX(px), v.toWorldY(py), attach);
    }
    if (kind === 'box' && id !== 0) this.hooks.release?.(id, live && this.travelled >= CLICK_SLOP_PX);
    this.model.endEdit();
    this.hover(e, px, py);
  }

  private throwVelocity(now: number): [number, number] {
    const n = this.samples.length;
    const last = this.samples[n - 1];
    // Held still before letting go: no throw.
    if (n < 2 || now - last.t > THROW_WINDOW_MS) return [0, 0];
    // From the oldest sample in the window, but always span two samples:
    // slow machines deliver moves further apart than the window.
    let first = n - 2;
    while (first > 0 && last.t - this.samples[first - 1].t <= THROW_WINDOW_MS) first--;
    const a = this.samples[first];
    const dt = (last.t - a.t) / 1000;
    if (dt <= 0) return [0, 0];
    let vx = (last.x - a.x) / dt;
    let vy = (last.y - a.y) / dt;
    const speed = Math.hypot(vx, vy);
    if (speed < THROW_MIN) return [0, 0];
    if (speed > THROW_MAX) {
      vx *= THROW_MAX / speed;
      vy *= THROW_MAX / speed;
    }
    return [thrownAt(vx), thrownAt(vy)];
  }

  hover(e: PointerEvent, px: number, py: number): void {
    if (e.pointerType === 'touch') {
      this.interaction.hoverId = 0;
      return;
    }
    const { kind, id } = this.target(px, py, e);
    this.interaction.hoverId = id;
    this.setCursor(kind === 'box' ? 'grab' : kind === 'camera-resize' ? 'nwse-resize' : kind === 'camera-move' ? 'move' : 'default');
  }

  private setCursor(cursor: string): void {
    if (this.canvas.style.cursor !== cursor) this.canvas.style.cursor = cursor;
  }

  /**
   * On the focused canvas: Enter / Shift+Enter select the boxes in view in
   * reading order (Tab is left alone: focus leaves the canvas in one
   * press); the arrows move the selected box (Shift: five times as far),
   * or the camera (Shift: resize) when no box is selected.
   */
  canvasKey(e: KeyboardEvent): boolean {
    if (e.altKey || e.ctrlKey || e.metaKey) return false;
    const model = this.model;
    const selected = this.interaction.selectedId;
    if (e.key === 'Enter') {
      this.model.selectObject(this.nextInView(selected, e.shiftKey ? -1 : 1));
      return true;
    }
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const dir = arrows[e.key];
    if (dir === undefined) return false;
    if (selected !== 0 && model.sim.slotOf(selected) >= 0) {
      const step = Math.max(1, model.sim.side * 0.005) * (e.shiftKey ? 5 : 1);
      const b = model.sim.boxOf(selected);
      // Each press is one undo step.
      model.beginEdit(selected);
      model.sim.world.setVelocity(selected, 0, 0);
      // Only the axis that moves is rounded: the other keeps its place to the last bit.
      const along = (at: number, d: number) => (d === 0 ? at : placed(at + d * step));
      model.sim.moveBox(selected, along(b.x, dir[0]), along(b.y, dir[1]));
      model.noteMoved(selected);
      model.endEdit();
      return true;
    }
    if (!model.hasCamera) return false;
    const step = model.sim.side * 0.02;
    const cam = model.camera;
    model.beginEdit(0);
    if (e.shiftKey) {
      cam.w += dir[0] * step;
      cam.h += dir[1] * step;
    } else {
      cam.x += dir[0] * step;
      cam.y += dir[1] * step;
    }
    model.cameraChanged();
    model.cameraEdited();
    model.endEdit();
    return true;
  }

  /** The box after (or before) `id` among those in view, in reading order; 0 past either end. */
  private nextInView(id: number, direction: 1 | -1): number {
    const [x0, y0, x1, y1] = this.model.viewport.visibleWorld();
    const ids = Array.from(this.model.sim.world.query(x0, y0, x1 - x0, y1 - y0));
    const boxes = ids.map((i) => ({ id: i, ...this.model.sim.boxOf(i) }));
    boxes.sort((a, b) => a.y - b.y || a.x - b.x || a.id - b.id);
    const at = boxes.findIndex((b) => b.id === id);
    const next = at < 0 ? (direction > 0 ? 0 : boxes.length - 1) : at + direction;
    return boxes[next]?.id ?? 0;
  }

  /** The box scenes' shortcuts, heard wherever no control claims the key. */
  key(e: KeyboardEvent): boolean {
    const model = this.model;
    switch (e.key) {
      case 'Escape':
        if (this.hooks.escape?.() === true) return true;
        if (this.interaction.selectedId === 0) return false;
        this.model.selectObject(0);
        return true;
      case ' ':
        model.togglePause();
        return true;
      case '.':
      case 's':
        model.stepOnce();
        return true;
      case 'r':
        model.reset();
        return true;
      case 't':
        model.setFlag('tree', !model.settings.tree);
        return true;
      default:
        return false;
    }
  }

  undo(): boolean {
    return this.model.history.undo();
  }

  redo(): boolean {
    return this.model.history.redo();
  }
}
