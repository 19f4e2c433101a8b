// A growable list of axis-aligned rectangles in world units — one instance
// each for the GPU's rectangle program. Filled by a layer in one loop over
// the core's views, uploaded once a frame; the array grows and is reused,
// so a warm frame allocates nothing.

export class RectBatch {
  /** x, y, w, h per rectangle. */
  rects = new Float32Array(4 * 256);
  count = 0;
  /** Bumps on every clear, so an uploader knows its copy is stale. */
  revision = 0;

  clear(): void {
    this.count = 0;
    this.revision += 1;
  }

  /** Rectangles the array has room for. */
  get capacity(): number {
    return this.rects.length / 4;
  }

  push(x: number, y: number, w: number, h: number): void {
    if (this.count === this.capacity) this.grow(this.count + 1);
    const at = 4 * this.count;
    const r = this.rects;
    r[at] = x;
    r[at + 1] = y;
    r[at + 2] = w;
    r[at + 3] = h;
    this.count += 1;
  }

  /** Room for `capacity` rectangles without growing again this frame. */
  reserve(capacity: number): void {
    if (capacity > this.capacity) this.grow(capacity);
  }

  private grow(capacity: number): void {
    const rects = new Float32Array(4 * Math.max(capacity, 2 * this.capacity));
    rects.set(this.rects.subarray(0, 4 * this.count));
    this.rects = rects;
  }
}
