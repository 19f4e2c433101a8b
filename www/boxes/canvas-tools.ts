// The box scenes' buttons over the canvas, beside the runtime's zoom and
// undo: pause / step (on a phone the side panel is a long scroll below).

import { toolButton } from '../runtime/canvas-tools';
import type { BoxesModel } from './model';

export function addBoxTools(tools: HTMLElement, model: BoxesModel): void {
  // Glyphs, so the row fits a phone-width column (the names are in the labels).
  const pause = toolButton('❚❚', 'Pause (Space)', () => model.togglePause(), { 'data-tool': 'pause' });
  const step = toolButton('▸❚', 'Advance one step (. or S)', () => model.stepOnce(), { 'data-tool': 'step' });
  const sync = () => {
    const running = !model.settings.paused;
    pause.textContent = running ? '❚❚' : '▶';
    const title = running ? 'Pause (Space)' : 'Play (Space)';
    pause.title = title;
    pause.setAttribute('aria-label', title);
    pause.setAttribute('aria-pressed', String(!running));
  };
  model.onChange(sync);
  sync();
  tools.append(pause, step);
}
