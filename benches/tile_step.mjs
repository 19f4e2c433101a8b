// What the tile-aware step costs, in ms per `step(1/60)`, in wasm under
// Node: colliders bouncing or sliding through a tile map at everyday and
// at hostile speeds. Optionally against another build, ALTERNATED in one
// process (round by round, in alternating order). Prints a Markdown table.
//
//   node benches/tile_step.mjs                  this build (pkg/ after a release wasm build)
//   node benches/tile_step.mjs ../other/pkg     against another build's pkg/
//
// Scene: a 4000 × 4000 world, a 125 × 125 map of 32-unit tiles (10 % full,
// 2 % slopes), COLLIDERS seeded boxes of 4-12 units, each a collider
// (half bounce, half slide), at the speed of the case in seeded directions.
// Time: per case and build, ROUNDS rounds of STEPS steps; the table shows
// the median round, in ms per step.

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

function round(w) {
  const t0 = performance.now();
  for (let s = 0; s < STEPS; s++) w.step(1 / 60);
  return (performance.now() - t0) / STEPS;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const here = new URL('..', import.meta.url).pathname;
const builds = [{ name: 'this build', api: await loadBuild(resolve(here, 'pkg')) }];
if (process.argv[2]) builds.push({ name: process.argv[2], api: await loadBuild(resolve(process.argv[2])) });

const head = builds.map((b) => `${b.name} ms`).join(' | ');
console.log(`| speed (units/s) | ${head}${builds.length > 1 ? ' | ratio' : ''} |`);
console.log(`|---:|${builds.map(() => '---:').join('|')}|${builds.length > 1 ? '---:|' : ''}`);
for (const speed of SPEEDS) {
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
