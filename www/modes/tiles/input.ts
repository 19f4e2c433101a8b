// Pointer and keyboard for the tile editor, as a scene of the shared input
// layer (runtime/input.ts: zoom, pinch, touch and key rules). A press on a
// box moves it (its edges and corners resize it); anywhere else it uses
// the tool in hand: paint (drag to paint a stroke), erase (also the right
// button), door (click near a cell side) or box (drag out a new box;
// Shift-drag does it with any tool). Empty space is the editor's, so the
// view pans with the middle button, Space-drag or two fingers. On touch,
// one finger on the open map scrolls the page unless "Edit by touch" is
// on: painting by accident while scrolling a tutorial is worse than a tap
// more. Every gesture is one undo step.

import type { KeyScene, PointerScene } from '../../runtime/input';
import type { Viewport } from '../../runtime/viewport';
import type { Hover, ResizeEdges, Side, TilesModel } from './model';
import { boxAim, pickBox, resizeCursor, type Pick } from '../../box-editing/handles';
import { dragBox, dragCursor, grabBox, startCreate, type BoxDrag } from '../../box-editing/drag';
import { arrowOf, isDeleteKey, isDuplicateKey, nudgeSelected } from '../../box-editing/keys';

type Drag = BoxDrag | { kind: 'paint'; erase: boolean; lastX: number; lastY: number; lastCell: number } | { kind: 'door' };

export class TilesInput implements PointerScene, KeyScene {
  private dragging: Drag | null = null;
  /** Empty space is the editor's: presses there paint, erase or draw. */
  readonly pansEmptySpace = false;

  /** What the pointer is over: the model's, written here, read by the layers. */
  private readonly hovered: Hover;

  constructor(
    private readonly editor: TilesModel,
    private readonly canvas: HTMLCanvasElement,
    private readonly view: Viewport,
  ) {
    this.hovered = editor.hover;
    canvas.addEventListener('focus', this.focusChange);
    canvas.addEventListener('blur', this.focusChange);
  }

  destroy(): void {
    this.canvas.removeEventListener('focus', this.focusChange);
    this.canvas.removeEventListener('blur', this.focusChange);
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

  /**
   * What a press would take: a box (its size on screen), or with the tool
   * in hand the map itself (a finger only with "Edit by touch" on).
   */
  aim(e: PointerEvent, px: number, py: number): number | null {
    if (e.button !== 0 && e.button !== 2) return null;
    const ed = this.editor;
    const hit = e.button === 0 ? this.pick(px, py, e.pointerType) : null;
    const creating = e.button === 0 && (e.shiftKey || ed.tool === 'box');
    if (hit !== null && !(creating && e.shiftKey)) {
      const b = ed.box(hit.box);
      return b === undefined ? null : boxAim(b, this.view.scale, e.pointerType, b.id === ed.selected);
    }
    if (e.pointerType === 'touch' && !ed.touchEdit && !creating) return null;
    return Infinity;
  }

  /** A press the input layer handed over: a box drag, a new box, a door, or a paint stroke. */
  start(e: PointerEvent, px: number, py: number): boolean {
    const v = this.view;
    const wx = v.toWorldX(px);
    const wy = v.toWorldY(py);
    const ed = this.editor;
    const hit = e.button === 0 ? this.pick(px, py, e.pointerType) : null;
    const creating = e.button === 0 && (e.shiftKey || ed.tool === 'box');
    if (hit !== null && ed.box(hit.box) === undefined) return false;
    ed.beginGesture();
    if (hit !== null && !(creating && e.shiftKey)) {
      const drag = grabBox(ed.store, hit, wx, wy);
      if (drag === null) {
        ed.endGesture();
        return false;
      }
      this.dragging = drag;
      this.setCursor(dragCursor(drag));
      this.setHover(null, null, hit.box, hit.edges);
      return true;
    }
    if (creating) {
      this.dragging = startCreate(wx, wy, px, py);
      this.setCursor('crosshair');
      return true;
    }
    if ((ed.tool === 'door' || ed.tool === 'edge') && e.button === 0) {
      this.dragging = { kind: 'door' };
      const at = this.sideAt(wx, wy);
      if (at !== null && ed.tool === 'door') ed.cycleDoor(at.col, at.row, at.side);
      // The Edge tool: the stepper explains this side, from its first step.
      if (at !== null && ed.tool === 'edge') {
        ed.setEdge([at.col, at.row, at.side]);
        ed.steps.goTo(0);
      }
      return true;
    }
    const erase = e.button === 2 || ed.tool === 'erase';
    this.dragging = { kind: 'paint', erase, lastX: wx, lastY: wy, lastCell: -1 };
    this.paintAt(this.dragging, wx, wy);
    return true;
  }

  drag(e: PointerEvent, px: number, py: number): void {
    const v = this.view;
    const wx = v.toWorldX(px);
    const wy = v.toWorldY(py);
    if (this.dragging === null) return;
    const d = this.dragging;
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
  }

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

  end(e: PointerEvent, px: number, py: number): void {
    this.dragging = null;
    this.editor.endGesture();
    this.hoverAt(px, py, e.pointerType);
  }

  hover(e: PointerEvent, px: number, py: number): void {
    this.hoverAt(px, py, e.pointerType);
  }

  leave(e: PointerEvent): void {
    if (e.pointerType !== 'touch') this.setHover(null, null, 0, null);
  }

  private readonly focusChange = (): void => {
    this.hovered.focused = (this.canvas.getRootNode() as Document | ShadowRoot).activeElement === this.canvas;
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
    if (this.editor.tool === 'door' || this.editor.tool === 'edge') {
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
    const h = this.hovered;
    h.cell = cell;
    h.side = side;
    h.box = box;
    h.handle = handle;
  }

  private setCursor(cursor: string): void {
    if (this.canvas.style.cursor !== cursor) this.canvas.style.cursor = cursor;
  }

  /**
   * On the focused map. With a box selected: the arrows move it (Shift:
   * resize), Enter / Shift+Enter pick the boxes in turn, Esc lets go of it
   * for the tile cursor. With none: the arrows move the tile cursor (a
   * cell), Enter paints there with the tool in hand (erases with Erase;
   * with Box, draws a box on the cell), Delete erases it. I (or Insert)
   * draws a box on the cursor's cell with any tool. Esc with nothing
   * selected is the runtime's: focus leaves the map.
   */
  canvasKey(e: KeyboardEvent): boolean {
    const ed = this.editor;
    const boxes = ed.boxes();
    const plain = !e.altKey && !e.ctrlKey && !e.metaKey;
    const boxSelected = ed.box(ed.selected) !== undefined;
    if ((e.key === 'i' || e.key === 'I' || e.key === 'Insert') && plain) return this.boxAtCursor();
    if (e.key === 'Escape' && boxSelected) {
      ed.select(0);
      this.cursor();
      return true;
    }
    if (e.key === 'Enter' && plain) {
      if (!boxSelected) return this.applyAtCursor();
      const at = boxes.findIndex((b) => b.id === ed.selected);
      const next = e.shiftKey ? (at <= 0 ? boxes.length - 1 : at - 1) : (at + 1) % boxes.length;
      ed.select(boxes[next].id);
      return true;
    }
    if (isDeleteKey(e) && !boxSelected) {
      const [col, row] = this.cursor();
      ed.beginGesture();
      ed.paint(col, row, true);
      ed.endGesture();
      return true;
    }
    const dir = arrowOf(e);
    if (dir === undefined) return false;
    if (!boxSelected) {
      const [col, row] = this.cursor();
      this.hovered.cursor = [Math.min(ed.tiles.cols - 1, Math.max(0, col + dir[0])), Math.min(ed.tiles.rows - 1, Math.max(0, row + dir[1]))];
      return true;
    }
    // Each press is its own undo step.
    ed.beginGesture();
    nudgeSelected(ed.store, dir, e.shiftKey, this.keyStep, ed.snap, ed.tiles.tileSize);
    ed.endGesture();
    return true;
  }

  /** The tile cursor's cell: where it was, else the cell in the middle of the view. */
  private cursor(): [number, number] {
    const h = this.hovered;
    if (h.cursor === null) {
      const v = this.view;
      h.cursor = this.cellAt(v.toWorldX(v.cssWidth / 2), v.toWorldY(v.cssHeight / 2)) ?? [0, 0];
    }
    return h.cursor;
  }

  /** Enter on the tile cursor: the tool in hand, applied to its cell. */
  private applyAtCursor(): boolean {
    const ed = this.editor;
    if (ed.tool === 'box') return this.boxAtCursor();
    if (ed.tool === 'door') return false;
    const [col, row] = this.cursor();
    ed.beginGesture();
    ed.paint(col, row);
    ed.endGesture();
    return true;
  }

  /** A new box on the tile cursor's cell, selected (the arrows then move it, Shift+arrows resize it). */
  private boxAtCursor(): boolean {
    const ed = this.editor;
    const [col, row] = this.cursor();
    const ts = ed.tiles.tileSize;
    ed.beginGesture();
    ed.addBox(col * ts, row * ts, ts, ts);
    ed.endGesture();
    return true;
  }

  undo(): boolean {
    this.editor.undo();
    return true;
  }

  redo(): boolean {
    this.editor.redo();
    return true;
  }

  /** Ctrl/Cmd+D duplicates the selected box. */
  command(e: KeyboardEvent): boolean {
    if (!isDuplicateKey(e)) return false;
    this.editor.duplicateBox(this.editor.selected);
    return true;
  }

  /** The editor's shortcuts, heard wherever no control claims the key. */
  key(e: KeyboardEvent): boolean {
    const ed = this.editor;
    const digit = Number(e.key);
    const boxes = ed.boxes();
    if (Number.isInteger(digit) && digit >= 1 && digit <= Math.min(9, boxes.length)) {
      ed.select(boxes[digit - 1].id);
      return true;
    }
    switch (e.key) {
      case 'r':
      case 'R':
        ed.rotate(!e.shiftKey);
        return true;
      case 'e':
      case 'E':
        ed.setTool(ed.tool === 'erase' ? 'paint' : 'erase');
        return true;
      case 'd':
      case 'D':
        ed.setTool(ed.tool === 'door' ? 'paint' : 'door');
        return true;
      case 'p':
      case 'P':
        ed.setTool('paint');
        return true;
      case 'b':
      case 'B':
        ed.setTool(ed.tool === 'box' ? 'paint' : 'box');
        return true;
      case 'i':
      case 'I':
        ed.setTool(ed.tool === 'edge' ? 'paint' : 'edge');
        return true;
      default:
        return isDeleteKey(e) && ed.deleteBox(ed.selected);
    }
  }
}
