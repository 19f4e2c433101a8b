// A mean over the last N samples, for timings that jitter frame to frame.

export class RollingMean {
  private readonly samples: Float64Array;
  private next = 0;
  private filled = 0;
  private sum = 0;

  constructor(size: number) {
    this.samples = new Float64Array(size);
  }

  push(value: number): void {
    this.sum += value - this.samples[this.next];
    this.samples[this.next] = value;
    this.next = (this.next + 1) % this.samples.length;
    this.filled = Math.min(this.filled + 1, this.samples.length);
  }

  /** The mean, or NaN before the first sample. */
  get mean(): number {
    return this.filled === 0 ? NaN : this.sum / this.filled;
  }

  clear(): void {
    this.samples.fill(0);
    this.next = 0;
    this.filled = 0;
    this.sum = 0;
  }
}
