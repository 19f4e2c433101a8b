// The animation-frame loop the canvases share: one requestAnimationFrame at
// a time, none while off screen or after stop, and the simulation's clock.
// Simulated time comes in fixed ticks of TICK_SECONDS whatever the display's
// frame rate, so the same ticks give the same world on every machine (a
// link names a moment by its tick): each frame hands the scene the whole
// ticks its elapsed time paid for, the remainder carried to the next.
// A slow frame never spirals: at most MAX_TICKS_PER_FRAME ticks are due in
// one frame and older time is dropped (the simulation slows down instead),
// and hidden or paused time is not simulated at all.

/** One tick of simulated time, seconds. */
export const TICK_SECONDS = 1 / 60;
/** The most ticks one frame may owe; time beyond them is dropped. */
export const MAX_TICKS_PER_FRAME = 4;
/**
 * A frame whose time is within this share of a tick of a whole number of
 * ticks pays for exactly that many and carries nothing: display frames
 * come a little early or late, and a 60 Hz display must see one tick every
 * frame, not now and then none and two (carried jitter would wander off).
 * Other frame rates carry what is left over, so they average out.
 */
const TICK_SLACK = 0.1;

/** Elapsed time into whole ticks: what each frame owes, the rest carried. */
export class TickClock {
  /** Elapsed time not yet paid out in ticks, seconds. */
  private carried = 0;

  /** The ticks `elapsed` more seconds pay for, with what is left carried (and what is beyond the cap dropped). */
  ticksFor(elapsed: number): number {
    const due = Math.min(this.carried + elapsed, MAX_TICKS_PER_FRAME * TICK_SECONDS) / TICK_SECONDS;
    const whole = Math.round(due);
    const ticks = Math.abs(due - whole) <= TICK_SLACK ? whole : Math.floor(due);
    this.carried = ticks === whole && Math.abs(due - whole) <= TICK_SLACK ? 0 : (due - ticks) * TICK_SECONDS;
    return ticks;
  }

  /** Nothing carried. */
  restart(): void {
    this.carried = 0;
  }
}

export class FrameLoop {
  /** Frames run since start. */
  frame = 0;
  private rafId = 0;
  private lastTime: number | null = null;
  private readonly clock = new TickClock();
  private hidden = false;
  private stopped = false;

  /** `onFrame(now, ticks)` gets the whole ticks of simulated time due this frame (0 to MAX_TICKS_PER_FRAME). */
  constructor(private readonly onFrame: (now: number, ticks: number) => void) {}

  start(): void {
    if (!this.stopped && !this.hidden && this.rafId === 0) this.rafId = requestAnimationFrame(this.tick);
  }

  /** Off screen (false): no frames until visible again; the clock restarts then. */
  setVisible(visible: boolean): void {
    this.hidden = !visible;
    if (visible) {
      this.restartClock();
      this.start();
    } else {
      this.cancel();
    }
  }

  /** The next frame owes no ticks (after a pause, say): time starts counting from it. */
  restartClock(): void {
    this.lastTime = null;
    this.clock.restart();
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
    const elapsed = this.lastTime === null ? 0 : Math.max(0, (now - this.lastTime) / 1000);
    this.lastTime = now;
    this.frame += 1;
    try {
      this.onFrame(now, this.clock.ticksFor(elapsed));
    } finally {
      // A throwing frame must not stop the loop.
      this.rafId = this.stopped || this.hidden ? 0 : requestAnimationFrame(this.tick);
    }
  };
}
