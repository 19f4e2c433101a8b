// The play mode: run and jump through an N-style level while the
// structures do their jobs (see game.ts). Fixed ticks of 1/60 s on the
// shared frame loop (several per frame on a slow machine, none while
// paused), keyboard (arrows / A D, Space / Z / W / ↑ to jump), on-screen
// buttons for touch (pointer events), a gamepad if there is one.
//
// | file | job |
// |---|---|
// | `game.ts` | the world, the rules, one tick; seeded and replayable |
// | `layers.ts` | objects, drones and sight lines; the machinery overlays |
// | `index.ts` | layout, loop, input, panels, the debug handle |

import { TileMapLayer } from '../../layers/tile-map';
import { addZoomButtons, toolButton } from '../../runtime/canvas-tools';
import { FrameLoop } from '../../runtime/frame-loop';
import { belongsToControl } from '../../runtime/keys';
import { Renderer } from '../../runtime/renderer';
import { buildModeLayout } from '../../runtime/stage';
import { h, panelSection, setText, Sidebar } from '../../runtime/ui';
import { Viewport } from '../../runtime/viewport';
import { applyView, ViewLink } from '../../runtime/view-link';
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
  const layout = buildModeLayout(host, {
    canvasLabel: 'A game on an N-style level: the player, gold, drifting mines, drones with sight lines, a moving platform',
    help: '← → or A D run · Space, Z, W or ↑ jump (again against a wall: wall jump) · P pauses · . steps one tick · R restarts · on touch: the buttons below',
    colophon: 'Rust core compiled to WebAssembly · tile-aware <code>step()</code>, <code>pairsBegan()</code>, <code>lineOfSight()</code>, <code>setParent()</code>',
  });
  let game = new PlayGame(seed, DEFAULT_MINES);
  const overlays: Overlays = { grid: false, touched: false, edges: false, rays: false };
  const viewport = new Viewport();
  const renderer = new Renderer<PlayModel>(layout.canvas, viewport);
  renderer.add(new TileMapLayer());
  renderer.add(new MachineryLayer());
  renderer.add(new ObjectsLayer());
  const fit = () => {
    viewport.snapUnit = game.tiles.tileSize;
    viewport.setWorld(game.width, game.height);
    viewport.fit();
  };
  fit();
  applyView(viewport, values.view);
  addZoomButtons(layout.tools, viewport);

  let paused = values.paused;
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
  const sidebar = new Sidebar(layout.panels);
  sidebar.add(
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
  sidebar.add(
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
  layout.stage.insertBefore(pad, layout.stage.querySelector('.stage-footer'));
  layout.tools.prepend(toolButton('Pause', 'Pause (P)', () => setPaused(!paused), { 'data-tool': 'pause' }));

  // --- keyboard ---------------------------------------------------------------
  const keyRoot = context.keyRoot ?? document;
  const keyDown = (event: Event) => {
    const e = event as KeyboardEvent;
    if (belongsToControl(e) && !(e.target instanceof HTMLCanvasElement)) return;
    const bit = KEYS[e.key];
    if (bit !== undefined) {
      held |= bit;
      e.preventDefault();
      return;
    }
    if (e.key === 'p' || e.key === 'P') setPaused(!paused);
    else if (e.key === '.') {
      setPaused(true);
      stepOnce = true;
    } else if (e.key === 'r' || e.key === 'R') restart();
    else return;
    e.preventDefault();
  };
  const keyUp = (event: Event) => {
    const bit = KEYS[(event as KeyboardEvent).key];
    if (bit !== undefined) held &= ~bit;
  };
  keyRoot.addEventListener('keydown', keyDown);
  keyRoot.addEventListener('keyup', keyUp);
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
    fit();
    pending = 0;
  }

  const model: { tiles: PlayModel['tiles']; game: PlayGame; overlays: Overlays } = { tiles: game.tiles, game, overlays };
  let last = 0;
  const loop = new FrameLoop((now, dt) => {
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
    renderer.draw(model, now);
    link.tick(now);
    setText(score, String(game.score));
    setText(coins, String(game.coins));
    setText(hits, String(game.hits));
    const c = game.costs;
    setText(costs, `step ${c.step.toFixed(0)} · pairs ${c.pairs.toFixed(0)} · rays ${c.rays.toFixed(0)}`);
    const seen = game.drones.filter((d) => d.sees).length;
    setText(status, game.coins === 0 ? 'All the gold! R plays again.' : seen > 0 ? `${seen} ${seen === 1 ? 'drone sees' : 'drones see'} you.` : 'Hidden from the drones.');
  });
  setPaused(paused);
  // An embed hears the values in force (its getState() reports them).
  if (context.publishAtStart === true) context.publish({ seed: game.seed, paused });
  // The page view goes into the link when the reader zooms or pans (with the seed it plays).
  const link = new ViewLink(viewport, context.publish, () => ({ seed: game.seed, paused }));

  const uninstall = (() => {
    if (context.debug === false) return () => {};
    const handle: NonNullable<Window['__broadphasePlay']> = {
      game: () => game,
      get frame() {
        return loop.frame;
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
        const r = layout.canvas.getBoundingClientRect();
        return { x: r.left + viewport.toCanvasX(x), y: r.top + viewport.toCanvasY(y) };
      },
      frameTimes: () => [...frameTimes],
    };
    window.__broadphasePlay = handle;
    return () => {
      if (window.__broadphasePlay === handle) delete window.__broadphasePlay;
    };
  })();
  loop.start();

  return {
    panels: sidebar.describe(),
    get frame() {
      return loop.frame;
    },
    setVisible: (visible) => loop.setVisible(visible),
    destroy() {
      loop.stop();
      uninstall();
      keyRoot.removeEventListener('keydown', keyDown);
      keyRoot.removeEventListener('keyup', keyUp);
      window.removeEventListener('blur', blur);
      game.destroy();
      layout.remove();
    },
  };
};
