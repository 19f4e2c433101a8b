// The shader program the GPU layers share: instanced axis-aligned
// rectangles given in world units, drawn as the 2D canvas draws them — a
// fill or a centred stroke with analytic antialiasing (the fraction of
// each device pixel the shape covers). Chromium's 2D canvas antialiases a
// path by sampling four rows per pixel, so its horizontal edges land on
// quarter pixels; `u_quarter` does the same.

import { compileProgram } from './compile';

const VERTEX = `#version 300 es
precision highp float;
layout(location = 0) in vec2 a_corner;
layout(location = 1) in vec4 a_rect;
// Device px per world unit, then the device offset (x, y).
uniform vec3 u_view;
uniform vec2 u_size;
// The outer edge sits u_outer device px outside the rectangle; a stroke's
// inner edge u_inner px inside it (negative: no hole, a fill).
uniform float u_outer;
uniform float u_inner;
// Lines: each rectangle is a line (zero width or zero height), grown by
// u_outer across its length only, as a butt-capped stroke.
uniform bool u_lines;
uniform bool u_quarter;
out vec4 v_outer;
out vec4 v_inner;
void main() {
  vec2 p0 = a_rect.xy * u_view.x + u_view.yz;
  vec2 p1 = (a_rect.xy + a_rect.zw) * u_view.x + u_view.yz;
  vec2 grow = u_lines ? vec2(a_rect.z == 0.0 ? u_outer : 0.0, a_rect.w == 0.0 ? u_outer : 0.0) : vec2(u_outer);
  v_outer = vec4(p0 - grow, p1 + grow);
  v_inner = u_inner < 0.0 ? vec4(0.0, 0.0, -1.0, -1.0) : vec4(p0 + u_inner, p1 - u_inner);
  if (u_quarter) {
    v_outer.yw = floor(v_outer.yw * 4.0 + 0.5) / 4.0;
    v_inner.yw = floor(v_inner.yw * 4.0 + 0.5) / 4.0;
  }
  // Every pixel the shape can touch, and no more.
  vec4 quad = vec4(floor(v_outer.xy), ceil(v_outer.zw));
  vec2 p = mix(quad.xy, quad.zw, a_corner);
  gl_Position = vec4(p.x / u_size.x * 2.0 - 1.0, 1.0 - p.y / u_size.y * 2.0, 0.0, 1.0);
}`;

const FRAGMENT = `#version 300 es
precision highp float;
uniform vec2 u_size;
// 0: paint the shape; 1: add its coverage to the coverage buffer; 2: paint
// with the coverage the buffer summed for this pixel (a union, see surface.ts).
uniform int u_part;
uniform vec4 u_colour;
uniform sampler2D u_coverage;
in vec4 v_outer;
in vec4 v_inner;
out vec4 o_colour;
float cover(vec4 r, vec2 c) {
  vec2 d = max(min(c + 0.5, r.zw) - max(c - 0.5, r.xy), 0.0);
  return d.x * d.y;
}
void main() {
  float coverage = 1.0;
  if (u_part == 2) {
    coverage = texelFetch(u_coverage, ivec2(gl_FragCoord.xy), 0).r;
  } else {
    vec2 c = vec2(gl_FragCoord.x, u_size.y - gl_FragCoord.y);
    coverage = cover(v_outer, c) - cover(v_inner, c);
  }
  // A fragment that paints nothing must not mark the stencil either.
  if (coverage < 1.0 / 512.0) discard;
  if (u_part == 1) {
    o_colour = vec4(coverage, 0.0, 0.0, 0.0);
    return;
  }
  o_colour = vec4(u_colour.rgb, u_colour.a * min(coverage, 1.0));
}`;

export interface RectProgram {
  readonly program: WebGLProgram;
  readonly view: WebGLUniformLocation;
  readonly size: WebGLUniformLocation;
  readonly outer: WebGLUniformLocation;
  readonly inner: WebGLUniformLocation;
  readonly lines: WebGLUniformLocation;
  readonly quarter: WebGLUniformLocation;
  readonly part: WebGLUniformLocation;
  readonly colour: WebGLUniformLocation;
  readonly coverage: WebGLUniformLocation;
}

/** Compiles and links the program; throws with the driver's log on failure. */
export function createRectProgram(gl: WebGL2RenderingContext): RectProgram {
  const program = compileProgram(gl, VERTEX, FRAGMENT);
  const at = (name: string): WebGLUniformLocation => {
    const location = gl.getUniformLocation(program, name);
    if (location === null && !gl.isContextLost()) throw new Error(`WebGL2: the rectangle program has no uniform ${name}`);
    return location as WebGLUniformLocation;
  };
  return {
    program,
    view: at('u_view'),
    size: at('u_size'),
    outer: at('u_outer'),
    inner: at('u_inner'),
    lines: at('u_lines'),
    quarter: at('u_quarter'),
    part: at('u_part'),
    colour: at('u_colour'),
    coverage: at('u_coverage'),
  };
}
