// The active grid's cell lines, from `gridGeometry()` ([originX, originY,
// cellSize, cols, rows]); faded out when cells are too small on screen to
// read as cells.

import type { DrawContext, GpuDrawContext, Layer } from '../../runtime/renderer';
import { useWorldSpace } from '../../runtime/renderer';
import { theme } from '../../runtime/theme';
import { viewLayout } from '../../core/index';
import type { BoxesModel } from '../../boxes/demo';
import { RectBatch } from '../../gpu/rect-batch';
import { parseColour, withAlpha } from '../../gpu/colour';

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
    const { sim, viewport: v } = dc;
    if (!dc.state.settings.showTree || !sim.gridActive) return null;
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
