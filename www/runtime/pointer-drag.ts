// One captured pointer at a time on a canvas: the drag plumbing the inputs share.

/** Where a pointer or wheel event is, in canvas CSS px. */
export function canvasPoint(canvas: HTMLCanvasElement, e: PointerEvent | WheelEvent): [number, number] {
  const r = canvas.getBoundingClientRect();
  return [e.clientX - r.left, e.clientY - r.top];
}

/** What an input does with its canvas's pointer; (px, py) are canvas CSS px. */
export interface PointerDragHandlers {
  /** A press while no drag is under way; return true to start a drag with this pointer. */
  start(e: PointerEvent, px: number, py: number): boolean;
  /** The dragged pointer moved. */
  drag(e: PointerEvent, px: number, py: number): void;
  /** A pointer moved while no drag is under way. */
  hover(e: PointerEvent, px: number, py: number): void;
  /** The drag ended: `released` when its pointer went up, false when cancelled or its capture was lost. */
  end(e: PointerEvent, px: number, py: number, released: boolean): void;
  /** A pointer left the canvas while no drag is under way. */
  leave(e: PointerEvent): void;
}

export class PointerDrag {
  private pointerId: number | null = null;
  /** The dragged pointer's last event, so a drag can be cancelled from outside. */
  private last: PointerEvent | null = null;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly handlers: PointerDragHandlers,
  ) {
    canvas.addEventListener('pointerdown', this.down);
    canvas.addEventListener('pointermove', this.move);
    canvas.addEventListener('pointerup', this.up);
    canvas.addEventListener('pointercancel', this.cancelled);
    canvas.addEventListener('lostpointercapture', this.cancelled);
    canvas.addEventListener('pointerleave', this.leave);
  }

  destroy(): void {
    const c = this.canvas;
    c.removeEventListener('pointerdown', this.down);
    c.removeEventListener('pointermove', this.move);
    c.removeEventListener('pointerup', this.up);
    c.removeEventListener('pointercancel', this.cancelled);
    c.removeEventListener('lostpointercapture', this.cancelled);
    c.removeEventListener('pointerleave', this.leave);
  }

  /** True while a pointer is captured for a drag. */
  get dragging(): boolean {
    return this.pointerId !== null;
  }

  /** Cancels the drag under way, if any (say, a second finger starts a pinch). */
  cancel(): void {
    if (this.pointerId !== null && this.last !== null) this.finish(this.last, false);
  }

  /** Ends the drag now (say, its target vanished); `released` as for `end`. */
  finish(e: PointerEvent, released: boolean): void {
    // Forgotten before the release, so the lostpointercapture it causes is ignored.
    this.pointerId = null;
    this.last = null;
    const [px, py] = canvasPoint(this.canvas, e);
    this.handlers.end(e, px, py, released);
    if (this.canvas.hasPointerCapture(e.pointerId)) this.canvas.releasePointerCapture(e.pointerId);
  }

  private readonly down = (e: PointerEvent): void => {
    if (this.pointerId !== null) return; // one drag at a time
    const [px, py] = canvasPoint(this.canvas, e);
    if (!this.handlers.start(e, px, py)) return;
    // Captured, so the drag survives leaving the canvas.
    this.canvas.setPointerCapture(e.pointerId);
    e.preventDefault();
    this.pointerId = e.pointerId;
    this.last = e;
  };

  private readonly move = (e: PointerEvent): void => {
    const [px, py] = canvasPoint(this.canvas, e);
    if (this.pointerId === null) this.handlers.hover(e, px, py);
    else if (e.pointerId === this.pointerId) {
      this.last = e;
      this.handlers.drag(e, px, py);
    }
  };

  private readonly up = (e: PointerEvent): void => {
    if (e.pointerId === this.pointerId) this.finish(e, true);
  };

  private readonly cancelled = (e: PointerEvent): void => {
    if (e.pointerId === this.pointerId) this.finish(e, false);
  };

  private readonly leave = (e: PointerEvent): void => {
    if (this.pointerId === null) this.handlers.leave(e);
  };
}
