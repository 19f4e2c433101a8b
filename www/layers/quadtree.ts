// The active quadtree's split lines, read live from `quadtreeNodes()`:
// each inner node draws its cross, fading with depth so the coarse
// structure reads first. Leaves need nothing: their sides are ancestors'
// crosses or the world's walls.

import type { DrawContext, Layer } from '../runtime/renderer';
import { useWorldSpace } from '../runtime/renderer';
import { theme } from '../runtime/theme';
import { viewLayout } from '../core/index';
import type { BoxesModel } from '../boxes/demo';


export class QuadtreeLayer implements Layer<BoxesModel> {
  readonly name = 'quadtree';
  readonly order = 10;
  enabled = true;
  /** Nodes in the last drawn tree (for the stats panel). */
  nodeCount = 0;
  leafCount = 0;
  depth = 0;

  draw(dc: DrawContext<BoxesModel>): void {
    const { ctx, sim, viewport: v } = dc;
    this.nodeCount = 0;
    if (!sim.quadtreeActive) return;
    const nodes = sim.world.quadtreeNodes();
    const N = viewLayout('quadtreeNodes', ['x', 'y', 'w', 'h', 'depth', 'leaf']);
    // Hidden splits still count their nodes: the stats panel shows them.
    const drawing = dc.state.settings.showTree;
    const [vx0, vy0, vx1, vy1] = v.visibleWorld();
    // One path per depth, so a level is one stroke with its own alpha.
    const levels: Path2D[] = [];
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
      const path = (levels[depth] ??= new Path2D());
      const mx = (x0 + x1) / 2;
      const my = (y0 + y1) / 2;
      path.moveTo(mx, y0);
      path.lineTo(mx, y1);
      path.moveTo(x0, my);
      path.lineTo(x1, my);
    }
    this.nodeCount = nodes.length / N.stride;
    this.leafCount = leaves;
    this.depth = deepest;
    useWorldSpace(dc);
    levels.forEach((path, depth) => {
      const alpha = Math.max(0.2, 0.75 * Math.pow(0.8, depth));
      ctx.strokeStyle = `rgba(${theme.treeRgb}, ${alpha.toFixed(3)})`;
      ctx.lineWidth = (depth === 0 ? 1.6 : depth === 1 ? 1.25 : 1) / v.scale;
      ctx.stroke(path);
    });
  }
}
