// The tile map as every mode that shows one draws it: cells, each tile's
// exact shape, the cell-edge states (solid red, interesting grey) and the
// doors, read from the core's `TileGrid`. The picture is cached in an
// offscreen canvas at whole device pixels per tile (the viewport snaps to
// the tile size) and kept up to date from the core's change journal: after
// an edit only the cells `changedCellsSince` names are repainted, with the
// edge lines around them — nothing about the map is copied or diffed here.
// The cache covers the visible cells and a margin; panning past it, zooming
// or a new map repaints it whole.

import { TileGrid, viewLayout, World } from '../core/index';
import type { DrawContext, Layer } from '../runtime/renderer';
import { useWorldSpace } from '../runtime/renderer';
import { theme } from '../runtime/theme';

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
    if (ctx === null) throw new Error('this browser has no 2D canvas');
    this.cacheCtx = ctx;
  }

  draw(dc: DrawContext<TileMapModel>): void {
    const { ctx, viewport: v, tiles } = dc;
    const ts = tiles.tileSize;
    const unitPx = Math.round(v.scale * ts * v.dpr);
    const gridKey = `${tiles.cols}×${tiles.rows}×${ts}`;
    const [wx0, wy0, wx1, wy1] = v.visibleWorld();
    const visible = {
      col0: clampInt(Math.floor(wx0 / ts), 0, tiles.cols),
      row0: clampInt(Math.floor(wy0 / ts), 0, tiles.rows),
      col1: clampInt(Math.ceil(wx1 / ts), 0, tiles.cols),
      row1: clampInt(Math.ceil(wy1 / ts), 0, tiles.rows),
    };
    const r = this.range;
    const covered = r !== null && visible.col0 >= r.col0 && visible.row0 >= r.row0 && visible.col1 <= r.col1 && visible.row1 <= r.row1;
    const changed = tiles.revision === this.revision ? new Uint32Array(0) : tiles.changedCellsSince(this.revision);
    if (!covered || unitPx !== this.unitPx || v.dpr !== this.dpr || gridKey !== this.gridKey || changed === undefined) {
      this.dpr = v.dpr;
      this.repaintAll(tiles, visible, unitPx);
      this.gridKey = gridKey;
    } else if (changed.length > 0) {
      this.repaintCells(tiles, changed.slice());
    }
    this.revision = tiles.revision;
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
    const shapes = tiles.tileIndices();
    let cells = 0;
    for (let row = range.row0; row < range.row1; row++) {
      for (let col = range.col0; col < range.col1; col++) {
        this.paintCell(col, row, shapes[row * tiles.cols + col]);
        cells += 1;
      }
    }
    const lines = tiles.edgeLines(range.col0, range.row0, range.col1, range.row1);
    this.paintEdgeLines(lines, tiles.tileSize);
    this.cellsRedrawn = cells;
    this.edgesRead = lines.length / viewLayout('edgeLines', []).stride;
    this.fullRepaints += 1;
  }

  /** Repaints the listed cells (`[col, row, …]`), each clipped to itself, with every edge around it. */
  private repaintCells(tiles: TileGrid, cells: Uint32Array): void {
    const r = this.range;
    if (r === null) return;
    const m = this.cacheCtx;
    let painted = 0;
    let edges = 0;
    const stride = viewLayout('edgeLines', []).stride;
    for (let i = 0; i + 1 < cells.length; i += 2) {
      const col = cells[i];
      const row = cells[i + 1];
      if (col < r.col0 || col >= r.col1 || row < r.row0 || row >= r.row1) continue;
      const [x, y] = this.cellOrigin(col, row);
      m.save();
      m.setTransform(1, 0, 0, 1, 0, 0);
      m.beginPath();
      m.rect(x, y, this.unitPx, this.unitPx);
      m.clip();
      this.paintCell(col, row, this.shapeCode(tiles.tile(col, row)));
      // Strokes of the edges around the cell reach into it: its neighbours' too.
      const lines = tiles.edgeLines(Math.max(0, col - 1), Math.max(0, row - 1), Math.min(tiles.cols, col + 2), Math.min(tiles.rows, row + 2));
      this.paintEdgeLines(lines, tiles.tileSize);
      m.restore();
      painted += 1;
      edges += lines.length / stride;
    }
    this.cellsRedrawn = painted;
    this.edgesRead = edges;
    this.partialRepaints += 1;
  }

  private cellOrigin(col: number, row: number): [number, number] {
    const r = this.range as CacheRange;
    return [(col - r.col0) * this.unitPx, (row - r.row0) * this.unitPx];
  }

  private shapeCode(name: string): number {
    return this.shapeNames.indexOf(name);
  }

  private paintCell(col: number, row: number, shape: number): void {
    const m = this.cacheCtx;
    const u = this.unitPx;
    const [x, y] = this.cellOrigin(col, row);
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
  private paintEdgeLines(lines: Float64Array, tileSize: number): void {
    const m = this.cacheCtx;
    const r = this.range as CacheRange;
    const E = viewLayout('edgeLines', ['x0', 'y0', 'x1', 'y1', 'state', 'door']);
    const k = this.unitPx / tileSize;
    const ox = -r.col0 * this.unitPx;
    const oy = -r.row0 * this.unitPx;
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
