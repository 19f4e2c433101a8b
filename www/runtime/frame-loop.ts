// The animation-frame loop the canvases share: one requestAnimationFrame at
// a time, none while off screen or after stop, and a clock that restarts
// rather than simulating hidden or paused time in one jump.

/** Longest simulated step after a stall (tab hidden, debugger), seconds. */
export const MAX_FRAME_DT = 1 / 20;

export class FrameLoop {
  /** Frames run since start. */
  frame = 0;
  private rafId = 0;
  private lastTime: number | null = null;
  private hidden = false;
  private stopped = false;

  /** `onFrame(now, dt)` gets the elapsed seconds, capped at MAX_FRAME_DT. */
  constructor(private readonly onFrame: (now: number, dt: number) => void) {}

  start(): void {
    if (!this.stopped && !this.hidden && this.rafId === 0) this.rafId = requestAnimationFrame(this.tick);
  }

  /** Off screen (false): no frames until visible again; the clock restarts then. */
  setVisible(visible: boolean): void {
    this.hidden = !visible;
    if (visible) {
      this.lastTime = null;
      this.start();
    } else {
      this.cancel();
    }
  }

  /** The next frame simulates no elapsed time (after a pause, say). */
  restartClock(): void {
    this.lastTime = null;
  }

  /** Ends the loop for good. */
  stop(): void {
    this.stopped = true;
    this.cancel();
  }

  private cancel(): void {
    cancelAnimationFrame(this.rafId);
    this.rafId = 0;
  }

  private readonly tick = (now: number): void => {
    if (this.stopped) return;
    const elapsed = this.lastTime === null ? 0 : (now - this.lastTime) / 1000;
    this.lastTime = now;
    this.frame += 1;
    try {
      this.onFrame(now, Math.min(elapsed, MAX_FRAME_DT));
    } finally {
      // A throwing frame must not stop the loop.
      this.rafId = this.stopped || this.hidden ? 0 : requestAnimationFrame(this.tick);
    }
  };
}
