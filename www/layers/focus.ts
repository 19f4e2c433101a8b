// The box under the pointer or being dragged, and — when a quadtree is
// active — the nodes that hold it (`storedIn`), so a learner sees where the
// tree files an object as it moves: one node when it straddles a split in
// "quadtree", every overlapped leaf in "quadtree-leaves".

import type { DrawContext, Layer } from '../runtime/renderer';
import { useScreenSpace, useWorldSpace } from '../runtime/renderer';
import { theme } from '../runtime/theme';

export class FocusLayer implements Layer {
  readonly name = 'focus';
  readonly order = 30;
  enabled = true;

  draw(dc: DrawContext): void {
    const { ctx, scene, state, viewport: v } = dc;
    const id = state.interaction.dragId || state.interaction.hoverId || state.interaction.selectedId;
    if (id === 0 || scene.slotOf(id) < 0) return;
    const box = scene.boxOf(id);
    const nodes = scene.quadtreeActive ? scene.world.storedIn(id) : new Float64Array(0);

    useWorldSpace(dc);
    const px = 1 / v.scale;
    ctx.fillStyle = theme.storedInFill;
    ctx.strokeStyle = `rgba(${theme.treeRgb}, 0.95)`;
    ctx.lineWidth = 1.5 * px;
    for (let i = 0; i + 4 <= nodes.length; i += 4) {
      const w = nodes[i + 2] - nodes[i];
      const h = nodes[i + 3] - nodes[i + 1];
      ctx.fillRect(nodes[i], nodes[i + 1], w, h);
      ctx.strokeRect(nodes[i], nodes[i + 1], w, h);
    }
    // A halo that stays visible even when the box is a pixel wide.
    const pad = 3 * px;
    ctx.strokeStyle = theme.focus;
    ctx.lineWidth = 1.5 * px;
    ctx.strokeRect(box.x - pad, box.y - pad, box.w + 2 * pad, box.h + 2 * pad);

    useScreenSpace(dc);
    const where = !scene.quadtreeActive
      ? ''
      : ` · in ${nodes.length / 4} ${nodes.length === 4 ? 'node' : 'nodes'}`;
    const text = `#${id}${where}`;
    ctx.font = '600 11px ui-monospace, SFMono-Regular, Menlo, monospace';
    const tw = ctx.measureText(text).width + 10;
    const lx = v.toCanvasX(box.x + box.w) + 8;
    const ly = v.toCanvasY(box.y) - 8;
    ctx.fillStyle = theme.labelBack;
    ctx.beginPath();
    ctx.roundRect(lx, ly - 9, tw, 18, 4);
    ctx.fill();
    ctx.fillStyle = theme.label;
    ctx.textBaseline = 'middle';
    ctx.fillText(text, lx + 5, ly + 0.5);
  }
}
