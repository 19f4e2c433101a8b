// The map between world units and canvas pixels (CSS px): the world fitted
// into the canvas, then the user's zoom and pan on top. The one viewport of
// every mode. With a snap unit (a tile map's tile size) the scale and the
// offsets land on whole device pixels per unit, so cell lines are crisp and
// a cached map can be redrawn one cell at a time without seams.

import { ZOOM_MAX, ZOOM_MIN } from '../settings/limits';
import { clamp } from './geometry';

const MARGIN = 18;
/** Smallest snapped unit, device px: a tile never shrinks to nothing. */
const MIN_SNAP_PX = 4;

export class Viewport {
  /** Canvas size in CSS pixels and the device pixels per CSS pixel. */
  cssWidth = 1;
  cssHeight = 1;
  dpr = 1;
  worldWidth = 1;
  worldHeight = 1;
  zoom = 1;
  /** The world point shown at the canvas centre. */
  centreX = 0.5;
  centreY = 0.5;
  /** World units that must span a whole number of device pixels (0: any scale). */
  snapUnit = 0;

  /** CSS pixels per world unit. */
  get scale(): number {
    const fit = Math.min(
      (this.cssWidth - 2 * MARGIN) / this.worldWidth,
      (this.cssHeight - 2 * MARGIN) / this.worldHeight,
    );
    const scale = Math.max(fit, 1e-6) * this.zoom;
    if (this.snapUnit <= 0) return scale;
    const unitPx = Math.max(MIN_SNAP_PX, Math.floor(scale * this.snapUnit * this.dpr));
    return unitPx / (this.snapUnit * this.dpr);
  }

  /** Device pixels per snap unit (a whole number when snapping). */
  get unitDevicePx(): number {
    return this.scale * this.snapUnit * this.dpr;
  }

  get offsetX(): number {
    return this.snapped(this.cssWidth / 2 - this.centreX * this.scale);
  }

  get offsetY(): number {
    return this.snapped(this.cssHeight / 2 - this.centreY * this.scale);
  }

  /** A CSS length on a whole device pixel when snapping. */
  private snapped(css: number): number {
    return this.snapUnit > 0 ? Math.round(css * this.dpr) / this.dpr : css;
  }

  toCanvasX(x: number): number {
    return x * this.scale + this.offsetX;
  }

  toCanvasY(y: number): number {
    return y * this.scale + this.offsetY;
  }

  toWorldX(px: number): number {
    return (px - this.offsetX) / this.scale;
  }

  toWorldY(py: number): number {
    return (py - this.offsetY) / this.scale;
  }

  /** World rectangle currently on screen: `[minX, minY, maxX, maxY]`. */
  visibleWorld(): [number, number, number, number] {
    return [this.toWorldX(0), this.toWorldY(0), this.toWorldX(this.cssWidth), this.toWorldY(this.cssHeight)];
  }

  resize(cssWidth: number, cssHeight: number, dpr: number): void {
    this.cssWidth = Math.max(1, cssWidth);
    this.cssHeight = Math.max(1, cssHeight);
    this.dpr = dpr;
  }

  /** A new world size; the view keeps looking at the same relative spot. */
  setWorld(width: number, height: number): void {
    this.centreX *= width / this.worldWidth;
    this.centreY *= height / this.worldHeight;
    this.worldWidth = width;
    this.worldHeight = height;
    this.clampCentre();
  }

  fit(): void {
    this.zoom = 1;
    this.centreX = this.worldWidth / 2;
    this.centreY = this.worldHeight / 2;
  }

  /** Zooms by `factor`, keeping the world point under canvas (px, py) fixed. */
  zoomAt(px: number, py: number, factor: number): void {
    const wx = this.toWorldX(px);
    const wy = this.toWorldY(py);
    this.zoom = clamp(this.zoom * factor, ZOOM_MIN, ZOOM_MAX);
    this.centreX += wx - this.toWorldX(px);
    this.centreY += wy - this.toWorldY(py);
    this.clampCentre();
  }

  panBy(dxPx: number, dyPx: number): void {
    this.centreX -= dxPx / this.scale;
    this.centreY -= dyPx / this.scale;
    this.clampCentre();
  }

  get isFitted(): boolean {
    return this.zoom === 1 && this.centreX === this.worldWidth / 2 && this.centreY === this.worldHeight / 2;
  }

  // The world may leave the screen only partly: one can always pan back.
  private clampCentre(): void {
    this.centreX = clamp(this.centreX, 0, this.worldWidth);
    this.centreY = clamp(this.centreY, 0, this.worldHeight);
  }
}
