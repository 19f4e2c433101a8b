// The active grid's cell lines, from `gridGeometry()` ([originX, originY,
// cellSize, cols, rows]); faded out when cells are too small on screen to
// read as cells.

import type { DrawContext, Layer } from '../../runtime/renderer';
import { useWorldSpace } from '../../runtime/renderer';
import { theme } from '../../runtime/theme';
import { viewLayout } from '../../core/index';
import type { BoxesModel } from '../../boxes/demo';

/** Below this many CSS px per cell the lines would be a grey wash. */
const MIN_CELL_PX = 5;

export class GridLayer implements Layer<BoxesModel> {
  readonly name = 'grid';
  readonly order = 10;
  enabled = true;

  draw(dc: DrawContext<BoxesModel>): void {
    const { ctx, sim, viewport: v } = dc;
    if (!dc.state.settings.showTree || !sim.gridActive) return;
    const g = sim.world.gridGeometry();
    const G = viewLayout('gridGeometry', ['originX', 'originY', 'cellSize', 'cols', 'rows']);
    if (g.length < G.stride) return;
    const [ox, oy, cell, cols, rows] = [g[G.originX], g[G.originY], g[G.cellSize], g[G.cols], g[G.rows]];
    const px = cell * v.scale;
    if (px < MIN_CELL_PX) return;
    const [vx0, vy0, vx1, vy1] = v.visibleWorld();
    const x1 = ox + cols * cell;
    const y1 = oy + rows * cell;
    // Only the lines on screen: a fine grid on a big world has thousands.
    const c0 = Math.max(0, Math.floor((vx0 - ox) / cell));
    const c1 = Math.min(cols, Math.ceil((vx1 - ox) / cell));
    const r0 = Math.max(0, Math.floor((vy0 - oy) / cell));
    const r1 = Math.min(rows, Math.ceil((vy1 - oy) / cell));
    const top = Math.max(oy, vy0);
    const bottom = Math.min(y1, vy1);
    const left = Math.max(ox, vx0);
    const right = Math.min(x1, vx1);
    const path = new Path2D();
    for (let c = c0; c <= c1; c++) {
      const x = ox + c * cell;
      path.moveTo(x, top);
      path.lineTo(x, bottom);
    }
    for (let r = r0; r <= r1; r++) {
      const y = oy + r * cell;
      path.moveTo(left, y);
      path.lineTo(right, y);
    }
    useWorldSpace(dc);
    // Fade in as cells grow from 5 to 14 px.
    ctx.globalAlpha = Math.min(1, (px - MIN_CELL_PX) / 9 + 0.25);
    ctx.strokeStyle = theme.gridLine;
    ctx.lineWidth = 1 / v.scale;
    ctx.stroke(path);
  }
}
