// Boxes of a pixel or two, written straight into a pixel buffer. At 20k
// objects a canvas spends ~1 µs per fillRect or path rect (25 ms a frame
// in software); whole-pixel writes plus one blit take a few ms, and at this
// size anti-aliasing would only blur the boxes anyway. Only a region (the
// world's rectangle on screen) is cleared, uploaded and blitted. On a
// high-DPI screen a raster pixel is `unit` device pixels (the whole part of
// devicePixelRatio), scaled up without smoothing: as crisp, and at DPR 3
// nine times less to write (a one-device-pixel box would be invisible).

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

  /** Fills the device-pixel rectangle [x0, x1) × [y0, y1), clipped to the region. */
  fill(x0: number, y0: number, x1: number, y1: number, colour: number): void {
    const left = Math.max(this.left, x0);
    const right = Math.min(this.right, x1);
    const top = Math.max(this.top, y0);
    const bottom = Math.min(this.bottom, y1);
    const px = this.pixels;
    const width = this.width;
    for (let y = top; y < bottom; y++) {
      const row = y * width;
      for (let x = left; x < right; x++) px[row + x] = colour;
    }
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
