// Pointer and keyboard for the rays mode, as a scene of the shared input
// layer (runtime/input.ts: panning, zoom, touch and key rules): drag the
// ray's ends, the enemy and the player; on the focused canvas Enter picks
// a handle and the arrows move it, I draws a box; N / Shift+N walk the
// DDA, Esc shows the whole ray, Space pauses.
// Drawn boxes are edited as in the tile editor (box-editing/): the Box
// tool or Shift-drag on empty space draws one, a press on one moves it,
// its edges and corners resize it, Delete removes it, Ctrl/Cmd+D copies
// it, arrows move it when no handle is picked. Every gesture is one undo
// step.

import type { KeyScene, PointerScene } from '../../runtime/input';
import { HANDLES, type HandleName, type RaysModel } from './model';
import { HANDLE_RADIUS } from './layers';
import { boxAim, pickBox, resizeCursor } from '../../box-editing/handles';
import { dragBox, dragCursor, grabBox, startCreate, type BoxDrag } from '../../box-editing/drag';
import { arrowOf, isDeleteKey, isDuplicateKey, nudgeSelected } from '../../box-editing/keys';

/** Extra reach around a handle, CSS px: fingers are not pixels. */
const PICK_SLOP = { mouse: 4, pen: 6, touch: 14 } as const;
/** Arrow keys move a handle this far (world units); Shift: a whole tile. */
const NUDGE = 2;

export class RaysInput implements PointerScene, KeyScene {
  private dragging: HandleName | null = null;
  /** A drawn box being moved, resized or drawn (then `dragging` is null). */
  private boxDrag: BoxDrag | null = null;
  /** Handle minus pointer, world units, so a grab does not jump. */
  private grabX = 0;
  private grabY = 0;

  constructor(
    private readonly mode: RaysModel,
    private readonly canvas: HTMLCanvasElement,
  ) {
    canvas.addEventListener('focus', this.focus);
    canvas.addEventListener('blur', this.blur);
  }

  destroy(): void {
    this.canvas.removeEventListener('focus', this.focus);
    this.canvas.removeEventListener('blur', this.blur);
  }

  /** The handle under canvas (px, py), nearest first, or null. */
  private pick(px: number, py: number, pointerType: string): HandleName | null {
    const v = this.mode.viewport;
    const slop = PICK_SLOP[pointerType as keyof typeof PICK_SLOP] ?? PICK_SLOP.mouse;
    let best: HandleName | null = null;
    let bestD = HANDLE_RADIUS + slop;
    for (const name of HANDLES) {
      const p = this.mode.handle(name);
      const d = Math.hypot(v.toCanvasX(p.x) - px, v.toCanvasY(p.y) - py);
      if (d <= bestD) {
        best = name;
        bestD = d;
      }
    }
    return best;
  }

  /** What a press would take: a handle (its hit circle), a drawn box, a box to draw; null over empty space. */
  aim(e: PointerEvent, px: number, py: number): number | null {
    if (e.button !== 0) return null;
    const m = this.mode;
    const name = this.pick(px, py, e.pointerType);
    if (name !== null) return 2 * HANDLE_RADIUS + 2 * (PICK_SLOP[e.pointerType as keyof typeof PICK_SLOP] ?? PICK_SLOP.mouse);
    // Shift-drag and the Box tool draw, even over a box.
    if (e.shiftKey || m.boxTool) return Infinity;
    const hit = pickBox(m.viewport, m.drawn.boxes(), px, py, e.pointerType);
    if (hit === null) return null;
    const b = m.drawn.box(hit.box);
    return b === undefined ? null : boxAim(b, m.viewport.scale, e.pointerType, b.id === m.drawn.selected);
  }

  /** A press the input layer handed over: a handle drag, a drawn box's move or resize, or a new box. */
  start(e: PointerEvent, px: number, py: number): boolean {
    const m = this.mode;
    const name = this.pick(px, py, e.pointerType);
    const creating = name === null && (e.shiftKey || m.boxTool);
    // Shift-drag draws even over a box; otherwise a press on a box takes it.
    const hit = name === null && !e.shiftKey ? pickBox(m.viewport, m.drawn.boxes(), px, py, e.pointerType) : null;
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
    if (name === null) return false;
    const v = this.mode.viewport;
    const p = this.mode.handle(name);
    this.grabX = p.x - v.toWorldX(px);
    this.grabY = p.y - v.toWorldY(py);
    this.dragging = name;
    this.mode.beginGesture();
    ui.drag = name;
    ui.selected = name;
    this.canvas.style.cursor = 'grabbing';
    return true;
  }

  hover(e: PointerEvent, px: number, py: number): void {
    const m = this.mode;
    const hover = this.pick(px, py, e.pointerType);
    const box = hover === null ? pickBox(m.viewport, m.drawn.boxes(), px, py, e.pointerType) : null;
    m.ui.hover = hover;
    m.ui.boxHover = box?.box ?? 0;
    m.ui.boxHandle = box?.edges ?? null;
    this.canvas.style.cursor = hover !== null ? 'grab' : box !== null ? (box.edges !== null ? resizeCursor(box.edges) : 'grab') : m.boxTool ? 'crosshair' : 'default';
  }

  drag(e: PointerEvent, px: number, py: number): void {
    const v = this.mode.viewport;
    if (this.boxDrag !== null) {
      // Alt flips the snap toggle for this move.
      dragBox(this.mode.drawn, this.boxDrag, v.toWorldX(px), v.toWorldY(py), px, py, this.mode.snap !== e.altKey, this.mode.tileSize);
    } else if (this.dragging !== null) {
      // Alt flips the snap toggle for this move.
      this.mode.moveHandle(this.dragging, v.toWorldX(px) + this.grabX, v.toWorldY(py) + this.grabY, this.mode.snap !== e.altKey);
    }
  }

  /** The drag ended, released or cancelled alike. */
  end(): void {
    this.dragging = null;
    this.boxDrag = null;
    this.mode.endGesture();
    this.mode.ui.drag = null;
    this.canvas.style.cursor = 'default';
  }

  leave(): void {
    this.mode.ui.hover = null;
    if (this.boxDrag === null) this.mode.ui.boxHover = 0;
  }

  private readonly focus = (): void => {
    this.mode.ui.canvasFocused = true;
  };

  private readonly blur = (): void => {
    this.mode.ui.canvasFocused = false;
  };

  /**
   * Enter / Shift+Enter pick the handles in turn (Tab is left alone: focus
   * leaves the canvas in one press); the arrows move the picked handle, or
   * the selected drawn box when no handle is picked; I (or Insert) draws a
   * box in the middle of the view.
   */
  canvasKey(e: KeyboardEvent): boolean {
    const ui = this.mode.ui;
    if ((e.key === 'i' || e.key === 'I' || e.key === 'Insert') && !e.altKey && !e.ctrlKey && !e.metaKey) return this.boxInView();
    if (e.key === 'Enter' && !e.altKey && !e.ctrlKey && !e.metaKey) {
      const at = ui.selected === null ? -1 : HANDLES.indexOf(ui.selected);
      const n = HANDLES.length;
      const next = e.shiftKey ? (at <= 0 ? n - 1 : at - 1) : (at + 1) % n;
      ui.selected = HANDLES[next];
      return true;
    }
    const dir = arrowOf(e);
    if (dir === undefined) return false;
    const m = this.mode;
    // No handle picked and a drawn box selected: the arrows move (Shift: resize) the box, one undo step a press.
    if (ui.selected === null && m.drawn.box(m.drawn.selected) !== undefined) {
      const cell = m.tileSize;
      m.beginGesture();
      nudgeSelected(m.drawn, dir, e.shiftKey, m.snap ? cell : NUDGE, m.snap, cell);
      m.endGesture();
      return true;
    }
    if (ui.selected === null) ui.selected = HANDLES[0];
    // Snapped, or with Shift: a whole cell.
    const d = e.shiftKey || this.mode.snap ? this.mode.tileSize : NUDGE;
    this.mode.nudge(ui.selected, dir[0] * d, dir[1] * d);
    return true;
  }

  /**
   * A new drawn box, a tile square on the cell in the middle of the view,
   * selected with no handle picked: the arrows move it, Shift+arrows
   * resize it (a box drawn without a pointer).
   */
  private boxInView(): boolean {
    const m = this.mode;
    const v = m.viewport;
    const ts = m.tileSize;
    const x = Math.floor(v.toWorldX(v.cssWidth / 2) / ts) * ts;
    const y = Math.floor(v.toWorldY(v.cssHeight / 2) / ts) * ts;
    m.beginGesture();
    m.drawn.add(x, y, ts, ts);
    m.endGesture();
    m.ui.selected = null;
    return true;
  }

  undo(): boolean {
    return this.mode.undo();
  }

  redo(): boolean {
    return this.mode.redo();
  }

  /** Delete and Ctrl/Cmd+D act on the selected drawn box while no handle is picked (the arrows' target too). */
  private selectedBox(): number {
    return this.mode.ui.selected === null ? this.mode.drawn.selected : 0;
  }

  command(e: KeyboardEvent): boolean {
    const box = this.selectedBox();
    if (!isDuplicateKey(e) || box === 0) return false;
    this.mode.drawn.duplicate(box);
    return true;
  }

  /** The mode's shortcuts, heard wherever no control claims the key. */
  key(e: KeyboardEvent): boolean {
    const m = this.mode;
    const box = this.selectedBox();
    if (isDeleteKey(e)) return box !== 0 && m.drawn.delete(box);
    switch (e.key) {
      case ' ':
        m.setPaused(!m.setup.paused);
        return true;
      case 'b':
      case 'B':
        m.setBoxTool(!m.boxTool);
        return true;
      default:
        return false;
    }
  }
}
