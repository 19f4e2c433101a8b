// The WebGL2 canvas the GPU layers draw on: a second canvas stacked right
// under the mode's 2D canvas (which stays on top, transparent, for the
// layers that draw text and dashes, and keeps every pointer event), the
// same size in device pixels. It offers what the 2D layers use — fills and
// centred strokes of rectangles, whole-pixel boxes — so a layer's GPU path
// paints the picture its 2D path paints. Losing the context is survivable:
// `lost` turns true and the renderer draws in 2D until it is restored.
//
// Overlap within one 2D fill or stroke is a union, painted once. Here a
// "union" draw first adds up each pixel's coverage by the shapes in a
// coverage buffer (exact where shapes abut, as two boxes' outlines do; at
// most one where they overlap), then paints each covered pixel once with
// that coverage, the stencil keeping a pixel from being painted twice.

import { parseColour, withAlpha, type Rgba } from './colour';
import { RectBatch } from './rect-batch';
import { createRectProgram, type RectProgram } from './rect-program';
import { SlotPixels, type SlotLayout, type SlotViews } from './slot-pixels';

/** What the GPU canvas needs of the view (the runtime's viewport is one): its size and the world → canvas transform. */
export interface CanvasView {
  /** Canvas size in CSS px, and device px per CSS px. */
  readonly cssWidth: number;
  readonly cssHeight: number;
  readonly dpr: number;
  /** CSS px per world unit, and where the world's origin lands on the canvas (CSS px). */
  readonly scale: number;
  readonly offsetX: number;
  readonly offsetY: number;
}

/** How one draw paints its rectangles (see the shader's uniforms). */
interface DrawHow {
  /** Device px the outer edge lies outside each rectangle (a stroke's half width). */
  outer?: number;
  /** Device px a stroke's inner edge lies inside (negative: a fill). */
  inner?: number;
  lines?: boolean;
  quarter?: boolean;
  union?: boolean;
}

/**
 * How Chromium's 2D canvas strokes a path `device` px wide: up to a pixel
 * as separate one-pixel lines (a crossing is painted twice), faded by the
 * width when thinner; wider as one filled outline (a union), horizontal
 * edges on quarter pixels. Returns [half width, colour, quarter pixels, union].
 */
function pathStroke(colour: string | Rgba, device: number, union: boolean): [number, string | Rgba, boolean, boolean] {
  if (device < 1) return [0.5, withAlpha(typeof colour === 'string' ? parseColour(colour) : colour, device), false, false];
  const hairline = Math.abs(device - 1) < 1e-9;
  return [device / 2, colour, !hairline, union && !hairline];
}

interface Uploaded {
  rects: WebGLBuffer;
  revision: number;
  count: number;
  /** Rectangles the buffer has room for (it grows, and is refilled in place). */
  capacity: number;
}

/** Stencil values a frame can use before the stencil is cleared again. */
const STENCIL_REFS = 255;

export class GpuSurface {
  readonly canvas: HTMLCanvasElement;
  readonly gl: WebGL2RenderingContext;
  /** True between the context's loss and its restoration: draw in 2D meanwhile. */
  lost = false;
  // Set by setUp(), again after a restored context.
  private program!: RectProgram;
  private vao: WebGLVertexArrayObject | null = null;
  private corners: WebGLBuffer | null = null;
  private uploads = new Map<RectBatch, Uploaded>();
  private stencilRef = 0;
  /** The union draws' coverage buffer (one channel, the canvas's size). */
  private coverageTexture: WebGLTexture | null = null;
  private coverageBuffer: WebGLFramebuffer | null = null;
  private coverageSize = [0, 0];
  /** The slot-view path's GPU objects, made at its first use. */
  private slots: SlotPixels | null = null;
  /** This frame's world → device transform and the canvas's size (for the slot-view path). */
  private view: [number, number, number] = [1, 0, 0];
  private readonly size: [number, number] = [0, 0];
  /** slotPixels' colours: calm, seen by the camera, red. */
  private readonly palette: Rgba[] = [[0, 0, 0, 1], [0, 0, 0, 1], [0, 0, 0, 1]];
  private shown = false;
  /** Whether the canvas has been put over the overlay at least once since it was shown. */
  private aligned = false;
  private readonly onLost = (event: Event) => {
    // Asking for restoration: without preventDefault the context stays lost.
    event.preventDefault();
    this.lost = true;
    this.uploads.clear();
    this.hide();
  };
  private readonly onRestored = () => {
    this.setUp();
    this.lost = false;
  };

  /**
   * A WebGL2 canvas under `overlay`, or why not: this browser gives no
   * WebGL2 context, or (unless `allowSoftware`) only a software one: with
   * no GPU the browser composites a WebGL canvas by reading its pixels back
   * every frame, and the 2D canvas is the faster way to the same picture.
   */
  static under(overlay: HTMLCanvasElement, allowSoftware: boolean): GpuSurface | 'no webgl2' | 'software' {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2', {
      alpha: false,
      antialias: false,
      depth: false,
      stencil: true,
      premultipliedAlpha: true,
      // Readable after the browser showed it (a test, a screenshot from
      // script, drawImage onto another canvas): one copy a frame on a GPU.
      preserveDrawingBuffer: true,
    });
    if (gl === null) return 'no webgl2';
    if (!allowSoftware && isSoftware(gl)) {
      gl.getExtension('WEBGL_lose_context')?.loseContext();
      return 'software';
    }
    try {
      return new GpuSurface(overlay, canvas, gl);
    } catch (error) {
      console.warn(`broadphase: WebGL2 is there but not usable, drawing in 2D: ${error instanceof Error ? error.message : String(error)}`);
      return 'no webgl2';
    }
  }

  private constructor(
    private readonly overlay: HTMLCanvasElement,
    canvas: HTMLCanvasElement,
    gl: WebGL2RenderingContext,
  ) {
    this.canvas = canvas;
    this.gl = gl;
    this.setUp();
    canvas.className = 'gpu-canvas';
    canvas.setAttribute('aria-hidden', 'true');
    // Under the 2D canvas, never in the way of the pointer or the layout.
    Object.assign(canvas.style, { position: 'absolute', left: '0px', top: '0px', pointerEvents: 'none', display: 'none', margin: '0', padding: '0', border: '0' });
    canvas.addEventListener('webglcontextlost', this.onLost);
    canvas.addEventListener('webglcontextrestored', this.onRestored);
  }

  /** Whether the surface can draw this frame. */
  get usable(): boolean {
    return !this.lost && !this.gl.isContextLost();
  }

  /**
   * Starts a frame: matches the overlay's device size (and, when `realign`,
   * its place: that reads the layout), clears to `page` and sets the
   * world → device transform.
   */
  begin(viewport: CanvasView, page: string, realign: boolean): void {
    const { gl, overlay, canvas } = this;
    if (canvas.parentNode !== overlay.parentNode || canvas.nextSibling !== overlay) overlay.before(canvas);
    if (!this.shown) {
      canvas.style.display = 'block';
      // A positioned overlay paints over the absolutely placed canvas before it.
      if (getComputedStyle(overlay).position === 'static') overlay.style.position = 'relative';
      this.shown = true;
    }
    if (canvas.width !== overlay.width || canvas.height !== overlay.height) {
      canvas.width = overlay.width;
      canvas.height = overlay.height;
    }
    if (realign || !this.aligned) this.align(viewport);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.viewport(0, 0, canvas.width, canvas.height);
    const [r, g, b] = parseColour(page);
    gl.clearColor(r, g, b, 1);
    gl.clearStencil(0);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.STENCIL_BUFFER_BIT);
    this.stencilRef = 0;
    const p = this.program;
    gl.useProgram(p.program);
    gl.bindVertexArray(this.vao);
    const view = this.view;
    view[0] = viewport.dpr * viewport.scale;
    view[1] = viewport.dpr * viewport.offsetX;
    view[2] = viewport.dpr * viewport.offsetY;
    gl.uniform3f(p.view, view[0], view[1], view[2]);
    gl.uniform2f(p.size, canvas.width, canvas.height);
    gl.uniform1i(p.coverage, 0);
    gl.enable(gl.BLEND);
    // Source-over on an opaque buffer, as the 2D canvas composites.
    gl.blendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ZERO, gl.ONE);
    gl.enable(gl.STENCIL_TEST);
  }

  /** Takes the canvas off screen (a frame drawn wholly in 2D, or a lost context). */
  hide(): void {
    if (!this.shown) return;
    this.canvas.style.display = 'none';
    this.shown = false;
    this.aligned = false;
  }

  /** Sends `batch` to the GPU if it changed since its last upload. */
  private upload(batch: RectBatch): Uploaded {
    const gl = this.gl;
    let up = this.uploads.get(batch);
    if (up === undefined) {
      const rects = gl.createBuffer();
      if (rects === null) throw new Error('WebGL2: could not create a buffer');
      up = { rects, revision: -1, count: -1, capacity: 0 };
      this.uploads.set(batch, up);
    }
    if (up.revision !== batch.revision || up.count !== batch.count) {
      gl.bindBuffer(gl.ARRAY_BUFFER, up.rects);
      if (batch.count > up.capacity) {
        up.capacity = batch.capacity;
        gl.bufferData(gl.ARRAY_BUFFER, 16 * up.capacity, gl.DYNAMIC_DRAW);
      }
      gl.bufferSubData(gl.ARRAY_BUFFER, 0, batch.rects, 0, 4 * batch.count);
      up.revision = batch.revision;
      up.count = batch.count;
    }
    return up;
  }

  /** `ctx.fill(path)` of a path of the rectangles. */
  fillPath(batch: RectBatch, colour: string | Rgba, union: boolean): void {
    this.draw(batch, colour, { quarter: true, union });
  }

  /** `ctx.fillRect` of each rectangle. */
  fillRect(batch: RectBatch, colour: string | Rgba): void {
    this.draw(batch, colour, {});
  }

  /** `ctx.stroke(path)` of a path of the rectangles, `widthCss` CSS px wide. */
  strokePath(batch: RectBatch, colour: string | Rgba, widthCss: number, dpr: number, union: boolean): void {
    const [half, paint, quarter, asUnion] = pathStroke(colour, widthCss * dpr, union);
    this.draw(batch, paint, { outer: half, inner: half, quarter, union: asUnion });
  }

  /** `ctx.strokeRect` of each rectangle. */
  strokeRect(batch: RectBatch, colour: string | Rgba, widthCss: number, dpr: number): void {
    const half = (widthCss * dpr) / 2;
    this.draw(batch, colour, { outer: half, inner: half });
  }

  /**
   * `ctx.stroke(path)` of a path of axis-aligned lines, butt-capped, each
   * given as a rectangle of zero width (vertical) or zero height (horizontal).
   */
  strokeLines(batch: RectBatch, colour: string | Rgba, widthCss: number, dpr: number, union: boolean): void {
    const [half, paint, quarter, asUnion] = pathStroke(colour, widthCss * dpr, union);
    this.draw(batch, paint, { outer: half, lines: true, quarter, union: asUnion });
  }

  /**
   * Whole-pixel boxes straight from the World's slot views (no loop over
   * them in JS), in pixels of `unit` device px, painted as the 2D raster
   * paints them; `palette` = [calm, seen by the camera, red].
   */
  slotPixels(views: SlotViews, layout: SlotLayout, unit: number, calm: string, seen: string, red: string): void {
    const gl = this.gl;
    this.slots ??= new SlotPixels(gl);
    const palette = this.palette;
    palette[0] = parseColour(calm);
    palette[1] = parseColour(seen);
    palette[2] = parseColour(red);
    this.size[0] = this.canvas.width;
    this.size[1] = this.canvas.height;
    this.slots.draw(views, layout, this.view, this.size, unit, palette, this.corners);
    // Back to the rectangle program's state for the draws after.
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.useProgram(this.program.program);
    gl.bindVertexArray(this.vao);
    gl.enable(gl.BLEND);
    gl.blendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ZERO, gl.ONE);
    gl.enable(gl.STENCIL_TEST);
  }

  /** Frees the GPU objects and lets the context go; the surface is dead after. */
  destroy(): void {
    const gl = this.gl;
    this.canvas.removeEventListener('webglcontextlost', this.onLost);
    this.canvas.removeEventListener('webglcontextrestored', this.onRestored);
    this.uploads.clear();
    this.canvas.remove();
    gl.getExtension('WEBGL_lose_context')?.loseContext();
  }

  // --- internals ---------------------------------------------------------

  private setUp(): void {
    const gl = this.gl;
    this.program = createRectProgram(gl);
    this.uploads.clear();
    this.coverageTexture = null;
    this.coverageBuffer = null;
    this.coverageSize = [0, 0];
    this.slots = null;
    this.vao = gl.createVertexArray();
    this.corners = gl.createBuffer();
    gl.bindVertexArray(this.vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.corners);
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([0, 0, 1, 0, 0, 1, 1, 1]), gl.STATIC_DRAW);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
    gl.enableVertexAttribArray(1);
    gl.vertexAttribDivisor(1, 1);
    gl.bindVertexArray(null);
  }

  /** Keeps the canvas exactly over the overlay's box (the layout may move it). */
  private align(viewport: CanvasView): void {
    const style = this.canvas.style;
    const width = `${viewport.cssWidth}px`;
    const height = `${viewport.cssHeight}px`;
    if (style.width !== width) style.width = width;
    if (style.height !== height) style.height = height;
    const want = this.overlay.getBoundingClientRect();
    const have = this.canvas.getBoundingClientRect();
    const dx = want.left - have.left;
    const dy = want.top - have.top;
    if (Math.abs(dx) > 0.01) style.left = `${parseFloat(style.left || '0') + dx}px`;
    if (Math.abs(dy) > 0.01) style.top = `${parseFloat(style.top || '0') + dy}px`;
    this.aligned = true;
  }

  private nextRef(): void {
    const gl = this.gl;
    if (this.stencilRef === STENCIL_REFS) {
      gl.clear(gl.STENCIL_BUFFER_BIT);
      this.stencilRef = 0;
    }
    this.stencilRef += 1;
  }

  private draw(batch: RectBatch, colour: string | Rgba, how: DrawHow): void {
    const { outer = 0, inner = -1, lines = false, quarter = false, union = false } = how;
    const count = batch.count;
    if (count <= 0) return;
    const gl = this.gl;
    const p = this.program;
    const up = this.upload(batch);
    gl.bindBuffer(gl.ARRAY_BUFFER, up.rects);
    gl.vertexAttribPointer(1, 4, gl.FLOAT, false, 16, 0);
    gl.uniform4fv(p.colour, typeof colour === 'string' ? parseColour(colour) : colour);
    gl.uniform1f(p.outer, outer);
    gl.uniform1f(p.inner, inner);
    gl.uniform1i(p.lines, lines ? 1 : 0);
    gl.uniform1i(p.quarter, quarter ? 1 : 0);
    if (!union) {
      gl.stencilFunc(gl.ALWAYS, 0, 0xff);
      gl.stencilOp(gl.KEEP, gl.KEEP, gl.KEEP);
      gl.uniform1i(p.part, 0);
      this.instanced(count);
      return;
    }
    this.nextRef();
    // Sum the coverage, then paint each pixel once with it. The buffer
    // must not be bound for reading while it is drawn to.
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, null);
    this.bindCoverage();
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.disable(gl.STENCIL_TEST);
    gl.blendFunc(gl.ONE, gl.ONE);
    gl.uniform1i(p.part, 1);
    this.instanced(count);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.enable(gl.STENCIL_TEST);
    gl.blendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ZERO, gl.ONE);
    gl.stencilFunc(gl.NOTEQUAL, this.stencilRef, 0xff);
    gl.stencilOp(gl.KEEP, gl.KEEP, gl.REPLACE);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, this.coverageTexture);
    gl.uniform1i(p.part, 2);
    this.instanced(count);
  }

  /** Binds the coverage buffer as the render target, (re)made at the canvas's size. */
  private bindCoverage(): void {
    const gl = this.gl;
    const { width, height } = this.canvas;
    if (this.coverageBuffer === null || this.coverageSize[0] !== width || this.coverageSize[1] !== height) {
      if (this.coverageTexture !== null) gl.deleteTexture(this.coverageTexture);
      if (this.coverageBuffer !== null) gl.deleteFramebuffer(this.coverageBuffer);
      this.coverageTexture = gl.createTexture();
      gl.bindTexture(gl.TEXTURE_2D, this.coverageTexture);
      gl.texStorage2D(gl.TEXTURE_2D, 1, gl.R8, width, height);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
      gl.bindTexture(gl.TEXTURE_2D, null);
      this.coverageBuffer = gl.createFramebuffer();
      gl.bindFramebuffer(gl.FRAMEBUFFER, this.coverageBuffer);
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, this.coverageTexture, 0);
      this.coverageSize = [width, height];
      return;
    }
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.coverageBuffer);
  }

  private instanced(count: number): void {
    this.gl.drawArraysInstanced(this.gl.TRIANGLE_STRIP, 0, 4, count);
  }
}

/** Whether the context renders on the CPU (SwiftShader, llvmpipe, Microsoft's Basic Render Driver). */
export function isSoftware(gl: WebGL2RenderingContext): boolean {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = String(gl.getParameter(info === null ? gl.RENDERER : info.UNMASKED_RENDERER_WEBGL));
  return /swiftshader|llvmpipe|softpipe|software|basic render/i.test(renderer);
}
