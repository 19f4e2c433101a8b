// For the selected, dragged or hovered object: the cells it is STORED in
// (`storedIn`, solid green) and the cells SEARCHED for its pairs
// (`searchedIn`, dashed violet), with its centre dot and a label. A normal
// grid searches exactly where it stores; a loose grid stores in the centre
// cell and searches that cell and four forward neighbours.

import type { DrawContext, Layer } from '../../runtime/renderer';
import { useScreenSpace, useWorldSpace } from '../../runtime/renderer';
import { theme } from '../../runtime/theme';
import { viewLayout } from '../../core/index';
import type { BoxesModel } from '../../boxes/demo';
import { label, MONO } from '../../layers/marks';

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

export class CellsLayer implements Layer<BoxesModel> {
  readonly name = 'cells';
  readonly order = 25;
  enabled = true;
  drawn: DrawnCells | null = null;

  /** The object whose cells are shown: dragged, else selected, else hovered. */
  static focusOf(dc: Pick<DrawContext<BoxesModel>, 'state'>): number {
    const i = dc.state.interaction;
    return i.dragId || i.selectedId || i.hoverId;
  }

  draw(dc: DrawContext<BoxesModel>): void {
    const { ctx, sim, viewport: v } = dc;
    const id = CellsLayer.focusOf(dc);
    if (id === 0 || sim.slotOf(id) < 0) {
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
