// The one drawn-box layer: boxes a user draws and edits (the tile editor's,
// the rays mode's), filled in their colour, the selected or hovered one
// ringed and with its resize handles, optional push-out ghosts and arrows
// (where the core's pushOut would move a box out of the tiles), and a name
// tag per box with the number of cells it touches. A mode says what to
// draw each frame through `view`; the drawing is the same everywhere.

import { arrowHead, label, line, MONO } from '../layers/marks';
import type { DrawContext, Layer } from '../runtime/renderer';
import { useScreenSpace, useWorldSpace } from '../runtime/renderer';
import type { DrawnBox } from './box-store';
import { drawHandles } from './draw';
import type { ResizeEdges } from './rects';

/** A drawn box, with where pushOut would move it when the mode shows that (0, 0: nowhere). */
type ShownBox = DrawnBox & { readonly pushX?: number; readonly pushY?: number };

/** One frame's boxes and what the pointer and the keys are on. */
export interface DrawnBoxesView {
  readonly boxes: readonly ShownBox[];
  /** The box the arrow keys move (0: none). */
  readonly selected: number;
  /** The box under the pointer or being dragged (0: none), and its handle under the pointer. */
  readonly hover: number;
  readonly handle: ResizeEdges | null;
  /** Whether the canvas has keyboard focus (the selected box then wears the key colour). */
  readonly focused: boolean;
  /** A box outlined differently this frame (the rays mode's hit box), or 0. */
  readonly marked?: number;
}

export interface DrawnBoxesStyle {
  /** A box's colour by id, at `alpha`. */
  colour(id: number, alpha: number): string;
  /** The ring of the selected and hovered box, and of the selected one while the keys move it. */
  readonly focus: string;
  readonly keyFocus: string;
  /** The outline of the marked box. */
  readonly marked: string;
  /** The canvas background (handle outlines, the arrows' underlay). */
  readonly page: string;
  readonly label: string;
  /** The push-out arrow; null: no ghosts or arrows. */
  readonly pushArrow: string | null;
}

export class DrawnBoxesLayer<M extends object> implements Layer<M> {
  enabled = true;
  /** Per box id, the push-out arrow the last frame drew `[dx, dy]`. */
  readonly pushShown = new Map<number, [number, number]>();

  constructor(
    readonly name: string,
    readonly order: number,
    private readonly view: (dc: DrawContext<M>) => DrawnBoxesView,
    private readonly style: DrawnBoxesStyle,
  ) {}

  draw(dc: DrawContext<M>): void {
    const { ctx, viewport: v } = dc;
    const view = this.view(dc);
    const st = this.style;
    const px = 1 / v.scale;
    this.pushShown.clear();
    // Big boxes first, so a small one on top of a big one stays visible (and grabbable: picking is smallest first).
    const boxes = [...view.boxes].sort((a, b) => b.w * b.h - a.w * a.h);
    useWorldSpace(dc);
    for (const b of boxes) {
      const [dx, dy] = [b.pushX ?? 0, b.pushY ?? 0];
      if (st.pushArrow !== null && (dx !== 0 || dy !== 0)) {
        // The ghost where pushOut would land it.
        ctx.setLineDash([4 * px, 3 * px]);
        ctx.strokeStyle = st.colour(b.id, 0.95);
        ctx.lineWidth = 1.5 * px;
        ctx.strokeRect(b.x + dx, b.y + dy, b.w, b.h);
        ctx.setLineDash([]);
      }
      const marked = b.id === view.marked;
      ctx.fillStyle = st.colour(b.id, 0.3);
      ctx.fillRect(b.x, b.y, b.w, b.h);
      ctx.strokeStyle = marked ? st.marked : st.colour(b.id, 1);
      ctx.lineWidth = (marked ? 2 : 1.5) * px;
      ctx.strokeRect(b.x, b.y, b.w, b.h);
      const active = b.id === view.selected;
      if (!active && view.hover !== b.id) continue;
      const pad = 3 * px;
      // The arrow keys' target wears the key colour while the canvas has focus.
      ctx.strokeStyle = active && view.focused ? st.keyFocus : st.focus;
      ctx.lineWidth = (active ? (view.focused ? 2 : 1.5) : 1) * px;
      if (!active) ctx.setLineDash([3 * px, 3 * px]);
      ctx.strokeRect(b.x - pad, b.y - pad, b.w + 2 * pad, b.h + 2 * pad);
      ctx.setLineDash([]);
      drawHandles(ctx, b, view.hover === b.id ? view.handle : null, px, st.colour(b.id, 1), st.page);
    }
    if (st.pushArrow !== null) {
      for (const b of boxes) {
        const [dx, dy] = [b.pushX ?? 0, b.pushY ?? 0];
        if (dx === 0 && dy === 0) continue;
        const cx = b.x + b.w / 2;
        const cy = b.y + b.h / 2;
        drawArrow(ctx, cx, cy, cx + dx, cy + dy, px, st.pushArrow, st.page);
        this.pushShown.set(b.id, [dx, dy]);
      }
    }
    // Name tags in CSS pixels, so text stays crisp and readable.
    useScreenSpace(dc);
    ctx.font = `600 11px ${MONO}`;
    for (const b of view.boxes) {
      const n = b.cells.length / 2;
      const text = `${b.name} · ${n} ${n === 1 ? 'cell' : 'cells'}`;
      const dy = st.pushArrow === null ? 0 : (b.pushY ?? 0);
      // Above the box, unless the push-out ghost is there or the edge is near.
      const above = v.toCanvasY(Math.min(b.y, b.y + dy)) - 14;
      const below = v.toCanvasY(Math.max(b.y, b.y + dy) + b.h) + 14;
      let ly = dy < 0 || above < 10 ? below : above;
      if (ly > v.cssHeight - 10) ly = above;
      const lx = Math.min(v.toCanvasX(b.x), v.cssWidth - ctx.measureText(text).width - 16);
      label(ctx, text, lx, ly, st.label, 'left', st.colour(b.id, 1));
    }
  }
}

/** The push-out: a line with a head, on a dark underlay so it reads on any fill. */
function drawArrow(ctx: CanvasRenderingContext2D, x0: number, y0: number, x1: number, y1: number, px: number, colour: string, page: string): void {
  const len = Math.hypot(x1 - x0, y1 - y0);
  if (len === 0) return;
  const ux = (x1 - x0) / len;
  const uy = (y1 - y0) / len;
  const head = Math.min(9 * px, Math.max(5 * px, len * 0.6));
  ctx.lineCap = 'round';
  for (const [stroke, width] of [
    [page, 4.5],
    [colour, 2],
  ] as const) {
    ctx.strokeStyle = stroke;
    ctx.lineWidth = width * px;
    line(ctx, x0, y0, x1 - ux * head * 0.5, y1 - uy * head * 0.5);
  }
  ctx.fillStyle = colour;
  arrowHead(ctx, x1, y1, ux, uy, head);
  ctx.beginPath();
  ctx.arc(x0, y0, 2.5 * px, 0, 2 * Math.PI);
  ctx.fill();
}
