// The box under the pointer or being dragged, and — when a quadtree is
// active — the nodes that hold it (`storedIn`), so a learner sees where the
// tree files an object as it moves: one node when it straddles a split in
// "quadtree", every overlapped leaf in "quadtree-leaves".

import type { DrawContext, Layer } from '../../runtime/renderer';
import { useScreenSpace, useWorldSpace } from '../../runtime/renderer';
import { theme } from '../../runtime/theme';
import { viewLayout } from '../../core/index';
import type { BoxesModel } from '../model';
import { label } from '../../layers/marks';

export class FocusLayer implements Layer<BoxesModel> {
  readonly name = 'focus';
  readonly order = 30;
  enabled = true;

  draw(dc: DrawContext<BoxesModel>): void {
    const { ctx, viewport: v } = dc;
    const { sim, interaction: i } = dc.model;
    const id = i.dragId || i.hoverId || i.selectedId;
    if (id === 0 || sim.slotOf(id) < 0) return;
    const box = sim.boxOf(id);
    const nodes = sim.quadtreeActive ? sim.world.storedIn(id) : new Float64Array(0);

    useWorldSpace(dc);
    const px = 1 / v.scale;
    ctx.fillStyle = theme.storedInFill;
    ctx.strokeStyle = `rgba(${theme.treeRgb}, 0.95)`;
    ctx.lineWidth = 1.5 * px;
    const B = viewLayout('storedIn', ['x', 'y', 'w', 'h']);
    for (let i = 0; i + B.stride <= nodes.length; i += B.stride) {
      ctx.fillRect(nodes[i + B.x], nodes[i + B.y], nodes[i + B.w], nodes[i + B.h]);
      ctx.strokeRect(nodes[i + B.x], nodes[i + B.y], nodes[i + B.w], nodes[i + B.h]);
    }
    // A halo that stays visible even when the box is a pixel wide.
    const pad = 3 * px;
    ctx.strokeStyle = theme.focus;
    ctx.lineWidth = 1.5 * px;
    ctx.strokeRect(box.x - pad, box.y - pad, box.w + 2 * pad, box.h + 2 * pad);

    useScreenSpace(dc);
    const where = !sim.quadtreeActive
      ? ''
      : ` · in ${nodes.length / B.stride} ${nodes.length === B.stride ? 'node' : 'nodes'}`;
    label(ctx, `#${id}${where}`, v.toCanvasX(box.x + box.w) + 8, v.toCanvasY(box.y) - 8);
  }
}
