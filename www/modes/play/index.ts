// The play mode: run and jump through an N-style level while the
// structures do their jobs (see game.ts). Fixed ticks of 1/60 s on the
// mode runtime's frame loop (several per frame on a slow machine, none
// while paused), keyboard (arrows / A D, Space / Z / W / ↑ to jump) through
// the runtime's input layer, on-screen buttons for touch (pointer events),
// a gamepad if there is one.
//
// | file | job |
// |---|---|
// | `game.ts` | the world, the rules, one tick; seeded and replayable |
// | `layers.ts` | objects, drones and sight lines; the machinery overlays |
// | `index.ts` | the scene the mode runtime runs: ticks, keys, panels, the debug handle |

import { TileMapLayer } from '../../layers/tile-map';
import { toolButton } from '../../runtime/canvas-tools';
import { runMode, type ModeRuntime, type Scene } from '../../runtime/mode-runtime';
import { h, panelSection, setText } from '../../runtime/ui';
import { formatMs } from '../../runtime/clock';
import type { ModeFactory } from '../types';
import { Button, PlayGame, TICK } from './game';
import { MachineryLayer, ObjectsLayer, type Overlays, type PlayModel } from './layers';

const DEFAULT_MINES = 80;
/** At most this many ticks per frame: a stalled tab does not fast-forward. */
const MAX_TICKS_PER_FRAME = 4;

declare global {
  interface Window {
    __broadphasePlay?: {
      game: () => PlayGame;
      readonly frame: number;
      hold(buttons: number): void;
      pause(paused: boolean): void;
      restart(seed?: number, mines?: number): void;
      /** Runs `inputs` (one button mask per tick) on a fresh game of this seed; returns the player's box at the end. */
      replay(inputs: readonly number[], seed?: number, mines?: number): number[];
      worldToScreen(x: number, y: number): { x: number; y: number };
      /** Frame times (ms) of the last 120 frames. */
      frameTimes(): number[];
    };
  }
}

const KEYS: Record<string, Button> = {
  ArrowLeft: Button.Left,
  a: Button.Left,
  A: Button.Left,
  ArrowRight: Button.Right,
  d: Button.Right,
  D: Button.Right,
  ' ': Button.Jump,
  z: Button.Jump,
  Z: Button.Jump,
  w: Button.Jump,
  W: Button.Jump,
  ArrowUp: Button.Jump,
};

export const createPlayMode: ModeFactory = (host, values, context) => {
  const seed = values.seed;
  const layout = {
    canvasLabel: 'A game on an N-style level: the player, gold, drifting mines, drones with sight lines, a moving platform',
    help: '← → or A D run · Space, Z, W or ↑ jump (again against a wall: wall jump) · P pauses · . steps one tick · R restarts · on touch: the buttons below',
    colophon: 'Rust core compiled to WebAssembly · tile-aware <code>step()</code>, <code>pairsBegan()</code>, <code>lineOfSight()</code>, <code>setParent()</code>',
  };
  return runMode<PlayModel>(host, context, layout, values.view, (rt) => buildPlay(rt, seed, values.paused));
};

/** The game as a scene: fixed ticks, the buttons held, the panels, the touch pad. */
function buildPlay(rt: ModeRuntime<PlayModel>, seed: number, startPaused: boolean): Scene<PlayModel> {
  let game = new PlayGame(seed, DEFAULT_MINES);
  const overlays: Overlays = { grid: false, touched: false, edges: false, rays: false };
  rt.addLayers(new TileMapLayer(), new MachineryLayer(), new ObjectsLayer());

  let paused = startPaused;
  let held = 0; // keyboard and touch buttons
  let forced: number | null = null; // the debug handle's hold()
  let pending = 0; // unspent time, seconds
  let stepOnce = false;
  const frameTimes: number[] = [];

  // --- panels ---------------------------------------------------------------
  const score = h('output', { id: 'play-score' });
  const coins = h('output', { id: 'play-coins' });
  const hits = h('output', { id: 'play-hits' });
  const costs = h('output', { id: 'play-costs' });
  const status = h('p', { class: 'panel-note', role: 'status', 'aria-live': 'polite' });
  const toggle = (key: keyof Overlays, label: string) => {
    const box = h('input', { type: 'checkbox', id: `play-${key}` });
    box.addEventListener('change', () => (overlays[key] = box.checked));
    return h('label', { class: 'check' }, box, label);
  };
  const pauseButton = h('button', { type: 'button', id: 'play-pause', class: 'primary' }, 'Pause');
  const restartButton = h('button', { type: 'button', id: 'play-restart' }, 'Restart');
  const stepButton = h('button', { type: 'button', id: 'play-step' }, 'Step');
  pauseButton.addEventListener('click', () => setPaused(!paused));
  restartButton.addEventListener('click', () => restart());
  stepButton.addEventListener('click', () => {
    setPaused(true);
    stepOnce = true;
  });
  rt.sidebar.add(
    {
      element: panelSection(
        'play-panel',
        'Play',
        h('div', { class: 'buttons' }, pauseButton, stepButton, restartButton),
        h('dl', { class: 'stats' }, h('dt', {}, 'Gold'), h('dd', {}, score), h('dt', {}, 'Left'), h('dd', {}, coins), h('dt', {}, 'Mine hits'), h('dd', {}, hits), h('dt', {}, 'µs per tick'), h('dd', {}, costs)),
        status,
      ),
    },
    'control',
  );
  rt.sidebar.add(
    {
      element: panelSection(
        'play-machinery',
        'See the machinery',
        toggle('grid', 'Loose grid cells (gold and mines live there)'),
        toggle('touched', 'Cells the player touches (the narrow phase tests only these)'),
        toggle('edges', 'Edges around the player: solid (red) stop it, interesting (white) mean an exact shape test'),
        toggle('rays', 'Every drone\'s ray, blocked ones too (DDA line of sight)'),
        h('p', { class: 'panel-note' }, 'Gold is collected and mines hit through pairsBegan() (enter events); the player slides over slopes and curves in the core\'s tile-aware step; the platform carries its gold through setParent().'),
      ),
    },
    'control',
  );

  // --- touch buttons ----------------------------------------------------------
  const pad = h('div', { class: 'play-pad', role: 'group', 'aria-label': 'Touch controls' });
  for (const [label, bit, name] of [
    ['◀', Button.Left, 'left'],
    ['▶', Button.Right, 'right'],
    ['Jump', Button.Jump, 'jump'],
  ] as const) {
    const b = h('button', { type: 'button', class: 'canvas-tool play-pad-button', 'data-button': name, 'aria-label': name }, label);
    const release = () => (held &= ~bit);
    b.addEventListener('pointerdown', (e) => {
      e.preventDefault();
      held |= bit;
      b.setPointerCapture(e.pointerId);
    });
    b.addEventListener('pointerup', release);
    b.addEventListener('pointercancel', release);
    b.addEventListener('lostpointercapture', release);
    pad.append(b);
  }
  rt.layout.stage.insertBefore(pad, rt.layout.stage.querySelector('.stage-footer'));
  rt.layout.tools.prepend(toolButton('Pause', 'Pause (P)', () => setPaused(!paused), { 'data-tool': 'pause' }));

  const blur = () => (held = 0);
  window.addEventListener('blur', blur);

  function gamepadButtons(): number {
    const pads = typeof navigator.getGamepads === 'function' ? navigator.getGamepads() : [];
    let bits = 0;
    for (const gp of pads) {
      if (gp === null) continue;
      const x = gp.axes[0] ?? 0;
      if (x < -0.4 || gp.buttons[14]?.pressed) bits |= Button.Left;
      if (x > 0.4 || gp.buttons[15]?.pressed) bits |= Button.Right;
      if (gp.buttons[0]?.pressed) bits |= Button.Jump;
    }
    return bits;
  }

  function setPaused(value: boolean): void {
    paused = value;
    pending = 0;
    pauseButton.textContent = paused ? 'Play' : 'Pause';
    pauseButton.setAttribute('aria-pressed', String(paused));
  }

  function restart(newSeed = game.seed, mines = DEFAULT_MINES): void {
    game.destroy();
    game = new PlayGame(newSeed, mines);
    model.game = game;
    rt.fitView();
    pending = 0;
  }

  const model: { tiles: PlayModel['tiles']; game: PlayGame; overlays: Overlays } = { tiles: game.tiles, game, overlays };
  let last = 0;
  const tick = (now: number, dt: number): void => {
    if (last !== 0) {
      frameTimes.push(now - last);
      if (frameTimes.length > 120) frameTimes.shift();
    }
    last = now;
    const buttons = forced ?? held | gamepadButtons();
    if (!paused) {
      pending = Math.min(pending + dt, MAX_TICKS_PER_FRAME * TICK);
      while (pending >= TICK) {
        game.step(buttons);
        pending -= TICK;
      }
    } else if (stepOnce) {
      game.step(buttons);
    }
    stepOnce = false;
    model.tiles = game.tiles;
    setText(score, String(game.score));
    setText(coins, String(game.coins));
    setText(hits, String(game.hits));
    const timed = game.timing.report;
    if (timed === null) {
      // The shape of the readout to come, so the panel keeps its size when the numbers arrive.
      setText(costs, 'step … · pairs … · rays …');
    } else {
      // In µs, to the precision that many readings of the clock carry.
      const us = (ms: number) => formatMs(ms * 1000, timed.timerStepMs * 1000, timed.samples);
      const m = timed.means;
      setText(costs, `step ${us(m.step)} · pairs ${us(m.pairs)} · rays ${us(m.rays)}`);
      costs.title = `Means over the last ${timed.samples} ticks; the page's clock steps by ${Math.round(timed.timerStepMs * 1000)} µs`;
    }
    const seen = game.drones.filter((d) => d.sees).length;
    setText(status, game.coins === 0 ? 'All the gold! R plays again.' : seen > 0 ? `${seen} ${seen === 1 ? 'drone sees' : 'drones see'} you.` : 'Hidden from the drones.');
  };
  setPaused(paused);

  /** The debug handle: the game, held buttons, replays, for tests and the console. */
  const debug = (): (() => void) => {
    const handle: NonNullable<Window['__broadphasePlay']> = {
      game: () => game,
      get frame() {
        return rt.frame;
      },
      hold: (buttons) => (forced = buttons),
      pause: (p) => setPaused(p),
      restart: (s, m) => restart(s, m),
      replay(inputs, s = game.seed, m = DEFAULT_MINES) {
        const fresh = new PlayGame(s, m);
        try {
          for (const b of inputs) fresh.step(b);
          return fresh.playerBox();
        } finally {
          fresh.destroy();
        }
      },
      worldToScreen(x, y) {
        const r = rt.layout.canvas.getBoundingClientRect();
        return { x: r.left + rt.viewport.toCanvasX(x), y: r.top + rt.viewport.toCanvasY(y) };
      },
      frameTimes: () => [...frameTimes],
    };
    window.__broadphasePlay = handle;
    return () => {
      if (window.__broadphasePlay === handle) delete window.__broadphasePlay;
    };
  };

  return {
    model,
    world: () => ({ width: game.width, height: game.height, snap: game.tiles.tileSize }),
    tick,
    // The seed it plays (the view goes along when the reader zooms or pans).
    state: () => ({ seed: game.seed, paused }),
    // Nothing on the map to drag: mouse and pen pan, a finger scrolls the page.
    pointer: { aim: () => null, start: () => false, drag: () => {}, end: () => {} },
    keys: {
      key(e) {
        const bit = KEYS[e.key];
        if (bit !== undefined) {
          held |= bit;
          return true;
        }
        if (e.key === 'p' || e.key === 'P') setPaused(!paused);
        else if (e.key === '.') {
          setPaused(true);
          stepOnce = true;
        } else if (e.key === 'r' || e.key === 'R') restart();
        else return false;
        return true;
      },
      keyUp(e) {
        const bit = KEYS[e.key];
        if (bit !== undefined) held &= ~bit;
      },
    },
    debug,
    destroy() {
      window.removeEventListener('blur', blur);
      game.destroy();
    },
  };
}
