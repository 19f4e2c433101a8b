// The stepper's picture for the box scenes: the step on screen as the core
// recorded it. A lesson covers the live scene with its teaching world —
// the tree's splits or the grid's lines as they were at that step, the
// boxes inserted so far, the box being filed — and the live scene's search
// is drawn over the scene. The current node or cell is outlined white; the
// nodes and cells the operation has been through so far are tinted (green:
// stored in, violet: searched, grey: skipped), candidates red when they
// overlap and outlined when they miss.

import type { DrawContext, Layer } from '../../runtime/renderer';
import { useScreenSpace, useWorldSpace } from '../../runtime/renderer';
import { theme } from '../../runtime/theme';
import { viewLayout } from '../../core/index';
import { label } from '../../layers/marks';
import type { BoxesModel } from '../model';
import type { BoxesSteps } from './steps';
import type { Rec, TeachBox } from './run';
import { cellName } from './words';

/** Kinds whose record names a stored-in place (green). */
const STORED = new Set(['file', 'link', 'home', 'stored', 'copy', 'move-down']);
/** Kinds whose record names a place searched (violet). */
const SEARCHED = new Set(['visit', 'cell', 'scan', 'descend', 'straddle', 'cells']);

function hasRect(r: Rec): boolean {
  return Number.isFinite(r.x) && Number.isFinite(r.y) && Number.isFinite(r.w) && Number.isFinite(r.h) && r.w > 0 && r.h > 0;
}

export class TeachLayer implements Layer<BoxesModel> {
  readonly name = 'teach';
  readonly order = 45;
  enabled = true;
  /** What the last frame drew, for tests: the step, the nodes or cells tinted, the boxes shown. */
  drawn: { step: number | null; boxes: number; place: string; cellSize: number } = { step: null, boxes: 0, place: '', cellSize: 0 };

  constructor(private readonly steps: BoxesSteps) {}

  draw(dc: DrawContext<BoxesModel>): void {
    const steps = this.steps;
    const run = steps.run;
    const step = steps.current;
    if (run === null || step === null) {
      this.drawn = { step: null, boxes: 0, place: '', cellSize: 0 };
      return;
    }
    const { ctx, viewport: v } = dc;
    const px = 1 / v.scale;
    const op = step.op;
    const afterChange = op.records.slice(0, step.index + 1).some((r) => r.kind === 'split' || r.kind === 'collapse');
    const nodes = afterChange || op.kind === 'query' ? op.nodesAfter : op.nodesBefore;
    useWorldSpace(dc);
    const lesson = run.lesson !== undefined;
    let boxes: readonly TeachBox[] = [];
    if (lesson) {
      // The teaching world alone: the live scene is covered.
      // A little past the walls: a live line along a wall is half outside it.
      const pad = 4 * px;
      ctx.fillStyle = theme.worldFill;
      ctx.fillRect(-pad, -pad, run.side + 2 * pad, run.side + 2 * pad);
      ctx.strokeStyle = theme.worldEdge;
      ctx.lineWidth = px;
      ctx.strokeRect(0, 0, run.side, run.side);
      boxes = op.kind === 'insert' ? op.boxesBefore : op.boxesAfter;
      if (op.kind === 'remove') boxes = op.boxesBefore;
    }
    // The cells as they were until a `refile` step filed everything again
    // (the step itself shows the old lines dashed under the new).
    const refileAt = op.records.findIndex((r) => r.kind === 'refile' && r.count > 0);
    const refiled = refileAt >= 0 && step.index >= refileAt;
    const cells = refiled ? op.grid : op.gridBefore;
    if (refiled && step.index === refileAt) this.grid(dc, op.gridBefore, px, true);
    this.grid(dc, cells, px);
    this.tree(dc, nodes, px);

    // What the operation went through so far.
    for (let i = 0; i <= step.index; i++) {
      const r = op.records[i];
      if (r.kind === 'candidate' || !hasRect(r)) continue;
      // The root is where every walk starts: tinting it would wash the whole picture.
      if (r.depth === 0 && !STORED.has(r.kind)) continue;
      const skipped = r.kind === 'skip' || (r.kind === 'visit' && r.reason === 'not-reached');
      const fill = skipped ? 'rgba(128, 128, 128, 0.16)' : STORED.has(r.kind) ? theme.storedInFill : SEARCHED.has(r.kind) ? theme.searchedCellFill : null;
      if (fill === null) continue;
      ctx.fillStyle = fill;
      ctx.fillRect(r.x, r.y, r.w, r.h);
    }

    // The boxes, then the candidates so far in the verdict's colour.
    ctx.lineWidth = 1.2 * px;
    for (const b of boxes) {
      ctx.fillStyle = theme.boxFill;
      ctx.strokeStyle = theme.boxStroke;
      ctx.fillRect(b.x, b.y, b.w, b.h);
      ctx.strokeRect(b.x, b.y, b.w, b.h);
    }
    const verdicts: Rec[] = [];
    for (let i = 0; i <= step.index; i++) if (op.records[i].kind === 'candidate') verdicts.push(op.records[i]);
    for (const c of verdicts) {
      if (c.other === op.id) continue;
      if (c.reason === 'overlaps') {
        ctx.fillStyle = theme.overlapFill;
        ctx.fillRect(c.x, c.y, c.w, c.h);
      }
      ctx.strokeStyle = c.reason === 'overlaps' ? theme.overlapStroke : theme.searchedCellStroke;
      ctx.lineWidth = 2 * px;
      ctx.strokeRect(c.x, c.y, c.w, c.h);
    }

    // The box the operation is about.
    const subject = op.records[0];
    if (subject !== undefined && hasRect(subject)) {
      const pad = 3 * px;
      ctx.fillStyle = op.kind === 'remove' ? 'rgba(128, 128, 128, 0.35)' : theme.boxFillSmall;
      ctx.fillRect(subject.x, subject.y, subject.w, subject.h);
      ctx.strokeStyle = theme.focus;
      ctx.lineWidth = 1.5 * px;
      ctx.strokeRect(subject.x - pad, subject.y - pad, subject.w + 2 * pad, subject.h + 2 * pad);
    }

    // The step's own place, outlined; a split's new midlines.
    const r = step.rec;
    let place = '';
    if (hasRect(r) && r.kind !== 'insert' && r.kind !== 'query' && r.kind !== 'pairs') {
      ctx.strokeStyle = theme.focus;
      ctx.lineWidth = 3 * px;
      ctx.setLineDash([6 * px, 4 * px]);
      ctx.strokeRect(r.x, r.y, r.w, r.h);
      ctx.setLineDash([]);
      if (r.kind === 'split') {
        ctx.strokeStyle = `rgba(${theme.treeRgb}, 1)`;
        ctx.lineWidth = 3 * px;
        ctx.beginPath();
        ctx.moveTo(r.x + r.w / 2, r.y);
        ctx.lineTo(r.x + r.w / 2, r.y + r.h);
        ctx.moveTo(r.x, r.y + r.h / 2);
        ctx.lineTo(r.x + r.w, r.y + r.h / 2);
        ctx.stroke();
      }
      place = r.depth >= 0 ? `level ${r.depth}` : r.col >= 0 ? cellName(r.col, r.row) : '';
    }

    useScreenSpace(dc);
    for (const b of boxes) label(ctx, `#${b.id}`, v.toCanvasX(b.x + b.w / 2), v.toCanvasY(b.y) - 10, theme.label, 'center');
    if (subject !== undefined && hasRect(subject)) label(ctx, `#${op.id} · ${op.kind}`, v.toCanvasX(subject.x + subject.w) + 8, v.toCanvasY(subject.y + subject.h) + 12, theme.focus);
    if (place !== '' && hasRect(r)) label(ctx, place, v.toCanvasX(r.x) + 4, v.toCanvasY(r.y) + 12, theme.focus);
    this.drawn = { step: (steps.at ?? -1) + 1, boxes: boxes.length, place, cellSize: cells.length >= 5 ? cells[2] : 0 };
  }

  /** The grid's lines (its geometry at the step: origin, cell size, cols, rows); `old`: the cells before a refiling, dashed in the focus colour. */
  private grid(dc: DrawContext<BoxesModel>, g: Float64Array, px: number, old = false): void {
    if (g.length < 5) return;
    const [ox, oy, size, cols, rows] = g;
    const { ctx } = dc;
    ctx.strokeStyle = old ? theme.focus : theme.gridLine;
    ctx.lineWidth = old ? 1.5 * px : px;
    ctx.setLineDash(old ? [3 * px, 5 * px] : []);
    ctx.beginPath();
    for (let c = 0; c <= cols; c++) {
      ctx.moveTo(ox + c * size, oy);
      ctx.lineTo(ox + c * size, oy + rows * size);
    }
    for (let r = 0; r <= rows; r++) {
      ctx.moveTo(ox, oy + r * size);
      ctx.lineTo(ox + cols * size, oy + r * size);
    }
    ctx.stroke();
    ctx.setLineDash([]);
  }

  /** The tree's split lines: each inner node's cross. */
  private tree(dc: DrawContext<BoxesModel>, nodes: Float64Array, px: number): void {
    const { ctx } = dc;
    const N = viewLayout('quadtreeNodes', ['x', 'y', 'w', 'h', 'depth', 'leaf']);
    ctx.strokeStyle = `rgba(${theme.treeRgb}, 0.8)`;
    ctx.lineWidth = 1.5 * px;
    ctx.beginPath();
    for (let i = 0; i + N.stride <= nodes.length; i += N.stride) {
      if (nodes[i + N.leaf] !== 0) continue;
      const x = nodes[i + N.x];
      const y = nodes[i + N.y];
      const w = nodes[i + N.w];
      const h = nodes[i + N.h];
      ctx.moveTo(x + w / 2, y);
      ctx.lineTo(x + w / 2, y + h);
      ctx.moveTo(x, y + h / 2);
      ctx.lineTo(x + w, y + h / 2);
    }
    ctx.stroke();
  }
}

