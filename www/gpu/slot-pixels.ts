// Whole-pixel boxes straight from the World's slot views: the views' bytes
// go to the GPU as they are (the boxes as f64, decoded in the shader; the
// ids; the overlap flags; the camera's marks as a texture by id), with no
// loop over the boxes in JS. Painted as the 2D raster paints them
// (layers/pixel-boxes.ts): into a buffer the size of the canvas, without
// blending, the calm and camera-seen boxes in slot order and the red ones
// after, each pixel keeping the last box written; then the buffer is
// composited over the canvas once.

import type { Rgba } from './colour';
import { compileProgram } from './compile';

/** Where the fields of one slot's box lie in `slotBoxes` (in f64s). */
export interface SlotLayout {
  stride: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One frame's views, fetched together (any call into the core may move them). */
export interface SlotViews {
  boxes: Float64Array;
  ids: Uint32Array;
  /** Per slot, 1 when the box is in an overlapping pair; may be shorter than the slots (newer ones are calm). */
  overlapping: Uint8Array;
  /** Per id, 1 when the camera sees the box; null when there is no camera. */
  marks: Uint8Array | null;
}

const VERTEX = `#version 300 es
precision highp float;
precision highp int;
layout(location = 0) in vec2 a_corner;
layout(location = 1) in uvec2 a_x;
layout(location = 2) in uvec2 a_y;
layout(location = 3) in uvec2 a_w;
layout(location = 4) in uvec2 a_h;
layout(location = 5) in uint a_id;
layout(location = 6) in uint a_hot;
uniform vec3 u_view;
uniform vec2 u_size;
uniform float u_unit;
// 0: the calm and camera-seen boxes; 1: the red ones.
uniform uint u_pass;
uniform bool u_marked;
uniform highp usampler2D u_marks;
uniform vec4 u_palette[3];
flat out vec4 v_colour;
// An f64 given as its two 32-bit words (little-endian), as the nearest f32.
float f64(uvec2 d) {
  uint hi = d.y;
  int e = int((hi >> 20) & 0x7ffu) - 1023 + 127;
  if (e <= 0) return 0.0;
  if (e >= 255) return (hi >> 31) != 0u ? -3.0e38 : 3.0e38;
  uint bits = (hi & 0x80000000u) | (uint(e) << 23) | ((hi & 0xfffffu) << 3) | (d.x >> 29);
  // Round to nearest: a carry into the exponent is still the right float.
  bits += (d.x >> 28) & 1u;
  return uintBitsToFloat(bits);
}
void main() {
  bool hot = a_hot != 0u;
  if (a_id == 0u || hot != (u_pass == 1u)) {
    // Not this pass's box (or a free slot): a point outside the clip space draws nothing.
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    return;
  }
  vec2 xy = vec2(f64(a_x), f64(a_y));
  vec2 p0 = xy * u_view.x + u_view.yz;
  vec2 p1 = (xy + vec2(f64(a_w), f64(a_h))) * u_view.x + u_view.yz;
  // Math.round as the 2D raster rounds, and never less than a unit.
  p0 = floor(p0 / u_unit + 0.5) * u_unit;
  p1 = max(p0 + u_unit, floor(p1 / u_unit + 0.5) * u_unit);
  vec2 p = mix(p0, p1, a_corner);
  gl_Position = vec4(p.x / u_size.x * 2.0 - 1.0, 1.0 - p.y / u_size.y * 2.0, 0.0, 1.0);
  bool seen = u_marked && texelFetch(u_marks, ivec2(int(a_id & 4095u), int(a_id >> 12)), 0).r != 0u;
  v_colour = hot ? u_palette[2] : seen ? u_palette[1] : u_palette[0];
}`;

const FRAGMENT = `#version 300 es
precision highp float;
flat in vec4 v_colour;
out vec4 o_colour;
void main() {
  o_colour = v_colour;
}`;

// The buffer over the canvas: one triangle covering it, each pixel its texel.
const COMPOSITE_VERTEX = `#version 300 es
void main() {
  vec2 p = vec2(float((gl_VertexID & 1) << 2) - 1.0, float((gl_VertexID & 2) << 1) - 1.0);
  gl_Position = vec4(p, 0.0, 1.0);
}`;

const COMPOSITE_FRAGMENT = `#version 300 es
precision highp float;
uniform sampler2D u_pixels;
out vec4 o_colour;
void main() {
  o_colour = texelFetch(u_pixels, ivec2(gl_FragCoord.xy), 0);
}`;

/** Marks a texture row holds (ids `id & 4095` across, `id >> 12` down). */
const MARKS_ROW = 4096;

/** The GPU objects of the slot-view path, made once per context. */
export class SlotPixels {
  private readonly program: WebGLProgram;
  private readonly composite: WebGLProgram;
  private readonly vao: WebGLVertexArrayObject | null;
  private readonly boxes: WebGLBuffer | null;
  private readonly ids: WebGLBuffer | null;
  private readonly flags: WebGLBuffer | null;
  private readonly marks: WebGLTexture | null;
  private marksRows = 0;
  private pixels: WebGLTexture | null = null;
  private target: WebGLFramebuffer | null = null;
  private targetSize = [0, 0];
  /** Zeros for the slots newer than the last pairs() (calm). */
  private zeros = new Uint8Array(0);
  /** The three colours as the shader's uniform array (reused: a warm frame allocates nothing). */
  private readonly palette = new Float32Array(12);
  private readonly at: Record<string, WebGLUniformLocation | null>;
  private readonly pixelsAt: WebGLUniformLocation | null;

  constructor(private readonly gl: WebGL2RenderingContext) {
    this.program = compileProgram(gl, VERTEX, FRAGMENT);
    this.composite = compileProgram(gl, COMPOSITE_VERTEX, COMPOSITE_FRAGMENT);
    this.at = Object.fromEntries(['u_view', 'u_size', 'u_unit', 'u_pass', 'u_marked', 'u_marks', 'u_palette'].map((name) => [name, gl.getUniformLocation(this.program, name)]));
    this.pixelsAt = gl.getUniformLocation(this.composite, 'u_pixels');
    this.vao = gl.createVertexArray();
    this.boxes = gl.createBuffer();
    this.ids = gl.createBuffer();
    this.flags = gl.createBuffer();
    this.marks = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, this.marks);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    // Always an integer texture in the unit, camera or not: a sampler of
    // another format there makes the draw an error.
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.R8UI, MARKS_ROW, 1, 0, gl.RED_INTEGER, gl.UNSIGNED_BYTE, null);
    this.marksRows = 1;
    gl.bindTexture(gl.TEXTURE_2D, null);
  }

  /**
   * Paints the boxes of `views` in whole pixels of `unit` device px onto
   * the bound canvas (`view`: device px per world unit and the offset),
   * colours `palette` = [calm, seen by the camera, red].
   */
  draw(views: SlotViews, layout: SlotLayout, view: [number, number, number], size: [number, number], unit: number, palette: readonly Rgba[], corners: WebGLBuffer | null): void {
    const gl = this.gl;
    const n = views.ids.length;
    if (n === 0) return;
    this.upload(views, layout, corners);
    this.bindTarget(size);
    gl.disable(gl.BLEND);
    gl.disable(gl.STENCIL_TEST);
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.useProgram(this.program);
    gl.bindVertexArray(this.vao);
    gl.uniform3f(this.at.u_view, view[0], view[1], view[2]);
    gl.uniform2f(this.at.u_size, size[0], size[1]);
    gl.uniform1f(this.at.u_unit, unit);
    gl.uniform1i(this.at.u_marked, views.marks === null ? 0 : 1);
    gl.uniform1i(this.at.u_marks, 1);
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, this.marks);
    for (let c = 0; c < 3; c++) this.palette.set(palette[c], 4 * c);
    gl.uniform4fv(this.at.u_palette, this.palette);
    // Calm and seen first, red after: each pixel keeps the last box written.
    for (let pass = 0; pass < 2; pass++) {
      gl.uniform1ui(this.at.u_pass, pass);
      gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, n);
    }
    // The buffer over the canvas, once, as the 2D raster is blitted.
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.useProgram(this.composite);
    gl.bindVertexArray(null);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, this.pixels);
    gl.uniform1i(this.pixelsAt, 0);
    gl.enable(gl.BLEND);
    gl.blendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ZERO, gl.ONE);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    gl.bindTexture(gl.TEXTURE_2D, null);
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, null);
    gl.activeTexture(gl.TEXTURE0);
  }

  /** The views' bytes to the GPU, as they are. */
  private upload(views: SlotViews, layout: SlotLayout, corners: WebGLBuffer | null): void {
    const gl = this.gl;
    const n = views.ids.length;
    gl.bindVertexArray(this.vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, corners);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.boxes);
    gl.bufferData(gl.ARRAY_BUFFER, views.boxes, gl.STREAM_DRAW, 0, layout.stride * n);
    const stride = 8 * layout.stride;
    this.fieldAttribute(1, stride, layout.x);
    this.fieldAttribute(2, stride, layout.y);
    this.fieldAttribute(3, stride, layout.w);
    this.fieldAttribute(4, stride, layout.h);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.ids);
    gl.bufferData(gl.ARRAY_BUFFER, views.ids, gl.STREAM_DRAW);
    gl.enableVertexAttribArray(5);
    gl.vertexAttribIPointer(5, 1, gl.UNSIGNED_INT, 4, 0);
    gl.vertexAttribDivisor(5, 1);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.flags);
    const flagged = Math.min(n, views.overlapping.length);
    gl.bufferData(gl.ARRAY_BUFFER, n, gl.STREAM_DRAW);
    gl.bufferSubData(gl.ARRAY_BUFFER, 0, views.overlapping, 0, flagged);
    if (flagged < n) {
      if (this.zeros.length < n - flagged) this.zeros = new Uint8Array(n - flagged);
      gl.bufferSubData(gl.ARRAY_BUFFER, flagged, this.zeros, 0, n - flagged);
    }
    gl.enableVertexAttribArray(6);
    gl.vertexAttribIPointer(6, 1, gl.UNSIGNED_BYTE, 1, 0);
    gl.vertexAttribDivisor(6, 1);
    gl.bindVertexArray(null);
    if (views.marks !== null) this.uploadMarks(views.marks);
  }

  /** Attribute `location` reads one f64 field (at f64 index `field`) of each slot as two 32-bit words. */
  private fieldAttribute(location: number, stride: number, field: number): void {
    const gl = this.gl;
    gl.enableVertexAttribArray(location);
    gl.vertexAttribIPointer(location, 2, gl.UNSIGNED_INT, stride, 8 * field);
    gl.vertexAttribDivisor(location, 1);
  }

  /** The marks as an R8UI texture, MARKS_ROW ids a row (the last row in part). */
  private uploadMarks(marks: Uint8Array): void {
    const gl = this.gl;
    const rows = Math.max(1, Math.ceil(marks.length / MARKS_ROW));
    gl.bindTexture(gl.TEXTURE_2D, this.marks);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
    if (rows !== this.marksRows) {
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.R8UI, MARKS_ROW, rows, 0, gl.RED_INTEGER, gl.UNSIGNED_BYTE, null);
      this.marksRows = rows;
    }
    const full = Math.floor(marks.length / MARKS_ROW);
    if (full > 0) gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, MARKS_ROW, full, gl.RED_INTEGER, gl.UNSIGNED_BYTE, marks, 0);
    const rest = marks.length - full * MARKS_ROW;
    if (rest > 0) gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, full, rest, 1, gl.RED_INTEGER, gl.UNSIGNED_BYTE, marks, full * MARKS_ROW);
    gl.bindTexture(gl.TEXTURE_2D, null);
  }

  /** The pixel buffer (the canvas's size) as the render target. */
  private bindTarget(size: [number, number]): void {
    const gl = this.gl;
    if (this.target === null || this.targetSize[0] !== size[0] || this.targetSize[1] !== size[1]) {
      if (this.pixels !== null) gl.deleteTexture(this.pixels);
      if (this.target !== null) gl.deleteFramebuffer(this.target);
      this.pixels = gl.createTexture();
      gl.bindTexture(gl.TEXTURE_2D, this.pixels);
      gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA8, size[0], size[1]);
      gl.bindTexture(gl.TEXTURE_2D, null);
      this.target = gl.createFramebuffer();
      gl.bindFramebuffer(gl.FRAMEBUFFER, this.target);
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, this.pixels, 0);
      this.targetSize = [size[0], size[1]];
      return;
    }
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.target);
  }
}
