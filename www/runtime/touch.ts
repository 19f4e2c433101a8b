// What fingers do on a canvas. One finger belongs to the page (it scrolls)
// unless the mode's pointer input took it for a drag (a box, a ray end, a
// paint stroke with editing by touch on): then its touchstart is cancelled
// so the page stays put. Two fingers always belong to the canvas: they
// pinch-zoom and pan the view, and end any one-finger drag. The canvas's
// CSS `touch-action: pan-x pan-y` leaves scrolling to the browser and takes
// its pinch-zoom away, so two fingers reach this code.

import type { PointerDrag } from './pointer-drag';
import type { Viewport } from './viewport';

interface Pinch {
  distance: number;
  midX: number;
  midY: number;
}

export class TouchGestures {
  private pinch: Pinch | null = null;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly view: Viewport,
    private readonly pointer: PointerDrag,
  ) {
    // Not passive: cancelling is the point.
    canvas.addEventListener('touchstart', this.start, { passive: false });
    canvas.addEventListener('touchmove', this.move, { passive: false });
    canvas.addEventListener('touchend', this.end);
    canvas.addEventListener('touchcancel', this.end);
  }

  destroy(): void {
    const c = this.canvas;
    c.removeEventListener('touchstart', this.start);
    c.removeEventListener('touchmove', this.move);
    c.removeEventListener('touchend', this.end);
    c.removeEventListener('touchcancel', this.end);
  }

  /** Whether two fingers are zooming the view. */
  get pinching(): boolean {
    return this.pinch !== null;
  }

  private measure(touches: TouchList): Pinch {
    const r = this.canvas.getBoundingClientRect();
    const a = touches[0];
    const b = touches[1];
    return {
      distance: Math.max(1, Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY)),
      midX: (a.clientX + b.clientX) / 2 - r.left,
      midY: (a.clientY + b.clientY) / 2 - r.top,
    };
  }

  private readonly start = (e: TouchEvent): void => {
    if (e.touches.length >= 2) {
      e.preventDefault();
      this.pointer.cancel();
      this.pinch = this.measure(e.touches);
      return;
    }
    // The pointerdown came first: if it started a drag, the page must not scroll.
    if (this.pointer.dragging) e.preventDefault();
  };

  private readonly move = (e: TouchEvent): void => {
    const was = this.pinch;
    if (was === null || e.touches.length < 2) {
      if (this.pointer.dragging && e.cancelable) e.preventDefault();
      return;
    }
    e.preventDefault();
    const now = this.measure(e.touches);
    this.view.panBy(now.midX - was.midX, now.midY - was.midY);
    this.view.zoomAt(now.midX, now.midY, now.distance / was.distance);
    this.pinch = now;
  };

  private readonly end = (e: TouchEvent): void => {
    if (e.touches.length < 2) this.pinch = null;
  };
}
