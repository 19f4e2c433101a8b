// The canvas every mode draws on: a backing store sized by devicePixelRatio
// (crisp on high-DPI screens), one viewport (world ↔ canvas), and an
// ordered stack of layers. A layer draws one thing from the mode's model
// (`M`: whatever the mode hands to `draw`), so modes share layers (the tile
// map, the boxes) and add their own.

import { themeAt, useTheme } from './theme';
import type { Viewport } from './viewport';

/** What every layer gets each frame. */
export interface FrameContext {
  ctx: CanvasRenderingContext2D;
  viewport: Viewport;
  /** `performance.now()` of the frame. */
  now: number;
}

/** A layer's view of one frame: the canvas and viewport, and the mode's model. */
export type DrawContext<M> = FrameContext & M;

export interface Layer<M> {
  readonly name: string;
  /** Layers draw in ascending order; ties keep insertion order. */
  readonly order: number;
  enabled: boolean;
  draw(dc: DrawContext<M>): void;
}

/** Sets the transform so drawing happens in world units. */
export function useWorldSpace(dc: FrameContext): void {
  const v = dc.viewport;
  const k = v.dpr * v.scale;
  dc.ctx.setTransform(k, 0, 0, k, v.dpr * v.offsetX, v.dpr * v.offsetY);
}

/** Sets the transform so drawing happens in CSS pixels. */
export function useScreenSpace(dc: FrameContext): void {
  const d = dc.viewport.dpr;
  dc.ctx.setTransform(d, 0, 0, d, 0, 0);
}

export class Renderer<M extends object> {
  readonly ctx: CanvasRenderingContext2D;
  private layers: Layer<M>[] = [];

  constructor(
    readonly canvas: HTMLCanvasElement,
    readonly viewport: Viewport,
  ) {
    const ctx = canvas.getContext('2d', { alpha: false });
    if (ctx === null) throw new Error('this browser has no 2D canvas');
    this.ctx = ctx;
    this.syncSize();
  }

  add(layer: Layer<M>): void {
    this.layers.push(layer);
    this.layers.sort((a, b) => a.order - b.order);
  }

  layer(name: string): Layer<M> | undefined {
    return this.layers.find((l) => l.name === name);
  }

  /**
   * Matches the backing store to the element's size × devicePixelRatio.
   * Checked every frame: cheap, and it also catches zoom / DPR changes
   * that fire no resize event on the element.
   */
  syncSize(): void {
    const dpr = window.devicePixelRatio || 1;
    const rect = this.canvas.getBoundingClientRect();
    const width = Math.max(1, Math.round(rect.width * dpr));
    const height = Math.max(1, Math.round(rect.height * dpr));
    if (this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas.width = width;
      this.canvas.height = height;
    }
    this.viewport.resize(rect.width, rect.height, dpr);
  }

  /** One frame: every enabled layer, in order, each with its own canvas state. */
  draw(model: M, now: number): void {
    this.syncSize();
    // Embeds of either theme may share a page: draw in this canvas's palette.
    useTheme(themeAt(this.canvas));
    const dc = { ...model, ctx: this.ctx, viewport: this.viewport, now } as DrawContext<M>;
    for (const layer of this.layers) {
      if (!layer.enabled) continue;
      this.ctx.save();
      layer.draw(dc);
      this.ctx.restore();
    }
  }
}
