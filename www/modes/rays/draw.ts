// The rays mode's canvas: the map (tiles, cell-edge states), the boxes, the
// traced cells shaded in visit order, entry points, the hit and its normal,
// the DDA step-through, and the enemy's sight line. A backing store sized
// by devicePixelRatio; world-unit shapes drawn through the viewport's
// transform, markers and text in CSS pixels so they stay one size.

import type { Viewport } from '../../runtime/viewport';
import { rayColours as C, traceColour } from './colours';
import { HANDLES, type HandleName, type Hit, type Point, type Ray, type RaysModel } from './model';
import type { RaysUi } from './state';
import { nextMove, pointAt, type Crossing, type DdaStep } from './trace';

/** Handle radius in CSS px. */
export const HANDLE_RADIUS = 8;
/** Cells at least this many CSS px wide show their visit index. */
const INDEX_MIN_CELL_PX = 22;
const NORMAL_ARROW_PX = 42;
/** How far past B (in cells) the step-through still shows where the next lines are. */
const EXTENSION_CELLS = 4;
const MONO = 'ui-monospace, SFMono-Regular, Menlo, monospace';

const crossingColour: Record<Crossing, string> = {
  start: C.ray,
  vertical: C.crossX,
  horizontal: C.crossY,
  corner: C.crossCorner,
};

export class RaysRenderer {
  readonly ctx: CanvasRenderingContext2D;
  private tiles = new Path2D();
  private surfaces = new Path2D();
  private edges = new Float64Array(0);
  /** What the last frame painted with the gradient, `[col, row, …]` in visit order. */
  shaded: number[] = [];

  constructor(
    readonly canvas: HTMLCanvasElement,
    private readonly viewport: Viewport,
  ) {
    const ctx = canvas.getContext('2d', { alpha: false });
    if (ctx === null) throw new Error('this browser has no 2D canvas');
    this.ctx = ctx;
  }

  /** Reads the map's tile outlines and edge states (once: the map does not change here). */
  loadMap(scene: RaysModel): void {
    const w = scene.world;
    const ts = scene.tileSize;
    const indices = w.tileIndices().slice();
    const solid = new Path2D();
    const surfaces = new Path2D();
    for (let row = 0; row < scene.rows; row++) {
      for (let col = 0; col < scene.cols; col++) {
        if (indices[row * scene.cols + col] === 0) continue;
        const o = w.tileOutline(col, row, 12);
        const n = o.length / 2;
        if (n < 3) continue;
        solid.moveTo(o[0], o[1]);
        for (let i = 1; i < n; i++) solid.lineTo(o[2 * i], o[2 * i + 1]);
        solid.closePath();
        // Faces inside the cell (slopes, arcs); its sides are the edges' job.
        const onSide = (ax: number, ay: number, bx: number, by: number) =>
          (ax === bx && (ax === col * ts || ax === (col + 1) * ts)) || (ay === by && (ay === row * ts || ay === (row + 1) * ts));
        for (let i = 0; i < n; i++) {
          const j = (i + 1) % n;
          const [ax, ay, bx, by] = [o[2 * i], o[2 * i + 1], o[2 * j], o[2 * j + 1]];
          if (onSide(ax, ay, bx, by)) continue;
          surfaces.moveTo(ax, ay);
          surfaces.lineTo(bx, by);
        }
      }
    }
    this.tiles = solid;
    this.surfaces = surfaces;
    this.edges = w.tileEdges().slice();
  }

  /** Matches the backing store to the element's size × devicePixelRatio (checked every frame). */
  syncSize(): void {
    const dpr = window.devicePixelRatio || 1;
    const rect = this.canvas.getBoundingClientRect();
    const width = Math.max(1, Math.round(rect.width * dpr));
    const height = Math.max(1, Math.round(rect.height * dpr));
    if (this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas.width = width;
      this.canvas.height = height;
    }
    this.viewport.resize(rect.width, rect.height, dpr);
  }

  private worldSpace(): void {
    const v = this.viewport;
    const k = v.dpr * v.scale;
    this.ctx.setTransform(k, 0, 0, k, v.dpr * v.offsetX, v.dpr * v.offsetY);
  }

  private screenSpace(): void {
    const d = this.viewport.dpr;
    this.ctx.setTransform(d, 0, 0, d, 0, 0);
  }

  private sx(x: number): number {
    return this.viewport.toCanvasX(x);
  }

  private sy(y: number): number {
    return this.viewport.toCanvasY(y);
  }

  draw(scene: RaysModel, ui: RaysUi): void {
    this.syncSize();
    const ctx = this.ctx;
    ctx.save();
    this.screenSpace();
    ctx.fillStyle = C.page;
    ctx.fillRect(0, 0, this.viewport.cssWidth, this.viewport.cssHeight);
    this.drawMapBackground(scene);
    this.drawCells(scene, ui);
    this.drawTiles();
    this.drawBoxes(scene);
    this.drawCellIndices(scene, ui);
    if (ui.stepIndex !== null) this.drawStep(scene, ui.stepIndex);
    this.drawRay(scene);
    this.drawEntries(scene, ui);
    if (scene.hit !== null) this.drawHit(scene.hit, scene.traced);
    if (ui.stepIndex !== null) this.drawStepMarks(scene, ui.stepIndex);
    this.drawSight(scene);
    this.drawHandles(scene, ui);
    ctx.restore();
  }

  private drawMapBackground(scene: RaysModel): void {
    const ctx = this.ctx;
    const v = this.viewport;
    this.worldSpace();
    ctx.fillStyle = C.cell;
    ctx.fillRect(0, 0, scene.width, scene.height);
    const px = 1 / v.scale;
    ctx.strokeStyle = C.grid;
    ctx.lineWidth = px;
    ctx.beginPath();
    for (let c = 1; c < scene.cols; c++) {
      ctx.moveTo(c * scene.tileSize, 0);
      ctx.lineTo(c * scene.tileSize, scene.height);
    }
    for (let r = 1; r < scene.rows; r++) {
      ctx.moveTo(0, r * scene.tileSize);
      ctx.lineTo(scene.width, r * scene.tileSize);
    }
    ctx.stroke();
    ctx.strokeStyle = C.mapEdge;
    ctx.lineWidth = 2 * px;
    ctx.strokeRect(0, 0, scene.width, scene.height);
  }

  /** The visited cells, a gradient in visit order; fainter past the hit and ahead of the step. */
  private drawCells(scene: RaysModel, ui: RaysUi): void {
    const ctx = this.ctx;
    const cells = scene.cells;
    const n = cells.length / 2;
    const ts = scene.tileSize;
    const hitVisit = hitVisitIndex(scene);
    const last = ui.stepIndex ?? n - 1;
    this.shaded = [];
    this.worldSpace();
    for (let i = 0; i < n; i++) {
      const col = cells[2 * i];
      const row = cells[2 * i + 1];
      const f = n > 1 ? i / (n - 1) : 0;
      if (i > last) {
        // Not reached yet in the step-through: outlined only.
        ctx.strokeStyle = traceColour(f, 0.35);
        ctx.lineWidth = 1 / this.viewport.scale;
        ctx.setLineDash([3 / this.viewport.scale, 3 / this.viewport.scale]);
        ctx.strokeRect(col * ts + 1 / this.viewport.scale, row * ts + 1 / this.viewport.scale, ts - 2 / this.viewport.scale, ts - 2 / this.viewport.scale);
        ctx.setLineDash([]);
        continue;
      }
      const pastHit = hitVisit >= 0 && i > hitVisit;
      ctx.fillStyle = traceColour(f, pastHit ? 0.14 : 0.4);
      ctx.fillRect(col * ts, row * ts, ts, ts);
      this.shaded.push(col, row);
    }
  }

  private drawTiles(): void {
    const ctx = this.ctx;
    const px = 1 / this.viewport.scale;
    this.worldSpace();
    ctx.fillStyle = C.tile;
    ctx.globalAlpha = 0.92;
    ctx.fill(this.tiles);
    ctx.globalAlpha = 1;
    ctx.strokeStyle = C.tileSurface;
    ctx.lineWidth = 1.5 * px;
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    ctx.stroke(this.surfaces);
    // Edge states on top: the map's outline as the seed draws it.
    const e = this.edges;
    ctx.lineCap = 'round';
    for (const [state, colour, width] of [
      [2, C.interestingEdge, 1.5],
      [1, C.solidEdge, 2.25],
    ] as const) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = width * px;
      ctx.beginPath();
      for (let i = 0; i + 5 <= e.length; i += 5) {
        if (e[i + 4] !== state) continue;
        ctx.moveTo(e[i], e[i + 1]);
        ctx.lineTo(e[i + 2], e[i + 3]);
      }
      ctx.stroke();
    }
  }

  private drawBoxes(scene: RaysModel): void {
    const ctx = this.ctx;
    const px = 1 / this.viewport.scale;
    const hitId = scene.hit?.objectId ?? 0;
    for (const b of scene.boxes()) {
      this.worldSpace();
      ctx.fillStyle = C.boxFill;
      ctx.fillRect(b.x, b.y, b.w, b.h);
      ctx.strokeStyle = b.id === hitId ? C.hit : C.boxStroke;
      ctx.lineWidth = (b.id === hitId ? 2 : 1.25) * px;
      ctx.strokeRect(b.x, b.y, b.w, b.h);
      if (b.w / px >= 22) {
        this.screenSpace();
        ctx.font = `600 10px ${MONO}`;
        ctx.fillStyle = C.label;
        ctx.globalAlpha = 0.8;
        ctx.textBaseline = 'top';
        ctx.fillText(`#${b.id}`, this.sx(b.x) + 3, this.sy(b.y) + 3);
        ctx.globalAlpha = 1;
      }
    }
  }

  /** Each visited cell's visit index, in the corner farthest from the ray so the ray and its dots stay clear. */
  private drawCellIndices(scene: RaysModel, ui: RaysUi): void {
    const cellPx = scene.tileSize * this.viewport.scale;
    if (cellPx < INDEX_MIN_CELL_PX) return;
    const ctx = this.ctx;
    const cells = scene.cells;
    const ts = scene.tileSize;
    const r = scene.traced;
    const dx = r.x1 - r.x0;
    const dy = r.y1 - r.y0;
    // Signed distance (× length) of a point from the ray's line; a point ray has none.
    const away = (x: number, y: number) => (dx === 0 && dy === 0 ? Math.hypot(x - r.x0, y - r.y0) : Math.abs((x - r.x0) * dy - (y - r.y0) * dx));
    const last = ui.stepIndex ?? Infinity;
    const pad = 3;
    this.screenSpace();
    ctx.font = `600 ${Math.round(Math.min(13, Math.max(9, cellPx * 0.3)))}px ${MONO}`;
    for (let i = 0; 2 * i + 1 < cells.length; i++) {
      const col = cells[2 * i];
      const row = cells[2 * i + 1];
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
      const x = this.sx((col + best.cx) * ts) + (best.cx === 0 ? pad : -pad);
      const y = this.sy((row + best.cy) * ts) + (best.cy === 0 ? pad - 1 : -pad + 1);
      ctx.fillStyle = i > last ? 'rgba(232, 238, 248, 0.35)' : C.label;
      ctx.fillText(String(i), x, y);
    }
    ctx.textAlign = 'left';
  }

  /**
   * The step-through: the current cell, the two sides the ray may leave
   * through (the next vertical line in tMaxX's colour, the next horizontal
   * in tMaxY's), and where along the ray it meets each.
   */
  private drawStep(scene: RaysModel, k: number): void {
    const step = scene.steps[k];
    if (step === undefined) return;
    const ctx = this.ctx;
    const r = scene.traced;
    const ts = scene.tileSize;
    const x0 = this.sx(step.col * ts);
    const y0 = this.sy(step.row * ts);
    const x1 = this.sx((step.col + 1) * ts);
    const y1 = this.sy((step.row + 1) * ts);
    this.screenSpace();
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
      line(ctx, this.sx(b.x), this.sy(b.y), this.sx(e.x), this.sy(e.y));
      ctx.setLineDash([]);
    }
  }

  /** Where along the ray the next vertical (tMaxX) and horizontal (tMaxY) lines are met; labels on either side of the ray. */
  private drawStepMarks(scene: RaysModel, k: number): void {
    const step = scene.steps[k];
    if (step === undefined) return;
    const ctx = this.ctx;
    const r = scene.traced;
    this.screenSpace();
    const dx = this.sx(r.x1) - this.sx(r.x0);
    const dy = this.sy(r.y1) - this.sy(r.y0);
    const len = Math.hypot(dx, dy) || 1;
    // A unit normal to the ray on screen, pointing up-ish.
    let nx = -dy / len;
    let ny = dx / len;
    if (ny > 0) [nx, ny] = [-nx, -ny];
    // Beyond B only as far as the dotted extension drawStep shows.
    const limit = 1 + EXTENSION_CELLS * scene.tileSize / Math.max(1e-9, Math.hypot(r.x1 - r.x0, r.y1 - r.y0));
    const move = nextMove(scene.steps, k);
    const marks: [number, string, string, boolean, number][] = [
      [step.tMaxX, C.crossX, 'tMaxX', move.kind === 'x' || move.kind === 'corner', 1],
      [step.tMaxY, C.crossY, 'tMaxY', move.kind === 'y' || move.kind === 'corner', -1],
    ];
    for (const [t, colour, name, next, side] of marks) {
      if (!(t <= limit)) continue;
      const p = pointAt(r.x0, r.y0, r.x1, r.y1, t);
      const px = this.sx(p.x);
      const py = this.sy(p.y);
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
      this.label(`${name} ${t.toFixed(3)}`, px + ox * 16, py + oy * 16 + (align === 'center' ? oy * 6 : 0), colour, align);
    }
  }

  private drawRay(scene: RaysModel): void {
    const ctx = this.ctx;
    const r = scene.traced;
    if (!Number.isFinite(r.x0)) return;
    const a = { x: this.sx(r.x0), y: this.sy(r.y0) };
    const b = { x: this.sx(r.x1), y: this.sy(r.y1) };
    const hit = scene.hit;
    const h = hit === null ? b : { x: this.sx(hit.x), y: this.sy(hit.y) };
    this.screenSpace();
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
  private drawEntries(scene: RaysModel, ui: RaysUi): void {
    const ctx = this.ctx;
    const last = ui.stepIndex ?? Infinity;
    this.screenSpace();
    scene.steps.forEach((s: DdaStep, i) => {
      if (s.crossing === 'start') return;
      ctx.globalAlpha = i > last ? 0.3 : 1;
      ctx.beginPath();
      ctx.arc(this.sx(s.x), this.sy(s.y), i === ui.stepIndex ? 5 : 3.5, 0, 2 * Math.PI);
      ctx.fillStyle = crossingColour[s.crossing];
      ctx.fill();
      ctx.strokeStyle = C.page;
      ctx.lineWidth = 1.25;
      ctx.stroke();
    });
    ctx.globalAlpha = 1;
  }

  private drawHit(hit: Hit, r: Ray): void {
    const ctx = this.ctx;
    const x = this.sx(hit.x);
    const y = this.sy(hit.y);
    this.screenSpace();
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
    const what = hit.objectId !== 0 ? `object #${hit.objectId}` : `tile (${hit.col}, ${hit.row})`;
    // Beside the ray (never on it), on the side the normal arrow leans away from.
    const dx = this.sx(r.x1) - this.sx(r.x0);
    const dy = this.sy(r.y1) - this.sy(r.y0);
    const len = Math.hypot(dx, dy);
    let px = len > 0 ? -dy / len : 0;
    let py = len > 0 ? dx / len : -1;
    const lean = px * hit.normalX + py * hit.normalY;
    // Nearly along the ray, the arrow is on neither side: then above reads best.
    if (Math.abs(lean) < 0.2 ? py > 0 : lean > 0) [px, py] = [-px, -py];
    const align = px >= 0.1 ? 'left' : px <= -0.1 ? 'right' : 'center';
    this.label(`${what} · t ${hit.t.toFixed(3)}`, x + px * 16, y + py * 18, C.hit, align);
  }

  private drawSight(scene: RaysModel): void {
    const ctx = this.ctx;
    const { enemy, player } = scene.state;
    const e = { x: this.sx(enemy.x), y: this.sy(enemy.y) };
    const p = { x: this.sx(player.x), y: this.sy(player.y) };
    const sight = scene.sight;
    this.screenSpace();
    ctx.lineCap = 'round';
    if (sight.clear) {
      ctx.strokeStyle = C.sightClear;
      ctx.lineWidth = 2;
      line(ctx, e.x, e.y, p.x, p.y);
    } else {
      const b = sight.block === null ? p : { x: this.sx(sight.block.x), y: this.sy(sight.block.y) };
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
    this.drawEnemy(e, p, sight.clear);
    this.drawPlayer(p);
    this.label(sight.clear ? 'sees you' : 'lost you', e.x, e.y - HANDLE_RADIUS - 16, sight.clear ? C.sightClear : C.sightBlocked, 'center');
  }

  /** An eye whose pupil looks at the player. */
  private drawEnemy(e: Point, p: Point, sees: boolean): void {
    const ctx = this.ctx;
    const r = HANDLE_RADIUS + 2;
    ctx.beginPath();
    ctx.arc(e.x, e.y, r, 0, 2 * Math.PI);
    ctx.fillStyle = C.enemy;
    ctx.fill();
    ctx.strokeStyle = C.page;
    ctx.lineWidth = 1.5;
    ctx.stroke();
    const d = Math.hypot(p.x - e.x, p.y - e.y) || 1;
    const off = sees ? 3.5 : 0;
    ctx.beginPath();
    ctx.arc(e.x + ((p.x - e.x) / d) * off, e.y + ((p.y - e.y) / d) * off, sees ? 4 : 3, 0, 2 * Math.PI);
    ctx.fillStyle = C.page;
    ctx.fill();
  }

  private drawPlayer(p: Point): void {
    const ctx = this.ctx;
    ctx.beginPath();
    ctx.arc(p.x, p.y, HANDLE_RADIUS, 0, 2 * Math.PI);
    ctx.fillStyle = C.player;
    ctx.fill();
    ctx.strokeStyle = C.page;
    ctx.lineWidth = 1.5;
    ctx.stroke();
    glyph(ctx, 'P', p.x, p.y);
  }

  private drawHandles(scene: RaysModel, ui: RaysUi): void {
    const ctx = this.ctx;
    this.screenSpace();
    for (const [name, letter] of [
      ['start', 'A'],
      ['end', 'B'],
    ] as const) {
      const h = scene.handle(name);
      const x = this.sx(h.x);
      const y = this.sy(h.y);
      ctx.beginPath();
      ctx.arc(x, y, HANDLE_RADIUS, 0, 2 * Math.PI);
      ctx.fillStyle = C.ray;
      ctx.fill();
      ctx.strokeStyle = C.page;
      ctx.lineWidth = 1.5;
      ctx.stroke();
      glyph(ctx, letter, x, y);
    }
    for (const name of HANDLES) {
      const ring = ringFor(name, ui);
      if (ring === null) continue;
      const h = scene.handle(name);
      ctx.beginPath();
      ctx.arc(this.sx(h.x), this.sy(h.y), HANDLE_RADIUS + (name === 'enemy' ? 6 : 4), 0, 2 * Math.PI);
      ctx.strokeStyle = C.focus;
      ctx.lineWidth = ring === 'focus' ? 2 : 1.25;
      ctx.setLineDash(ring === 'focus' ? [4, 3] : []);
      ctx.globalAlpha = ring === 'hover' ? 0.6 : 1;
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.globalAlpha = 1;
    }
  }

  /** A text tag on a dark pill, at CSS (x, y). */
  private label(text: string, x: number, y: number, colour: string, align: 'left' | 'right' | 'center' = 'left'): void {
    const ctx = this.ctx;
    ctx.font = `600 11px ${MONO}`;
    const w = ctx.measureText(text).width + 10;
    const left = align === 'left' ? x : align === 'right' ? x - w : x - w / 2;
    ctx.fillStyle = C.labelBack;
    ctx.beginPath();
    ctx.roundRect(left, y - 9, w, 18, 4);
    ctx.fill();
    ctx.fillStyle = colour;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, left + 5, y + 0.5);
  }
}

/** The visit index of the cell holding the hit, or -1 (no hit, or outside the trace). */
function hitVisitIndex(scene: RaysModel): number {
  const hit = scene.hit;
  if (hit === null) return -1;
  // The last visited cell the segment enters at or before the hit.
  let k = -1;
  for (let i = 0; i < scene.steps.length; i++) if (scene.steps[i].t <= hit.t) k = i;
  return k;
}

function ringFor(name: HandleName, ui: RaysUi): 'focus' | 'drag' | 'hover' | null {
  if (ui.drag === name) return 'drag';
  if (ui.canvasFocused && ui.selected === name) return 'focus';
  if (ui.hover === name) return 'hover';
  return null;
}

function line(ctx: CanvasRenderingContext2D, x0: number, y0: number, x1: number, y1: number): void {
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
}

function arrowHead(ctx: CanvasRenderingContext2D, x: number, y: number, ux: number, uy: number, size: number): void {
  const bx = x - ux * size;
  const by = y - uy * size;
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(bx - uy * size * 0.55, by + ux * size * 0.55);
  ctx.lineTo(bx + uy * size * 0.55, by - ux * size * 0.55);
  ctx.closePath();
  ctx.fill();
}

function glyph(ctx: CanvasRenderingContext2D, text: string, x: number, y: number): void {
  ctx.font = `700 10px ${MONO}`;
  ctx.fillStyle = '#1b1403';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x, y + 0.5);
  ctx.textAlign = 'left';
}
