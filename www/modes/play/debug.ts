// `window.__broadphasePlay`: the play mode's handle for tests and the
// devtools console: the game, buttons held from script, pause, restart, a
// replay of recorded inputs on a fresh game, and the frame times.

import type { ModeRuntime } from '../../runtime/mode-runtime';
import { PlayGame } from './game';
import { DEFAULT_MINES, type PlayModel } from './model';

export interface PlayDebugHandle {
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
}

declare global {
  interface Window {
    __broadphasePlay?: PlayDebugHandle;
  }
}

/** Installs the handle; the returned function removes it (if still ours). */
export function installPlayDebugHandle(model: PlayModel, rt: ModeRuntime<PlayModel>): () => void {
  const handle: PlayDebugHandle = {
    game: () => model.game,
    get frame() {
      return rt.frame;
    },
    hold: (buttons) => (model.forced = buttons),
    pause: (p) => model.setPaused(p),
    restart: (s, m) => model.restart(s, m),
    replay(inputs, s = model.game.seed, m = DEFAULT_MINES) {
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
    frameTimes: () => [...model.frameTimes],
  };
  window.__broadphasePlay = handle;
  return () => {
    if (window.__broadphasePlay === handle) delete window.__broadphasePlay;
  };
}
