// What the tile-aware step costs, in ms per `step(1/60)`, in wasm under
// Node: colliders bouncing or sliding through a tile map at everyday and
// at hostile speeds. Optionally against another build, ALTERNATED in one
// process (round by round, in alternating order). Prints a Markdown table.
//
//   node benches/tile_step.mjs                  this build (pkg/ after a release wasm build)
//   node benches/tile_step.mjs ../other/pkg     against another build's pkg/
//   node benches/tile_step.mjs --maze           only the maze (either way)
//
// Scene: a 4000 × 4000 world, a 125 × 125 map of 32-unit tiles (10 % full,
// 2 % slopes), COLLIDERS seeded boxes of 4-12 units, each a collider
// (half bounce, half slide), at the speed of the case in seeded directions.
// Time: per case and build, ROUNDS rounds of STEPS steps; the table shows
// the median round, in ms per step.
//
// Then the maze of issue 34 (the budget's scene): 1,000 colliders of 2 × 2
// in a 64 × 64 maze of 8-unit tiles, 35 % full, at slow, fast and absurd
// speeds, each response on its own row, and sliders whose velocity is set
// again before every step (a character pushing on: a slider left alone
// soon rests in a corner). `benches/tile_maze.rs` runs the same scene
// natively.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { mulberry32 } from './random.mjs';

// BROADPHASE_QUICK=1 (the docs' command check) keeps the code path, shrinks the sizes.
const QUICK = process.env.BROADPHASE_QUICK === '1';
const ROUNDS = QUICK ? 1 : 7;
const STEPS = QUICK ? 2 : 20;
const COLLIDERS = QUICK ? 50 : 1000;
const SIDE = 4000;
const TILE = 32;
const COLS = SIDE / TILE;
const SPEEDS = [100, 1000, 10000, 1e6];
const MAZE_COLS = 64;
const MAZE_TILE = 8;
const MAZE_SPEEDS = [10, 1e3, 1e5, 1e8, 1e308];
// Fewer steps for the maze: a build from before issue 34 takes up to
// seconds a step there.
const MAZE_ROUNDS = QUICK ? 1 : 5;
const MAZE_STEPS = QUICK ? 2 : 6;

async function loadBuild(pkg) {
  const api = await import(pathToFileURL(resolve(pkg, 'broadphase.js')).href);
  api.initSync({ module: readFileSync(resolve(pkg, 'broadphase_bg.wasm')) });
  return api;
}

/** The same scene in every build; colliders start clear of the tiles. */
function makeWorld(api, speed) {
  const w = new api.World(SIDE, SIDE);
  w.setStructure('loose-grid');
  const tiles = w.tiles;
  tiles.reset(COLS, COLS, TILE);
  const rand = mulberry32(3);
  for (let i = 0; i < COLS * COLS * 0.1; i++) tiles.setTile(Math.floor(rand() * COLS), Math.floor(rand() * COLS), 'full');
  for (let i = 0; i < COLS * COLS * 0.02; i++) tiles.setTile(Math.floor(rand() * COLS), Math.floor(rand() * COLS), 'slope45-br');
  let made = 0;
  while (made < COLLIDERS) {
    const size = 4 + rand() * 8;
    const x = rand() * (SIDE - size);
    const y = rand() * (SIDE - size);
    const angle = rand() * 2 * Math.PI;
    // The raw module of a build with a façade answers a shape's code (0 is
    // empty), an older one its name.
    const empty = (cx, cy) => [0, 'empty'].includes(tiles.tile(Math.floor(cx / TILE), Math.floor(cy / TILE)));
    const clear = [x, x + size].every((cx) => [y, y + size].every((cy) => empty(cx, cy)));
    if (!clear) continue;
    const id = w.insert(x, y, size, size);
    w.setVelocity(id, speed * Math.cos(angle), speed * Math.sin(angle));
    w.setTileResponse(id, made % 2 === 0 ? 'bounce' : 'slide');
    made++;
  }
  return w;
}

/**
 * The maze of issue 34: the same seeded maze and colliders in every build.
 * `pushed`: sliders whose velocity is set again before every step (a
 * character pushing on; a slider left alone comes to rest in a corner).
 */
function makeMaze(api, speed, response, pushed = false) {
  const side = MAZE_COLS * MAZE_TILE;
  const w = new api.World(side, side);
  w.setStructure('loose-grid');
  const tiles = w.tiles;
  tiles.reset(MAZE_COLS, MAZE_COLS, MAZE_TILE);
  const rand = mulberry32(34);
  const full = new Uint8Array(MAZE_COLS * MAZE_COLS);
  for (let i = 0; i < full.length; i++) {
    if (rand() < 0.35) {
      full[i] = 1;
      tiles.setTile(i % MAZE_COLS, Math.floor(i / MAZE_COLS), 'full');
    }
  }
  const cell = (v) => Math.floor(v / MAZE_TILE);
  const push = [];
  let made = 0;
  while (made < COLLIDERS) {
    const x = rand() * (side - 2);
    const y = rand() * (side - 2);
    const clear = [x, x + 2].every((cx) => [y, y + 2].every((cy) => !full[cell(cy) * MAZE_COLS + cell(cx)]));
    if (!clear) continue;
    const id = w.insert(x, y, 2, 2);
    const angle = rand() * 2 * Math.PI;
    w.setVelocity(id, speed * Math.cos(angle), speed * Math.sin(angle));
    w.setTileResponse(id, response);
    push.push([id, speed * Math.cos(angle), speed * Math.sin(angle)]);
    made++;
  }
  if (pushed) w.beforeStep = () => push.forEach(([id, vx, vy]) => w.setVelocity(id, vx, vy));
  return w;
}

function round(w, steps = STEPS) {
  const t0 = performance.now();
  for (let s = 0; s < steps; s++) {
    w.beforeStep?.();
    w.step(1 / 60);
  }
  return (performance.now() - t0) / steps;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const here = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const mazeOnly = args.includes('--maze');
const other = args.find((a) => !a.startsWith('--'));
const builds = [{ name: 'this build', api: await loadBuild(resolve(here, 'pkg')) }];
if (other) builds.push({ name: other, api: await loadBuild(resolve(other)) });

const head = builds.map((b) => `${b.name} ms`).join(' | ');
if (!mazeOnly) console.log(`| speed (units/s) | ${head}${builds.length > 1 ? ' | ratio' : ''} |`);
if (!mazeOnly) console.log(`|---:|${builds.map(() => '---:').join('|')}|${builds.length > 1 ? '---:|' : ''}`);
for (const speed of mazeOnly ? [] : SPEEDS) {
  const worlds = builds.map((b) => makeWorld(b.api, speed));
  const times = builds.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? builds.map((_, i) => i) : builds.map((_, i) => builds.length - 1 - i);
    for (const i of order) times[i].push(round(worlds[i]));
  }
  worlds.forEach((w) => w.free());
  const ms = times.map(median);
  const ratio = ms.length > 1 ? ` | ${(ms[0] / ms[1]).toFixed(2)}×` : '';
  console.log(`| ${speed.toLocaleString('en-US')} | ${ms.map((v) => v.toFixed(3)).join(' | ')}${ratio} |`);
}

console.log('');
console.log(`Maze (issue 34): ${COLLIDERS} colliders of 2 × 2, ${MAZE_COLS} × ${MAZE_COLS} tiles of ${MAZE_TILE}, 35 % full; median (fastest) round`);
console.log('');
console.log(`| speed (units/s) | response | ${head}${builds.length > 1 ? ' | ratio' : ''} |`);
console.log(`|---:|---|${builds.map(() => '---:').join('|')}|${builds.length > 1 ? '---:|' : ''}`);
for (const speed of MAZE_SPEEDS) {
  for (const [response, pushed] of [['bounce', false], ['slide', false], ['slide', true]]) {
    const worlds = builds.map((b) => makeMaze(b.api, speed, response, pushed));
    const times = builds.map(() => []);
    for (let r = 0; r < MAZE_ROUNDS; r++) {
      const order = r % 2 === 0 ? builds.map((_, i) => i) : builds.map((_, i) => builds.length - 1 - i);
      for (const i of order) times[i].push(round(worlds[i], MAZE_STEPS));
    }
    worlds.forEach((w) => w.free());
    const ms = times.map(median);
    const least = times.map((t) => Math.min(...t));
    const ratio = ms.length > 1 ? ` | ${(ms[0] / ms[1]).toFixed(3)}×` : '';
    const what = pushed ? `${response}, pushed each step` : response;
    const cells = ms.map((v, i) => `${v.toFixed(3)} (${least[i].toFixed(3)})`).join(' | ');
    console.log(`| ${speed.toExponential(0)} | ${what} | ${cells}${ratio} |`);
  }
}
