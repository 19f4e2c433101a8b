// The keyboard rules every mode shares: which key presses belong to a
// control rather than to the canvas's shortcuts, and the view keys.

import type { Viewport } from './viewport';

/**
 * Whether a shortcut should leave this key press alone: a modifier is
 * held, someone already handled it, or it is typing in a field (or Space
 * / Enter on a button), which belongs to that control.
 */
export function belongsToControl(e: KeyboardEvent): boolean {
  if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return true;
  const t = e.target;
  if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement) return true;
  if (t instanceof HTMLElement && t.isContentEditable) return true;
  return (t instanceof HTMLButtonElement || t instanceof HTMLAnchorElement) && (e.key === ' ' || e.key === 'Enter');
}

/**
 * Where an ARIA tab list's keys move from tab `at` of `count`: the arrows
 * to the neighbour (wrapping), Home and End to the ends; null for any
 * other key.
 */
export function tabListMove(key: string, at: number, count: number): number | null {
  switch (key) {
    case 'ArrowLeft':
      return (at + count - 1) % count;
    case 'ArrowRight':
      return (at + 1) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** `+` / `=` zoom in, `-` / `−` out, `F` / `0` fit, about the canvas centre; true when the key was one of them. */
export function viewKey(v: Viewport, key: string): boolean {
  switch (key) {
    case '+':
    case '=':
      v.zoomAt(v.cssWidth / 2, v.cssHeight / 2, 1.25);
      return true;
    case '-':
    case '−':
      v.zoomAt(v.cssWidth / 2, v.cssHeight / 2, 0.8);
      return true;
    case 'f':
    case 'F':
    case '0':
      v.fit();
      return true;
    default:
      return false;
  }
}

/**
 * On the focused canvas, an arrow the mode has no use for pans the view an
 * eighth of the canvas (Shift: half), as a focused map does; true when the
 * key was an arrow. (Passed on, the page would take it: a tutorial site
 * turns the chapter on → while the reader looks at the map.)
 */
export function panKey(v: Viewport, e: KeyboardEvent): boolean {
  if (e.altKey || e.ctrlKey || e.metaKey) return false;
  const dir = ({ ArrowLeft: [1, 0], ArrowRight: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] } as Record<string, [number, number]>)[e.key];
  if (dir === undefined) return false;
  const share = e.shiftKey ? 0.5 : 0.125;
  v.panBy(dir[0] * share * v.cssWidth, dir[1] * share * v.cssHeight);
  return true;
}

/** Client (viewport) CSS px ↔ world units over a canvas, for tests and the devtools console. */
export function screenMapping(canvas: HTMLCanvasElement, v: Viewport) {
  return {
    worldToScreen(x: number, y: number): { x: number; y: number } {
      const r = canvas.getBoundingClientRect();
      return { x: r.left + v.toCanvasX(x), y: r.top + v.toCanvasY(y) };
    },
    screenToWorld(x: number, y: number): { x: number; y: number } {
      const r = canvas.getBoundingClientRect();
      return { x: v.toWorldX(x - r.left), y: v.toWorldY(y - r.top) };
    },
  };
}
