// Drawing a drawn box's resize handles, in world space (the caller has set
// the transform): eight small squares, the one under the pointer larger.

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
