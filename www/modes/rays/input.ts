// Pointer and keyboard for the rays mode: drag the ray's ends, the enemy
// and the player (mouse, pen, touch: one captured pointer at a time), pan
// and zoom; on the focused canvas Tab picks a handle and the arrows move
// it; N / Shift+N walk the DDA, Esc shows the whole ray, Space pauses.

import { canvasPoint, PointerDrag } from '../../runtime/pointer-drag';
import type { RaysMode } from './mode';
import { HANDLES, type HandleName } from './model';
import { HANDLE_RADIUS } from './layers';
import { belongsToControl, viewKey } from '../../runtime/keys';
import { historyKey } from '../../runtime/history';
import { TouchGestures } from '../../runtime/touch';

/** Extra reach around a handle, CSS px: fingers are not pixels. */
const PICK_SLOP = { mouse: 4, pen: 6, touch: 14 } as const;
/** Arrow keys move a handle this far (world units); Shift: a whole tile. */
const NUDGE = 2;

export class RaysInput {
  private readonly pointer: PointerDrag;
  private readonly gestures: TouchGestures;
  private dragging: HandleName | 'pan' | null = null;
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
    const name = e.button === 1 ? null : this.pick(px, py, e.pointerType);
    // One finger off the handles scrolls the page; two fingers pan and zoom.
    if (e.pointerType === 'touch' && name === null) return false;
    this.canvas.focus({ preventScroll: true });
    this.lastPx = px;
    this.lastPy = py;
    const ui = this.mode.ui;
    ui.hover = null;
    if (name !== null) {
      const v = this.mode.viewport;
      const p = this.mode.model.handle(name);
      this.grabX = p.x - v.toWorldX(px);
      this.grabY = p.y - v.toWorldY(py);
      this.dragging = name;
      this.mode.history.begin(this.mode.handles());
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
    const hover = this.pick(px, py, e.pointerType);
    this.mode.ui.hover = hover;
    this.canvas.style.cursor = hover === null ? 'default' : 'grab';
  };

  private readonly move = (e: PointerEvent, px: number, py: number): void => {
    const v = this.mode.viewport;
    if (this.dragging === 'pan') {
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
    this.mode.history.end();
    this.mode.ui.drag = null;
    this.canvas.style.cursor = 'default';
  };

  private readonly leave = (): void => {
    this.mode.ui.hover = null;
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
    const arrows: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const dir = arrows[e.key];
    if (dir === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
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
    if (belongsToControl(e)) return;
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
      default:
        return;
    }
    e.preventDefault();
  };
}
