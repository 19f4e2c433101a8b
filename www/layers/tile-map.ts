// The tile map as every mode that shows one draws it: cells, each tile's
// exact shape, the cell-edge states (solid red, interesting grey) and the
// doors, read from the core's `TileGrid`. The picture is cached in an
// offscreen canvas at whole device pixels per tile (the viewport snaps to
// the tile size) and kept up to date from the core's change journal: after
// an edit only the cells `changedCellsSince` names are repainted, with the
// edge lines around them — nothing about the map is copied or diffed here.
// A partial repaint paints the changed block and a ring around it exactly
// as the full repaint would (unclipped, on a scratch canvas) and copies the
// pixels that can differ, so it matches a full repaint pixel for pixel.
// The cache covers the visible cells and a margin; panning past it, zooming,
// a new map or a new palette repaints it whole.

import { TileGrid, viewLayout, World } from '../core/index';
import type { DrawContext, Layer } from '../runtime/renderer';
import { useWorldSpace } from '../runtime/renderer';
import { theme, themeName } from '../runtime/theme';

/** What the layer draws from. */
export interface TileMapModel {
  readonly tiles: TileGrid;
}

/** Cells of margin the cache keeps beyond the visible ones, so small pans reuse it. */
const MARGIN_CELLS = 6;
/** Widths in CSS px. */
const SOLID_PX = 3;
const INTERESTING_PX = 2.5;
const CLOSED_DOOR_PX = 6;

interface CacheRange {
  col0: number;
  row0: number;
  col1: number;
  row1: number;
}

/** Where cells are painted: a 2D context whose pixel (0, 0) is cell (col0, row0)'s corner. */
interface Surface {
  ctx: CanvasRenderingContext2D;
  col0: number;
  row0: number;
}

/** A shape's unit outline, and the pieces of it that are faces (not along a cell side). */
interface ShapeLook {
  outline: Float64Array;
  faces: number[];
}

export class TileMapLayer implements Layer<TileMapModel> {
  readonly name = 'tile-map';
  readonly order = 5;
  enabled = true;

  // What the last cache update did (the debug handles and tests read these).
  /** Cells repainted by the last update (all cached cells after a full repaint). */
  cellsRedrawn = 0;
  /** Edge records read from the core by the last update. */
  edgesRead = 0;
  /** Full repaints so far (a new map, a zoom, a pan past the cache). */
  fullRepaints = 0;
  /** Partial (changed cells only) repaints so far. */
  partialRepaints = 0;

  private readonly cache = document.createElement('canvas');
  private readonly cacheCtx: CanvasRenderingContext2D;
  /** Where a partial repaint paints its block before copying it into the cache. */
  private readonly scratch = document.createElement('canvas');
  private readonly scratchCtx: CanvasRenderingContext2D;
  private range: CacheRange | null = null;
  private unitPx = 0;
  /** The map revision the cache shows (-1 before the first frame). */
  revision = -1;
  private gridKey = '';
  private looks = new Map<number, ShapeLook>();
  private looksSegments = 0;
  /** Device pixels per CSS pixel the cache was painted at. */
  private dpr = 1;
  // Names of the codes in the views, read once from the core.
  private readonly shapeNames = TileGrid.shapes();
  private readonly solidCode = World.edgeStates().indexOf('solid');
  private readonly interestingCode = World.edgeStates().indexOf('interesting');
  private readonly closedDoorCode = TileGrid.doorStates().indexOf('closed');

  constructor() {
    const ctx = this.cache.getContext('2d', { alpha: false });
    const scratch = this.scratch.getContext('2d', { alpha: false });
    if (ctx === null || scratch === null) throw new Error('this browser has no 2D canvas');
    this.cacheCtx = ctx;
    this.scratchCtx = scratch;
  }

  draw(dc: DrawContext<TileMapModel>): void {
    const { ctx, viewport: v } = dc;
    const { tiles } = dc.model;
    const ts = tiles.tileSize;
    const unitPx = Math.round(v.scale * ts * v.dpr);
    // The palette too: an embed's theme can switch under a cached map.
    const gridKey = `${tiles.cols}×${tiles.rows}×${ts}×${themeName()}`;
    const [wx0, wy0, wx1, wy1] = v.visibleWorld();
    const visible = {
      col0: clampInt(Math.floor(wx0 / ts), 0, tiles.cols),
      row0: clampInt(Math.floor(wy0 / ts), 0, tiles.rows),
      col1: clampInt(Math.ceil(wx1 / ts), 0, tiles.cols),
      row1: clampInt(Math.ceil(wy1 / ts), 0, tiles.rows),
    };
    const r = this.range;
    const covered = r !== null && visible.col0 >= r.col0 && visible.row0 >= r.row0 && visible.col1 <= r.col1 && visible.row1 <= r.row1;
    // Before the first frame there is no revision to ask about (the core
    // refuses -1): everything is painted.
    const changed =
      this.revision < 0 ? undefined : tiles.revision === this.revision ? new Uint32Array(0) : tiles.changedCellsSince(this.revision);
    if (!covered || unitPx !== this.unitPx || v.dpr !== this.dpr || gridKey !== this.gridKey || changed === undefined) {
      this.dpr = v.dpr;
      this.repaintAll(tiles, visible, unitPx);
      this.gridKey = gridKey;
    } else if (changed.length > 0) {
      this.repaintCells(tiles, changed.slice());
    }
    this.revision = tiles.revision;
    // The bottom layer: the page colour first, or the last frame (a rim
    // stroked again and again, a map zoomed away from) would show through.
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = theme.page;
    ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
    const c = this.range;
    if (c === null || c.col1 <= c.col0 || c.row1 <= c.row0) return;
    // The map's rim under the cache: its outer half shows, the edges drawn
    // along the border stay on top.
    useWorldSpace(dc);
    ctx.strokeStyle = theme.worldEdge;
    ctx.lineWidth = 3 / v.scale;
    ctx.strokeRect(0, 0, tiles.cols * ts, tiles.rows * ts);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(this.cache, Math.round(v.dpr * v.toCanvasX(c.col0 * ts)), Math.round(v.dpr * v.toCanvasY(c.row0 * ts)));
  }

  // --- the cache ---------------------------------------------------------

  private repaintAll(tiles: TileGrid, visible: CacheRange, unitPx: number): void {
    const range = {
      col0: Math.max(0, visible.col0 - MARGIN_CELLS),
      row0: Math.max(0, visible.row0 - MARGIN_CELLS),
      col1: Math.min(tiles.cols, visible.col1 + MARGIN_CELLS),
      row1: Math.min(tiles.rows, visible.row1 + MARGIN_CELLS),
    };
    this.range = range;
    this.unitPx = unitPx;
    this.cache.width = Math.max(1, (range.col1 - range.col0) * unitPx);
    this.cache.height = Math.max(1, (range.row1 - range.row0) * unitPx);
    const segments = Math.min(32, Math.max(8, Math.round(unitPx / 3)));
    if (segments !== this.looksSegments) {
      this.looks.clear();
      this.looksSegments = segments;
    }
    // Every shape's look first: fetching one calls the core, which may move
    // wasm memory and detach the view read next.
    for (let code = 1; code < this.shapeNames.length; code++) this.look(code);
    const lines = this.paintBlock({ ctx: this.cacheCtx, col0: range.col0, row0: range.row0 }, tiles, range);
    this.cellsRedrawn = (range.col1 - range.col0) * (range.row1 - range.row0);
    this.edgesRead = lines;
    this.fullRepaints += 1;
  }

  /**
   * Paints the cells of `block` in row order, then the edge lines of the
   * block, onto `surface`: the one way the cache is ever painted. Returns
   * the number of edge records read.
   */
  private paintBlock(surface: Surface, tiles: TileGrid, block: CacheRange): number {
    const shapes = tiles.tileIndices();
    for (let row = block.row0; row < block.row1; row++) {
      for (let col = block.col0; col < block.col1; col++) this.paintCell(surface, col, row, shapes[row * tiles.cols + col]);
    }
    const lines = tiles.edgeLines(block.col0, block.row0, block.col1, block.row1);
    this.paintEdgeLines(surface, lines, tiles.tileSize);
    return lines.length / viewLayout('edgeLines', []).stride;
  }

  /**
   * Repaints around the listed cells (`[col, row, …]`). Strokes reach up
   * to one cell beyond their own (surface lines, round and square caps),
   * so the pixels that can change are those of the changed cells' block
   * and the ring around it; those depend on one ring more. That outer
   * block is painted on the scratch canvas exactly as a full repaint paints
   * it, and the inner block is copied into the cache.
   */
  private repaintCells(tiles: TileGrid, cells: Uint32Array): void {
    const r = this.range;
    if (r === null || cells.length < 2) return;
    let [c0, r0, c1, r1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let i = 0; i + 1 < cells.length; i += 2) {
      c0 = Math.min(c0, cells[i]);
      r0 = Math.min(r0, cells[i + 1]);
      c1 = Math.max(c1, cells[i] + 1);
      r1 = Math.max(r1, cells[i + 1] + 1);
    }
    const grow = (b: CacheRange, by: number): CacheRange => ({
      col0: Math.max(r.col0, b.col0 - by),
      row0: Math.max(r.row0, b.row0 - by),
      col1: Math.min(r.col1, b.col1 + by),
      row1: Math.min(r.row1, b.row1 + by),
    });
    const inner = grow({ col0: c0, row0: r0, col1: c1, row1: r1 }, 1);
    if (inner.col1 <= inner.col0 || inner.row1 <= inner.row0) return;
    const outer = grow(inner, 1);
    const u = this.unitPx;
    this.scratch.width = (outer.col1 - outer.col0) * u;
    this.scratch.height = (outer.row1 - outer.row0) * u;
    this.edgesRead = this.paintBlock({ ctx: this.scratchCtx, col0: outer.col0, row0: outer.row0 }, tiles, outer);
    const w = (inner.col1 - inner.col0) * u;
    const h = (inner.row1 - inner.row0) * u;
    const m = this.cacheCtx;
    m.setTransform(1, 0, 0, 1, 0, 0);
    m.drawImage(this.scratch, (inner.col0 - outer.col0) * u, (inner.row0 - outer.row0) * u, w, h, (inner.col0 - r.col0) * u, (inner.row0 - r.row0) * u, w, h);
    this.cellsRedrawn = (inner.col1 - inner.col0) * (inner.row1 - inner.row0);
    this.partialRepaints += 1;
  }

  private cellOrigin(surface: Surface, col: number, row: number): [number, number] {
    return [(col - surface.col0) * this.unitPx, (row - surface.row0) * this.unitPx];
  }

  private paintCell(surface: Surface, col: number, row: number, shape: number): void {
    const m = surface.ctx;
    const u = this.unitPx;
    const [x, y] = this.cellOrigin(surface, col, row);
    m.setTransform(1, 0, 0, 1, 0, 0);
    m.fillStyle = theme.tileCell;
    m.fillRect(x, y, u, u);
    // The faint grid: each cell draws its own top and left line.
    const line = Math.max(1, Math.round(u / 24));
    m.fillStyle = theme.tileGrid;
    m.fillRect(x, y, u, line);
    m.fillRect(x, y + line, line, u - line);
    const look = this.look(shape);
    if (look === null) return;
    m.setTransform(u, 0, 0, u, x, y);
    const o = look.outline;
    m.beginPath();
    m.moveTo(o[0], o[1]);
    for (let p = 2; p < o.length; p += 2) m.lineTo(o[p], o[p + 1]);
    m.closePath();
    m.fillStyle = theme.tile;
    m.fill();
    if (look.faces.length > 0) {
      m.beginPath();
      for (let f = 0; f < look.faces.length; f += 4) {
        m.moveTo(look.faces[f], look.faces[f + 1]);
        m.lineTo(look.faces[f + 2], look.faces[f + 3]);
      }
      m.strokeStyle = theme.tileSurface;
      m.lineWidth = Math.max(1.5, u / 20) / u;
      m.lineCap = 'round';
      m.stroke();
    }
  }

  /** A shape's outline in the unit tile (from the core) and its faces; null for empty. */
  private look(shape: number): ShapeLook | null {
    if (shape <= 0) return null;
    let look = this.looks.get(shape);
    if (look === undefined) {
      const outline = TileGrid.shapeOutline(this.shapeNames[shape], this.looksSegments);
      const faces: number[] = [];
      const n = outline.length / 2;
      // A piece along a cell side is an edge's job (its state colours it).
      const onSide = (a: number, b: number) => a === b && (a === 0 || a === 1);
      for (let p = 0; p < n; p++) {
        const q = (p + 1) % n;
        const [ax, ay, bx, by] = [outline[2 * p], outline[2 * p + 1], outline[2 * q], outline[2 * q + 1]];
        if (onSide(ax, bx) || onSide(ay, by)) continue;
        faces.push(ax, ay, bx, by);
      }
      look = { outline, faces };
      this.looks.set(shape, look);
    }
    return look.outline.length >= 6 ? look : null;
  }

  /** Edge states and doors from `edgeLines` records, in cache pixels. */
  private paintEdgeLines(surface: Surface, lines: Float64Array, tileSize: number): void {
    const m = surface.ctx;
    const E = viewLayout('edgeLines', ['x0', 'y0', 'x1', 'y1', 'state', 'door']);
    const k = this.unitPx / tileSize;
    const ox = -surface.col0 * this.unitPx;
    const oy = -surface.row0 * this.unitPx;
    const solid = new Path2D();
    const interesting = new Path2D();
    const doors: number[] = [];
    for (let i = 0; i + E.stride <= lines.length; i += E.stride) {
      const x0 = lines[i + E.x0] * k + ox;
      const y0 = lines[i + E.y0] * k + oy;
      const x1 = lines[i + E.x1] * k + ox;
      const y1 = lines[i + E.y1] * k + oy;
      if (lines[i + E.door] !== 0) doors.push(x0, y0, x1, y1, lines[i + E.door]);
      else if (lines[i + E.state] === this.solidCode) segment(solid, x0, y0, x1, y1);
      else if (lines[i + E.state] === this.interestingCode) segment(interesting, x0, y0, x1, y1);
    }
    const px = this.dpr;
    m.setTransform(1, 0, 0, 1, 0, 0);
    m.lineCap = 'square';
    m.lineWidth = INTERESTING_PX * px;
    m.strokeStyle = theme.interestingEdge;
    m.stroke(interesting);
    m.lineWidth = SOLID_PX * px;
    m.strokeStyle = theme.solidEdge;
    m.stroke(solid);
    for (let d = 0; d < doors.length; d += 5) drawDoor(m, doors[d], doors[d + 1], doors[d + 2], doors[d + 3], doors[d + 4] === this.closedDoorCode, px);
  }
}

function segment(path: Path2D, x0: number, y0: number, x1: number, y1: number): void {
  path.moveTo(x0, y0);
  path.lineTo(x1, y1);
}

/** Closed: a solid amber slab. Open: a dashed amber line between two posts. */
function drawDoor(m: CanvasRenderingContext2D, x0: number, y0: number, x1: number, y1: number, closed: boolean, px: number): void {
  m.lineCap = 'butt';
  m.beginPath();
  m.moveTo(x0, y0);
  m.lineTo(x1, y1);
  if (closed) {
    m.strokeStyle = theme.door;
    m.lineWidth = CLOSED_DOOR_PX * px;
    m.stroke();
    m.strokeStyle = theme.page;
    m.lineWidth = 1.5 * px;
    m.stroke();
  } else {
    m.strokeStyle = theme.door;
    m.lineWidth = 2 * px;
    m.setLineDash([3 * px, 3 * px]);
    m.stroke();
    m.setLineDash([]);
  }
  m.fillStyle = theme.door;
  for (const [x, y] of [
    [x0, y0],
    [x1, y1],
  ]) {
    m.beginPath();
    m.arc(x, y, 3 * px, 0, 2 * Math.PI);
    m.fill();
  }
}

function clampInt(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}
