// The play mode's model: the game (game.ts: the world, the rules, one
// tick), run in the fixed ticks the mode runtime's frame loop hands out
// (several per frame on a slow machine, none while paused), the buttons
// held, and which machinery overlays are on. No DOM: the input writes the
// buttons, the panels read the score.

import type { TileGrid } from '../../core/index';
import type { SceneHost, SceneModel, SceneWorld } from '../../runtime/scene';
import type { SettingValues, SomeSettings } from '../../settings/table';
import { PlayGame } from './game';

export const DEFAULT_MINES = 80;
/** Frame times kept for the debug handle. */
const FRAME_TIMES = 120;

/** Which overlays are on (the panel's toggles). */
export interface Overlays {
  grid: boolean;
  touched: boolean;
  edges: boolean;
  rays: boolean;
}

export class PlayModel implements SceneModel {
  game: PlayGame;
  /** The level's tiles (the shared tile-map layer draws them). */
  tiles: TileGrid;
  readonly overlays: Overlays = { grid: false, touched: false, edges: false, rays: false };
  paused: boolean;
  /** Buttons held on the keyboard and the touch pad, as `Button` bits (the input writes them). */
  held = 0;
  /** The buttons a gamepad holds now (the input gives the reader). */
  gamepad: () => number = () => 0;
  /** Buttons held by the debug handle instead of the reader's (null: the reader's). */
  forced: number | null = null;
  /** Frame times (ms) of the last frames. */
  readonly frameTimes: number[] = [];
  private stepOnce = false;
  private last = 0;

  constructor(
    private readonly host: SceneHost,
    settings: SettingValues,
  ) {
    this.game = new PlayGame(settings.seed, DEFAULT_MINES);
    this.tiles = this.game.tiles;
    this.paused = settings.paused;
  }

  worldSize(): SceneWorld {
    return { width: this.game.width, height: this.game.height, snap: this.game.tiles.tileSize };
  }

  /** The seed it plays (the view goes along when the reader zooms or pans). */
  state(): SomeSettings {
    return { seed: this.game.seed, paused: this.paused };
  }

  /** The fixed ticks this frame's time pays for (one, when stepping while paused). */
  tick(now: number, ticks: number): void {
    if (this.last !== 0) {
      this.frameTimes.push(now - this.last);
      if (this.frameTimes.length > FRAME_TIMES) this.frameTimes.shift();
    }
    this.last = now;
    const buttons = this.forced ?? this.held | this.gamepad();
    if (!this.paused) {
      for (let k = 0; k < ticks; k++) this.game.step(buttons);
    } else if (this.stepOnce) {
      this.game.step(buttons);
    }
    this.stepOnce = false;
    this.tiles = this.game.tiles;
  }

  setPaused(paused: boolean): void {
    this.paused = paused;
    this.host.restartClock();
    this.host.syncPanels();
  }

  /** Pauses, and plays one tick on the next frame. */
  step(): void {
    this.setPaused(true);
    this.stepOnce = true;
  }

  /** A fresh game (this seed, unless another is given). */
  restart(seed = this.game.seed, mines = DEFAULT_MINES): void {
    this.game.destroy();
    this.game = new PlayGame(seed, mines);
    this.tiles = this.game.tiles;
    this.host.fitView();
    this.host.restartClock();
  }

  destroy(): void {
    this.game.destroy();
  }
}
