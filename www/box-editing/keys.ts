// The keyboard on drawn boxes, the same in every mode: arrows move the
// selected box (Shift: resize), by a whole cell when snapping; Delete or
// Backspace deletes it; Ctrl/Cmd+D duplicates it. Each press is one undo
// step (the mode opens and closes it around the call).

import type { BoxStore } from './box-store';
import { arrowCorner } from './rects';

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** An arrow key's direction, or undefined for any other key (or one with Alt, Ctrl or Cmd). */
export function arrowOf(e: KeyboardEvent): [number, number] | undefined {
  if (e.altKey || e.ctrlKey || e.metaKey) return undefined;
  return ARROWS[e.key];
}

/** Moves (Shift: resizes) the selected box one step in `dir`; false when nothing is selected. */
export function nudgeSelected(store: BoxStore, dir: readonly [number, number], resize: boolean, step: number, snap: boolean, cell: number): boolean {
  const b = store.box(store.selected);
  if (b === undefined) return false;
  if (resize) store.resize(b.id, b.w + dir[0] * step, b.h + dir[1] * step);
  else store.move(b.id, ...arrowCorner(b, dir, step, snap, cell));
  return true;
}

/** Whether `e` is Ctrl/Cmd+D outside a text field (duplicate). */
export function isDuplicateKey(e: KeyboardEvent): boolean {
  if (!(e.ctrlKey || e.metaKey) || e.altKey || e.key.toLowerCase() !== 'd') return false;
  const t = e.target;
  return !(t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement || (t instanceof HTMLElement && t.isContentEditable));
}

/** Whether `e` is Delete or Backspace (the caller has ruled out text fields). */
export function isDeleteKey(e: KeyboardEvent): boolean {
  return e.key === 'Delete' || e.key === 'Backspace';
}
