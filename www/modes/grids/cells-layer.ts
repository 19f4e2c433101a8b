// For the selected, dragged or hovered object: the cells it is STORED in
// (`storedIn`, solid green) and the cells SEARCHED for its pairs
// (`searchedIn`, dashed violet), with its centre dot and a label. A normal
// grid searches exactly where it stores; a loose grid stores in the centre
// cell and searches that cell and four forward neighbours.

import type { DrawContext, Layer } from '../../runtime/renderer';
import { useScreenSpace, useWorldSpace } from '../../runtime/renderer';
import { theme } from '../../runtime/theme';

/** What was drawn last frame, for the panel and the tests. */
export interface DrawnCells {
  id: number;
  structure: string;
  /** 4 numbers per cell: minX, minY, maxX, maxY. */
  stored: number[];
  searched: number[];
  /**
   * The searched cells were computed here, not by `searchedIn`: the core
   * returns none for a loose grid's oversize object, which in fact searches
   * every cell its box reaches, grown by one.
   */
  searchedFallback: boolean;
}

/** Cells the box reaches, grown by one, clipped to the grid (bounds, 4 per cell). */
export function reachedCellsGrown(geometry: Float64Array, x: number, y: number, w: number, h: number): Float64Array {
  const [ox, oy, cell, cols, rows] = geometry;
  const c0 = Math.max(0, Math.floor((x - ox) / cell) - 1);
  const r0 = Math.max(0, Math.floor((y - oy) / cell) - 1);
  const c1 = Math.min(cols - 1, Math.floor((x + w - ox) / cell) + 1);
  const r1 = Math.min(rows - 1, Math.floor((y + h - oy) / cell) + 1);
  const out: number[] = [];
  for (let r = r0; r <= r1; r++) {
    for (let c = c0; c <= c1; c++) out.push(ox + c * cell, oy + r * cell, ox + (c + 1) * cell, oy + (r + 1) * cell);
  }
  return Float64Array.from(out);
}

function cellPath(cells: Float64Array): Path2D {
  const path = new Path2D();
  for (let i = 0; i + 4 <= cells.length; i += 4) path.rect(cells[i], cells[i + 1], cells[i + 2] - cells[i], cells[i + 3] - cells[i + 1]);
  return path;
}

export class CellsLayer implements Layer {
  readonly name = 'cells';
  readonly order = 25;
  enabled = true;
  drawn: DrawnCells | null = null;

  /** The object whose cells are shown: dragged, else selected, else hovered. */
  static focusOf(dc: Pick<DrawContext, 'state'>): number {
    const i = dc.state.interaction;
    return i.dragId || i.selectedId || i.hoverId;
  }

  draw(dc: DrawContext): void {
    const { ctx, scene, viewport: v } = dc;
    const id = CellsLayer.focusOf(dc);
    if (id === 0 || scene.slotOf(id) < 0) {
      this.drawn = null;
      return;
    }
    const box = scene.boxOf(id);
    const grid = scene.gridActive;
    const structure = scene.world.structure;
    // Quadtree nodes count as "stored in" too; only grids search cells.
    const stored = scene.world.storedIn(id);
    let searched = grid ? scene.world.searchedIn(id) : new Float64Array(0);
    const fallback = structure === 'loose-grid' && stored.length === 0 && searched.length === 0;
    if (fallback) searched = reachedCellsGrown(scene.world.gridGeometry(), box.x, box.y, box.w, box.h);
    this.drawn = { id, structure, stored: Array.from(stored), searched: Array.from(searched), searchedFallback: fallback };

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
      ? `#${id} · stored in ${stored.length === 0 ? 'oversize list' : stored.length / 4} · searched ${searched.length / 4}`
      : stored.length > 0
        ? `#${id} · in ${stored.length / 4} ${stored.length === 4 ? 'node' : 'nodes'}`
        : `#${id}`;
    ctx.font = '600 11px ui-monospace, SFMono-Regular, Menlo, monospace';
    const tw = ctx.measureText(text).width + 10;
    let lx = v.toCanvasX(box.x + box.w) + 10;
    if (lx + tw > v.cssWidth - 4) lx = v.toCanvasX(box.x) - 10 - tw;
    const ly = Math.max(14, v.toCanvasY(box.y) - 14);
    ctx.fillStyle = theme.labelBack;
    ctx.beginPath();
    ctx.roundRect(lx, ly - 9, tw, 18, 4);
    ctx.fill();
    ctx.fillStyle = theme.label;
    ctx.textBaseline = 'middle';
    ctx.fillText(text, lx + 5, ly + 0.5);
  }
}
