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
import type { Hover } from './layers';
import { belongsToControl, viewKey } from '../../runtime/keys';
import { historyKey } from '../../runtime/history';
import { TouchGestures } from '../../runtime/touch';
import { pickBox, resizeCursor, type Pick } from '../../box-editing/handles';
import { dragBox, dragCursor, grabBox, startCreate, type BoxDrag } from '../../box-editing/drag';
import { arrowOf, isDeleteKey, isDuplicateKey, nudgeSelected } from '../../box-editing/keys';

type Drag = BoxDrag | { kind: 'paint'; erase: boolean; lastX: number; lastY: number; lastCell: number } | { kind: 'door' };

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

  /** The box under canvas (px, py), and the edges a press there resizes (see pickBox). */
  private pick(px: number, py: number, pointerType: string): Pick | null {
    return pickBox(this.view, this.editor.boxes(), px, py, pointerType);
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
    if (hit !== null && ed.box(hit.box) === undefined) return false;
    ed.beginGesture();
    if (hit !== null && !(creating && e.shiftKey)) {
      const drag = grabBox(ed.store, hit, wx, wy);
      if (drag === null) return false;
      this.drag = drag;
      this.setCursor(dragCursor(drag));
      this.setHover(null, null, hit.box, hit.edges);
      return true;
    }
    if (creating) {
      this.drag = startCreate(wx, wy, px, py);
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
    // Alt flips the snap toggle for this move.
    const snap = ed.snap !== e.altKey;
    switch (d.kind) {
      case 'move':
      case 'resize':
      case 'create':
        dragBox(ed.store, d, wx, wy, px, py, snap, ed.tiles.tileSize);
        break;
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
    const dir = arrowOf(e);
    if (dir === undefined) return;
    e.preventDefault();
    const ed = this.editor;
    if (ed.box(ed.selected) === undefined) return;
    // Each press is its own undo step.
    ed.beginGesture();
    nudgeSelected(ed.store, dir, e.shiftKey, this.keyStep, ed.snap, ed.tiles.tileSize);
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
    if (isDuplicateKey(e)) {
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
      default:
        if (!isDeleteKey(e) || !ed.deleteBox(ed.selected)) return;
    }
    e.preventDefault();
  };
}
