// World units ↔ canvas pixels for the tile editor: the map fitted into the
// canvas with a whole number of device pixels per tile and its corner on a
// device pixel, so cell lines are crisp and one tile can be redrawn alone
// without seams.

const MARGIN_CSS = 16;
const MIN_CELL_PX = 4;

export class TileView {
  /** Canvas size in CSS pixels, and device pixels per CSS pixel. */
  cssWidth = 1;
  cssHeight = 1;
  dpr = 1;
  /** Device pixels per tile (whole). */
  cellPx = MIN_CELL_PX;
  /** The map's top-left corner in device pixels (whole). */
  originX = 0;
  originY = 0;
  tileSize = 1;
  cols = 1;
  rows = 1;

  /** Fits a `cols × rows` map of `tileSize` tiles; true if anything changed. */
  layout(cssWidth: number, cssHeight: number, dpr: number, cols: number, rows: number, tileSize: number): boolean {
    const before = [this.cellPx, this.originX, this.originY, this.cssWidth, this.cssHeight, this.dpr, this.tileSize, this.cols, this.rows].join();
    this.cssWidth = Math.max(1, cssWidth);
    this.cssHeight = Math.max(1, cssHeight);
    this.dpr = dpr;
    this.cols = Math.max(1, cols);
    this.rows = Math.max(1, rows);
    this.tileSize = tileSize;
    const room = (css: number) => Math.max(0, css - 2 * MARGIN_CSS) * dpr;
    this.cellPx = Math.max(MIN_CELL_PX, Math.floor(Math.min(room(this.cssWidth) / this.cols, room(this.cssHeight) / this.rows)));
    this.originX = Math.round((this.cssWidth * dpr - this.cellPx * this.cols) / 2);
    this.originY = Math.round((this.cssHeight * dpr - this.cellPx * this.rows) / 2);
    return before !== [this.cellPx, this.originX, this.originY, this.cssWidth, this.cssHeight, this.dpr, this.tileSize, this.cols, this.rows].join();
  }

  /** Device pixels per world unit. */
  get unitPx(): number {
    return this.cellPx / this.tileSize;
  }

  /** CSS pixels per world unit. */
  get scale(): number {
    return this.unitPx / this.dpr;
  }

  get mapWidth(): number {
    return this.cols * this.tileSize;
  }

  get mapHeight(): number {
    return this.rows * this.tileSize;
  }

  /** World point → canvas CSS pixels. */
  toCssX(x: number): number {
    return (this.originX + x * this.unitPx) / this.dpr;
  }

  toCssY(y: number): number {
    return (this.originY + y * this.unitPx) / this.dpr;
  }

  /** Canvas CSS pixels → world point. */
  toWorldX(px: number): number {
    return (px * this.dpr - this.originX) / this.unitPx;
  }

  toWorldY(py: number): number {
    return (py * this.dpr - this.originY) / this.unitPx;
  }

  /** The cell under a world point, or null off the map. */
  cellAt(x: number, y: number): [number, number] | null {
    const col = Math.floor(x / this.tileSize);
    const row = Math.floor(y / this.tileSize);
    return col >= 0 && row >= 0 && col < this.cols && row < this.rows ? [col, row] : null;
  }

  /** Transform for drawing in world units. */
  useWorld(ctx: CanvasRenderingContext2D): void {
    const k = this.unitPx;
    ctx.setTransform(k, 0, 0, k, this.originX, this.originY);
  }

  /** Transform for drawing in CSS pixels. */
  useCss(ctx: CanvasRenderingContext2D): void {
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
  }
}
