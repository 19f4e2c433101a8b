// The tile editor's live drawing on top of the shared tile-map layer: the
// cells each box touches, the hover (the shape about to be painted, the
// cell about to be erased, the side a door would go on), and the boxes with
// their resize handles, push-out ghosts and arrows, and name tags. Every
// frame reads the boxes from the editor (which reads the core).

import type { TileGrid } from '../../core/index';
import { arrowHead, label, line } from '../../layers/marks';
import type { DrawContext, Layer } from '../../runtime/renderer';
import { useScreenSpace, useWorldSpace } from '../../runtime/renderer';
import type { BoxView, ResizeEdges, Side, TileEditor } from './editor';
import { boxColour, tileColours as colours } from './colours';
import type { ShapeInfo } from './shapes';
import { drawHandles, drawTouchedCells } from '../../box-editing/draw';

/** What the pointer is over or doing; input.ts writes it, drawing reads it. */
export interface Hover {
  /** The cell under a mouse or pen, when painting or placing doors. */
  cell: [number, number] | null;
  /** With the door tool: the side of `cell` nearest the pointer. */
  side: Side | null;
  /** Box under the pointer or being dragged (0: none). */
  box: number;
  /** The resize handle of that box under the pointer (or being dragged), null for none. */
  handle: ResizeEdges | null;
  /** Whether the canvas has keyboard focus. */
  focused: boolean;
}

export function createHover(): Hover {
  return { cell: null, side: null, box: 0, handle: null, focused: false };
}

/** What the editor's layers draw from. */
export interface TilesModel {
  readonly tiles: TileGrid;
  readonly editor: TileEditor;
  readonly hover: Hover;
}

export { handleAt, HANDLE_PX, HANDLES } from '../../box-editing/handles';

export class TouchedCellsLayer implements Layer<TilesModel> {
  readonly name = 'touched-cells';
  readonly order = 10;
  enabled = true;
  /** Per box id, the `[col, row, …]` the last frame painted as its touched cells. */
  highlighted = new Map<number, number[]>();

  draw(dc: DrawContext<TilesModel>): void {
    const { ctx, viewport: v, editor, tiles } = dc;
    useWorldSpace(dc);
    const style = { colour: boxColour, fill: 0.14, stroke: 0.7, lineWidth: 1.5 };
    drawTouchedCells(ctx, editor.boxes(), tiles.tileSize, 1 / v.scale, style, this.highlighted);
  }
}

export class HoverLayer implements Layer<TilesModel> {
  readonly name = 'hover';
  readonly order = 15;
  enabled = true;

  draw(dc: DrawContext<TilesModel>): void {
    const { ctx, viewport: v, editor: e, hover, tiles } = dc;
    if (hover.cell === null || hover.box !== 0) return;
    useWorldSpace(dc);
    const px = 1 / v.scale;
    const [col, row] = hover.cell;
    const ts = tiles.tileSize;
    const x = col * ts;
    const y = row * ts;
    if (e.tool === 'door') {
      if (hover.side === null) return;
      const [x0, y0, x1, y1] = sideSegment(x, y, ts, hover.side);
      ctx.strokeStyle = colours.doorHover;
      ctx.lineWidth = 7 * px;
      ctx.lineCap = 'round';
      line(ctx, x0, y0, x1, y1);
      return;
    }
    if (e.tool === 'erase') {
      ctx.fillStyle = colours.eraseGhost;
      ctx.fillRect(x, y, ts, ts);
      return;
    }
    if (e.tool === 'box') {
      ctx.strokeStyle = colours.paintGhost;
      ctx.lineWidth = px;
      ctx.strokeRect(x, y, ts, ts);
      return;
    }
    const shape = e.catalogue.byName(e.shape);
    if (shape !== undefined) {
      ctx.fillStyle = colours.paintGhost;
      fillUnitShape(ctx, shape, x, y, ts);
    }
    ctx.strokeStyle = colours.paintGhost;
    ctx.lineWidth = px;
    ctx.strokeRect(x, y, ts, ts);
  }
}

export class EditBoxesLayer implements Layer<TilesModel> {
  readonly name = 'boxes';
  readonly order = 20;
  enabled = true;
  /** Per box id, the push-out arrow the last frame drew `[dx, dy]`. */
  pushShown = new Map<number, [number, number]>();

  draw(dc: DrawContext<TilesModel>): void {
    const { ctx, viewport: v, editor: e, hover } = dc;
    useWorldSpace(dc);
    const px = 1 / v.scale;
    this.pushShown.clear();
    // Big boxes first, so a small one on top of a big one stays grabbable.
    const boxes = [...e.boxes()].sort((a, b) => area(b) - area(a));
    for (const b of boxes) {
      const active = b.id === e.selected;
      if (b.pushX !== 0 || b.pushY !== 0) {
        // The ghost where pushOut would land it.
        ctx.setLineDash([4 * px, 3 * px]);
        ctx.strokeStyle = boxColour(b.id, 0.95);
        ctx.lineWidth = 1.5 * px;
        ctx.strokeRect(b.x + b.pushX, b.y + b.pushY, b.w, b.h);
        ctx.setLineDash([]);
      }
      ctx.fillStyle = boxColour(b.id, 0.3);
      ctx.fillRect(b.x, b.y, b.w, b.h);
      ctx.strokeStyle = boxColour(b.id, 1);
      ctx.lineWidth = 1.5 * px;
      ctx.strokeRect(b.x, b.y, b.w, b.h);
      if (active || hover.box === b.id) {
        const pad = 3 * px;
        // The arrow keys' target wears the page's focus colour while the canvas has focus.
        ctx.strokeStyle = active && hover.focused ? colours.keyFocus : colours.focus;
        ctx.lineWidth = (active ? (hover.focused ? 2 : 1.5) : 1) * px;
        if (!active) ctx.setLineDash([3 * px, 3 * px]);
        ctx.strokeRect(b.x - pad, b.y - pad, b.w + 2 * pad, b.h + 2 * pad);
        ctx.setLineDash([]);
      }
      // The eight resize handles, on the box the keys or the pointer are on.
      if (active || hover.box === b.id) drawHandles(ctx, b, hover.box === b.id ? hover.handle : null, px, boxColour(b.id, 1), colours.page);
    }
    for (const b of boxes) {
      if (b.pushX === 0 && b.pushY === 0) continue;
      const cx = b.x + b.w / 2;
      const cy = b.y + b.h / 2;
      drawArrow(ctx, cx, cy, cx + b.pushX, cy + b.pushY, px);
      this.pushShown.set(b.id, [b.pushX, b.pushY]);
    }
    // Name tags in CSS pixels, so text stays crisp and readable.
    useScreenSpace(dc);
    for (const b of e.boxes()) {
      const n = b.cells.length / 2;
      const text = `${b.name} · ${n} ${n === 1 ? 'cell' : 'cells'}`;
      // Above the box, unless the push-out ghost is there or the edge is near.
      const above = v.toCanvasY(Math.min(b.y, b.y + b.pushY)) - 14;
      const below = v.toCanvasY(Math.max(b.y, b.y + b.pushY) + b.h) + 14;
      let ly = b.pushY < 0 || above < 10 ? below : above;
      if (ly > v.cssHeight - 10) ly = above;
      ctx.font = '600 11px ui-monospace, monospace';
      const lx = Math.min(v.toCanvasX(b.x), v.cssWidth - ctx.measureText(text).width - 16);
      label(ctx, text, lx, ly, colours.label, 'left', boxColour(b.id, 1));
    }
  }
}

function area(b: BoxView): number {
  return b.w * b.h;
}

/** The world segment of one side of the cell whose corner is (x, y). */
export function sideSegment(x: number, y: number, ts: number, side: Side): [number, number, number, number] {
  switch (side) {
    case 'left':
      return [x, y, x, y + ts];
    case 'right':
      return [x + ts, y, x + ts, y + ts];
    case 'top':
      return [x, y, x + ts, y];
    case 'bottom':
      return [x, y + ts, x + ts, y + ts];
  }
}

/** A shape from its unit outline, placed in the tile at (x, y). */
function fillUnitShape(ctx: CanvasRenderingContext2D, shape: ShapeInfo, x: number, y: number, ts: number): void {
  const o = shape.outline;
  if (o.length < 6) return;
  ctx.beginPath();
  ctx.moveTo(x + o[0] * ts, y + o[1] * ts);
  for (let p = 2; p < o.length; p += 2) ctx.lineTo(x + o[p] * ts, y + o[p + 1] * ts);
  ctx.closePath();
  ctx.fill();
}

/** The push-out: a line with a head, on a dark underlay so it reads on any fill. */
function drawArrow(ctx: CanvasRenderingContext2D, x0: number, y0: number, x1: number, y1: number, px: number): void {
  const len = Math.hypot(x1 - x0, y1 - y0);
  if (len === 0) return;
  const ux = (x1 - x0) / len;
  const uy = (y1 - y0) / len;
  const head = Math.min(9 * px, Math.max(5 * px, len * 0.6));
  ctx.lineCap = 'round';
  for (const [colour, width] of [
    [colours.page, 4.5],
    [colours.pushArrow, 2],
  ] as const) {
    ctx.strokeStyle = colour;
    ctx.lineWidth = width * px;
    line(ctx, x0, y0, x1 - ux * head * 0.5, y1 - uy * head * 0.5);
  }
  ctx.fillStyle = colours.pushArrow;
  arrowHead(ctx, x1, y1, ux, uy, head);
  ctx.beginPath();
  ctx.arc(x0, y0, 2.5 * px, 0, 2 * Math.PI);
  ctx.fill();
}
