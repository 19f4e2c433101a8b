// Pointer and keyboard for the tile editor. A press on a box moves it (its
// corner handle resizes it); anywhere else it uses the tool in hand: paint
// (drag to paint a stroke), erase (also the right button), or door (click
// near a cell side). The wheel zooms. One pointer at a time, captured, so a
// drag survives leaving the canvas; touch drags do not scroll the page (CSS
// touch-action).

import { canvasPoint, PointerDrag } from '../../runtime/pointer-drag';
import type { Viewport } from '../../runtime/viewport';
import type { Side, TileEditor } from './editor';
import { HANDLE_PX, type Hover } from './layers';
import { belongsToControl, viewKey } from '../../runtime/keys';

/** Pointer slop for picking a box, CSS px: fingers are not pixels. */
const PICK_PX = { mouse: 3, pen: 4, touch: 10 } as const;

type Drag =
  | { kind: 'move' | 'resize'; box: number; grabX: number; grabY: number }
  | { kind: 'paint'; erase: boolean; lastX: number; lastY: number; lastCell: number }
  | { kind: 'door' };

interface Pick {
  /** The box's id. */
  box: number;
  handle: boolean;
}

export class TilesInput {
  private readonly pointer: PointerDrag;
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
    c.removeEventListener('wheel', this.wheel);
    c.removeEventListener('contextmenu', this.menu);
    c.removeEventListener('keydown', this.canvasKey);
    c.removeEventListener('focus', this.focusChange);
    c.removeEventListener('blur', this.focusChange);
    this.keyRoot.removeEventListener('keydown', this.globalKey as EventListener);
  }

  /** World units the arrow keys move or resize a box by. */
  get keyStep(): number {
    return this.editor.tiles.tileSize / 8;
  }

  /** The cell under world (x, y), or null off the map. */
  private cellAt(x: number, y: number): [number, number] | null {
    const cell = this.editor.tiles.cellAt(x, y);
    return cell === undefined ? null : [cell[0], cell[1]];
  }

  /** The box (and whether its resize handle) under canvas (px, py). */
  private pick(px: number, py: number, pointerType: string): Pick | null {
    const v = this.view;
    const slop = PICK_PX[pointerType as keyof typeof PICK_PX] ?? PICK_PX.mouse;
    // Topmost first: boxes draw biggest first, so pick smallest first.
    const order = [...this.editor.boxes()].sort((a, b) => a.w * a.h - b.w * b.h);
    const reach = HANDLE_PX / 2 + slop;
    for (const b of order) {
      if (Math.abs(px - v.toCanvasX(b.x + b.w)) <= reach && Math.abs(py - v.toCanvasY(b.y + b.h)) <= reach) return { box: b.id, handle: true };
    }
    for (const b of order) {
      const x0 = v.toCanvasX(b.x) - slop;
      const y0 = v.toCanvasY(b.y) - slop;
      const x1 = v.toCanvasX(b.x + b.w) + slop;
      const y1 = v.toCanvasY(b.y + b.h) + slop;
      if (px >= x0 && px <= x1 && py >= y0 && py <= y1) return { box: b.id, handle: false };
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
    this.canvas.focus({ preventScroll: true });
    const ed = this.editor;
    const hit = e.button === 0 ? this.pick(px, py, e.pointerType) : null;
    if (hit !== null) {
      ed.select(hit.box);
      const b = ed.box(hit.box);
      if (b === undefined) return false;
      this.drag = hit.handle
        ? { kind: 'resize', box: hit.box, grabX: wx - (b.x + b.w), grabY: wy - (b.y + b.h) }
        : { kind: 'move', box: hit.box, grabX: wx - b.x, grabY: wy - b.y };
      this.setHover(null, null, hit.box, hit.handle);
      this.setCursor(hit.handle ? 'nwse-resize' : 'grabbing');
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

  private readonly move = (_e: PointerEvent, px: number, py: number): void => {
    const v = this.view;
    const wx = v.toWorldX(px);
    const wy = v.toWorldY(py);
    if (this.drag === null) return;
    const d = this.drag;
    const ed = this.editor;
    switch (d.kind) {
      case 'move':
        ed.moveBox(d.box, wx - d.grabX, wy - d.grabY);
        break;
      case 'resize': {
        const b = ed.box(d.box);
        if (b !== undefined) ed.resizeBox(d.box, wx - d.grabX - b.x, wy - d.grabY - b.y);
        break;
      }
      case 'paint':
        this.strokeTo(d, wx, wy);
        this.setHover(this.cellAt(wx, wy), null, 0, false);
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
    this.hoverAt(px, py, e.pointerType);
  }

  private readonly leave = (e: PointerEvent): void => {
    if (e.pointerType !== 'touch') this.setHover(null, null, 0, false);
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
      this.setHover(null, null, 0, false);
      return;
    }
    const hit = this.pick(px, py, pointerType);
    if (hit !== null) {
      this.setHover(null, null, hit.box, hit.handle);
      this.setCursor(hit.handle ? 'nwse-resize' : 'grab');
      return;
    }
    const wx = this.view.toWorldX(px);
    const wy = this.view.toWorldY(py);
    if (this.editor.tool === 'door') {
      const at = this.sideAt(wx, wy);
      this.setHover(at && [at.col, at.row], at?.side ?? null, 0, false);
      this.setCursor(at ? 'pointer' : 'default');
      return;
    }
    const cell = this.cellAt(wx, wy);
    this.setHover(cell, null, 0, false);
    this.setCursor(cell ? 'crosshair' : 'default');
  }

  private setHover(cell: [number, number] | null, side: Side | null, box: number, handle: boolean): void {
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
    if (e.shiftKey) ed.resizeBox(b.id, b.w + dir[0] * step, b.h + dir[1] * step);
    else ed.moveBox(b.id, b.x + dir[0] * step, b.y + dir[1] * step);
  };

  private readonly globalKey = (e: KeyboardEvent): void => {
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
      default:
        return;
    }
    e.preventDefault();
  };
}
