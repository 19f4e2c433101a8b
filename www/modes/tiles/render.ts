// Drawing the tile editor. The map (cells, faint grid, each tile's exact
// shape) lives in an offscreen canvas at whole device pixels per tile and
// is redrawn one cell at a time as tiles change, from outlines cached per
// tile; each frame then copies it and draws the live parts on top: edge
// states, doors, touched cells, boxes, push-out arrows and the hover.

import type { Door, TileBox, TileEditor } from './editor';
import { boxColour, tileColours as colours } from './colours';
import type { ShapeInfo, Side } from './shapes';
import type { TileView } from './view';

/** What the pointer is over or doing; input.ts writes it, drawing reads it. */
export interface Hover {
  /** The cell under a mouse or pen, when painting or placing doors. */
  cell: [number, number] | null;
  /** With the door tool: the side of `cell` nearest the pointer. */
  side: Side | null;
  /** Box under the pointer or being dragged (-1: none). */
  box: number;
  /** Whether that box's resize handle is the thing under the pointer. */
  handle: boolean;
  /** Whether the canvas has keyboard focus. */
  focused: boolean;
}

export function createHover(): Hover {
  return { cell: null, side: null, box: -1, handle: false, focused: false };
}

/** Resize handle size in CSS pixels. */
export const HANDLE_PX = 8;

const FONT = '600 11px ui-monospace, SFMono-Regular, Menlo, monospace';

export class TilesRenderer {
  private readonly ctx: CanvasRenderingContext2D;
  private readonly map = document.createElement('canvas');
  private readonly mapCtx: CanvasRenderingContext2D;
  /** Per cell, its tile's outline in world units; undefined until fetched. */
  private outlines: (Float64Array | undefined)[] = [];
  private outlineSegments = 0;
  private outlineGrid = '';
  /** `tileIndices()` as the offscreen map shows it. */
  private drawnTiles = new Uint8Array(0);
  private drawnMapVersion = -1;
  private drawnVersion = -1;
  private drawnKey = '';
  private dirty = true;

  // What the last frame drew, for the debug handle and the tests.
  frame = 0;
  /** Cells repainted in the offscreen map by the last map change. */
  cellsRedrawn = 0;
  drawnEdges = 0;
  drawnDoors = 0;
  /** Per box, the `[col, row, …]` painted as its touched cells. */
  highlighted: number[][] = [];
  /** Per box, the push-out arrow drawn `[dx, dy]`, or null for none. */
  pushShown: ([number, number] | null)[] = [];

  constructor(
    readonly canvas: HTMLCanvasElement,
    private readonly view: TileView,
    private readonly editor: TileEditor,
    private readonly hover: Hover,
  ) {
    const ctx = canvas.getContext('2d', { alpha: false });
    const mapCtx = this.map.getContext('2d', { alpha: false });
    if (ctx === null || mapCtx === null) throw new Error('this browser has no 2D canvas');
    this.ctx = ctx;
    this.mapCtx = mapCtx;
  }

  /** Something drawn changed outside the editor (hover, focus). */
  invalidate(): void {
    this.dirty = true;
  }

  /**
   * One animation frame: matches the backing store to the element's size ×
   * devicePixelRatio (checked every frame: zoom and DPR changes fire no
   * resize event), catches the offscreen map up, and redraws if anything
   * changed. Returns whether it drew.
   */
  tick(): boolean {
    const e = this.editor;
    const v = this.view;
    const dpr = window.devicePixelRatio || 1;
    const rect = this.canvas.getBoundingClientRect();
    const width = Math.max(1, Math.round(rect.width * dpr));
    const height = Math.max(1, Math.round(rect.height * dpr));
    if (this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas.width = width;
      this.canvas.height = height;
      this.dirty = true;
    }
    if (v.layout(rect.width, rect.height, dpr, e.cols, e.rows, e.tileSize)) this.dirty = true;
    const key = `${e.cols}×${e.rows}×${e.tileSize}@${v.cellPx}`;
    if (key !== this.drawnKey) {
      this.rebuildMap();
      this.drawnKey = key;
    } else if (e.mapVersion !== this.drawnMapVersion) {
      this.updateMap();
    }
    if (e.version !== this.drawnVersion) this.dirty = true;
    if (!this.dirty) return false;
    this.dirty = false;
    this.drawnVersion = e.version;
    this.draw();
    this.frame += 1;
    return true;
  }

  // --- the offscreen map -----------------------------------------------

  private rebuildMap(): void {
    const e = this.editor;
    const v = this.view;
    this.map.width = e.cols * v.cellPx;
    this.map.height = e.rows * v.cellPx;
    const segments = Math.min(32, Math.max(8, Math.round(v.cellPx / 3)));
    // Outlines are in world units: a new grid or arc resolution voids them all.
    const grid = `${e.cols}×${e.rows}×${e.tileSize}/${segments}`;
    if (grid !== this.outlineGrid) {
      this.outlines = new Array<Float64Array | undefined>(e.tiles.length);
      this.outlineSegments = segments;
      this.outlineGrid = grid;
    }
    for (let i = 0; i < e.tiles.length; i++) {
      if (e.tiles[i] !== this.drawnTiles[i]) this.outlines[i] = undefined;
      this.drawCell(i);
    }
    this.drawnTiles = e.tiles.slice();
    this.drawnMapVersion = e.mapVersion;
    this.cellsRedrawn = e.tiles.length;
    this.dirty = true;
  }

  /** Repaints only the cells whose tile changed since the map was drawn. */
  private updateMap(): void {
    const e = this.editor;
    if (e.tiles.length !== this.drawnTiles.length) {
      this.rebuildMap();
      return;
    }
    let count = 0;
    for (let i = 0; i < e.tiles.length; i++) {
      if (e.tiles[i] === this.drawnTiles[i]) continue;
      this.outlines[i] = undefined;
      this.drawCell(i);
      count += 1;
    }
    this.drawnTiles = e.tiles.slice();
    this.drawnMapVersion = e.mapVersion;
    this.cellsRedrawn = count;
    this.dirty = true;
  }

  private outline(i: number): Float64Array | undefined {
    let cached = this.outlines[i];
    if (cached === undefined) {
      const col = i % this.editor.cols;
      const row = (i - col) / this.editor.cols;
      cached = this.editor.outline(col, row, this.outlineSegments);
      this.outlines[i] = cached;
    }
    return cached;
  }

  private drawCell(i: number): void {
    const m = this.mapCtx;
    const e = this.editor;
    const v = this.view;
    const col = i % e.cols;
    const row = (i - col) / e.cols;
    const px = v.cellPx;
    const x0 = col * px;
    const y0 = row * px;
    m.setTransform(1, 0, 0, 1, 0, 0);
    m.fillStyle = colours.cell;
    m.fillRect(x0, y0, px, px);
    // The faint grid: each cell draws its own top and left line.
    const line = Math.max(1, Math.round(v.dpr));
    m.fillStyle = colours.grid;
    m.fillRect(x0, y0, px, line);
    m.fillRect(x0, y0 + line, line, px - line);
    if (e.tiles[i] === 0) return;
    const outline = this.outline(i);
    if (outline === undefined || outline.length < 6) return;
    m.save();
    m.beginPath();
    m.rect(x0, y0, px, px);
    m.clip();
    const k = v.unitPx;
    m.setTransform(k, 0, 0, k, 0, 0);
    m.beginPath();
    m.moveTo(outline[0], outline[1]);
    for (let p = 2; p < outline.length; p += 2) m.lineTo(outline[p], outline[p + 1]);
    m.closePath();
    m.fillStyle = colours.tile;
    m.fill();
    // Light the sloped and curved faces, not the ones along the cell sides.
    const ts = e.tileSize;
    const cx0 = col * ts;
    const cy0 = row * ts;
    const eps = ts * 1e-6;
    const onSide = (ax: number, ay: number, bx: number, by: number) =>
      (Math.abs(ax - bx) < eps && (Math.abs(ax - cx0) < eps || Math.abs(ax - cx0 - ts) < eps)) ||
      (Math.abs(ay - by) < eps && (Math.abs(ay - cy0) < eps || Math.abs(ay - cy0 - ts) < eps));
    m.beginPath();
    const n = outline.length / 2;
    for (let p = 0; p < n; p++) {
      const q = (p + 1) % n;
      const [ax, ay, bx, by] = [outline[2 * p], outline[2 * p + 1], outline[2 * q], outline[2 * q + 1]];
      if (onSide(ax, ay, bx, by)) continue;
      m.moveTo(ax, ay);
      m.lineTo(bx, by);
    }
    m.strokeStyle = colours.tileSurface;
    m.lineWidth = (1.5 * v.dpr) / k;
    m.lineCap = 'round';
    m.stroke();
    m.restore();
  }

  // --- the frame -------------------------------------------------------

  private draw(): void {
    const ctx = this.ctx;
    const v = this.view;
    const e = this.editor;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = colours.page;
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.drawImage(this.map, v.originX, v.originY);

    v.useWorld(ctx);
    const px = 1 / v.scale; // one CSS pixel in world units
    ctx.strokeStyle = colours.mapEdge;
    ctx.lineWidth = 1.5 * px;
    ctx.strokeRect(0, 0, e.mapWidth, e.mapHeight);

    this.drawHover(px);
    this.drawTouchedCells(px);
    this.drawEdges(px);
    this.drawDoors(px);
    this.drawBoxes(px);
    this.drawLabels();
  }

  private drawHover(px: number): void {
    const { ctx, editor: e, hover } = this;
    if (hover.cell === null || hover.box >= 0) return;
    const [col, row] = hover.cell;
    const ts = e.tileSize;
    const x = col * ts;
    const y = row * ts;
    if (e.tool === 'door') {
      if (hover.side === null) return;
      const [x0, y0, x1, y1] = sideSegment(x, y, ts, hover.side);
      ctx.strokeStyle = colours.doorHover;
      ctx.lineWidth = 7 * px;
      ctx.lineCap = 'round';
      ctx.beginPath();
      ctx.moveTo(x0, y0);
      ctx.lineTo(x1, y1);
      ctx.stroke();
      return;
    }
    if (e.tool === 'erase') {
      ctx.fillStyle = colours.eraseGhost;
      ctx.fillRect(x, y, ts, ts);
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

  private drawTouchedCells(px: number): void {
    const { ctx, editor: e } = this;
    const ts = e.tileSize;
    const inset = 1.5 * px;
    this.highlighted = e.boxes.map((b, i) => {
      const drawn: number[] = [];
      ctx.fillStyle = boxColour(i, 0.14);
      ctx.strokeStyle = boxColour(i, 0.7);
      ctx.lineWidth = 1.5 * px;
      for (let c = 0; c + 1 < b.cells.length; c += 2) {
        const col = b.cells[c];
        const row = b.cells[c + 1];
        ctx.fillRect(col * ts, row * ts, ts, ts);
        ctx.strokeRect(col * ts + inset, row * ts + inset, ts - 2 * inset, ts - 2 * inset);
        drawn.push(col, row);
      }
      return drawn;
    });
  }

  private drawEdges(px: number): void {
    const { ctx, editor: e } = this;
    const edges = e.edges;
    const solid = new Path2D();
    const interesting = new Path2D();
    let count = 0;
    for (let i = 0; i + 5 <= edges.length; i += 5) {
      const path = edges[i + 4] === 1 ? solid : edges[i + 4] === 2 ? interesting : null;
      if (path === null) continue;
      path.moveTo(edges[i], edges[i + 1]);
      path.lineTo(edges[i + 2], edges[i + 3]);
      count += 1;
    }
    ctx.lineCap = 'round';
    ctx.lineWidth = 2.5 * px;
    ctx.strokeStyle = colours.interestingEdge;
    ctx.stroke(interesting);
    ctx.lineWidth = 3 * px;
    ctx.strokeStyle = colours.solidEdge;
    ctx.stroke(solid);
    this.drawnEdges = count;
  }

  private drawDoors(px: number): void {
    const { ctx, editor: e } = this;
    let count = 0;
    for (const door of e.doors.values()) {
      drawDoor(ctx, door, px);
      count += 1;
    }
    this.drawnDoors = count;
  }

  private drawBoxes(px: number): void {
    const { ctx, editor: e, hover } = this;
    this.pushShown = e.boxes.map(() => null);
    // Big boxes first, so a small one on top of a big one stays grabbable.
    const order = e.boxes.map((_, i) => i).sort((a, b) => area(e.boxes[b]) - area(e.boxes[a]));
    for (const i of order) {
      const b = e.boxes[i];
      const active = i === e.selected;
      if (b.pushX !== 0 || b.pushY !== 0) {
        // The ghost where pushOut would land it, and the arrow there.
        ctx.setLineDash([4 * px, 3 * px]);
        ctx.strokeStyle = boxColour(i, 0.95);
        ctx.lineWidth = 1.5 * px;
        ctx.strokeRect(b.x + b.pushX, b.y + b.pushY, b.w, b.h);
        ctx.setLineDash([]);
      }
      ctx.fillStyle = boxColour(i, 0.3);
      ctx.fillRect(b.x, b.y, b.w, b.h);
      ctx.strokeStyle = boxColour(i, 1);
      ctx.lineWidth = 1.5 * px;
      ctx.strokeRect(b.x, b.y, b.w, b.h);
      if (active || hover.box === i) {
        const pad = 3 * px;
        // The arrow keys' target wears the page's focus colour while the canvas has focus.
        ctx.strokeStyle = active && hover.focused ? colours.keyFocus : colours.focus;
        ctx.lineWidth = (active ? (hover.focused ? 2 : 1.5) : 1) * px;
        if (!active) ctx.setLineDash([3 * px, 3 * px]);
        ctx.strokeRect(b.x - pad, b.y - pad, b.w + 2 * pad, b.h + 2 * pad);
        ctx.setLineDash([]);
      }
      // The resize handle on the bottom-right corner.
      const hs = (hover.box === i && hover.handle ? HANDLE_PX + 2 : HANDLE_PX) * px;
      ctx.fillStyle = boxColour(i, 1);
      ctx.fillRect(b.x + b.w - hs / 2, b.y + b.h - hs / 2, hs, hs);
      ctx.strokeStyle = colours.page;
      ctx.lineWidth = px;
      ctx.strokeRect(b.x + b.w - hs / 2, b.y + b.h - hs / 2, hs, hs);
    }
    for (const i of order) {
      const b = e.boxes[i];
      if (b.pushX === 0 && b.pushY === 0) continue;
      const cx = b.x + b.w / 2;
      const cy = b.y + b.h / 2;
      drawArrow(ctx, cx, cy, cx + b.pushX, cy + b.pushY, px);
      this.pushShown[i] = [b.pushX, b.pushY];
    }
  }

  /** Name tags in CSS pixels, so text stays crisp and readable. */
  private drawLabels(): void {
    const { ctx, view: v, editor: e } = this;
    v.useCss(ctx);
    ctx.font = FONT;
    ctx.textBaseline = 'middle';
    e.boxes.forEach((b, i) => {
      const n = b.cells.length / 2;
      const text = `${b.name} · ${n} ${n === 1 ? 'cell' : 'cells'}`;
      const tw = ctx.measureText(text).width + 10;
      let lx = v.toCssX(b.x);
      // Above the box, unless the push-out ghost is there or the edge is near.
      const above = v.toCssY(Math.min(b.y, b.y + b.pushY)) - 14;
      const below = v.toCssY(Math.max(b.y, b.y + b.pushY) + b.h) + 14;
      let ly = b.pushY < 0 || above < 10 ? below : above;
      if (ly > v.cssHeight - 10) ly = above;
      lx = Math.min(lx, v.cssWidth - tw - 4);
      ctx.fillStyle = colours.labelBack;
      ctx.beginPath();
      ctx.roundRect(lx, ly - 9, tw, 18, 4);
      ctx.fill();
      ctx.fillStyle = boxColour(i, 1);
      ctx.fillRect(lx, ly - 9, 3, 18);
      ctx.fillStyle = colours.label;
      ctx.fillText(text, lx + 7, ly + 0.5);
    });
  }
}

function area(b: TileBox): number {
  return b.w * b.h;
}

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

/** Closed: a solid amber slab. Open: a dashed amber line between two posts. */
function drawDoor(ctx: CanvasRenderingContext2D, d: Door, px: number): void {
  ctx.lineCap = 'butt';
  if (d.state === 'closed') {
    ctx.strokeStyle = colours.door;
    ctx.lineWidth = 6 * px;
    line(ctx, d.x0, d.y0, d.x1, d.y1);
    ctx.strokeStyle = colours.page;
    ctx.lineWidth = 1.5 * px;
    line(ctx, d.x0, d.y0, d.x1, d.y1);
  } else {
    ctx.strokeStyle = colours.door;
    ctx.lineWidth = 2 * px;
    ctx.setLineDash([3 * px, 3 * px]);
    line(ctx, d.x0, d.y0, d.x1, d.y1);
    ctx.setLineDash([]);
  }
  ctx.fillStyle = colours.door;
  for (const [x, y] of [[d.x0, d.y0], [d.x1, d.y1]]) {
    ctx.beginPath();
    ctx.arc(x, y, 3 * px, 0, 2 * Math.PI);
    ctx.fill();
  }
}

function line(ctx: CanvasRenderingContext2D, x0: number, y0: number, x1: number, y1: number): void {
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
}

/** The push-out: a line with a head, on a dark underlay so it reads on any fill. */
function drawArrow(ctx: CanvasRenderingContext2D, x0: number, y0: number, x1: number, y1: number, px: number): void {
  const len = Math.hypot(x1 - x0, y1 - y0);
  if (len === 0) return;
  const ux = (x1 - x0) / len;
  const uy = (y1 - y0) / len;
  const head = Math.min(9 * px, Math.max(5 * px, len * 0.6));
  const path = new Path2D();
  path.moveTo(x0, y0);
  path.lineTo(x1, y1);
  path.moveTo(x1 - ux * head - uy * head * 0.55, y1 - uy * head + ux * head * 0.55);
  path.lineTo(x1, y1);
  path.lineTo(x1 - ux * head + uy * head * 0.55, y1 - uy * head - ux * head * 0.55);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = colours.page;
  ctx.lineWidth = 4.5 * px;
  ctx.stroke(path);
  ctx.strokeStyle = colours.pushArrow;
  ctx.lineWidth = 2 * px;
  ctx.stroke(path);
  ctx.fillStyle = colours.pushArrow;
  ctx.beginPath();
  ctx.arc(x0, y0, 2.5 * px, 0, 2 * Math.PI);
  ctx.fill();
}
