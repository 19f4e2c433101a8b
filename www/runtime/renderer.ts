// The canvas every mode draws on: a backing store sized by devicePixelRatio
// (crisp on high-DPI screens), one viewport (world ↔ canvas), and an
// ordered stack of layers. A layer draws one thing from the mode's model
// (`dc.model`, the scene's model), so modes share layers (the tile map,
// the box scenes') and add their own.
//
// Where the browser gives a hardware WebGL2 context, the bottom of the stack — the
// layers, from the first up, that offer a GPU path (`drawGpu`) — is drawn
// by the GPU on a canvas right under this one (gpu/surface.ts); the rest
// draw in 2D on this canvas, now transparent, on top. The order is the same
// either way, and so is the picture: each GPU path paints what its 2D path
// paints. Without a GPU (a software WebGL2 is used only when asked for with
// `?renderer=webgl`), with `?renderer=2d`, or while the GPU context is lost,
// every layer draws in 2D as before.

import { GpuSurface } from '../gpu/surface';
import { rendererFromAddress, type RendererChoice } from '../gpu/preference';
import { theme, themeAt, useTheme } from './theme';
import type { Viewport } from './viewport';

/** What every layer gets each frame. */
export interface FrameContext {
  ctx: CanvasRenderingContext2D;
  viewport: Viewport;
  /** `performance.now()` of the frame. */
  now: number;
}

/** A layer's view of one frame: the canvas and viewport, and the mode's model. */
export type DrawContext<M> = FrameContext & { readonly model: M };

/** What a layer's GPU path gets: the GPU surface instead of the 2D context. */
export interface GpuFrameContext {
  gpu: GpuSurface;
  viewport: Viewport;
  now: number;
}

export type GpuDrawContext<M> = GpuFrameContext & { readonly model: M };

export interface Layer<M> {
  readonly name: string;
  /** Layers draw in ascending order; ties keep insertion order. */
  readonly order: number;
  enabled: boolean;
  draw(dc: DrawContext<M>): void;
  /** The same picture through the GPU surface (optional). */
  drawGpu?(dc: GpuDrawContext<M>): void;
}

/** Frames between checks that the GPU canvas still sits under this one. */
const REALIGN_FRAMES = 30;

/** Which renderer drew the last frame. */
export type Backend = 'webgl' | '2d';

export interface RendererOptions {
  /** `auto` (WebGL2 on a GPU, else 2D), `webgl` (WebGL2 even in software) or `2d`; default: the address's `?renderer=`, else `auto`. */
  renderer?: RendererChoice;
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
  /** What was asked for: `2d` never touches WebGL. */
  private wanted: RendererChoice;
  /** Whether this canvas is transparent, so a GPU canvas under it can show. */
  private readonly seeThrough: boolean;
  private layers: Layer<M>[] = [];
  /** The GPU canvas, made at the first frame with a GPU layer. */
  private gpu: GpuSurface | null = null;
  /** Why there is no GPU canvas: not asked yet, no WebGL2 at all, or only a software one. */
  private gpuMissing: 'not yet' | 'no webgl2' | 'software' = 'not yet';
  private drawnBy: Backend = '2d';
  private last: { model: M; now: number } | null = null;
  /** The canvas's CSS size as the browser last laid it out (see syncSize). */
  private laidOut: { width: number; height: number } | null = null;
  /** Frames since the GPU canvas was last put over this one (the layout may move this one). */
  private sinceAligned = 0;
  private resized = true;
  private readonly resizes: ResizeObserver | null = null;

  constructor(
    readonly canvas: HTMLCanvasElement,
    readonly viewport: Viewport,
    options: RendererOptions = {},
  ) {
    this.wanted = options.renderer ?? rendererFromAddress();
    // Over a GPU canvas this one must let it show through.
    this.seeThrough = this.wanted !== '2d';
    const ctx = canvas.getContext('2d', { alpha: this.seeThrough });
    if (ctx === null) throw new Error('this browser has no 2D canvas');
    this.ctx = ctx;
    canvas.dataset.renderer = '2d';
    if (typeof ResizeObserver !== 'undefined') {
      this.resizes = new ResizeObserver((entries) => {
        const box = entries[entries.length - 1].contentRect;
        this.laidOut = { width: box.width, height: box.height };
        this.resized = true;
      });
      this.resizes.observe(canvas);
    }
    this.syncSize();
  }

  /** Which renderer drew the last frame's bottom layers: `webgl` or `2d`. */
  get backend(): Backend {
    return this.drawnBy;
  }

  /** What the renderer was asked to use (`auto`, `webgl` or `2d`). */
  get choice(): RendererChoice {
    return this.wanted;
  }

  /**
   * Switches renderer from the next frame (the console, and tests that
   * compare the two pictures of one frame). A renderer made for `2d` has an
   * opaque canvas and cannot switch to the GPU.
   */
  use(choice: RendererChoice): void {
    if (choice !== '2d' && !this.seeThrough) throw new Error(`renderer "${choice}" not available: this canvas was made for "2d" (load the page without ?renderer=2d)`);
    this.wanted = choice;
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
   * Checked every frame (a DPR change fires no event on the element); the
   * size comes from a ResizeObserver, so a frame never forces a layout
   * (the panels' text changes every frame would make it a dear one).
   */
  syncSize(): void {
    const dpr = window.devicePixelRatio || 1;
    const rect = this.laidOut ?? this.canvas.getBoundingClientRect();
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
    this.last = { model, now };
    this.syncSize();
    // Embeds of either theme may share a page: draw in this canvas's palette.
    useTheme(themeAt(this.canvas));
    let next = 0;
    const gpu = this.gpuSurface();
    if (gpu !== null) next = this.drawGpuLayers(gpu, model, now);
    const backend: Backend = next > 0 ? 'webgl' : '2d';
    if (backend !== this.drawnBy) {
      this.drawnBy = backend;
      this.canvas.dataset.renderer = backend;
    }
    if (backend === 'webgl') {
      this.ctx.setTransform(1, 0, 0, 1, 0, 0);
      this.ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    } else {
      this.gpu?.hide();
    }
    const dc: DrawContext<M> = { model, ctx: this.ctx, viewport: this.viewport, now };
    for (let i = next; i < this.layers.length; i++) {
      const layer = this.layers[i];
      if (!layer.enabled) continue;
      this.ctx.save();
      layer.draw(dc);
      this.ctx.restore();
    }
  }

  /**
   * The picture on screen as one 2D canvas (the GPU canvas under this one):
   * redraws the last frame and copies it at once, since a WebGL canvas
   * keeps its pixels only until the browser shows them. For tests and
   * screenshots from script.
   */
  picture(): HTMLCanvasElement {
    if (this.last !== null) this.draw(this.last.model, this.last.now);
    const out = document.createElement('canvas');
    out.width = this.canvas.width;
    out.height = this.canvas.height;
    const g = out.getContext('2d');
    if (g === null) throw new Error('this browser has no 2D canvas');
    if (this.drawnBy === 'webgl' && this.gpu !== null) g.drawImage(this.gpu.canvas, 0, 0);
    g.drawImage(this.canvas, 0, 0);
    return out;
  }

  /** Lets the GPU context go (browsers cap how many a page holds); the renderer is dead after. */
  destroy(): void {
    this.resizes?.disconnect();
    this.gpu?.destroy();
    this.gpu = null;
    this.gpuMissing = 'no webgl2';
  }

  private gpuSurface(): GpuSurface | null {
    if (this.wanted === '2d') return null;
    const allowSoftware = this.wanted === 'webgl';
    const worthAsking = this.gpuMissing === 'not yet' || (this.gpuMissing === 'software' && allowSoftware);
    if (this.gpu === null && worthAsking && this.layers.some((l) => l.enabled && l.drawGpu !== undefined)) {
      const made = GpuSurface.under(this.canvas, allowSoftware);
      if (typeof made === 'string') {
        this.gpuMissing = made;
        if (allowSoftware) console.warn('broadphase: renderer "webgl" asked for, but this browser gives no WebGL2 context: drawing in 2D');
      } else {
        this.gpu = made;
      }
    }
    return this.gpu !== null && this.gpu.usable ? this.gpu : null;
  }

  /** Draws the bottom run of GPU-capable layers; returns the index of the first layer left for 2D (0: none drawn). */
  private drawGpuLayers(gpu: GpuSurface, model: M, now: number): number {
    let end = 0;
    let any = false;
    while (end < this.layers.length && (!this.layers[end].enabled || this.layers[end].drawGpu !== undefined)) {
      any ||= this.layers[end].enabled;
      end++;
    }
    if (!any) return 0;
    // Put the GPU canvas back over this one after a resize and now and
    // then (a layout change above it may move it without resizing it);
    // not every frame, since it reads the layout.
    const realign = this.resized || ++this.sinceAligned >= REALIGN_FRAMES;
    if (realign) {
      this.resized = false;
      this.sinceAligned = 0;
    }
    gpu.begin(this.viewport, theme.page, realign);
    const dc: GpuDrawContext<M> = { model, gpu, viewport: this.viewport, now };
    for (let i = 0; i < end; i++) {
      const layer = this.layers[i];
      if (layer.enabled) layer.drawGpu?.(dc);
    }
    return end;
  }
}
