// The play mode's game: an N-style level where every structure does its
// real job. One World holds everything:
// - the tile map (`n-level`): the player collides with every tile shape in
//   the core's tile-aware `step` (the `slide` response: pushed out, the
//   velocity into the surface removed, sub-stepped so nothing tunnels);
// - the player, gold and drifting mines as objects in the loose grid: gold
//   is collected and mines hit through `pairsBegan()` (enter events);
// - drones that test their line of sight to the player with the DDA
//   (`tiles.lineOfSight`) every tick;
// - a moving platform carrying gold through the hierarchy (`setParent`).
// Game rules (run, jump, gravity) are velocities the game sets; collision
// is the core's. Fixed ticks of 1/60 s, inputs per tick, a seeded
// generator: the same seed and inputs give the same game (replays).

import { mulberry32 } from '../../runtime/random';
import { World, type TileGrid } from '../../core/index';
import { PartTimer } from '../../runtime/part-timer';
import { TICK_SECONDS } from '../../runtime/frame-loop';

/** The game's tick: the runtime's fixed tick (the loop hands out whole ticks). */
export const TICK = TICK_SECONDS;
const GRAVITY = 900;
const RUN = 150;
const ACCEL = 1400;
const JUMP = 330;
const MAX_FALL = 480;
const PLAYER_W = 12;
const PLAYER_H = 18;
const COIN = 8;
const MINE = 6;
const MINE_SPEED = 45;
/**
 * Grace at the start and after a hit, ticks: mines pass through the player
 * (who blinks meanwhile). Three seconds at the start, so a reader who
 * holds a key before knowing the level is not sent back at once.
 */
export const START_GRACE_TICKS = 180;
export const HIT_GRACE_TICKS = 120;

/** Buttons held during one tick, as bits (what a replay records). */
export const enum Button {
  Left = 1,
  Right = 2,
  Jump = 4,
}

export type Kind = 'player' | 'coin' | 'mine' | 'platform';

export interface Drone {
  x: number;
  y: number;
  /** Whether it saw the player on the last tick. */
  sees: boolean;
}

/** Microseconds a tick spends in each part: means over the last second of ticks (0 before). */
export interface Costs {
  step: number;
  pairs: number;
  rays: number;
}

export class PlayGame {
  readonly world: World;
  readonly tiles: TileGrid;
  readonly kinds = new Map<number, Kind>();
  readonly drones: Drone[] = [];
  player = 0;
  platform = 0;
  score = 0;
  hits = 0;
  tick = 0;
  grounded = false;
  /** The tick's parts, timed over windows of ticks (one tick's reading is zero or one step of the clock). */
  readonly timing = new PartTimer(['step', 'pairs', 'rays'] as const);
  /** The buttons of every tick so far: a replay feeds them back. */
  readonly inputs: number[] = [];
  private lastButtons = 0;
  /** Mines pass harmlessly until this tick (the start, and after each hit). */
  private safeUntil = START_GRACE_TICKS;
  /** The last hit: its tick and where the player was (the layers show it), or null. */
  lastHit: { tick: number; x: number; y: number } | null = null;
  private wall: -1 | 0 | 1 = 0;
  private readonly spawn: [number, number];
  private readonly rand: () => number;

  constructor(
    readonly seed: number,
    mines: number,
  ) {
    this.rand = mulberry32(seed);
    this.world = new World(1, 1);
    try {
      this.tiles = this.world.tiles;
      this.tiles.loadPreset('n-level');
      this.world.resize(this.width, this.height);
      this.world.setStructure('loose-grid');
      const ts = this.tiles.tileSize;
      this.spawn = [3 * ts, 18 * ts];
      this.player = this.world.insert(this.spawn[0], this.spawn[1], PLAYER_W, PLAYER_H);
      this.world.setTileResponse(this.player, 'slide');
      this.kinds.set(this.player, 'player');
      for (let i = 0; i < 40; i++) this.addCoin();
      this.setMines(mines);
      this.addPlatform();
      for (const [c, r] of [
        [27, 3],
        [14, 6],
        [5, 10],
      ])
        this.drones.push({ x: (c + 0.5) * ts, y: (r + 0.5) * ts, sees: false });
    } catch (error) {
      this.world.free();
      throw error;
    }
  }

  get width(): number {
    return this.tiles.cols * this.tiles.tileSize;
  }

  get height(): number {
    return this.tiles.rows * this.tiles.tileSize;
  }

  /** Coins left to collect. */
  get coins(): number {
    let n = 0;
    for (const kind of this.kinds.values()) if (kind === 'coin') n++;
    return n;
  }

  /** Ticks of grace left (mines pass through the player), 0 when none. */
  get graceLeft(): number {
    return Math.max(0, this.safeUntil - this.tick);
  }

  /** Where the player starts, and comes back to after a hit. */
  get spawnPoint(): readonly [number, number] {
    return this.spawn;
  }

  playerBox(): [number, number, number, number] {
    const [x, y, w, h] = this.world.box(this.player);
    return [x, y, w, h];
  }

  /** Exactly `count` drifting mines (seeded places and headings). */
  setMines(count: number): void {
    const mines = [...this.kinds].filter(([, k]) => k === 'mine').map(([id]) => id);
    for (const id of mines.slice(count)) this.removeObject(id);
    for (let i = mines.length; i < count; i++) {
      const [x, y] = this.openSpot(MINE, MINE, true);
      const id = this.world.insert(x, y, MINE, MINE);
      const angle = this.rand() * Math.PI * 2;
      this.world.setVelocity(id, Math.cos(angle) * MINE_SPEED, Math.sin(angle) * MINE_SPEED);
      this.world.setTileResponse(id, 'bounce');
      this.kinds.set(id, 'mine');
    }
  }

  /** Mean µs per tick by part over the last full window of ticks. */
  get costs(): Costs {
    const m = this.timing.report?.means;
    return m === undefined ? { step: 0, pairs: 0, rays: 0 } : { step: m.step * 1000, pairs: m.pairs * 1000, rays: m.rays * 1000 };
  }

  /** One fixed tick with these buttons held. */
  step(buttons: number): void {
    this.inputs.push(buttons);
    const w = this.world;
    const [vx0, vy0] = w.velocity(this.player);
    const dir = (buttons & Button.Right ? 1 : 0) - (buttons & Button.Left ? 1 : 0);
    const target = dir * RUN;
    const dv = ACCEL * TICK;
    let vx = Math.abs(target - vx0) <= dv ? target : vx0 + Math.sign(target - vx0) * dv;
    let vy = Math.min(MAX_FALL, vy0 + GRAVITY * TICK);
    const jumpPressed = (buttons & Button.Jump) !== 0 && (this.lastButtons & Button.Jump) === 0;
    if (jumpPressed && this.grounded) vy = -JUMP;
    else if (jumpPressed && this.wall !== 0) {
      // Wall jump: up and away from the wall.
      vy = -JUMP * 0.92;
      vx = -this.wall * RUN;
    }
    this.lastButtons = buttons;
    w.setVelocity(this.player, vx, vy);

    const t0 = performance.now();
    w.step(TICK);
    const t1 = performance.now();
    w.pairs();
    // Copied: removing a coin is a call into the world, which ends the view.
    const began = w.pairsBegan().slice();
    const t2 = performance.now();
    for (let i = 0; i < began.length; i += 2) {
      const [a, b] = [began[i], began[i + 1]];
      const other = a === this.player ? b : b === this.player ? a : 0;
      const kind = this.kinds.get(other);
      if (kind === 'coin') {
        this.removeObject(other);
        this.score += 1;
      } else if (kind === 'mine' && this.tick >= this.safeUntil) {
        this.hits += 1;
        this.safeUntil = this.tick + HIT_GRACE_TICKS;
        const [x, y] = this.playerBox();
        this.lastHit = { tick: this.tick, x, y };
        w.update(this.player, this.spawn[0], this.spawn[1], PLAYER_W, PLAYER_H);
        w.setVelocity(this.player, 0, 0);
      }
    }
    // Contacts, from the core's narrow phase: a floor under the feet, a wall at a side.
    this.grounded = this.touches(0, 1);
    this.wall = this.grounded ? 0 : this.touches(-1, 0) ? -1 : this.touches(1, 0) ? 1 : 0;
    const t3 = performance.now();
    const [px, py, pw, ph] = this.playerBox();
    for (const d of this.drones) d.sees = this.tiles.lineOfSight(d.x, d.y, px + pw / 2, py + ph / 2);
    const t4 = performance.now();
    this.timing.add('step', t1 - t0);
    this.timing.add('pairs', t2 - t1);
    this.timing.add('rays', t4 - t3);
    this.timing.done(t4);
    this.tick += 1;
  }

  /** Whether the player's box moved by (dx, dy) would overlap a tile (the core's pushOut). */
  private touches(dx: number, dy: number): boolean {
    const [x, y, w, h] = this.playerBox();
    const [ox, oy] = this.tiles.pushOut(x + dx, y + dy, w, h);
    return dx !== 0 ? Math.sign(ox) === -Math.sign(dx) : dy !== 0 ? Math.sign(oy) === -Math.sign(dy) : ox !== 0 || oy !== 0;
  }

  private addCoin(): number {
    const [x, y] = this.openSpot(COIN, COIN);
    const id = this.world.insert(x, y, COIN, COIN);
    this.kinds.set(id, 'coin');
    return id;
  }

  /** A platform drifting sideways, bouncing off the tiles, with two coins riding on it. */
  private addPlatform(): void {
    const ts = this.tiles.tileSize;
    const x = 20 * ts;
    const y = 14.2 * ts;
    this.platform = this.world.insert(x, y, 2 * ts, ts / 3);
    this.world.setVelocity(this.platform, 50, 0);
    this.world.setTileResponse(this.platform, 'bounce');
    this.kinds.set(this.platform, 'platform');
    for (const dx of [ts * 0.3, ts * 1.3]) {
      const coin = this.world.insert(x + dx, y - COIN - 2, COIN, COIN);
      this.kinds.set(coin, 'coin');
      this.world.setParent(coin, this.platform);
    }
  }

  private removeObject(id: number): void {
    this.world.remove(id);
    this.kinds.delete(id);
  }

  /**
   * A seeded place where a w × h box touches no tile (and, for a mine, so
   * far from the start that it cannot drift there during the start's grace).
   */
  private openSpot(w: number, h: number, awayFromStart = false): [number, number] {
    const clearance = MINE_SPEED * START_GRACE_TICKS * TICK + 3 * this.tiles.tileSize;
    for (let tries = 0; tries < 500; tries++) {
      const x = 4 + this.rand() * (this.width - w - 8);
      const y = 4 + this.rand() * (this.height - h - 8);
      if (awayFromStart && Math.hypot(x - this.spawn[0], y - this.spawn[1]) < clearance) continue;
      const [dx, dy] = this.tiles.pushOut(x, y, w, h);
      if (dx === 0 && dy === 0 && this.tiles.touchedCells(x, y, w, h).every((_, i, cells) => i % 2 !== 0 || this.tiles.tile(cells[i], cells[i + 1]) === 'empty')) return [x, y];
    }
    return [this.width / 2, this.height / 2];
  }

  destroy(): void {
    this.world.free();
  }
}
