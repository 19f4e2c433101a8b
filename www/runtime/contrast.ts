// Colour contrast as WCAG 2 measures it: a CSS colour read as r, g, b, a,
// one colour over another (its alpha blended), relative luminance and the
// contrast ratio. For choosing a readable ink on a fill, and for the tests
// that hold both themes to 4.5:1 for text and 3:1 for marks.

export type Rgba = readonly [number, number, number, number];

/** `#rgb`, `#rrggbb`, `rgb(…)` or `rgba(…)` (commas or spaces, alpha as a number or %), else null. */
export function parseColour(css: string): Rgba | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(css.trim());
  if (hex !== null) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16), 1];
  }
  const m = /rgba?\(\s*([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)/.exec(css);
  if (m === null) return null;
  const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
  return [Number(m[1]), Number(m[2]), Number(m[3]), alpha];
}

/** `top` painted over `under` (opaque): what the eye sees. */
export function over(top: Rgba, under: Rgba): Rgba {
  const a = top[3];
  return [top[0] * a + under[0] * (1 - a), top[1] * a + under[1] * (1 - a), top[2] * a + under[2] * (1 - a), 1];
}

/** Relative luminance (sRGB), 0 black to 1 white. */
export function luminance([r, g, b]: readonly number[]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Of a dark and a light ink, the one that reads better on `fill`. */
export function inkOn(fill: string, dark = '#1b1403', light = '#ffffff'): string {
  const f = parseColour(fill);
  if (f === null) return dark;
  const on = over(f, [255, 255, 255, 1]);
  const d = parseColour(dark) as Rgba;
  const l = parseColour(light) as Rgba;
  return contrastRatio(d, on) >= contrastRatio(l, on) ? dark : light;
}
