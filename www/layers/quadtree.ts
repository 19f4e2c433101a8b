// The active quadtree's split lines, read live from `quadtreeNodes()`:
// each inner node draws its cross, fading with depth so the coarse
// structure reads first. Leaves need nothing: their sides are ancestors'
// crosses or the world's walls.

import type { DrawContext, GpuDrawContext, Layer } from '../runtime/renderer';
import { useWorldSpace } from '../runtime/renderer';
import { theme } from '../runtime/theme';
import { viewLayout } from '../core/index';
import type { BoxesModel } from '../boxes/demo';
import { RectBatch } from '../gpu/rect-batch';
import { withAlpha, parseColour } from '../gpu/colour';

/** A level's line: alpha and width (CSS px) by depth, the root boldest. */
function levelAlpha(depth: number): number {
  return Math.max(0.2, 0.75 * Math.pow(0.8, depth));
}

function levelWidth(depth: number): number {
  return depth === 0 ? 1.6 : depth === 1 ? 1.25 : 1;
}

/** Called with each visible inner node's cross: its depth, centre and extent. */
type CrossSink = (depth: number, x0: number, y0: number, x1: number, y1: number, mx: number, my: number) => void;

export class QuadtreeLayer implements Layer<BoxesModel> {
  readonly name = 'quadtree';
  readonly order = 10;
  enabled = true;
  /** Nodes in the last drawn tree (for the stats panel). */
  nodeCount = 0;
  leafCount = 0;
  depth = 0;
  /** The GPU path's line rectangles, one batch per depth. */
  private readonly levels: RectBatch[] = [];

  draw(dc: DrawContext<BoxesModel>): void {
    const { ctx, viewport: v } = dc;
    // One path per depth, so a level is one stroke with its own alpha.
    const levels: Path2D[] = [];
    this.scan(dc, (depth, x0, y0, x1, y1, mx, my) => {
      const path = (levels[depth] ??= new Path2D());
      path.moveTo(mx, y0);
      path.lineTo(mx, y1);
      path.moveTo(x0, my);
      path.lineTo(x1, my);
    });
    useWorldSpace(dc);
    levels.forEach((path, depth) => {
      ctx.strokeStyle = `rgba(${theme.treeRgb}, ${levelAlpha(depth).toFixed(3)})`;
      ctx.lineWidth = levelWidth(depth) / v.scale;
      ctx.stroke(path);
    });
  }

  drawGpu(dc: GpuDrawContext<BoxesModel>): void {
    const { gpu, viewport: v } = dc;
    for (const batch of this.levels) batch.clear();
    this.scan(dc, (depth, x0, y0, x1, y1, mx, my) => {
      while (this.levels.length <= depth) this.levels.push(new RectBatch());
      const batch = this.levels[depth];
      batch.push(mx, y0, 0, y1 - y0);
      batch.push(x0, my, x1 - x0, 0);
    });
    const rgb = parseColour(`rgb(${theme.treeRgb})`);
    this.levels.forEach((batch, depth) => {
      // As `toFixed(3)` in the 2D path's colour string.
      if (batch.count > 0) gpu.strokeLines(batch, withAlpha(rgb, Number(levelAlpha(depth).toFixed(3))), levelWidth(depth), v.dpr, true);
    });
  }

  /** Counts the tree for the stats and hands each visible split to `sink` (when lines are shown). */
  private scan(dc: DrawContext<BoxesModel> | GpuDrawContext<BoxesModel>, sink: CrossSink): void {
    const { sim, viewport: v } = dc;
    this.nodeCount = 0;
    if (!sim.quadtreeActive) return;
    const nodes = sim.world.quadtreeNodes();
    const N = viewLayout('quadtreeNodes', ['x', 'y', 'w', 'h', 'depth', 'leaf']);
    // Hidden splits still count their nodes: the stats panel shows them.
    const drawing = dc.state.settings.showTree;
    const [vx0, vy0, vx1, vy1] = v.visibleWorld();
    let leaves = 0;
    let deepest = 0;
    for (let i = 0; i + N.stride <= nodes.length; i += N.stride) {
      const x0 = nodes[i + N.x];
      const y0 = nodes[i + N.y];
      const x1 = x0 + nodes[i + N.w];
      const y1 = y0 + nodes[i + N.h];
      const depth = nodes[i + N.depth];
      deepest = Math.max(deepest, depth);
      if (nodes[i + N.leaf] !== 0) {
        leaves++;
        continue;
      }
      if (!drawing || x1 < vx0 || x0 > vx1 || y1 < vy0 || y0 > vy1) continue;
      sink(depth, x0, y0, x1, y1, (x0 + x1) / 2, (y0 + y1) / 2);
    }
    this.nodeCount = nodes.length / N.stride;
    this.leafCount = leaves;
    this.depth = deepest;
  }
}
