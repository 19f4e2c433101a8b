// The eight resize handles of a drawn box and what is under the pointer:
// a handle (which edges it moves), a box's body (a move), or nothing.
// Handles are drawn small but their hit area is sized for a finger, and it
// reaches inward at most a quarter of the box's side, so the middle of even
// a tiny box always moves it.

import { AIM_PX } from '../runtime/input';
import type { Viewport } from '../runtime/viewport';
import type { BoxLike, ResizeEdges } from './rects';

/** Resize handle size as drawn, CSS pixels (the hit area is larger). */
export const HANDLE_PX = 8;

/** Pointer slop for picking a box, CSS px: fingers are not pixels. */
export const PICK_PX = { mouse: 3, pen: 4, touch: 10 } as const;
/** Half the hit area of a resize handle, CSS px: 24 px across for a finger. */
export const HANDLE_REACH_PX = { mouse: 6, pen: 8, touch: 12 } as const;

/** The eight handles: corners and edge middles. */
export const HANDLES: readonly ResizeEdges[] = [
  { x: -1, y: -1 },
  { x: 0, y: -1 },
  { x: 1, y: -1 },
  { x: 1, y: 0 },
  { x: 1, y: 1 },
  { x: 0, y: 1 },
  { x: -1, y: 1 },
  { x: -1, y: 0 },
];

/**
 * The handle of the box `rect` (canvas px) under (px, py), or null. A
 * handle's area reaches `reach` px outward, and inward at most a quarter
 * of the box's side, so the middle of a box, however small, moves it.
 */
export function handleAt(rect: { x0: number; y0: number; x1: number; y1: number }, px: number, py: number, reach: number): ResizeEdges | null {
  const { x0, y0, x1, y1 } = rect;
  if (px < x0 - reach || px > x1 + reach || py < y0 - reach || py > y1 + reach) return null;
  const bandX = Math.min(reach, (x1 - x0) / 4);
  const bandY = Math.min(reach, (y1 - y0) / 4);
  const x = px < x0 + bandX ? -1 : px > x1 - bandX ? 1 : 0;
  const y = py < y0 + bandY ? -1 : py > y1 - bandY ? 1 : 0;
  return x === 0 && y === 0 ? null : { x, y };
}

/** The cursor for resizing `edges`. */
export function resizeCursor(edges: ResizeEdges): string {
  if (edges.x === 0) return 'ns-resize';
  if (edges.y === 0) return 'ew-resize';
  return edges.x === edges.y ? 'nwse-resize' : 'nesw-resize';
}

/**
 * How a press on box `box` is aimed (see PointerScene.aim): its smaller
 * side on screen with the slop; for a finger on the box that is picked
 * (selected), at least a finger's width, so in an engaged embed a small
 * box is tapped (which picks it and engages the embed), then dragged.
 */
export function boxAim(box: BoxLike, scale: number, pointerType: string, picked: boolean): number {
  const size = Math.min(box.w, box.h) * scale + 2 * (PICK_PX[pointerType as keyof typeof PICK_PX] ?? PICK_PX.mouse);
  return picked && pointerType === 'touch' ? Math.max(AIM_PX, size) : size;
}

/** A box under the pointer. */
export interface Pick {
  /** The box's id. */
  readonly box: number;
  /** The edges a press here resizes, or null to move the box. */
  readonly edges: ResizeEdges | null;
}

/**
 * The box of `boxes` under canvas (px, py), and the edges a press there
 * resizes. Smallest first, as they are drawn on top; handles before
 * bodies, so a handle reaching past its box still wins.
 */
export function pickBox(view: Viewport, boxes: readonly (BoxLike & { readonly id: number })[], px: number, py: number, pointerType: string): Pick | null {
  const slop = PICK_PX[pointerType as keyof typeof PICK_PX] ?? PICK_PX.mouse;
  const reach = HANDLE_REACH_PX[pointerType as keyof typeof HANDLE_REACH_PX] ?? HANDLE_REACH_PX.mouse;
  const order = [...boxes].sort((a, b) => a.w * a.h - b.w * b.h);
  const rectOf = (b: BoxLike) => ({ x0: view.toCanvasX(b.x), y0: view.toCanvasY(b.y), x1: view.toCanvasX(b.x + b.w), y1: view.toCanvasY(b.y + b.h) });
  for (const b of order) {
    const edges = handleAt(rectOf(b), px, py, reach);
    if (edges !== null) return { box: b.id, edges };
  }
  for (const b of order) {
    const r = rectOf(b);
    if (px >= r.x0 - slop && px <= r.x1 + slop && py >= r.y0 - slop && py <= r.y1 + slop) return { box: b.id, edges: null };
  }
  return null;
}
