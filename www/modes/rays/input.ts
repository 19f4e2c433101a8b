// Pointer and keyboard for the rays mode: drag the ray's ends, the enemy
// and the player (mouse, pen, touch: one captured pointer at a time), pan
// and zoom; on the focused canvas Tab picks a handle and the arrows move
// it; N / Shift+N walk the DDA, Esc shows the whole ray, Space pauses.
// Drawn boxes are edited as in the tile editor (box-editing/): the Box
// tool or Shift-drag on empty space draws one, a press on one moves it,
// its edges and corners resize it, Delete removes it, Ctrl/Cmd+D copies
// it, arrows move it when no handle is picked. Every gesture is one undo
// step.

import { canvasPoint, PointerDrag } from '../../runtime/pointer-drag';
import type { RaysMode } from './mode';
import { HANDLES, type HandleName } from './model';
import { HANDLE_RADIUS } from './layers';
import { belongsToControl, viewKey } from '../../runtime/keys';
import { historyKey } from '../../runtime/history';
import { TouchGestures } from '../../runtime/touch';
import { pickBox, resizeCursor } from '../../box-editing/handles';
import { dragBox, dragCursor, grabBox, startCreate, type BoxDrag } from '../../box-editing/drag';
import { arrowOf, isDeleteKey, isDuplicateKey, nudgeSelected } from '../../box-editing/keys';

/** Extra reach around a handle, CSS px: fingers are not pixels. */
const PICK_SLOP = { mouse: 4, pen: 6, touch: 14 } as const;
/** Arrow keys move a handle this far (world units); Shift: a whole tile. */
const NUDGE = 2;

export class RaysInput {
  private readonly pointer: PointerDrag;
  private readonly gestures: TouchGestures;
  private dragging: HandleName | 'pan' | null = null;
  /** A drawn box being moved, resized or drawn (then `dragging` is null). */
  private boxDrag: BoxDrag | null = null;
  /** Handle minus pointer, world units, so a grab does not jump. */
  private grabX = 0;
  private grabY = 0;
  private lastPx = 0;
  private lastPy = 0;

  constructor(
    private readonly mode: RaysMode,
    private readonly canvas: HTMLCanvasElement,
    private readonly keyRoot: EventTarget = document,
  ) {
    this.pointer = new PointerDrag(canvas, {
      start: this.down,
      drag: this.move,
      hover: this.hover,
      end: this.up,
      leave: this.leave,
    });
    this.gestures = new TouchGestures(canvas, mode.viewport, this.pointer);
    canvas.addEventListener('wheel', this.wheel, { passive: false });
    canvas.addEventListener('keydown', this.canvasKey);
    canvas.addEventListener('focus', this.focus);
    canvas.addEventListener('blur', this.blur);
    this.keyRoot.addEventListener('keydown', this.globalKey as EventListener);
  }

  destroy(): void {
    const c = this.canvas;
    this.pointer.destroy();
    this.gestures.destroy();
    c.removeEventListener('wheel', this.wheel);
    c.removeEventListener('keydown', this.canvasKey);
    c.removeEventListener('focus', this.focus);
    c.removeEventListener('blur', this.blur);
    this.keyRoot.removeEventListener('keydown', this.globalKey as EventListener);
  }

  /** The handle under canvas (px, py), nearest first, or null. */
  private pick(px: number, py: number, pointerType: string): HandleName | null {
    const v = this.mode.viewport;
    const slop = PICK_SLOP[pointerType as keyof typeof PICK_SLOP] ?? PICK_SLOP.mouse;
    let best: HandleName | null = null;
    let bestD = HANDLE_RADIUS + slop;
    for (const name of HANDLES) {
      const p = this.mode.model.handle(name);
      const d = Math.hypot(v.toCanvasX(p.x) - px, v.toCanvasY(p.y) - py);
      if (d <= bestD) {
        best = name;
        bestD = d;
      }
    }
    return best;
  }

  /** A press: starts a drag (true) of a handle, or a pan (middle button or empty space). */
  private readonly down = (e: PointerEvent, px: number, py: number): boolean => {
    if (e.pointerType === 'mouse' && e.button !== 0 && e.button !== 1) return false;
    const m = this.mode;
    const name = e.button === 1 ? null : this.pick(px, py, e.pointerType);
    const creating = e.button === 0 && name === null && (e.shiftKey || m.boxTool);
    // Shift-drag draws even over a box; otherwise a press on a box takes it.
    const hit = e.button === 0 && name === null && !e.shiftKey ? pickBox(m.viewport, m.drawn.boxes(), px, py, e.pointerType) : null;
    // One finger off the handles and boxes scrolls the page (unless the Box tool is on); two fingers pan and zoom.
    if (e.pointerType === 'touch' && name === null && hit === null && !creating) return false;
    this.canvas.focus({ preventScroll: true });
    this.lastPx = px;
    this.lastPy = py;
    const ui = this.mode.ui;
    ui.hover = null;
    if (name === null && (hit !== null || creating)) {
      const v = m.viewport;
      const [wx, wy] = [v.toWorldX(px), v.toWorldY(py)];
      m.beginGesture();
      this.boxDrag = hit !== null ? grabBox(m.drawn, hit, wx, wy) : startCreate(wx, wy, px, py);
      if (this.boxDrag === null) {
        m.endGesture();
        return false;
      }
      // The arrow keys now move the box, not a handle.
      ui.selected = null;
      ui.boxHover = hit?.box ?? 0;
      ui.boxHandle = hit?.edges ?? null;
      this.canvas.style.cursor = dragCursor(this.boxDrag);
      return true;
    }
    if (name !== null) {
      const v = this.mode.viewport;
      const p = this.mode.model.handle(name);
      this.grabX = p.x - v.toWorldX(px);
      this.grabY = p.y - v.toWorldY(py);
      this.dragging = name;
      this.mode.beginGesture();
      ui.drag = name;
      ui.selected = name;
      this.canvas.style.cursor = 'grabbing';
    } else {
      this.dragging = 'pan';
      this.canvas.style.cursor = 'grabbing';
    }
    return true;
  };

  private readonly hover = (e: PointerEvent, px: number, py: number): void => {
    const m = this.mode;
    const hover = this.pick(px, py, e.pointerType);
    const box = hover === null ? pickBox(m.viewport, m.drawn.boxes(), px, py, e.pointerType) : null;
    m.ui.hover = hover;
    m.ui.boxHover = box?.box ?? 0;
    m.ui.boxHandle = box?.edges ?? null;
    this.canvas.style.cursor = hover !== null ? 'grab' : box !== null ? (box.edges !== null ? resizeCursor(box.edges) : 'grab') : m.boxTool ? 'crosshair' : 'default';
  };

  private readonly move = (e: PointerEvent, px: number, py: number): void => {
    const v = this.mode.viewport;
    if (this.boxDrag !== null) {
      // Alt flips the snap toggle for this move.
      dragBox(this.mode.drawn, this.boxDrag, v.toWorldX(px), v.toWorldY(py), px, py, this.mode.snap !== e.altKey, this.mode.model.tileSize);
    } else if (this.dragging === 'pan') {
      v.panBy(px - this.lastPx, py - this.lastPy);
    } else if (this.dragging !== null) {
      // Alt flips the snap toggle for this move.
      this.mode.moveHandle(this.dragging, v.toWorldX(px) + this.grabX, v.toWorldY(py) + this.grabY, this.mode.snap !== e.altKey);
    }
    this.lastPx = px;
    this.lastPy = py;
  };

  /** The drag ended, released or cancelled alike. */
  private readonly up = (): void => {
    this.dragging = null;
    this.boxDrag = null;
    this.mode.endGesture();
    this.mode.ui.drag = null;
    this.canvas.style.cursor = 'default';
  };

  private readonly leave = (): void => {
    this.mode.ui.hover = null;
    if (this.boxDrag === null) this.mode.ui.boxHover = 0;
  };

  private readonly wheel = (e: WheelEvent): void => {
    e.preventDefault();
    const [px, py] = canvasPoint(this.canvas, e);
    // Pixel, line or page deltas: a notch is roughly 100 px either way.
    const unit = e.deltaMode === 1 ? 33 : e.deltaMode === 2 ? 400 : 1;
    this.mode.viewport.zoomAt(px, py, Math.exp((-e.deltaY * unit) / 500));
  };

  private readonly focus = (): void => {
    this.mode.ui.canvasFocused = true;
  };

  private readonly blur = (): void => {
    this.mode.ui.canvasFocused = false;
  };

  /**
   * Tab cycles through the handles and then lets focus leave the canvas
   * (Shift+Tab the other way), so the keyboard is never trapped here.
   */
  private readonly canvasKey = (e: KeyboardEvent): void => {
    const ui = this.mode.ui;
    if (e.key === 'Tab' && !e.altKey && !e.ctrlKey && !e.metaKey) {
      const at = ui.selected === null ? -1 : HANDLES.indexOf(ui.selected);
      const next = e.shiftKey ? (at === -1 ? HANDLES.length - 1 : at - 1) : at + 1;
      if (next < 0 || next >= HANDLES.length) {
        ui.selected = null;
        return; // the browser moves focus on
      }
      e.preventDefault();
      ui.selected = HANDLES[next];
      return;
    }
    const dir = arrowOf(e);
    if (dir === undefined) return;
    e.preventDefault();
    const m = this.mode;
    // No handle picked and a drawn box selected: the arrows move (Shift: resize) the box, one undo step a press.
    if (ui.selected === null && m.drawn.box(m.drawn.selected) !== undefined) {
      const cell = m.model.tileSize;
      m.beginGesture();
      nudgeSelected(m.drawn, dir, e.shiftKey, m.snap ? cell : NUDGE, m.snap, cell);
      m.endGesture();
      return;
    }
    if (ui.selected === null) ui.selected = HANDLES[0];
    // Snapped, or with Shift: a whole cell.
    const d = e.shiftKey || this.mode.snap ? this.mode.model.tileSize : NUDGE;
    this.mode.nudge(ui.selected, dir[0] * d, dir[1] * d);
  };

  private readonly globalKey = (e: KeyboardEvent): void => {
    const m = this.mode;
    const which = historyKey(e);
    if (which !== null) {
      e.preventDefault();
      if (which === 'undo') m.undo();
      else m.redo();
      return;
    }
    // Delete and Ctrl/Cmd+D act on the selected drawn box while no handle is picked (the arrows' target too).
    const box = m.ui.selected === null ? m.drawn.selected : 0;
    if (isDuplicateKey(e) && box !== 0) {
      e.preventDefault();
      m.drawn.duplicate(box);
      return;
    }
    if (belongsToControl(e)) return;
    if (isDeleteKey(e) && box !== 0 && m.drawn.delete(box)) {
      e.preventDefault();
      return;
    }
    if (viewKey(m.viewport, e.key)) {
      e.preventDefault();
      return;
    }
    switch (e.key) {
      case 'n':
      case 'N':
        if (e.shiftKey) m.stepBack();
        else m.stepForward();
        break;
      case 'Escape':
        if (m.ui.stepIndex === null) return;
        m.showWholeRay();
        break;
      case ' ':
        m.setRunning(!m.model.state.running);
        break;
      case 'b':
      case 'B':
        m.setBoxTool(!m.boxTool);
        break;
      default:
        return;
    }
    e.preventDefault();
  };
}
