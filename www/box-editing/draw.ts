// Drawing what box editing shows, in world space (the caller has set the
// transform): a box's resize handles (eight small squares, the one under
// the pointer larger), and the tile cells each box touches.

import { HANDLE_PX, HANDLES } from './handles';
import type { BoxLike, ResizeEdges } from './rects';

/** The handles of `b`; `hot` is the handle under the pointer (or being dragged); `px` is one CSS pixel in world units. */
export function drawHandles(ctx: CanvasRenderingContext2D, b: BoxLike, hot: ResizeEdges | null, px: number, fill: string, outline: string): void {
  for (const edges of HANDLES) {
    const isHot = hot !== null && hot.x === edges.x && hot.y === edges.y;
    const hs = (isHot ? HANDLE_PX + 2 : HANDLE_PX) * px;
    const hx = b.x + ((edges.x + 1) / 2) * b.w - hs / 2;
    const hy = b.y + ((edges.y + 1) / 2) * b.h - hs / 2;
    ctx.fillStyle = fill;
    ctx.fillRect(hx, hy, hs, hs);
    ctx.strokeStyle = outline;
    ctx.lineWidth = px;
    ctx.strokeRect(hx, hy, hs, hs);
  }
}

/** A box with the `[col, row, …]` of the tile cells it touches. */
export interface BoxCells {
  readonly id: number;
  readonly cells: ArrayLike<number>;
}

/**
 * Tints the cells each box touches in the box's colour (`colour(id, alpha)`)
 * with an inset outline, and records them in `highlighted` (what the page's
 * tests read back). `px` is one CSS pixel in world units.
 */
export function drawTouchedCells(
  ctx: CanvasRenderingContext2D,
  boxes: Iterable<BoxCells>,
  tileSize: number,
  px: number,
  style: { colour: (id: number, alpha: number) => string; fill: number; stroke: number; lineWidth: number },
  highlighted: Map<number, number[]>,
): void {
  const inset = 1.5 * px;
  highlighted.clear();
  for (const b of boxes) {
    ctx.fillStyle = style.colour(b.id, style.fill);
    ctx.strokeStyle = style.colour(b.id, style.stroke);
    ctx.lineWidth = style.lineWidth * px;
    for (let c = 0; c + 1 < b.cells.length; c += 2) {
      const [x, y] = [b.cells[c] * tileSize, b.cells[c + 1] * tileSize];
      ctx.fillRect(x, y, tileSize, tileSize);
      ctx.strokeRect(x + inset, y + inset, tileSize - 2 * inset, tileSize - 2 * inset);
    }
    highlighted.set(b.id, Array.from(b.cells));
  }
}
