// Pointer and keyboard for the tile editor. A press on a box moves it (its
// edges and corners resize it); anywhere else it uses the tool in hand:
// paint (drag to paint a stroke), erase (also the right button), door
// (click near a cell side) or box (drag out a new box; Shift-drag does it
// with any tool). The wheel and a two-finger pinch zoom. One pointer at a
// time, captured, so a drag survives leaving the canvas. On touch, one
// finger on the open map scrolls the page unless "Edit by touch" is on:
// painting by accident while scrolling a tutorial is worse than a tap more.
// Every gesture is one undo step.

import { canvasPoint, PointerDrag } from '../../runtime/pointer-drag';
import type { Viewport } from '../../runtime/viewport';
import type { ResizeEdges, Side, TileEditor } from './editor';
import { handleAt, type Hover } from './layers';
import { belongsToControl, viewKey } from '../../runtime/keys';
import { historyKey } from '../../runtime/history';
import { TouchGestures } from '../../runtime/touch';
import { snapSpan, snapToLine } from '../../runtime/geometry';

/** Pointer slop for picking a box, CSS px: fingers are not pixels. */
const PICK_PX = { mouse: 3, pen: 4, touch: 10 } as const;
/** Half the hit area of a resize handle, CSS px: 24 px across for a finger. */
const HANDLE_REACH_PX = { mouse: 6, pen: 8, touch: 12 } as const;
/** A drag shorter than this draws no box (a click), CSS px. */
const CREATE_SLOP_PX = 4;

type Drag =
  | { kind: 'move'; box: number; grabX: number; grabY: number }
  | { kind: 'resize'; box: number; edges: ResizeEdges; grabX: number; grabY: number }
  | { kind: 'create'; box: number; x0: number; y0: number; px0: number; py0: number }
  | { kind: 'paint'; erase: boolean; lastX: number; lastY: number; lastCell: number }
  | { kind: 'door' };

interface Pick {
  /** The box's id. */
  box: number;
  /** The edges a press here resizes, or null to move the box. */
  edges: ResizeEdges | null;
}

/** The cursor for resizing `edges`. */
function resizeCursor(edges: ResizeEdges): string {
  if (edges.x === 0) return 'ns-resize';
  if (edges.y === 0) return 'ew-resize';
  return edges.x === edges.y ? 'nwse-resize' : 'nesw-resize';
}

export class TilesInput {
  private readonly pointer: PointerDrag;
  private readonly gestures: TouchGestures;
  private drag: Drag | null = null;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly view: Viewport,
    private readonly editor: TileEditor,
    private readonly hover: Hover,
    private readonly keyRoot: EventTarget = document,
  ) {
    this.pointer = new PointerDrag(canvas, {
      start: this.down,
      drag: this.move,
      hover: (e, px, py) => this.hoverAt(px, py, e.pointerType),
      end: (e, px, py) => this.finish(e, px, py),
      leave: this.leave,
    });
    this.gestures = new TouchGestures(canvas, view, this.pointer);
    canvas.addEventListener('wheel', this.wheel, { passive: false });
    canvas.addEventListener('contextmenu', this.menu);
    canvas.addEventListener('keydown', this.canvasKey);
    canvas.addEventListener('focus', this.focusChange);
    canvas.addEventListener('blur', this.focusChange);
    this.keyRoot.addEventListener('keydown', this.globalKey as EventListener);
  }

  destroy(): void {
    const c = this.canvas;
    this.pointer.destroy();
    this.gestures.destroy();
    c.removeEventListener('wheel', this.wheel);
    c.removeEventListener('contextmenu', this.menu);
    c.removeEventListener('keydown', this.canvasKey);
    c.removeEventListener('focus', this.focusChange);
    c.removeEventListener('blur', this.focusChange);
    this.keyRoot.removeEventListener('keydown', this.globalKey as EventListener);
  }

  /** World units the arrow keys move or resize a box by (a whole cell when snapping). */
  get keyStep(): number {
    return this.editor.snap ? this.editor.tiles.tileSize : this.editor.tiles.tileSize / 8;
  }

  /** The cell under world (x, y), or null off the map. */
  private cellAt(x: number, y: number): [number, number] | null {
    const cell = this.editor.tiles.cellAt(x, y);
    return cell === undefined ? null : [cell[0], cell[1]];
  }

  /**
   * The box under canvas (px, py), and the edges a press there resizes.
   * Smallest first, as they are drawn on top. Handles reach outward past
   * the box, and inward at most a quarter of its side, so the middle of
   * even a tiny box always moves it.
   */
  private pick(px: number, py: number, pointerType: string): Pick | null {
    const v = this.view;
    const slop = PICK_PX[pointerType as keyof typeof PICK_PX] ?? PICK_PX.mouse;
    const reach = HANDLE_REACH_PX[pointerType as keyof typeof HANDLE_REACH_PX] ?? HANDLE_REACH_PX.mouse;
    const order = [...this.editor.boxes()].sort((a, b) => a.w * a.h - b.w * b.h);
    for (const b of order) {
      const rect = { x0: v.toCanvasX(b.x), y0: v.toCanvasY(b.y), x1: v.toCanvasX(b.x + b.w), y1: v.toCanvasY(b.y + b.h) };
      const edges = handleAt(rect, px, py, reach);
      if (edges !== null) return { box: b.id, edges };
    }
    for (const b of order) {
      const x0 = v.toCanvasX(b.x) - slop;
      const y0 = v.toCanvasY(b.y) - slop;
      const x1 = v.toCanvasX(b.x + b.w) + slop;
      const y1 = v.toCanvasY(b.y + b.h) + slop;
      if (px >= x0 && px <= x1 && py >= y0 && py <= y1) return { box: b.id, edges: null };
    }
    return null;
  }

  /** The side of the cell under world (x, y) nearest to it. */
  private sideAt(x: number, y: number): { col: number; row: number; side: Side } | null {
    const cell = this.cellAt(x, y);
    if (cell === null) return null;
    const ts = this.editor.tiles.tileSize;
    const fx = x / ts - cell[0];
    const fy = y / ts - cell[1];
    const distances: [Side, number][] = [
      ['left', fx],
      ['right', 1 - fx],
      ['top', fy],
      ['bottom', 1 - fy],
    ];
    distances.sort((a, b) => a[1] - b[1]);
    return { col: cell[0], row: cell[1], side: distances[0][0] };
  }

  /** A press: starts a drag (true) with the left or right mouse button, pen or touch. */
  private readonly down = (e: PointerEvent, px: number, py: number): boolean => {
    if (e.pointerType === 'mouse' && e.button !== 0 && e.button !== 2) return false;
    const v = this.view;
    const wx = v.toWorldX(px);
    const wy = v.toWorldY(py);
    const ed = this.editor;
    const hit = e.button === 0 ? this.pick(px, py, e.pointerType) : null;
    const creating = e.button === 0 && (e.shiftKey || ed.tool === 'box');
    // One finger on the open map scrolls the page, unless editing by touch.
    if (e.pointerType === 'touch' && hit === null && !creating && !ed.touchEdit) return false;
    this.canvas.focus({ preventScroll: true });
    const b = hit === null ? undefined : ed.box(hit.box);
    if (hit !== null && b === undefined) return false;
    ed.beginGesture();
    if (hit !== null && b !== undefined && !(creating && e.shiftKey)) {
      ed.select(hit.box);
      if (hit.edges !== null) {
        const edges = hit.edges;
        const ex = edges.x < 0 ? b.x : b.x + b.w;
        const ey = edges.y < 0 ? b.y : b.y + b.h;
        this.drag = { kind: 'resize', box: hit.box, edges, grabX: wx - ex, grabY: wy - ey };
        this.setCursor(resizeCursor(edges));
      } else {
        this.drag = { kind: 'move', box: hit.box, grabX: wx - b.x, grabY: wy - b.y };
        this.setCursor('grabbing');
      }
      this.setHover(null, null, hit.box, hit.edges);
      return true;
    }
    if (creating) {
      this.drag = { kind: 'create', box: 0, x0: wx, y0: wy, px0: px, py0: py };
      this.setCursor('crosshair');
      return true;
    }
    if (ed.tool === 'door' && e.button === 0) {
      this.drag = { kind: 'door' };
      const at = this.sideAt(wx, wy);
      if (at !== null) ed.cycleDoor(at.col, at.row, at.side);
      return true;
    }
    const erase = e.button === 2 || ed.tool === 'erase';
    this.drag = { kind: 'paint', erase, lastX: wx, lastY: wy, lastCell: -1 };
    this.paintAt(this.drag, wx, wy);
    return true;
  };

  private readonly move = (e: PointerEvent, px: number, py: number): void => {
    const v = this.view;
    const wx = v.toWorldX(px);
    const wy = v.toWorldY(py);
    if (this.drag === null) return;
    const d = this.drag;
    const ed = this.editor;
    const ts = ed.tiles.tileSize;
    // Alt flips the snap toggle for this move.
    const snap = ed.snap !== e.altKey;
    const line = (value: number) => (snap ? snapToLine(value, ts) : value);
    switch (d.kind) {
      case 'move': {
        const b = ed.box(d.box);
        if (b === undefined) break;
        let x = wx - d.grabX;
        let y = wy - d.grabY;
        if (snap) {
          x += snapSpan(x, x + b.w, ts);
          y += snapSpan(y, y + b.h, ts);
        }
        ed.moveBox(d.box, x, y);
        break;
      }
      case 'resize':
        ed.dragEdges(d.box, d.edges, line(wx - d.grabX), line(wy - d.grabY));
        break;
      case 'create': {
        if (d.box === 0 && Math.hypot(px - d.px0, py - d.py0) < CREATE_SLOP_PX) break;
        const [ax, ay, bx, by] = [line(d.x0), line(d.y0), line(wx), line(wy)];
        const x = Math.min(ax, bx);
        const y = Math.min(ay, by);
        const w = Math.abs(bx - ax);
        const h = Math.abs(by - ay);
        if (d.box === 0) d.box = ed.addBox(x, y, w, h);
        else ed.setBoxRect(d.box, x, y, w, h);
        break;
      }
      case 'paint':
        this.strokeTo(d, wx, wy);
        this.setHover(this.cellAt(wx, wy), null, 0, null);
        break;
      case 'door':
        break;
    }
  };

  /** Paints every cell on the segment from the last point to (x, y), once. */
  private strokeTo(d: Extract<Drag, { kind: 'paint' }>, x: number, y: number): void {
    const ts = this.editor.tiles.tileSize;
    const steps = Math.max(1, Math.ceil(Math.hypot(x - d.lastX, y - d.lastY) / (ts / 4)));
    const x0 = d.lastX;
    const y0 = d.lastY;
    for (let s = 1; s <= steps; s++) this.paintAt(d, x0 + ((x - x0) * s) / steps, y0 + ((y - y0) * s) / steps);
    d.lastX = x;
    d.lastY = y;
  }

  private paintAt(d: Extract<Drag, { kind: 'paint' }>, x: number, y: number): void {
    const cell = this.cellAt(x, y);
    if (cell === null) return;
    const index = cell[1] * this.editor.tiles.cols + cell[0];
    if (index === d.lastCell) return;
    d.lastCell = index;
    this.editor.paint(cell[0], cell[1], d.erase);
  }

  private finish(e: PointerEvent, px: number, py: number): void {
    this.drag = null;
    this.editor.endGesture();
    this.hoverAt(px, py, e.pointerType);
  }

  private readonly leave = (e: PointerEvent): void => {
    if (e.pointerType !== 'touch') this.setHover(null, null, 0, null);
  };

  private readonly menu = (e: Event): void => {
    e.preventDefault(); // the right button erases
  };

  private readonly wheel = (e: WheelEvent): void => {
    e.preventDefault();
    const [px, py] = canvasPoint(this.canvas, e);
    const perLine = e.deltaMode === WheelEvent.DOM_DELTA_LINE ? 40 : 1;
    this.view.zoomAt(px, py, Math.exp(-e.deltaY * perLine * 0.0015));
  };

  private readonly focusChange = (): void => {
    this.hover.focused = (this.canvas.getRootNode() as Document | ShadowRoot).activeElement === this.canvas;
  };

  private hoverAt(px: number, py: number, pointerType: string): void {
    if (pointerType === 'touch') {
      this.setHover(null, null, 0, null);
      return;
    }
    const hit = this.pick(px, py, pointerType);
    if (hit !== null) {
      this.setHover(null, null, hit.box, hit.edges);
      this.setCursor(hit.edges !== null ? resizeCursor(hit.edges) : 'grab');
      return;
    }
    const wx = this.view.toWorldX(px);
    const wy = this.view.toWorldY(py);
    if (this.editor.tool === 'door') {
      const at = this.sideAt(wx, wy);
      this.setHover(at && [at.col, at.row], at?.side ?? null, 0, null);
      this.setCursor(at ? 'pointer' : 'default');
      return;
    }
    const cell = this.cellAt(wx, wy);
    this.setHover(cell, null, 0, null);
    this.setCursor(cell ? 'crosshair' : 'default');
  }

  private setHover(cell: [number, number] | null, side: Side | null, box: number, handle: ResizeEdges | null): void {
    const h = this.hover;
    h.cell = cell;
    h.side = side;
    h.box = box;
    h.handle = handle;
  }

  private setCursor(cursor: string): void {
    if (this.canvas.style.cursor !== cursor) this.canvas.style.cursor = cursor;
  }

  /** Arrow keys move the selected box (Shift: resize) while the canvas has focus. */
  private readonly canvasKey = (e: KeyboardEvent): void => {
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const dir = arrows[e.key];
    if (dir === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    const ed = this.editor;
    const b = ed.box(ed.selected);
    if (b === undefined) return;
    const step = this.keyStep;
    // Each press is its own undo step.
    ed.beginGesture();
    if (e.shiftKey) ed.resizeBox(b.id, b.w + dir[0] * step, b.h + dir[1] * step);
    else if (ed.snap) {
      // Snapped: a whole cell, landing the leading edge on a line.
      const ts = ed.tiles.tileSize;
      const x = b.x + dir[0] * ts;
      const y = b.y + dir[1] * ts;
      const lead = (lo: number, size: number, d: number) => (d > 0 ? Math.round((lo + size) / ts) * ts - size : d < 0 ? Math.round(lo / ts) * ts : lo);
      ed.moveBox(b.id, lead(x, b.w, dir[0]), lead(y, b.h, dir[1]));
    } else ed.moveBox(b.id, b.x + dir[0] * step, b.y + dir[1] * step);
    ed.endGesture();
  };

  /** Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z (or Ctrl+Y), Ctrl/Cmd+D: heard anywhere but in a text field. */
  private commandKey(e: KeyboardEvent): boolean {
    const ed = this.editor;
    const which = historyKey(e);
    if (which !== null) {
      if (which === 'undo') ed.undo();
      else ed.redo();
      return true;
    }
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'd' && !belongsToControlIgnoringModifiers(e)) {
      ed.duplicateBox(ed.selected);
      return true;
    }
    return false;
  }

  private readonly globalKey = (e: KeyboardEvent): void => {
    if (this.commandKey(e)) {
      e.preventDefault();
      return;
    }
    if (belongsToControl(e)) return;
    if (viewKey(this.view, e.key)) {
      e.preventDefault();
      return;
    }
    const ed = this.editor;
    const digit = Number(e.key);
    const boxes = ed.boxes();
    if (Number.isInteger(digit) && digit >= 1 && digit <= Math.min(9, boxes.length)) {
      ed.select(boxes[digit - 1].id);
      e.preventDefault();
      return;
    }
    switch (e.key) {
      case 'r':
      case 'R':
        ed.rotate(!e.shiftKey);
        break;
      case 'e':
      case 'E':
        ed.setTool(ed.tool === 'erase' ? 'paint' : 'erase');
        break;
      case 'd':
      case 'D':
        ed.setTool(ed.tool === 'door' ? 'paint' : 'door');
        break;
      case 'p':
      case 'P':
        ed.setTool('paint');
        break;
      case 'b':
      case 'B':
        ed.setTool(ed.tool === 'box' ? 'paint' : 'box');
        break;
      case 'Delete':
      case 'Backspace':
        if (!ed.deleteBox(ed.selected)) return;
        break;
      default:
        return;
    }
    e.preventDefault();
  };
}

/** Whether a key press is typing in a field (modifiers aside). */
function belongsToControlIgnoringModifiers(e: KeyboardEvent): boolean {
  const t = e.target;
  return t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement || (t instanceof HTMLElement && t.isContentEditable);
}
