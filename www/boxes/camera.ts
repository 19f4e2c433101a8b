// The culling camera's handles in screen space, shared by the layer that
// draws them and the input that grabs them, so what you see is what you hit.

import { clamp, type Rect } from '../runtime/geometry';
import type { Viewport } from '../runtime/viewport';

/** Side of the square resize handle at the bottom-right corner, CSS px. */
export const HANDLE_PX = 12;
/** How far from the dashed edge still grabs the camera, CSS px. */
export const EDGE_GRAB_PX = 6;
export const TAB_HEIGHT_PX = 20;

export type CameraZone = 'resize' | 'edge' | 'tab' | 'inside';

export interface ScreenRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export function cameraOnScreen(camera: Rect, v: Viewport): ScreenRect {
  return {
    left: v.toCanvasX(camera.x),
    top: v.toCanvasY(camera.y),
    right: v.toCanvasX(camera.x + camera.w),
    bottom: v.toCanvasY(camera.y + camera.h),
  };
}

/** The label tab above the top-left corner; its width is set by the layer. */
export function tabRect(r: ScreenRect, width: number): ScreenRect {
  return { left: r.left, top: r.top - TAB_HEIGHT_PX, right: r.left + width, bottom: r.top };
}

// The tab's width depends on its text, known only when the layer measures
// it; the layer reports it each frame so the grab zone is what was drawn.
let tabWidthPx = 120;
export function setTabWidth(px: number): void {
  tabWidthPx = px;
}

/** Which part of the camera canvas point (px, py) is on, if any. */
export function cameraZoneAt(camera: Rect, v: Viewport, px: number, py: number): CameraZone | null {
  const r = cameraOnScreen(camera, v);
  const h = HANDLE_PX;
  if (px >= r.right - h && px <= r.right + h / 2 && py >= r.bottom - h && py <= r.bottom + h / 2) return 'resize';
  const tab = tabRect(r, tabWidthPx);
  if (px >= tab.left && px <= tab.right && py >= tab.top && py <= tab.bottom) return 'tab';
  const g = EDGE_GRAB_PX;
  const nearX = px >= r.left - g && px <= r.right + g;
  const nearY = py >= r.top - g && py <= r.bottom + g;
  if (nearX && nearY) {
    const inside = px > r.left + g && px < r.right - g && py > r.top + g && py < r.bottom - g;
    return inside ? 'inside' : 'edge';
  }
  return null;
}

/** Keeps the camera inside the world and at least `minSide` units wide. */
export function clampCamera(camera: Rect, side: number, minSide: number): void {
  camera.w = clamp(camera.w, minSide, side);
  camera.h = clamp(camera.h, minSide, side);
  camera.x = clamp(camera.x, 0, side - camera.w);
  camera.y = clamp(camera.y, 0, side - camera.h);
}

/** The camera's starting place: a window on the middle of the world. */
export function defaultCamera(side: number): Rect {
  return { x: side * 0.32, y: side * 0.3, w: side * 0.36, h: side * 0.28 };
}
