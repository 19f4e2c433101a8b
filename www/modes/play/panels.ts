// The play mode's panels: the game (pause, step, restart; gold, what is
// left, mine hits, what a tick costs by part; whether the drones see you)
// and the machinery overlays to turn on.

import { formatMs } from '../../runtime/clock';
import { h, panelSection, setText, type Panel } from '../../runtime/ui';
import { HIT_GRACE_TICKS } from './game';
import type { Overlays, PlayModel } from './model';

export class PlayPanel implements Panel {
  readonly element: HTMLElement;
  private readonly score = h('output', { id: 'play-score' });
  private readonly coins = h('output', { id: 'play-coins' });
  private readonly hits = h('output', { id: 'play-hits' });
  private readonly costs = h('output', { id: 'play-costs' });
  private readonly status = h('p', { class: 'panel-note', role: 'status', 'aria-live': 'polite' });
  private readonly pause = h('button', { type: 'button', id: 'play-pause', class: 'primary' }, 'Pause');

  constructor(private readonly model: PlayModel) {
    const restart = h('button', { type: 'button', id: 'play-restart' }, 'Restart');
    const step = h('button', { type: 'button', id: 'play-step' }, 'Step');
    this.pause.addEventListener('click', () => model.setPaused(!model.paused));
    restart.addEventListener('click', () => model.restart());
    step.addEventListener('click', () => model.step());
    const { score, coins, hits, costs } = this;
    this.element = panelSection(
      'play-panel',
      'Play',
      h('div', { class: 'buttons' }, this.pause, step, restart),
      h('dl', { class: 'stats' }, h('dt', {}, 'Gold'), h('dd', {}, score), h('dt', {}, 'Left'), h('dd', {}, coins), h('dt', {}, 'Mine hits'), h('dd', {}, hits), h('dt', {}, 'µs per tick'), h('dd', {}, costs)),
      this.status,
    );
  }

  sync(): void {
    const paused = this.model.paused;
    this.pause.textContent = paused ? 'Play' : 'Pause';
    this.pause.setAttribute('aria-pressed', String(paused));
  }

  update(): void {
    const game = this.model.game;
    setText(this.score, String(game.score));
    setText(this.coins, String(game.coins));
    setText(this.hits, String(game.hits));
    const timed = game.timing.report;
    if (timed === null) {
      // The shape of the readout to come, so the panel keeps its size when the numbers arrive.
      setText(this.costs, 'step … · pairs … · rays …');
    } else {
      // In µs, to the precision that many readings of the clock carry.
      const us = (ms: number) => formatMs(ms * 1000, timed.timerStepMs * 1000, timed.samples);
      const m = timed.means;
      setText(this.costs, `step ${us(m.step)} · pairs ${us(m.pairs)} · rays ${us(m.rays)}`);
      this.costs.title = `Means over the last ${timed.samples} ticks; the page's clock steps by ${Math.round(timed.timerStepMs * 1000)} µs`;
    }
    const seen = game.drones.filter((d) => d.sees).length;
    const hitJustNow = game.lastHit !== null && game.tick - game.lastHit.tick < HIT_GRACE_TICKS;
    const sight = seen > 0 ? `${seen} ${seen === 1 ? 'drone sees' : 'drones see'} you.` : 'Hidden from the drones.';
    setText(
      this.status,
      game.coins === 0
        ? 'All the gold! R plays again.'
        : hitJustNow
          ? `A mine hit you: back to the start (${game.hits} ${game.hits === 1 ? 'hit' : 'hits'}); mines pass through you while you blink.`
          : game.graceLeft > 0
            ? `Mines pass through you for ${Math.ceil(game.graceLeft / 60)} s while you blink. ${sight}`
            : sight,
    );
  }
}

export function machineryPanel(model: PlayModel): Panel {
  const toggle = (key: keyof Overlays, label: string) => {
    const box = h('input', { type: 'checkbox', id: `play-${key}` });
    box.addEventListener('change', () => (model.overlays[key] = box.checked));
    return h('label', { class: 'check' }, box, label);
  };
  return {
    element: panelSection(
      'play-machinery',
      'See the machinery',
      toggle('grid', 'Loose grid cells (gold and mines live there)'),
      toggle('touched', 'Cells the player touches (the narrow phase tests only these)'),
      toggle('edges', 'Edges around the player: solid (red) stop it, interesting (grey) mean an exact shape test'),
      toggle('rays', 'Every drone\'s ray, blocked ones too (DDA line of sight)'),
      h('p', { class: 'panel-note' }, 'Gold is collected and mines hit through pairsBegan() (enter events); the player slides over slopes and curves in the core\'s tile-aware step; the platform carries its gold through setParent().'),
    ),
  };
}
