// The tile editor's live drawing on top of the shared tile-map layer: the
// cells each box touches, the hover (the shape about to be painted, the
// cell about to be erased, the side a door would go on), and the boxes
// (the one drawn-box layer, box-editing/layer.ts, with push-out ghosts and
// arrows). Every frame reads the boxes from the model (which reads the core).

import { line } from '../../layers/marks';
import type { DrawContext, Layer } from '../../runtime/renderer';
import { useWorldSpace } from '../../runtime/renderer';
import { theme } from '../../runtime/theme';
import type { Side, TilesModel } from './model';
import { boxColour, tileColours as colours } from './colours';
import type { ShapeInfo } from './shapes';
import { drawTouchedCells } from '../../box-editing/draw';
import { DrawnBoxesLayer } from '../../box-editing/layer';

export { handleAt, HANDLE_PX, HANDLES } from '../../box-editing/handles';

export class TouchedCellsLayer implements Layer<TilesModel> {
  readonly name = 'touched-cells';
  readonly order = 10;
  enabled = true;
  /** Per box id, the `[col, row, …]` the last frame painted as its touched cells. */
  highlighted = new Map<number, number[]>();

  draw(dc: DrawContext<TilesModel>): void {
    const { ctx, viewport: v } = dc;
    const model = dc.model;
    useWorldSpace(dc);
    const style = { colour: boxColour, fill: 0.14, stroke: 0.7, lineWidth: 1.5 };
    drawTouchedCells(ctx, model.boxes(), model.tiles.tileSize, 1 / v.scale, style, this.highlighted);
  }
}

export class HoverLayer implements Layer<TilesModel> {
  readonly name = 'hover';
  readonly order = 15;
  enabled = true;

  draw(dc: DrawContext<TilesModel>): void {
    const { ctx, viewport: v } = dc;
    const e = dc.model;
    const { hover, tiles } = e;
    useWorldSpace(dc);
    const px = 1 / v.scale;
    if (hover.cell !== null && hover.box === 0) this.ghost(dc, hover.cell, hover.side);
    // The keyboard's tile cursor, on the focused map while no box is selected: what Enter would do, ringed.
    if (hover.focused && hover.cursor !== null && e.box(e.selected) === undefined) {
      const [col, row] = hover.cursor;
      const ts = tiles.tileSize;
      if (e.tool !== 'door') this.ghost(dc, hover.cursor, null);
      ctx.strokeStyle = colours.keyFocus;
      ctx.lineWidth = 2.5 * px;
      ctx.setLineDash([4 * px, 3 * px]);
      ctx.strokeRect(col * ts, row * ts, ts, ts);
      ctx.setLineDash([]);
    }
  }

  /** The tool in hand over cell `cell`: the shape about to be painted, the cell about to be erased, a door's side. */
  private ghost(dc: DrawContext<TilesModel>, cell: readonly [number, number], side: Side | null): void {
    const { ctx, viewport: v } = dc;
    const e = dc.model;
    const px = 1 / v.scale;
    const [col, row] = cell;
    const ts = e.tiles.tileSize;
    const x = col * ts;
    const y = row * ts;
    if (e.tool === 'door' || e.tool === 'edge') {
      if (side === null) return;
      const [x0, y0, x1, y1] = sideSegment(x, y, ts, side);
      ctx.strokeStyle = colours.doorHover;
      ctx.lineWidth = 7 * px;
      ctx.lineCap = 'round';
      line(ctx, x0, y0, x1, y1);
      return;
    }
    if (e.tool === 'erase') {
      ctx.fillStyle = colours.eraseGhost;
      ctx.fillRect(x, y, ts, ts);
      return;
    }
    if (e.tool === 'box') {
      ctx.strokeStyle = colours.paintGhost;
      ctx.lineWidth = px;
      ctx.strokeRect(x, y, ts, ts);
      return;
    }
    const shape = e.catalogue.byName(e.shape);
    if (shape !== undefined) {
      ctx.fillStyle = colours.paintGhost;
      fillUnitShape(ctx, shape, x, y, ts);
    }
    ctx.strokeStyle = colours.paintGhost;
    ctx.lineWidth = px;
    ctx.strokeRect(x, y, ts, ts);
  }
}

/** The editor's boxes: the one drawn-box layer, with push-out ghosts and arrows. */
export function editBoxesLayer(): DrawnBoxesLayer<TilesModel> {
  return new DrawnBoxesLayer<TilesModel>(
    'boxes',
    20,
    ({ model }) => ({ boxes: model.boxes(), selected: model.selected, hover: model.hover.box, handle: model.hover.handle, focused: model.hover.focused }),
    // Getters: read as each frame is drawn, in that embed's palette.
    {
      colour: boxColour,
      get focus() {
        return colours.focus;
      },
      get keyFocus() {
        return colours.keyFocus;
      },
      get marked() {
        return colours.focus;
      },
      get page() {
        return colours.page;
      },
      get label() {
        return colours.label;
      },
      get pushArrow() {
        return colours.pushArrow;
      },
    },
  );
}

/** The world segment of one side of the cell whose corner is (x, y). */
export function sideSegment(x: number, y: number, ts: number, side: Side): [number, number, number, number] {
  switch (side) {
    case 'left':
      return [x, y, x, y + ts];
    case 'right':
      return [x + ts, y, x + ts, y + ts];
    case 'top':
      return [x, y, x + ts, y];
    case 'bottom':
      return [x, y + ts, x + ts, y + ts];
  }
}

/** A shape from its unit outline, placed in the tile at (x, y). */
function fillUnitShape(ctx: CanvasRenderingContext2D, shape: ShapeInfo, x: number, y: number, ts: number): void {
  const o = shape.outline;
  if (o.length < 6) return;
  ctx.beginPath();
  ctx.moveTo(x + o[0] * ts, y + o[1] * ts);
  for (let p = 2; p < o.length; p += 2) ctx.lineTo(x + o[p] * ts, y + o[p + 1] * ts);
  ctx.closePath();
  ctx.fill();
}

/**
 * The stepper's step on the map: for a cell side, the side and the cell
 * each view is from; for the push-out, the box where the round has it, the
 * cell being tested, a way out as an arrow from the box's centre, and the
 * box where a try or the push puts it; for a moving box's step, the sweep
 * (the box where the move starts, dashed, its path, the box where it is
 * left), the tile met, the contact point and the normal as an arrow, the
 * velocity after a response. Only while a step is on screen.
 */
export class StepLayer implements Layer<TilesModel> {
  readonly name = 'tiles-step';
  readonly order = 40;
  enabled = true;
  /** What the last frame drew, for tests: the step (1 is the first) and the cell named. */
  drawn: { step: number | null; cell: string } = { step: null, cell: '' };

  draw(dc: DrawContext<TilesModel>): void {
    const { ctx, viewport: v } = dc;
    const m = dc.model;
    const steps = m.steps;
    const s = steps.current;
    if (s === null) {
      this.drawn = { step: null, cell: '' };
      return;
    }
    useWorldSpace(dc);
    const px = 1 / v.scale;
    const ts = m.tiles.tileSize;
    let named = '';
    const outlineCell = (col: number, row: number, colour: string) => {
      ctx.strokeStyle = colour;
      ctx.lineWidth = 3 * px;
      ctx.setLineDash([6 * px, 4 * px]);
      ctx.strokeRect(col * ts, row * ts, ts, ts);
      ctx.setLineDash([]);
      named = `cell (${col}, ${row})`;
    };
    if (s.trace === 'edge') {
      const edge = m.edge;
      if (edge !== null) {
        const [x0, y0, x1, y1] = sideSegment(edge[0] * ts, edge[1] * ts, ts, edge[2] as Side);
        ctx.strokeStyle = colours.doorHover;
        ctx.lineWidth = 7 * px;
        ctx.lineCap = 'round';
        line(ctx, x0, y0, x1, y1);
      }
      if (s.rec.kind === 'side-view') outlineCell(s.rec.col, s.rec.row, theme.focus);
    } else if (s.trace === 'contact') {
      const r = s.rec;
      const arrow = (x: number, y: number, dx: number, dy: number, colour: string) => {
        const length = Math.hypot(dx, dy);
        if (!(length > 0)) return;
        const [ux, uy] = [dx / length, dy / length];
        const head = Math.min(length, 8 * px);
        ctx.strokeStyle = colour;
        ctx.lineWidth = 3 * px;
        line(ctx, x, y, x + dx, y + dy);
        line(ctx, x + dx, y + dy, x + dx - head * (ux - uy * 0.5), y + dy - head * (uy + ux * 0.5));
        line(ctx, x + dx, y + dy, x + dx - head * (ux + uy * 0.5), y + dy - head * (uy - ux * 0.5));
      };
      const ends = (x: number, y: number, colour: string, dashed: boolean) => {
        ctx.strokeStyle = colour;
        ctx.lineWidth = 2 * px;
        ctx.setLineDash(dashed ? [4 * px, 3 * px] : []);
        ctx.strokeRect(x, y, r.w, r.h);
        ctx.setLineDash([]);
      };
      if (r.kind === 'move') {
        if (r.col >= 0) outlineCell(r.col, r.row, theme.overlapStroke);
        // The sweep: where the move starts (dashed), the centre's path, where the box is left.
        ends(r.x, r.y, theme.camera, true);
        ctx.strokeStyle = theme.camera;
        ctx.lineWidth = 2 * px;
        line(ctx, r.x + r.w / 2, r.y + r.h / 2, r.endX + r.w / 2, r.endY + r.h / 2);
        ends(r.endX, r.endY, theme.focus, false);
        if (r.nx !== 0 || r.ny !== 0) {
          // The contact point: the middle of the box's side (or its corner) against the normal.
          const cx = r.endX + r.w / 2 - (Math.sign(r.nx) * r.w) / 2;
          const cy = r.endY + r.h / 2 - (Math.sign(r.ny) * r.h) / 2;
          ctx.fillStyle = theme.overlapStroke;
          ctx.beginPath();
          ctx.arc(cx, cy, 4 * px, 0, 2 * Math.PI);
          ctx.fill();
          arrow(cx, cy, r.nx * ts * 0.75, r.ny * ts * 0.75, theme.overlapStroke);
        }
      } else {
        ends(r.endX, r.endY, r.kind === 'done' ? theme.storedCellStroke : theme.focus, r.kind === 'done');
        // The velocity (after a response, or at the start), one tile long.
        const speed = Math.hypot(r.vx, r.vy);
        if (speed > 0 && r.kind !== 'budget') arrow(r.endX + r.w / 2, r.endY + r.h / 2, (r.vx / speed) * ts, (r.vy / speed) * ts, theme.camera);
      }
    } else {
      const r = s.rec;
      const tile = r.kind === 'axis' || r.kind === 'exit' ? steps.touchedBefore(s) : r;
      if (tile !== null && tile.col >= 0) outlineCell(tile.col, tile.row, r.kind === 'deepest' ? theme.overlapStroke : theme.focus);
      // Where the box is this round (the last record carrying it).
      let at: { x: number; y: number; w: number; h: number } | null = null;
      for (let i = steps.steps.indexOf(s); i >= 0 && at === null; i--) {
        const t = steps.steps[i];
        if (t.trace === 'push' && (t.rec.kind === 'round' || t.rec.kind === 'push-out')) at = t.rec;
      }
      if (at !== null) {
        ctx.strokeStyle = theme.focus;
        ctx.lineWidth = 2 * px;
        ctx.strokeRect(at.x, at.y, at.w, at.h);
        if ((r.kind === 'exit' || r.kind === 'push' || r.kind === 'contact') && (r.dx !== 0 || r.dy !== 0)) {
          const cx = at.x + at.w / 2;
          const cy = at.y + at.h / 2;
          ctx.strokeStyle = r.blocked ? theme.interestingEdge : theme.camera;
          ctx.lineWidth = 3 * px;
          line(ctx, cx, cy, cx + r.dx, cy + r.dy);
        }
      }
      if ((r.kind === 'try-exit' || r.kind === 'done') && Number.isFinite(r.x)) {
        ctx.strokeStyle = r.reason === 'lands-clear' || r.kind === 'done' ? theme.storedCellStroke : theme.camera;
        ctx.lineWidth = 2 * px;
        ctx.setLineDash([4 * px, 3 * px]);
        ctx.strokeRect(r.x, r.y, r.w, r.h);
        ctx.setLineDash([]);
      }
    }
    this.drawn = { step: (steps.at ?? -1) + 1, cell: named };
  }
}
