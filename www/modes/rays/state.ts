// The rays mode's interaction state, shared by input, drawing and panels:
// which handle is hovered, dragged or keyboard-selected, and where the DDA
// step-through is (null: the whole trace at once).

import type { HandleName } from './model';
import type { ResizeEdges } from '../../box-editing/rects';

export interface RaysUi {
  hover: HandleName | null;
  drag: HandleName | null;
  /** The handle the arrow keys move (Enter cycles it while the canvas has focus). */
  selected: HandleName | null;
  canvasFocused: boolean;
  /** The visit the step-through shows, or null when showing the whole trace. */
  stepIndex: number | null;
  /** The drawn box under the pointer or being dragged (0: none), and its resize handle there. */
  boxHover: number;
  boxHandle: ResizeEdges | null;
}

export function createUi(): RaysUi {
  return { hover: null, drag: null, selected: null, canvasFocused: false, stepIndex: null, boxHover: 0, boxHandle: null };
}

export const HANDLE_LABELS: Record<HandleName, string> = {
  start: 'ray start A',
  end: 'ray end B',
  enemy: 'enemy',
  player: 'player',
};
