// CSS colours (the theme's `#rrggbb` and `rgba(r, g, b, a)` strings) as the
// four floats a shader wants, rounded to 8 bits a channel as the 2D canvas
// stores them, so both renderers blend the very same colour.

/** Red, green, blue, alpha, each 0..1, not premultiplied. */
export type Rgba = readonly [number, number, number, number];

const cache = new Map<string, Rgba>();

/** `css` as RGBA floats; throws naming the colour when it is not a hex or rgb()/rgba() colour. */
export function parseColour(css: string): Rgba {
  const known = cache.get(css);
  if (known !== undefined) return known;
  const rgba = parse(css.trim().toLowerCase());
  if (rgba === null) throw new Error(`colour "${css}" is not #rgb, #rrggbb, rgb() or rgba()`);
  cache.set(css, rgba);
  return rgba;
}

/** The same colour with its alpha multiplied by `alpha` (the 2D canvas's globalAlpha). */
export function withAlpha(colour: Rgba, alpha: number): Rgba {
  return [colour[0], colour[1], colour[2], quantize(colour[3] * alpha)];
}

function quantize(unit: number): number {
  return Math.round(Math.min(1, Math.max(0, unit)) * 255) / 255;
}

function parse(css: string): Rgba | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(css);
  if (hex !== null) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d).join('') : hex[1];
    const channel = (i: number) => parseInt(digits.slice(2 * i, 2 * i + 2), 16) / 255;
    return [channel(0), channel(1), channel(2), 1];
  }
  const fn = /^rgba?\(\s*([^)]*)\)$/.exec(css);
  if (fn === null) return null;
  const parts = fn[1].split(/\s*,\s*|\s+/).filter((p) => p !== '' && p !== '/');
  if (parts.length !== 3 && parts.length !== 4) return null;
  const values = parts.map(Number);
  if (values.some((v) => !Number.isFinite(v))) return null;
  const [r, g, b] = values.map((v) => quantize(v / 255));
  return [r, g, b, parts.length === 4 ? quantize(values[3]) : 1];
}
