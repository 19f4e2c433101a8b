// The page view (zoom and pan) as a setting: `view`, the viewport's zoom
// over the fitted view and the point at the canvas centre as a fraction
// of the world's width and height (0..1, so the settings table can check
// and clamp it without knowing the world, and write it rounded). A fitted
// view is no value. The mode's own values go through `publish`; this adds
// the view and republishes when only the view changed, at most every
// `VIEW_WRITE_MS` (a wheel or a pinch changes it every frame).

import type { View } from '../settings/kinds';
import type { SomeSettings } from '../settings/table';
import type { Viewport } from './viewport';

/** Smallest pause between two writes caused by the view alone, ms. */
export const VIEW_WRITE_MS = 250;

/** The viewport as a `view` value, or undefined when it shows the fitted view. */
export function viewOf(v: Viewport): View | undefined {
  if (v.isFitted) return undefined;
  return [v.zoom, v.centreX / v.worldWidth, v.centreY / v.worldHeight];
}

/** Puts a (checked) view on `v`, whose world is already set; nothing for undefined. */
export function applyView(v: Viewport, view: View | undefined): void {
  if (view === undefined) return;
  const [zoom, fx, fy] = view;
  v.zoom = zoom;
  v.centreX = fx * v.worldWidth;
  v.centreY = fy * v.worldHeight;
}

const key = (view: View | undefined) => (view === undefined ? '' : view.join('_'));

/** Wraps a mode's `publish` so every write carries the view, and the view alone can write. */
export class ViewLink {
  private last: SomeSettings | null = null;
  private written: string | null = null;
  private writtenAt = -Infinity;

  constructor(
    private readonly view: Viewport,
    private readonly target: (values: SomeSettings) => void,
    /** The mode's values now, for a view change before the mode published anything (null: wait for it). */
    private readonly base: (() => SomeSettings) | null = null,
  ) {}

  /** The mode's values, with the view added. */
  readonly publish = (values: SomeSettings): void => {
    this.last = { ...values };
    this.write(performance.now());
  };

  /** Once a frame: writes again when the view moved since the last write (and the last write is old enough). */
  tick(now: number): void {
    if (key(viewOf(this.view)) === this.written) return;
    if (this.last === null) {
      if (this.base === null) return;
      this.last = this.base();
    }
    if (now - this.writtenAt < VIEW_WRITE_MS) return;
    this.write(now);
  }

  private write(now: number): void {
    const view = viewOf(this.view);
    this.written = key(view);
    this.writtenAt = now;
    this.target({ ...this.last, view });
  }
}
