// On the canvas: a line from each child to its parent (arrow at the
// parent), the selection's subtree outlined, every box's id, and during a
// Shift-drag the box it would attach to (or "detach" over empty space).

import type { DrawContext, Layer } from '../../runtime/renderer';
import { useScreenSpace, useWorldSpace } from '../../runtime/renderer';
import type { Simulation } from '../../boxes/simulation';
import { theme } from '../../runtime/theme';
import type { Viewport } from '../../runtime/viewport';
import type { HierarchyModel } from './model';
import type { BoxesModel } from '../../boxes/model';

/** Pointer slop for the drop target, CSS px (as the box input's mouse pick). */
const DROP_PICK_PX = 3;

/** The box under world (x, y) other than `dragged` (0: none): what a drop there attaches to. */
export function dropTargetAt(sim: Simulation, viewport: Viewport, x: number, y: number, dragged: number): number {
  return sim.hitTest(x, y, DROP_PICK_PX / viewport.scale, dragged);
}

export class LinksLayer implements Layer<BoxesModel> {
  readonly name = 'links';
  readonly order = 25;
  enabled = true;
  /** The id labels the last frame drew, as the panels name the objects (`#7`). */
  labels: string[] = [];

  constructor(private readonly h: HierarchyModel) {}

  /** During a Shift-drag, the box a drop now would attach the dragged one to (0: none). */
  dropTarget(dc: DrawContext<BoxesModel>): number {
    const i = dc.model.interaction;
    if (i.dragKind !== 'box' || !i.attachHeld) return 0;
    return dropTargetAt(dc.model.sim, dc.viewport, i.pointerX, i.pointerY, i.dragId);
  }

  draw(dc: DrawContext<BoxesModel>): void {
    const { ctx, viewport: v } = dc;
    const { sim, settings, interaction } = dc.model;
    const forest = this.h.forest;
    const centre = (id: number): [number, number] => {
      const [x, y, w, h] = sim.world.box(id);
      return [x + w / 2, y + h / 2];
    };
    useWorldSpace(dc);
    const px = 1 / v.scale;
    if (settings.tree) {
      const plain = new Path2D();
      const hot = new Path2D();
      const heads: [number, number, number, number, boolean][] = [];
      for (const id of forest.queue) {
        const parent = forest.parent.get(id) ?? 0;
        if (parent === 0) continue;
        const [cx, cy] = centre(id);
        const [qx, qy] = centre(parent);
        const inSubtree = this.h.subtree.has(id);
        const path = inSubtree ? hot : plain;
        path.moveTo(cx, cy);
        path.lineTo(qx, qy);
        heads.push([cx, cy, qx, qy, inSubtree]);
      }
      ctx.lineWidth = 1.5 * px;
      ctx.strokeStyle = theme.link;
      ctx.stroke(plain);
      ctx.strokeStyle = theme.subtree;
      ctx.lineWidth = 2 * px;
      ctx.stroke(hot);
      // Arrowheads a little short of the parent's centre, pointing at it.
      for (const [cx, cy, qx, qy, inSubtree] of heads) {
        const len = Math.hypot(qx - cx, qy - cy);
        if (len < 1e-9) continue;
        const ux = (qx - cx) / len;
        const uy = (qy - cy) / len;
        const tipX = qx - ux * 4 * px;
        const tipY = qy - uy * 4 * px;
        const s = 7 * px;
        ctx.beginPath();
        ctx.moveTo(tipX, tipY);
        ctx.lineTo(tipX - ux * s - uy * s * 0.5, tipY - uy * s + ux * s * 0.5);
        ctx.lineTo(tipX - ux * s + uy * s * 0.5, tipY - uy * s - ux * s * 0.5);
        ctx.closePath();
        ctx.fillStyle = inSubtree ? theme.subtree : theme.link;
        ctx.fill();
      }
    }
    // The selection's subtree: amber outlines; the selection itself, a halo.
    ctx.strokeStyle = theme.subtree;
    ctx.lineWidth = 2 * px;
    for (const id of this.h.subtree) {
      const [x, y, w, h] = sim.world.box(id);
      ctx.strokeRect(x, y, w, h);
    }
    const selected = this.h.selected;
    if (selected !== 0 && sim.slotOf(selected) >= 0) {
      const [x, y, w, h] = sim.world.box(selected);
      const pad = 3 * px;
      ctx.strokeStyle = theme.focus;
      ctx.lineWidth = 1.5 * px;
      ctx.strokeRect(x - pad, y - pad, w + 2 * pad, h + 2 * pad);
    }
    const target = this.dropTarget(dc);
    const dragging = interaction.dragKind === 'box' && interaction.attachHeld ? interaction.dragId : 0;
    if (target !== 0) {
      const [x, y, w, h] = sim.world.box(target);
      const pad = 4 * px;
      ctx.strokeStyle = theme.dropTarget;
      ctx.lineWidth = 2.5 * px;
      ctx.setLineDash([4 * px, 3 * px]);
      ctx.strokeRect(x - pad, y - pad, w + 2 * pad, h + 2 * pad);
      ctx.setLineDash([]);
    }

    useScreenSpace(dc);
    ctx.font = '600 10px ui-monospace, SFMono-Regular, Menlo, monospace';
    ctx.textBaseline = 'bottom';
    const ids = sim.world.slotIds();
    const boxes = sim.world.slotBoxes();
    const labels: string[] = [];
    for (let s = 0; s < ids.length; s++) {
      const id = ids[s];
      if (id === 0) continue;
      const sx = v.toCanvasX(boxes[4 * s]);
      const sy = v.toCanvasY(boxes[4 * s + 1]);
      // On a pill of its own: an id over another box (a red overlap) stays readable.
      // The name the tree, the queue and the stepper give it.
      const text = `#${id}`;
      labels.push(text);
      ctx.fillStyle = theme.labelBack;
      ctx.fillRect(sx - 3, sy - 14, ctx.measureText(text).width + 6, 15);
      ctx.fillStyle = this.h.subtree.has(id) ? theme.subtree : theme.idLabel;
      ctx.fillText(text, sx, sy - 1);
    }
    this.labels = labels;
    if (dragging !== 0) {
      const text = target !== 0 ? `attach #${dragging} to #${target}` : this.h.forest.parent.get(dragging) ? `detach #${dragging}` : `#${dragging}: drop on a box to attach`;
      const [x, y] = [v.toCanvasX(interaction.pointerX) + 14, v.toCanvasY(interaction.pointerY) + 22];
      ctx.font = '600 11.5px ui-sans-serif, system-ui, sans-serif';
      const tw = ctx.measureText(text).width + 12;
      ctx.fillStyle = theme.labelBack;
      ctx.beginPath();
      ctx.roundRect(x, y - 10, tw, 20, 4);
      ctx.fill();
      ctx.fillStyle = target !== 0 ? theme.dropTarget : theme.label;
      ctx.textBaseline = 'middle';
      ctx.fillText(text, x + 6, y + 0.5);
    }
  }
}
