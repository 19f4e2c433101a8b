// The rays mode's interaction state, shared by input, drawing and panels:
// which handle is hovered, dragged or keyboard-selected, and where the DDA
// step-through is (null: the whole trace at once).

import type { HandleName } from './model';

export interface RaysUi {
  hover: HandleName | null;
  drag: HandleName | null;
  /** The handle the arrow keys move (Tab cycles it while the canvas has focus). */
  selected: HandleName | null;
  canvasFocused: boolean;
  /** The visit the step-through shows, or null when showing the whole trace. */
  stepIndex: number | null;
}

export function createUi(): RaysUi {
  return { hover: null, drag: null, selected: null, canvasFocused: false, stepIndex: null };
}

export const HANDLE_LABELS: Record<HandleName, string> = {
  start: 'ray start A',
  end: 'ray end B',
  enemy: 'enemy',
  player: 'player',
};
