// Boxes of a pixel or two, written straight into a pixel buffer: a
// canvas call per box (fillRect or a path rect) is far dearer than a
// whole-pixel write, one blit shows them all, and at this size
// anti-aliasing would only blur the boxes anyway. Only a region (the
// world's rectangle on screen) is cleared, uploaded and blitted. On a
// high-DPI screen a raster pixel is `unit` device pixels (the whole part of
// devicePixelRatio), scaled up without smoothing: as crisp, and at DPR 3
// nine times less to write (a one-device-pixel box would be invisible).

/** What paintSlots reads: one frame's slot views and the world → raster transform. */
export interface SlotPass {
  boxes: Float64Array;
  layout: { stride: number; x: number; y: number; w: number; h: number };
  ids: Uint32Array;
  /** Per id, nonzero when the camera sees the box. */
  marks: Uint8Array;
  /** Raster px per world unit, and the raster offset. */
  k: number;
  ox: number;
  oy: number;
}

/**
 * Writes the boxes of slots `slots[from..to)` into the raster in whole
 * pixels (corners rounded as Math.round, at least one pixel each way),
 * `seen` where the camera sees the box, else `colour`. In a big scene
 * this loop is most of a frame's drawing, and what costs is not the
 * arithmetic but branches on the boxes' sizes, as irregular as the boxes:
 * a box inside the raster and at most 2 × 2 pixels (nearly every one when
 * boxes are drawn this way) takes a path that decides nothing per box,
 * and paints the same pixels as branching on each corner would.
 */
export function paintSlots(raster: PixelCanvas, pass: SlotPass, slots: Int32Array, from: number, to: number, colour: number, seen: number): void {
  const { boxes, ids, marks, k } = pass;
  const { stride, x: X, y: Y, w: Wd, h: Ht } = pass.layout;
  const { pixels, width, left, top, right, bottom } = raster;
  // Math.round(v) is Math.floor(v + 0.5): the half is added to the offsets once.
  const hx = pass.ox + 0.5;
  const hy = pass.oy + 0.5;
  // Corners (before rounding down) of a box wholly inside the raster:
  // floor(x0) >= left, and floor(x1) <= right once x1 is at least x0 + 1.
  // There every corner is at least 0, so `| 0` rounds it down as floor does.
  const rightOpen = right + 1;
  const bottomOpen = bottom + 1;
  for (let i = from; i < to; i++) {
    const s = slots[i];
    const at = stride * s;
    const x = boxes[at + X];
    const y = boxes[at + Y];
    const fx0 = x * k + hx;
    const fy0 = y * k + hy;
    const fx1 = (x + boxes[at + Wd]) * k + hx;
    const fy1 = (y + boxes[at + Ht]) * k + hy;
    const c = marks[ids[s]] !== 0 ? seen : colour;
    if (fx0 >= left && fy0 >= top && fx0 < right && fy0 < bottom && fx1 < rightOpen && fy1 < bottomOpen) {
      const x0 = fx0 | 0;
      const y0 = fy0 | 0;
      // At least one pixel each way, without a branch: x1 = max(x1, x0 + 1).
      let x1 = fx1 | 0;
      let y1 = fy1 | 0;
      const tx = x0 + 1 - x1;
      const ty = y0 + 1 - y1;
      x1 += tx & ~(tx >> 31);
      y1 += ty & ~(ty >> 31);
      const dx = x1 - x0 - 1;
      const dy = y1 - y0 - 1;
      if ((dx | dy) <= 1) {
        // One to four pixels: the four corners of a 2 × 2 block, some the same.
        const a = y0 * width + x0;
        const b = a + dy * width;
        pixels[a] = c;
        pixels[a + dx] = c;
        pixels[b] = c;
        pixels[b + dx] = c;
        continue;
      }
      fill(pixels, width, x0, y0, x1, y1, c);
      continue;
    }
    // Partly or wholly outside the raster: rounded and clipped.
    let x0 = Math.floor(fx0);
    let y0 = Math.floor(fy0);
    let x1 = Math.floor(fx1);
    let y1 = Math.floor(fy1);
    if (x1 <= x0) x1 = x0 + 1;
    if (y1 <= y0) y1 = y0 + 1;
    fill(pixels, width, Math.max(x0, left), Math.max(y0, top), Math.min(x1, right), Math.min(y1, bottom), c);
  }
}

/** Sets the pixels of [x0, x1) × [y0, y1) (nothing when empty). */
function fill(pixels: Uint32Array, width: number, x0: number, y0: number, x1: number, y1: number, c: number): void {
  for (let py = y0; py < y1; py++) {
    const row = py * width;
    for (let px = x0; px < x1; px++) pixels[row + px] = c;
  }
}

/** A CSS colour as a little-endian RGBA word for a Uint32Array over ImageData. */
export function packColour(css: string): number {
  const probe = document.createElement('canvas').getContext('2d');
  if (probe === null) return 0xffffffff;
  probe.fillStyle = css;
  probe.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
  return ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

export class PixelCanvas {
  private canvas = document.createElement('canvas');
  private ctx = this.canvas.getContext('2d');
  private image: ImageData | null = null;
  /** One word per device pixel, row-major, `width` a row. */
  pixels = new Uint32Array(0);
  width = 0;
  height = 0;
  /** Device pixels per raster pixel, each way. */
  unit = 1;
  /** The region this frame draws in: [left, right) × [top, bottom), raster px. */
  left = 0;
  top = 0;
  right = 0;
  bottom = 0;

  /**
   * Sizes the buffer to the target's device pixels over `unit` and clears
   * the region [left, right) × [top, bottom) (raster px, clipped to the
   * buffer), the only part `end` copies.
   */
  begin(deviceWidth: number, deviceHeight: number, unit = 1, left = 0, top = 0, right = Infinity, bottom = Infinity): void {
    this.unit = unit;
    const width = Math.ceil(deviceWidth / unit);
    const height = Math.ceil(deviceHeight / unit);
    if (this.image === null || width !== this.width || height !== this.height) {
      this.width = width;
      this.height = height;
      this.canvas.width = width;
      this.canvas.height = height;
      this.image = new ImageData(width, height);
      this.pixels = new Uint32Array(this.image.data.buffer);
    }
    this.left = Math.max(0, Math.min(width, Math.floor(left)));
    this.top = Math.max(0, Math.min(height, Math.floor(top)));
    this.right = Math.max(this.left, Math.min(width, Math.ceil(right)));
    this.bottom = Math.max(this.top, Math.min(height, Math.ceil(bottom)));
    const px = this.pixels;
    for (let y = this.top; y < this.bottom; y++) px.fill(0, y * width + this.left, y * width + this.right);
  }

  /** Composites the region over `target`, each raster pixel `unit` device pixels, unsmoothed. */
  end(target: CanvasRenderingContext2D): void {
    if (this.image === null || this.ctx === null) return;
    const w = this.right - this.left;
    const h = this.bottom - this.top;
    if (w <= 0 || h <= 0) return;
    this.ctx.putImageData(this.image, 0, 0, this.left, this.top, w, h);
    const u = this.unit;
    target.setTransform(1, 0, 0, 1, 0, 0);
    target.imageSmoothingEnabled = false;
    target.drawImage(this.canvas, this.left, this.top, w, h, this.left * u, this.top * u, w * u, h * u);
  }
}
