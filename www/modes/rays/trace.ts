// The Amanatides–Woo walk as data for drawing and teaching: `traceSteps`'
// flat numbers read into one record per cell (the layout from the core's
// `viewLayout`), which line each cell was entered through, what the DDA
// does next, and how many cells the ray visits before its first hit
// stops it. No canvas, no DOM.

import { viewLayout, type RayHit } from '../../core/index';

/** How the segment got into a cell: the line(s) it crossed. */
export type Crossing = 'start' | 'vertical' | 'horizontal' | 'corner';

export interface DdaStep {
  readonly col: number;
  readonly row: number;
  /** Where the segment enters the cell (0 when it starts there). */
  readonly t: number;
  /** The entry point, exactly on the crossed line(s). */
  readonly x: number;
  readonly y: number;
  /** DDA state on arrival: `t` of the next vertical / horizontal line. */
  readonly tMaxX: number;
  readonly tMaxY: number;
  /** `t` length of one cell along x / y (`Infinity` when not moving). */
  readonly tDeltaX: number;
  readonly tDeltaY: number;
  readonly crossing: Crossing;
}

/** Reads `traceSteps` output; `tileSize` tells which lines an entry lies on. */
export function readSteps(flat: ArrayLike<number>, tileSize: number): DdaStep[] {
  const S = viewLayout('traceSteps', ['col', 'row', 't', 'x', 'y', 'tMaxX', 'tMaxY', 'tDeltaX', 'tDeltaY']);
  const steps: DdaStep[] = [];
  for (let i = 0; i + S.stride <= flat.length; i += S.stride) {
    const col = flat[i + S.col];
    const row = flat[i + S.row];
    const t = flat[i + S.t];
    const x = flat[i + S.x];
    const y = flat[i + S.y];
    const prev = steps[steps.length - 1];
    let crossing: Crossing;
    if (prev !== undefined) {
      crossing = crossingBetween(prev.col !== col, prev.row !== row);
    } else if (t === 0) {
      crossing = 'start';
    } else {
      // Entered from outside the grid: through the border line(s) it sits on.
      crossing = crossingBetween(onLine(x, tileSize), onLine(y, tileSize));
    }
    steps.push({ col, row, t, x, y, tMaxX: flat[i + S.tMaxX], tMaxY: flat[i + S.tMaxY], tDeltaX: flat[i + S.tDeltaX], tDeltaY: flat[i + S.tDeltaY], crossing });
  }
  return steps;
}

function crossingBetween(vertical: boolean, horizontal: boolean): Crossing {
  if (vertical && horizontal) return 'corner';
  if (vertical) return 'vertical';
  return horizontal ? 'horizontal' : 'start';
}

function onLine(p: number, size: number): boolean {
  return Math.abs(p / size - Math.round(p / size)) < 1e-9;
}

/** What the walk does after a cell: Amanatides–Woo's one comparison. */
export type NextMove =
  | { kind: 'x' | 'y' | 'corner'; col: number; row: number }
  /** The segment ends in this cell (both tMax ≥ 1) or leaves the grid. */
  | { kind: 'end'; leavesGrid: boolean };

/**
 * The move after step `k`: the axis with the smaller tMax steps (both on a
 * tie, straight to the diagonal cell), to the cell the next step names.
 */
export function nextMove(steps: readonly DdaStep[], k: number): NextMove {
  const here = steps[k];
  const next = steps[k + 1];
  if (next === undefined) return { kind: 'end', leavesGrid: Math.min(here.tMaxX, here.tMaxY) < 1 };
  const kind = here.tMaxX < here.tMaxY ? 'x' : here.tMaxY < here.tMaxX ? 'y' : 'corner';
  return { kind, col: next.col, row: next.row };
}

/** A point on the segment at parameter `t`. */
export function pointAt(x0: number, y0: number, x1: number, y1: number, t: number): { x: number; y: number } {
  return { x: x0 + (x1 - x0) * t, y: y0 + (y1 - y0) * t };
}

/** `∞` for a non-moving axis, else four decimals: the panel and the test agree on this. */
export function formatParam(v: number): string {
  if (v === Infinity) return '∞';
  if (v === -Infinity) return '−∞';
  return Number.isFinite(v) ? v.toFixed(4) : '—';
}

/** A `castRay` result, plus the tile's shape name. */
export interface Hit extends RayHit {
  /** The tile's shape (`full`, `convex-tl`, …); null for an object. */
  readonly shape: string | null;
}

/**
 * How many cells of `walk` the ray visits before it stops: all without a
 * hit; with one, up to the last cell the segment enters at or before the
 * hit (a tile's own cell when the hit is on its side).
 */
export function visitedCells(walk: readonly DdaStep[], hit: Pick<RayHit, 't'> | null): number {
  if (hit === null) return walk.length;
  let k = 0;
  for (let i = 0; i < walk.length && walk[i].t <= hit.t; i++) k = i + 1;
  return Math.max(k, Math.min(1, walk.length));
}
