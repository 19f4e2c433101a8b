// Buttons over the canvas's top-right corner: zoom in, zoom out and fit
// (visible, so touch and mouse users need not know the wheel, a pinch or
// the keys), and a mode's own (pause and step), so on a phone the step
// controls sit beside the canvas rather than a long scroll below it.

import { h } from './ui';
import type { Viewport } from './viewport';

/** A small button for the tools row. */
export function toolButton(label: string, title: string, onClick: () => void, attrs: Record<string, string> = {}): HTMLButtonElement {
  const b = h('button', { type: 'button', class: 'canvas-tool', title, 'aria-label': title, ...attrs }, label);
  b.addEventListener('click', onClick);
  return b;
}

/** Adds the zoom buttons for `view` to `tools`. */
export function addZoomButtons(tools: HTMLElement, view: Viewport): void {
  const centre = (factor: number) => () => view.zoomAt(view.cssWidth / 2, view.cssHeight / 2, factor);
  tools.append(
    toolButton('+', 'Zoom in (+)', centre(1.25), { 'data-tool': 'zoom-in' }),
    toolButton('−', 'Zoom out (−)', centre(0.8), { 'data-tool': 'zoom-out' }),
    toolButton('⤢', 'Fit the world in view (F)', () => view.fit(), { 'data-tool': 'fit' }),
  );
}
