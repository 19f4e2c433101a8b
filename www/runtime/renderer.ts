// The canvas: a backing store sized by devicePixelRatio (crisp on high-DPI
// screens) and an ordered stack of layers, so a mode can add its own.

import type { Simulation } from '../boxes/simulation';
import type { DemoState } from '../boxes/settings';
import type { Viewport } from './viewport';

/** Everything a layer may read while drawing one frame. */
export interface DrawContext {
  ctx: CanvasRenderingContext2D;
  scene: Simulation;
  state: DemoState;
  viewport: Viewport;
  now: number;
}

export interface Layer {
  readonly name: string;
  /** Layers draw in ascending order; ties keep insertion order. */
  readonly order: number;
  enabled: boolean;
  draw(dc: DrawContext): void;
}

/** Sets the transform so drawing happens in world units. */
export function useWorldSpace(dc: DrawContext): void {
  const v = dc.viewport;
  const k = v.dpr * v.scale;
  dc.ctx.setTransform(k, 0, 0, k, v.dpr * v.offsetX, v.dpr * v.offsetY);
}

/** Sets the transform so drawing happens in CSS pixels. */
export function useScreenSpace(dc: DrawContext): void {
  const d = dc.viewport.dpr;
  dc.ctx.setTransform(d, 0, 0, d, 0, 0);
}

export class Renderer {
  readonly ctx: CanvasRenderingContext2D;
  private layers: Layer[] = [];

  constructor(readonly canvas: HTMLCanvasElement, private readonly viewport: Viewport) {
    const ctx = canvas.getContext('2d', { alpha: false });
    if (ctx === null) throw new Error('this browser has no 2D canvas');
    this.ctx = ctx;
    this.syncSize();
  }

  add(layer: Layer): void {
    this.layers.push(layer);
    this.layers.sort((a, b) => a.order - b.order);
  }

  layer(name: string): Layer | undefined {
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

  draw(scene: Simulation, state: DemoState, now: number): void {
    this.syncSize();
    const dc: DrawContext = { ctx: this.ctx, scene, state, viewport: this.viewport, now };
    for (const layer of this.layers) {
      if (!layer.enabled) continue;
      this.ctx.save();
      layer.draw(dc);
      this.ctx.restore();
    }
  }
}
