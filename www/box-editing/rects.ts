// The arithmetic of editing a box on a bounded map, shared by every mode
// that lets the user draw boxes (Tiles, Rays): keeping a box on the map at
// a usable size, moving the edges a resize handle names without flipping,
// where a duplicate lands, and where an arrow key takes a box. Pure: no
// world, no DOM.

/** Smallest box side, world units. */
export const MIN_BOX_SIDE = 2;

/** Which edges of a box a resize moves: -1 the left/top one, 1 the right/bottom one, 0 neither. */
export interface ResizeEdges {
  readonly x: -1 | 0 | 1;
  readonly y: -1 | 0 | 1;
}

/** A box in world units: corner and size. */
export type BoxRect = readonly [x: number, y: number, w: number, h: number];

/** A box's place and size. */
export interface BoxLike {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/**
 * (x, y, w, h) kept on a `width` × `height` map: each side at least
 * `MIN_BOX_SIDE` and at most the map's, the corner moved in; null when a
 * number is not finite (nothing sensible to place).
 */
export function fitRect(x: number, y: number, w: number, h: number, width: number, height: number): BoxRect | null {
  if (![x, y, w, h].every(Number.isFinite)) return null;
  const bw = Math.min(Math.max(w, MIN_BOX_SIDE), Math.max(width, MIN_BOX_SIDE));
  const bh = Math.min(Math.max(h, MIN_BOX_SIDE), Math.max(height, MIN_BOX_SIDE));
  const bx = Math.min(Math.max(x, 0), Math.max(0, width - bw));
  const by = Math.min(Math.max(y, 0), Math.max(0, height - bh));
  return [bx, by, bw, bh];
}

/**
 * Box `b` with the edges `edges` names moved to the pointer at (x, y); an
 * edge stops `MIN_BOX_SIDE` short of the opposite one (never flips), and
 * no edge leaves the map.
 */
export function dragEdgesRect(b: BoxLike, edges: ResizeEdges, x: number, y: number, width: number, height: number): BoxRect {
  let [x0, y0, x1, y1] = [b.x, b.y, b.x + b.w, b.y + b.h];
  if (edges.x < 0) x0 = Math.min(x, x1 - MIN_BOX_SIDE);
  if (edges.x > 0) x1 = Math.max(x, x0 + MIN_BOX_SIDE);
  if (edges.y < 0) y0 = Math.min(y, y1 - MIN_BOX_SIDE);
  if (edges.y > 0) y1 = Math.max(y, y0 + MIN_BOX_SIDE);
  x0 = Math.max(0, x0);
  y0 = Math.max(0, y0);
  x1 = Math.min(width, x1);
  y1 = Math.min(height, y1);
  return [x0, y0, x1 - x0, y1 - y0];
}

/** Where a copy of `b` goes: down and right by half its smaller side (at least half a cell), so both stay visible. */
export function duplicateCorner(b: BoxLike, cell: number): [number, number] {
  const offset = Math.max(cell / 2, Math.min(b.w, b.h) / 2);
  return [b.x + offset, b.y + offset];
}

/**
 * Where an arrow key (direction `dir`) takes box `b`: `step` world units,
 * or, snapped, a whole cell with the leading edge landing on a cell line.
 */
export function arrowCorner(b: BoxLike, dir: readonly [number, number], step: number, snap: boolean, cell: number): [number, number] {
  if (!snap) return [b.x + dir[0] * step, b.y + dir[1] * step];
  const lead = (lo: number, size: number, d: number) =>
    d > 0 ? Math.round((lo + size) / cell) * cell - size : d < 0 ? Math.round(lo / cell) * cell : lo;
  return [lead(b.x + dir[0] * cell, b.w, dir[0]), lead(b.y + dir[1] * cell, b.h, dir[1])];
}
