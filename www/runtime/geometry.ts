// Plain rectangles in world units and the overlap rule of the World contract
// (interiors intersect; touching edges do not count), for JS-side checks.

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

export function contains(r: Rect, px: number, py: number): boolean {
  return px >= r.x && px <= r.x + r.w && py >= r.y && py <= r.y + r.h;
}

export function clamp(value: number, lo: number, hi: number): number {
  return value < lo ? lo : value > hi ? hi : value;
}

/** Squared distance from a point to a rectangle (0 inside). */
export function distanceSquared(r: Rect, px: number, py: number): number {
  const dx = Math.max(r.x - px, 0, px - (r.x + r.w));
  const dy = Math.max(r.y - py, 0, py - (r.y + r.h));
  return dx * dx + dy * dy;
}

/**
 * `v` moved onto the nearest multiple of `unit` (a cell line) when within
 * a quarter of a unit of it; otherwise `v` unchanged. Exact: the result is
 * `k * unit`, so a snapped corner is the same number the core's cells use.
 */
export function snapToLine(v: number, unit: number): number {
  const line = Math.round(v / unit) * unit;
  return Math.abs(line - v) <= unit / 4 ? line : v;
}

/**
 * The shift that snaps a span [lo, hi] to cell lines: whichever end is
 * nearer a line (within a quarter unit) lands on it; 0 when neither is.
 */
export function snapSpan(lo: number, hi: number, unit: number): number {
  const dLo = snapToLine(lo, unit) - lo;
  const dHi = snapToLine(hi, unit) - hi;
  if (dLo === 0 && dHi === 0) return 0;
  if (dLo === 0) return dHi;
  if (dHi === 0) return dLo;
  return Math.abs(dLo) <= Math.abs(dHi) ? dLo : dHi;
}
