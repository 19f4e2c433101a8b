// The grids mode's layers over the box scene's: the active grid's cell
// lines, and for the selected, dragged or hovered object the cells it is
// STORED in (`storedIn`, solid green) and the cells SEARCHED for its pairs
// (`searchedIn`, dashed violet), with its centre dot and a label. A normal
// grid searches exactly where it stores; a loose grid stores in the centre
// cell and searches that cell and four forward neighbours.

import type { DrawContext, GpuDrawContext, Layer } from '../../runtime/renderer';
import { useScreenSpace, useWorldSpace } from '../../runtime/renderer';
import { theme } from '../../runtime/theme';
import { viewLayout } from '../../core/index';
import type { BoxesModel } from '../../boxes/model';
import { RectBatch } from '../../gpu/rect-batch';
import { parseColour, withAlpha } from '../../gpu/colour';
import { label, MONO } from '../../layers/marks';

// --- the grid's lines -----------------------------------------------------------
/** Below this many CSS px per cell the lines would be a grey wash. */
const MIN_CELL_PX = 5;
/** The lines' width, CSS px. */
const LINE_PX = 1;

/** The on-screen lines: x of each column line, y of each row line, their common extent and opacity. */
interface GridLines {
  xs: number[];
  ys: number[];
  top: number;
  bottom: number;
  left: number;
  right: number;
  alpha: number;
}

/** The active grid's cell lines, from `gridGeometry()` ([originX, originY, cellSize, cols, rows]); faded out when cells are too small on screen to read as cells. */
export class GridLayer implements Layer<BoxesModel> {
  readonly name = 'grid';
  readonly order = 10;
  enabled = true;
  private readonly batch = new RectBatch();

  draw(dc: DrawContext<BoxesModel>): void {
    const { ctx, viewport: v } = dc;
    const lines = this.lines(dc);
    if (lines === null) return;
    const path = new Path2D();
    for (const x of lines.xs) {
      path.moveTo(x, lines.top);
      path.lineTo(x, lines.bottom);
    }
    for (const y of lines.ys) {
      path.moveTo(lines.left, y);
      path.lineTo(lines.right, y);
    }
    useWorldSpace(dc);
    ctx.globalAlpha = lines.alpha;
    ctx.strokeStyle = theme.gridLine;
    ctx.lineWidth = LINE_PX / v.scale;
    ctx.stroke(path);
  }

  drawGpu(dc: GpuDrawContext<BoxesModel>): void {
    const lines = this.lines(dc);
    if (lines === null) return;
    const batch = this.batch;
    batch.clear();
    for (const x of lines.xs) batch.push(x, lines.top, 0, lines.bottom - lines.top);
    for (const y of lines.ys) batch.push(lines.left, y, lines.right - lines.left, 0);
    dc.gpu.strokeLines(batch, withAlpha(parseColour(theme.gridLine), lines.alpha), LINE_PX, dc.viewport.dpr, true);
  }

  /** The lines on screen, or null when there are none to draw. */
  private lines(dc: DrawContext<BoxesModel> | GpuDrawContext<BoxesModel>): GridLines | null {
    const { viewport: v } = dc;
    const { sim } = dc.model;
    if (!dc.model.settings.tree || !sim.gridActive) return null;
    const g = sim.world.gridGeometry();
    const G = viewLayout('gridGeometry', ['originX', 'originY', 'cellSize', 'cols', 'rows']);
    if (g.length < G.stride) return null;
    const [ox, oy, cell, cols, rows] = [g[G.originX], g[G.originY], g[G.cellSize], g[G.cols], g[G.rows]];
    const px = cell * v.scale;
    if (px < MIN_CELL_PX) return null;
    const [vx0, vy0, vx1, vy1] = v.visibleWorld();
    // Only the lines on screen: a fine grid on a big world has thousands.
    const c0 = Math.max(0, Math.floor((vx0 - ox) / cell));
    const c1 = Math.min(cols, Math.ceil((vx1 - ox) / cell));
    const r0 = Math.max(0, Math.floor((vy0 - oy) / cell));
    const r1 = Math.min(rows, Math.ceil((vy1 - oy) / cell));
    const xs: number[] = [];
    const ys: number[] = [];
    for (let c = c0; c <= c1; c++) xs.push(ox + c * cell);
    for (let r = r0; r <= r1; r++) ys.push(oy + r * cell);
    return {
      xs,
      ys,
      top: Math.max(oy, vy0),
      bottom: Math.min(oy + rows * cell, vy1),
      left: Math.max(ox, vx0),
      right: Math.min(ox + cols * cell, vx1),
      // Fade in as cells grow from 5 to 14 px.
      alpha: Math.min(1, (px - MIN_CELL_PX) / 9 + 0.25),
    };
  }
}

// --- the focused object's cells -------------------------------------------------

/** What was drawn last frame, for the panel and the tests. */
export interface DrawnCells {
  id: number;
  structure: string;
  /** The cells as `storedIn` / `searchedIn` return them: x, y, w, h each. */
  stored: number[];
  searched: number[];
}

/** The cells of a `storedIn` / `searchedIn` view as one path. */
function cellPath(cells: Float64Array): Path2D {
  const B = viewLayout('storedIn', ['x', 'y', 'w', 'h']);
  const path = new Path2D();
  for (let i = 0; i + B.stride <= cells.length; i += B.stride) path.rect(cells[i + B.x], cells[i + B.y], cells[i + B.w], cells[i + B.h]);
  return path;
}

/** The focused object's stored and searched cells (what was drawn is kept for the grid panel and the tests). */
export class CellsLayer implements Layer<BoxesModel> {
  readonly name = 'cells';
  readonly order = 25;
  enabled = true;
  drawn: DrawnCells | null = null;

  /** The object whose cells are shown: dragged, else selected, else hovered. */
  static focusOf(model: BoxesModel): number {
    const i = model.interaction;
    return i.dragId || i.selectedId || i.hoverId;
  }

  draw(dc: DrawContext<BoxesModel>): void {
    const { ctx, viewport: v } = dc;
    const { sim } = dc.model;
    const id = CellsLayer.focusOf(dc.model);
    // A lesson's step covers the live scene with its teaching world (teach/layer.ts): nothing of it shows, labels included.
    const steps = dc.model.steps;
    const covered = steps?.lesson !== undefined && steps?.at !== null && steps?.at !== undefined;
    if (id === 0 || covered || sim.slotOf(id) < 0) {
      this.drawn = null;
      return;
    }
    const box = sim.boxOf(id);
    const grid = sim.gridActive;
    const structure = sim.world.structure;
    // Quadtree nodes count as "stored in" too; only grids search cells.
    const stored = sim.world.storedIn(id);
    const searched = grid ? sim.world.searchedIn(id) : new Float64Array(0);
    this.drawn = { id, structure, stored: Array.from(stored), searched: Array.from(searched) };
    const stride = viewLayout('storedIn', []).stride;

    useWorldSpace(dc);
    const px = 1 / v.scale;
    {
      const searchedPath = cellPath(searched);
      ctx.fillStyle = theme.searchedCellFill;
      ctx.fill(searchedPath);
      const storedPath = cellPath(stored);
      ctx.fillStyle = theme.storedCellFill;
      ctx.fill(storedPath);
      ctx.strokeStyle = theme.storedCellStroke;
      ctx.lineWidth = 2 * px;
      ctx.stroke(storedPath);
      // Dashed on top, so a cell both stored and searched shows both styles.
      ctx.strokeStyle = theme.searchedCellStroke;
      ctx.lineWidth = 1.5 * px;
      ctx.setLineDash([5 * px, 4 * px]);
      ctx.stroke(searchedPath);
      ctx.setLineDash([]);
    }
    const pad = 3 * px;
    ctx.strokeStyle = theme.focus;
    ctx.lineWidth = 1.5 * px;
    ctx.strokeRect(box.x - pad, box.y - pad, box.w + 2 * pad, box.h + 2 * pad);
    // The centre decides a loose grid's cell: show it.
    ctx.fillStyle = theme.focus;
    ctx.beginPath();
    ctx.arc(box.x + box.w / 2, box.y + box.h / 2, 2.2 * px, 0, 2 * Math.PI);
    ctx.fill();

    useScreenSpace(dc);
    const text = grid
      ? `#${id} · stored in ${stored.length === 0 ? 'oversize list' : stored.length / stride} · searched ${searched.length / stride}`
      : stored.length > 0
        ? `#${id} · in ${stored.length / stride} ${stored.length === stride ? 'node' : 'nodes'}`
        : `#${id}`;
    ctx.font = `600 11px ${MONO}`;
    const tw = ctx.measureText(text).width + 10;
    const right = v.toCanvasX(box.x + box.w) + 10;
    // Right of the box, or left of it near the canvas's right side.
    const lx = right + tw > v.cssWidth - 4 ? v.toCanvasX(box.x) - 10 - tw : right;
    label(ctx, text, lx, Math.max(14, v.toCanvasY(box.y) - 14));
  }
}
