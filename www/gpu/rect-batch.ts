// A growable list of axis-aligned rectangles in world units — one instance
// each for the GPU's rectangle program — with an optional tone byte per
// rectangle (an index into the draw's palette). Filled by a layer in one
// loop over the core's views, uploaded once a frame; the arrays grow and are
// reused, so a warm frame allocates nothing.

export class RectBatch {
  /** x, y, w, h per rectangle. */
  rects = new Float32Array(4 * 256);
  /** One palette index per rectangle (used by draws that ask for tones). */
  tones = new Uint8Array(256);
  count = 0;
  /** Bumps on every clear, so an uploader knows its copy is stale. */
  revision = 0;

  clear(): void {
    this.count = 0;
    this.revision += 1;
  }

  push(x: number, y: number, w: number, h: number, tone = 0): void {
    if (this.count === this.tones.length) this.grow(this.count + 1);
    const at = 4 * this.count;
    const r = this.rects;
    r[at] = x;
    r[at + 1] = y;
    r[at + 2] = w;
    r[at + 3] = h;
    this.tones[this.count] = tone;
    this.count += 1;
  }

  /** Room for `capacity` rectangles without growing again this frame. */
  reserve(capacity: number): void {
    if (capacity > this.tones.length) this.grow(capacity);
  }

  private grow(capacity: number): void {
    const size = Math.max(capacity, 2 * this.tones.length);
    const rects = new Float32Array(4 * size);
    rects.set(this.rects.subarray(0, 4 * this.count));
    const tones = new Uint8Array(size);
    tones.set(this.tones.subarray(0, this.count));
    this.rects = rects;
    this.tones = tones;
  }
}
