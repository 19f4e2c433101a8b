// The box demos' buttons over the canvas: zoom, and pause / step beside
// the canvas (on a phone the side panel is a long scroll below).

import { addZoomButtons, toolButton } from '../runtime/canvas-tools';
import type { BoxDemo } from './demo';

export function addDemoTools(tools: HTMLElement, pg: BoxDemo): void {
  addZoomButtons(tools, pg.viewport);
  const pause = toolButton('Pause', 'Pause (Space)', () => pg.togglePause(), { 'data-tool': 'pause' });
  const step = toolButton('Step', 'Advance one step (. or S)', () => pg.stepOnce(), { 'data-tool': 'step' });
  const sync = () => {
    const running = pg.state.settings.running;
    pause.textContent = running ? 'Pause' : 'Play';
    const title = running ? 'Pause (Space)' : 'Play (Space)';
    pause.title = title;
    pause.setAttribute('aria-label', title);
    pause.setAttribute('aria-pressed', String(!running));
  };
  pg.onChange(sync);
  sync();
  tools.append(pause, step);
}
