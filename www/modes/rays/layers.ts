// The rays mode's layers, on top of the shared tile-map layer: the cells
// the ray walks shaded in visit order (with their visit numbers and entry
// points, and the step-through's current cell), the boxes, the ray with
// its hit and normal, the enemy's sight line, and the draggable handles.
// World shapes are drawn through the viewport's transform; markers and
// text in CSS pixels so they stay one size at any zoom.

import { arrowHead, glyph, label, line, MONO } from '../../layers/marks';
import type { DrawContext, FrameContext, Layer } from '../../runtime/renderer';
import { useScreenSpace, useWorldSpace } from '../../runtime/renderer';
import { drawnColour, rayColours as C, traceColour } from './colours';
import { HANDLES, type HandleName, type Point, type RaysModel, type RaysUi } from './model';
import { nextMove, pointAt, type Crossing } from './trace';
import { drawTouchedCells } from '../../box-editing/draw';
import { DrawnBoxesLayer } from '../../box-editing/layer';

type RaysContext = DrawContext<RaysModel>;

/** Handle radius in CSS px. */
export const HANDLE_RADIUS = 8;
/** Cells at least this many CSS px wide show their visit index. */
const INDEX_MIN_CELL_PX = 22;
const NORMAL_ARROW_PX = 42;
/** How far past B (in cells) the step-through still shows where the next lines are. */
const EXTENSION_CELLS = 4;

/** Getters: read as each frame is drawn, in that embed's palette. */
const crossingColour: Record<Crossing, string> = {
  get start() {
    return C.ray;
  },
  get vertical() {
    return C.crossX;
  },
  get horizontal() {
    return C.crossY;
  },
  get corner() {
    return C.crossCorner;
  },
};

const sx = (dc: FrameContext, x: number) => dc.viewport.toCanvasX(x);
const sy = (dc: FrameContext, y: number) => dc.viewport.toCanvasY(y);

/**
 * The visited cells, a gradient in visit order up to the first hit, the
 * ones ahead of the step outlined; their visit numbers (1 is the first, as
 * the stepper counts). The cells the segment crosses after the hit are
 * not visited: no fill and no number.
 */
export class TraceCellsLayer implements Layer<RaysModel> {
  readonly name = 'trace-cells';
  readonly order = 6;
  enabled = true;
  /** What the last frame painted with the gradient, `[col, row, …]` in visit order. */
  shaded: number[] = [];

  draw(dc: RaysContext): void {
    const { ctx, viewport: v } = dc;
    const rays = dc.model;
    const { ui } = rays;
    const n = rays.visited;
    const ts = rays.tileSize;
    const last = ui.stepIndex ?? n - 1;
    const px = 1 / v.scale;
    this.shaded = [];
    useWorldSpace(dc);
    for (let i = 0; i < n; i++) {
      const { col, row } = rays.walk[i];
      const f = n > 1 ? i / (n - 1) : 0;
      if (i > last) {
        // Not reached yet in the step-through: outlined only.
        ctx.strokeStyle = traceColour(f, 0.35);
        ctx.lineWidth = px;
        ctx.setLineDash([3 * px, 3 * px]);
        ctx.strokeRect(col * ts + px, row * ts + px, ts - 2 * px, ts - 2 * px);
        ctx.setLineDash([]);
        continue;
      }
      ctx.fillStyle = traceColour(f, 0.4);
      ctx.fillRect(col * ts, row * ts, ts, ts);
      this.shaded.push(col, row);
    }
    this.drawIndices(dc);
  }

  /** Each visited cell's visit index, in the corner farthest from the ray so the ray and its dots stay clear. */
  private drawIndices(dc: RaysContext): void {
    const { ctx, viewport: v } = dc;
    const rays = dc.model;
    const { ui } = rays;
    const cellPx = rays.tileSize * v.scale;
    if (cellPx < INDEX_MIN_CELL_PX) return;
    const ts = rays.tileSize;
    const r = rays.traced;
    const dx = r.x1 - r.x0;
    const dy = r.y1 - r.y0;
    // Distance (× length) of a point from the ray's line; a point ray has none.
    const away = (x: number, y: number) => (dx === 0 && dy === 0 ? Math.hypot(x - r.x0, y - r.y0) : Math.abs((x - r.x0) * dy - (y - r.y0) * dx));
    const last = ui.stepIndex ?? Infinity;
    const pad = 3;
    useScreenSpace(dc);
    ctx.font = `600 ${Math.round(Math.min(13, Math.max(9, cellPx * 0.3)))}px ${MONO}`;
    rays.walk.slice(0, rays.visited).forEach(({ col, row }, i) => {
      let best = { d: -1, cx: 0, cy: 0 };
      for (const [cx, cy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ]) {
        const d = away((col + cx) * ts, (row + cy) * ts);
        if (d > best.d) best = { d, cx, cy };
      }
      ctx.textAlign = best.cx === 0 ? 'left' : 'right';
      ctx.textBaseline = best.cy === 0 ? 'top' : 'bottom';
      const x = sx(dc, (col + best.cx) * ts) + (best.cx === 0 ? pad : -pad);
      const y = sy(dc, (row + best.cy) * ts) + (best.cy === 0 ? pad - 1 : -pad + 1);
      ctx.fillStyle = i > last ? C.labelMuted : C.label;
      ctx.fillText(String(i + 1), x, y);
    });
    ctx.textAlign = 'left';
  }
}

/** The moving boxes, the one the ray hits outlined. */
export class RayBoxesLayer implements Layer<RaysModel> {
  readonly name = 'boxes';
  readonly order = 12;
  enabled = true;

  draw(dc: RaysContext): void {
    const { ctx, viewport: v } = dc;
    const rays = dc.model;
    const { drawn } = rays;
    const px = 1 / v.scale;
    const hitId = rays.hit?.objectId ?? 0;
    // The drawn boxes have their own layer.
    const boxes = rays.boxes().filter((b) => !drawn.has(b.id));
    useWorldSpace(dc);
    for (const b of boxes) {
      ctx.fillStyle = C.boxFill;
      ctx.fillRect(b.x, b.y, b.w, b.h);
      ctx.strokeStyle = b.id === hitId ? C.hit : C.boxStroke;
      ctx.lineWidth = (b.id === hitId ? 2 : 1.25) * px;
      ctx.strokeRect(b.x, b.y, b.w, b.h);
    }
    useScreenSpace(dc);
    ctx.font = `600 10px ${MONO}`;
    ctx.fillStyle = C.label;
    ctx.textBaseline = 'top';
    for (const b of boxes) if (b.w / px >= 22) ctx.fillText(`#${b.id}`, sx(dc, b.x) + 3, sy(dc, b.y) + 3);
  }
}

/** The cells each drawn box touches (the core's touchedCells), tinted in the box's colour. */
export class DrawnCellsLayer implements Layer<RaysModel> {
  readonly name = 'drawn-cells';
  readonly order = 8;
  enabled = true;
  /** Per drawn box id, the `[col, row, …]` the last frame tinted. */
  highlighted = new Map<number, number[]>();

  draw(dc: RaysContext): void {
    const { ctx, viewport: v } = dc;
    const rays = dc.model;
    const { drawn } = rays;
    useWorldSpace(dc);
    const style = { colour: drawnColour, fill: 0.12, stroke: 0.6, lineWidth: 1.25 };
    drawTouchedCells(ctx, drawn.boxes(), rays.tileSize, 1 / v.scale, style, this.highlighted);
  }
}

/** The drawn boxes: the one drawn-box layer, the hit one outlined white. */
export function drawnBoxesLayer(): DrawnBoxesLayer<RaysModel> {
  return new DrawnBoxesLayer<RaysModel>(
    'drawn-boxes',
    13,
    ({ model: { drawn, ui, hit } }) => ({
      boxes: drawn.boxes(),
      // The arrow keys move the box only while no handle is picked.
      selected: ui.selected === null ? drawn.selected : 0,
      hover: ui.boxHover,
      handle: ui.boxHandle,
      focused: ui.canvasFocused,
      marked: hit?.objectId ?? 0,
    }),
    // Getters: read as each frame is drawn, in that embed's palette.
    {
      colour: drawnColour,
      get focus() {
        return C.focus;
      },
      get keyFocus() {
        return C.focus;
      },
      get marked() {
        return C.hit;
      },
      get page() {
        return C.page;
      },
      get label() {
        return C.label;
      },
      pushArrow: null,
    },
  );
}

/**
 * The step-through: the current cell, the two sides the ray may leave
 * through (the next vertical line in tMaxX's colour, the next horizontal
 * in tMaxY's), and where along the ray it meets each.
 */
export class StepLayer implements Layer<RaysModel> {
  readonly name = 'dda-step';
  readonly order = 14;
  enabled = true;

  draw(dc: RaysContext): void {
    const { ctx } = dc;
    const rays = dc.model;
    const { ui } = rays;
    const k = ui.stepIndex;
    const step = k === null ? undefined : rays.walk[k];
    if (step === undefined) return;
    const r = rays.traced;
    const ts = rays.tileSize;
    const x0 = sx(dc, step.col * ts);
    const y0 = sy(dc, step.row * ts);
    const x1 = sx(dc, (step.col + 1) * ts);
    const y1 = sy(dc, (step.row + 1) * ts);
    useScreenSpace(dc);
    ctx.strokeStyle = C.current;
    ctx.lineWidth = 2;
    ctx.strokeRect(x0, y0, x1 - x0, y1 - y0);
    const dx = r.x1 - r.x0;
    const dy = r.y1 - r.y0;
    ctx.lineWidth = 4;
    ctx.lineCap = 'round';
    if (dx !== 0) {
      const sideX = dx > 0 ? x1 : x0;
      ctx.strokeStyle = C.crossX;
      line(ctx, sideX, y0, sideX, y1);
    }
    if (dy !== 0) {
      const sideY = dy > 0 ? y1 : y0;
      ctx.strokeStyle = C.crossY;
      line(ctx, x0, sideY, x1, sideY);
    }
    // Past B the segment has ended; the dotted extension shows where the
    // next lines would have been met.
    const far = Math.max(...[step.tMaxX, step.tMaxY].filter(Number.isFinite), 1);
    if (far > 1) {
      const b = pointAt(r.x0, r.y0, r.x1, r.y1, 1);
      const e = pointAt(r.x0, r.y0, r.x1, r.y1, Math.min(far, 1 + (EXTENSION_CELLS * ts) / Math.max(1e-9, Math.hypot(dx, dy))));
      ctx.strokeStyle = 'rgba(255, 255, 255, 0.35)';
      ctx.lineWidth = 1.25;
      ctx.setLineDash([2, 4]);
      line(ctx, sx(dc, b.x), sy(dc, b.y), sx(dc, e.x), sy(dc, e.y));
      ctx.setLineDash([]);
    }
  }
}

/** The ray up to its hit (faint beyond), the entry points, the hit and its normal, the step-through's tMax marks. */
export class RayLayer implements Layer<RaysModel> {
  readonly name = 'ray';
  readonly order = 16;
  enabled = true;

  draw(dc: RaysContext): void {
    this.drawRay(dc);
    this.drawEntries(dc);
    this.drawHit(dc);
    this.drawStepMarks(dc);
  }

  private drawRay(dc: RaysContext): void {
    const { ctx } = dc;
    const rays = dc.model;
    const r = rays.traced;
    if (!Number.isFinite(r.x0)) return;
    const a = { x: sx(dc, r.x0), y: sy(dc, r.y0) };
    const b = { x: sx(dc, r.x1), y: sy(dc, r.y1) };
    const hit = rays.hit;
    const h = hit === null ? b : { x: sx(dc, hit.x), y: sy(dc, hit.y) };
    useScreenSpace(dc);
    ctx.lineCap = 'round';
    if (hit !== null) {
      ctx.strokeStyle = C.rayFaint;
      ctx.lineWidth = 1.5;
      ctx.setLineDash([5, 5]);
      line(ctx, h.x, h.y, b.x, b.y);
      ctx.setLineDash([]);
    }
    ctx.strokeStyle = 'rgba(11, 15, 22, 0.7)';
    ctx.lineWidth = 5;
    line(ctx, a.x, a.y, h.x, h.y);
    ctx.strokeStyle = C.ray;
    ctx.lineWidth = 2.5;
    line(ctx, a.x, a.y, h.x, h.y);
  }

  /** Where the segment enters each cell, coloured by the line it crosses there. */
  private drawEntries(dc: RaysContext): void {
    const { ctx } = dc;
    const rays = dc.model;
    const { ui } = rays;
    const last = ui.stepIndex ?? Infinity;
    useScreenSpace(dc);
    rays.walk.slice(0, rays.visited).forEach((s, i) => {
      if (s.crossing === 'start') return;
      ctx.globalAlpha = i > last ? 0.3 : 1;
      ctx.beginPath();
      ctx.arc(sx(dc, s.x), sy(dc, s.y), i === ui.stepIndex ? 5 : 3.5, 0, 2 * Math.PI);
      ctx.fillStyle = crossingColour[s.crossing];
      ctx.fill();
      ctx.strokeStyle = C.page;
      ctx.lineWidth = 1.25;
      ctx.stroke();
    });
    ctx.globalAlpha = 1;
  }

  private drawHit(dc: RaysContext): void {
    const { ctx } = dc;
    const rays = dc.model;
    const hit = rays.hit;
    if (hit === null) return;
    const r = rays.traced;
    const x = sx(dc, hit.x);
    const y = sy(dc, hit.y);
    useScreenSpace(dc);
    // The normal as an arrow out of the surface.
    const ex = x + hit.normalX * NORMAL_ARROW_PX;
    const ey = y + hit.normalY * NORMAL_ARROW_PX;
    if (hit.normalX !== 0 || hit.normalY !== 0) {
      ctx.strokeStyle = 'rgba(11, 15, 22, 0.75)';
      ctx.lineWidth = 5;
      ctx.lineCap = 'round';
      line(ctx, x, y, ex, ey);
      ctx.strokeStyle = C.normal;
      ctx.fillStyle = C.normal;
      ctx.lineWidth = 2.75;
      line(ctx, x, y, ex - hit.normalX * 5, ey - hit.normalY * 5);
      arrowHead(ctx, ex, ey, hit.normalX, hit.normalY, 11);
    }
    ctx.beginPath();
    ctx.arc(x, y, 5.5, 0, 2 * Math.PI);
    ctx.fillStyle = C.page;
    ctx.fill();
    ctx.strokeStyle = C.hit;
    ctx.lineWidth = 2.25;
    ctx.stroke();
    const what = rays.hitName(hit);
    // Beside the ray (never on it), on the side the normal arrow leans away from.
    const dx = sx(dc, r.x1) - sx(dc, r.x0);
    const dy = sy(dc, r.y1) - sy(dc, r.y0);
    const len = Math.hypot(dx, dy);
    let px = len > 0 ? -dy / len : 0;
    let py = len > 0 ? dx / len : -1;
    const lean = px * hit.normalX + py * hit.normalY;
    // Nearly along the ray, the arrow is on neither side: then above reads best.
    if (Math.abs(lean) < 0.2 ? py > 0 : lean > 0) [px, py] = [-px, -py];
    let align: 'left' | 'right' | 'center' = px >= 0.1 ? 'left' : px <= -0.1 ? 'right' : 'center';
    const text = `${what} · t ${hit.t.toFixed(3)}`;
    // Kept on the canvas: past an edge, it goes to the ray's other side.
    ctx.font = `600 11px ${MONO}`;
    const w = ctx.measureText(text).width + 10;
    const at = x + px * 16;
    if (align === 'left' && at + w > dc.viewport.cssWidth) [align, px] = ['right', -px];
    else if (align === 'right' && at - w < 0) [align, px] = ['left', -px];
    label(ctx, text, x + px * 16, y + py * 18, C.hit, align);
  }

  /** Where along the ray the next vertical (tMaxX) and horizontal (tMaxY) lines are met; labels on either side of the ray. */
  private drawStepMarks(dc: RaysContext): void {
    const { ctx } = dc;
    const rays = dc.model;
    const { ui } = rays;
    const k = ui.stepIndex;
    const step = k === null ? undefined : rays.walk[k];
    if (k === null || step === undefined) return;
    const r = rays.traced;
    useScreenSpace(dc);
    const dx = sx(dc, r.x1) - sx(dc, r.x0);
    const dy = sy(dc, r.y1) - sy(dc, r.y0);
    const len = Math.hypot(dx, dy) || 1;
    // A unit normal to the ray on screen, pointing up-ish.
    let nx = -dy / len;
    let ny = dx / len;
    if (ny > 0) [nx, ny] = [-nx, -ny];
    // Beyond B only as far as the dotted extension the step layer shows.
    const limit = 1 + (EXTENSION_CELLS * rays.tileSize) / Math.max(1e-9, Math.hypot(r.x1 - r.x0, r.y1 - r.y0));
    // At the last visited cell the walk stops at the hit: no line is crossed next.
    const move = k === rays.visited - 1 && rays.hit !== null ? ({ kind: 'end', leavesGrid: false } as const) : nextMove(rays.walk, k);
    const marks: [number, string, string, boolean, number][] = [
      [step.tMaxX, C.crossX, 'tMaxX', move.kind === 'x' || move.kind === 'corner', 1],
      [step.tMaxY, C.crossY, 'tMaxY', move.kind === 'y' || move.kind === 'corner', -1],
    ];
    for (const [t, colour, name, next, side] of marks) {
      if (!(t <= limit)) continue;
      const p = pointAt(r.x0, r.y0, r.x1, r.y1, t);
      const px = sx(dc, p.x);
      const py = sy(dc, p.y);
      ctx.beginPath();
      ctx.arc(px, py, next ? 6 : 5, 0, 2 * Math.PI);
      ctx.fillStyle = next ? colour : C.page;
      ctx.fill();
      ctx.strokeStyle = colour;
      ctx.lineWidth = 2;
      ctx.stroke();
      const ox = nx * side;
      const oy = ny * side;
      const align = ox > 0.35 ? 'left' : ox < -0.35 ? 'right' : 'center';
      label(ctx, `${name} ${t.toFixed(3)}`, px + ox * 16, py + oy * 16 + (align === 'center' ? oy * 6 : 0), colour, align);
    }
  }
}

/** The enemy's line of sight to the player: green when clear, red up to the first tile in the way. */
export class SightLayer implements Layer<RaysModel> {
  readonly name = 'sight';
  readonly order = 18;
  enabled = true;

  draw(dc: RaysContext): void {
    const { ctx } = dc;
    const rays = dc.model;
    const { enemy, player } = rays.setup;
    const e = { x: sx(dc, enemy.x), y: sy(dc, enemy.y) };
    const p = { x: sx(dc, player.x), y: sy(dc, player.y) };
    const sight = rays.sight;
    useScreenSpace(dc);
    ctx.lineCap = 'round';
    if (sight.clear) {
      ctx.strokeStyle = C.sightClear;
      ctx.lineWidth = 2;
      line(ctx, e.x, e.y, p.x, p.y);
    } else {
      const b = sight.block === null ? p : { x: sx(dc, sight.block.x), y: sy(dc, sight.block.y) };
      ctx.strokeStyle = 'rgba(255, 82, 97, 0.4)';
      ctx.lineWidth = 1.5;
      ctx.setLineDash([4, 5]);
      line(ctx, b.x, b.y, p.x, p.y);
      ctx.setLineDash([]);
      ctx.strokeStyle = C.sightBlocked;
      ctx.lineWidth = 2;
      line(ctx, e.x, e.y, b.x, b.y);
      if (sight.block !== null) {
        ctx.lineWidth = 2.25;
        const s = 5;
        line(ctx, b.x - s, b.y - s, b.x + s, b.y + s);
        line(ctx, b.x - s, b.y + s, b.x + s, b.y - s);
      }
    }
    drawEnemy(ctx, e, p, sight.clear);
    drawPlayer(ctx, p);
    label(ctx, sight.clear ? 'sees you' : 'lost you', e.x, e.y - HANDLE_RADIUS - 16, sight.clear ? C.sightClear : C.sightBlocked, 'center');
  }
}

/** The ray's ends A and B, and the rings of the hovered, dragged or keyboard-selected handle. */
export class HandlesLayer implements Layer<RaysModel> {
  readonly name = 'handles';
  readonly order = 20;
  enabled = true;

  draw(dc: RaysContext): void {
    const { ctx } = dc;
    const rays = dc.model;
    const { ui } = rays;
    useScreenSpace(dc);
    for (const [name, letter] of [
      ['start', 'A'],
      ['end', 'B'],
    ] as const) {
      const h = rays.handle(name);
      const x = sx(dc, h.x);
      const y = sy(dc, h.y);
      ctx.beginPath();
      ctx.arc(x, y, HANDLE_RADIUS, 0, 2 * Math.PI);
      ctx.fillStyle = C.ray;
      ctx.fill();
      ctx.strokeStyle = C.handleEdge;
      ctx.lineWidth = 1.5;
      ctx.stroke();
      glyph(ctx, letter, x, y, C.ray);
    }
    for (const name of HANDLES) {
      const ring = ringFor(name, ui);
      if (ring === null) continue;
      const h = rays.handle(name);
      ctx.beginPath();
      ctx.arc(sx(dc, h.x), sy(dc, h.y), HANDLE_RADIUS + (name === 'enemy' ? 6 : 4), 0, 2 * Math.PI);
      ctx.strokeStyle = C.focus;
      ctx.lineWidth = ring === 'focus' ? 2 : 1.25;
      ctx.setLineDash(ring === 'focus' ? [4, 3] : []);
      ctx.globalAlpha = ring === 'hover' ? 0.6 : 1;
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.globalAlpha = 1;
    }
  }
}

/** An eye whose pupil looks at the player. */
function drawEnemy(ctx: CanvasRenderingContext2D, e: Point, p: Point, sees: boolean): void {
  const r = HANDLE_RADIUS + 2;
  ctx.beginPath();
  ctx.arc(e.x, e.y, r, 0, 2 * Math.PI);
  ctx.fillStyle = C.enemy;
  ctx.fill();
  ctx.strokeStyle = C.handleEdge;
  ctx.lineWidth = 1.5;
  ctx.stroke();
  const d = Math.hypot(p.x - e.x, p.y - e.y) || 1;
  const off = sees ? 3.5 : 0;
  ctx.beginPath();
  ctx.arc(e.x + ((p.x - e.x) / d) * off, e.y + ((p.y - e.y) / d) * off, sees ? 4 : 3, 0, 2 * Math.PI);
  ctx.fillStyle = C.page;
  ctx.fill();
}

function drawPlayer(ctx: CanvasRenderingContext2D, p: Point): void {
  ctx.beginPath();
  ctx.arc(p.x, p.y, HANDLE_RADIUS, 0, 2 * Math.PI);
  ctx.fillStyle = C.player;
  ctx.fill();
  ctx.strokeStyle = C.handleEdge;
  ctx.lineWidth = 1.5;
  ctx.stroke();
  glyph(ctx, 'P', p.x, p.y, C.player);
}

function ringFor(name: HandleName, ui: RaysUi): 'focus' | 'drag' | 'hover' | null {
  if (ui.drag === name) return 'drag';
  if (ui.canvasFocused && ui.selected === name) return 'focus';
  if (ui.hover === name) return 'hover';
  return null;
}
