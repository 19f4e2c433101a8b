// Boxes of a pixel or two, written straight into a pixel buffer. At 20k
// objects a canvas spends ~1 µs per fillRect or path rect (25 ms a frame
// in software); whole-pixel writes plus one blit take a few ms, and at this
// size anti-aliasing would only blur the boxes anyway.

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
  /** One word per device pixel, row-major. */
  pixels = new Uint32Array(0);
  width = 0;
  height = 0;

  /** Sizes the buffer to the target's device pixels and clears it. */
  begin(width: number, height: number): void {
    if (this.image === null || width !== this.width || height !== this.height) {
      this.width = width;
      this.height = height;
      this.canvas.width = width;
      this.canvas.height = height;
      this.image = new ImageData(width, height);
      this.pixels = new Uint32Array(this.image.data.buffer);
    } else {
      this.pixels.fill(0);
    }
  }

  /** Fills the device-pixel rectangle [x0, x1) × [y0, y1), clipped. */
  fill(x0: number, y0: number, x1: number, y1: number, colour: number): void {
    const left = Math.max(0, x0);
    const right = Math.min(this.width, x1);
    const top = Math.max(0, y0);
    const bottom = Math.min(this.height, y1);
    const px = this.pixels;
    for (let y = top; y < bottom; y++) {
      const row = y * this.width;
      for (let x = left; x < right; x++) px[row + x] = colour;
    }
  }

  /** Composites the buffer over `target` (device-pixel transform expected). */
  end(target: CanvasRenderingContext2D): void {
    if (this.image === null || this.ctx === null) return;
    this.ctx.putImageData(this.image, 0, 0);
    target.setTransform(1, 0, 0, 1, 0, 0);
    target.drawImage(this.canvas, 0, 0);
  }
}
