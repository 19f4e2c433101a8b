// A box gesture under the pointer, the same in every mode that draws
// boxes: move a box (grabbed where it was pressed), resize it by a handle,
// or draw a new one from the press point. Snapping (the toggle, flipped by
// Alt) puts edges on cell lines. The mode decides what a press starts;
// this turns pointer positions into store calls.

import { snapSpan, snapToLine } from '../runtime/geometry';
import type { BoxStore } from './box-store';
import type { Pick } from './handles';
import type { ResizeEdges } from './rects';

/** A drag shorter than this draws no box (a click), CSS px. */
export const CREATE_SLOP_PX = 4;

export type BoxDrag =
  | { kind: 'move'; box: number; grabX: number; grabY: number }
  | { kind: 'resize'; box: number; edges: ResizeEdges; grabX: number; grabY: number }
  | { kind: 'create'; box: number; x0: number; y0: number; px0: number; py0: number };

/** The drag a press on `hit` at world (wx, wy) starts (selecting the box), or null when the box is gone. */
export function grabBox(store: BoxStore, hit: Pick, wx: number, wy: number): BoxDrag | null {
  const b = store.box(hit.box);
  if (b === undefined) return null;
  store.select(hit.box);
  if (hit.edges === null) return { kind: 'move', box: hit.box, grabX: wx - b.x, grabY: wy - b.y };
  const edges = hit.edges;
  const ex = edges.x < 0 ? b.x : b.x + b.w;
  const ey = edges.y < 0 ? b.y : b.y + b.h;
  return { kind: 'resize', box: hit.box, edges, grabX: wx - ex, grabY: wy - ey };
}

/** A new box drawn from world (wx, wy), canvas (px, py); nothing is added until the pointer moves. */
export function startCreate(wx: number, wy: number, px: number, py: number): BoxDrag {
  return { kind: 'create', box: 0, x0: wx, y0: wy, px0: px, py0: py };
}

/** The pointer at world (wx, wy), canvas (px, py): moves, resizes or draws; `snap` puts edges on lines `cell` apart. */
export function dragBox(store: BoxStore, d: BoxDrag, wx: number, wy: number, px: number, py: number, snap: boolean, cell: number): void {
  const line = (value: number) => (snap ? snapToLine(value, cell) : value);
  switch (d.kind) {
    case 'move': {
      const b = store.box(d.box);
      if (b === undefined) return;
      let x = wx - d.grabX;
      let y = wy - d.grabY;
      if (snap) {
        x += snapSpan(x, x + b.w, cell);
        y += snapSpan(y, y + b.h, cell);
      }
      store.move(d.box, x, y);
      return;
    }
    case 'resize':
      store.dragEdges(d.box, d.edges, line(wx - d.grabX), line(wy - d.grabY));
      return;
    case 'create': {
      if (d.box === 0 && Math.hypot(px - d.px0, py - d.py0) < CREATE_SLOP_PX) return;
      const [ax, ay, bx, by] = [line(d.x0), line(d.y0), line(wx), line(wy)];
      const [x, y, w, h] = [Math.min(ax, bx), Math.min(ay, by), Math.abs(bx - ax), Math.abs(by - ay)];
      if (d.box === 0) d.box = store.add(x, y, w, h);
      else store.setRect(d.box, x, y, w, h);
      return;
    }
  }
}

/** The cursor a box drag wears. */
export function dragCursor(d: BoxDrag): string {
  if (d.kind === 'create') return 'crosshair';
  if (d.kind === 'move') return 'grabbing';
  const { x, y } = d.edges;
  return x === 0 ? 'ns-resize' : y === 0 ? 'ew-resize' : x === y ? 'nwse-resize' : 'nesw-resize';
}
