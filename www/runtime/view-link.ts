// The page view (zoom and pan) in a share link: `view=zoom_fx_fy`, the
// viewport's zoom over the fitted view and the point at the canvas centre
// as a fraction of the world's width and height (0..1, so the settings
// table can check and clamp it without knowing the world). Fractions are
// written in full (a JS number's shortest exact text), so a reload puts the
// view back to the last bit the world's size allows. A fitted view writes
// nothing. The mode's own parameters go through `publish`; this adds the
// view and republishes when only the view changed, at most every
// `VIEW_WRITE_MS` (a wheel or a pinch changes it every frame).

import type { Viewport } from './viewport';

export const VIEW_PARAM = 'view';
/** Smallest pause between two writes caused by the view alone, ms. */
export const VIEW_WRITE_MS = 250;

/** The viewport as `zoom_fx_fy`, or null when it shows the fitted view. */
export function formatView(v: Viewport): string | null {
  if (v.isFitted) return null;
  return [v.zoom, v.centreX / v.worldWidth, v.centreY / v.worldHeight].map(String).join('_');
}

/**
 * Puts the view of a (checked) `view` parameter on `v`, whose world is
 * already set; nothing for null. The schema has clamped the numbers.
 */
export function applyView(v: Viewport, raw: string | null): void {
  if (raw === null) return;
  const [zoom, fx, fy] = raw.split(/[_,]/).map(Number);
  if (![zoom, fx, fy].every(Number.isFinite)) return;
  v.zoom = zoom;
  v.centreX = fx * v.worldWidth;
  v.centreY = fy * v.worldHeight;
}

/** Wraps a mode's `publish` so every write carries the view, and the view alone can write. */
export class ViewLink {
  private last: URLSearchParams | null = null;
  private written: string | null = null;
  private writtenAt = -Infinity;

  constructor(
    private readonly view: Viewport,
    private readonly target: (params: URLSearchParams) => void,
    /** The mode's parameters now, for a view change before the mode published anything (null: wait for it). */
    private readonly base: (() => URLSearchParams) | null = null,
  ) {}

  /** The mode's parameters, with the view added. */
  readonly publish = (params: URLSearchParams): void => {
    this.last = new URLSearchParams(params);
    this.write(performance.now());
  };

  /** Once a frame: writes again when the view moved since the last write (and the last write is old enough). */
  tick(now: number): void {
    if (formatView(this.view) === this.written) return;
    if (this.last === null) {
      if (this.base === null) return;
      this.last = this.base();
    }
    if (now - this.writtenAt < VIEW_WRITE_MS) return;
    this.write(now);
  }

  private write(now: number): void {
    const params = new URLSearchParams(this.last ?? undefined);
    const view = formatView(this.view);
    params.delete(VIEW_PARAM);
    if (view !== null) params.set(VIEW_PARAM, view);
    this.written = view;
    this.writtenAt = now;
    this.target(params);
  }
}
