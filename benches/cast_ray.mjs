// What one `castRay` costs, in ns, in wasm under Node, for every structure:
// 10,000 seeded boxes in a 4000 × 4000 world (the scenes' density), rays
// from the top edge to the bottom edge at seeded x's, with and without a
// tile map (125 × 125 tiles of 32, 2 % full). Optionally against another
// build, ALTERNATED in one process (round by round, in alternating order),
// so a slow spell of a shared machine hits both. Prints a Markdown table.
//
//   node benches/cast_ray.mjs                  this build (pkg/ after a release wasm build)
//   node benches/cast_ray.mjs ../other/pkg     against another build's pkg/
//
// Time: per case and build, ROUNDS rounds of BATCHES batches of RAYS
// calls; a round keeps its best batch, the table shows the median round.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { mulberry32 } from './random.mjs';

// BROADPHASE_QUICK=1 (the docs' command check) keeps the code path, shrinks the sizes.
const QUICK = process.env.BROADPHASE_QUICK === '1';
const ROUNDS = QUICK ? 1 : 7;
const BATCHES = QUICK ? 1 : 5;
const RAYS = QUICK ? 50 : 2_000;
const OBJECTS = 10_000;
const SIDE = 4000;
const TILE = 32;
const TILE_COLS = SIDE / TILE;

async function loadBuild(pkg) {
  const api = await import(pathToFileURL(resolve(pkg, 'broadphase.js')).href);
  api.initSync({ module: readFileSync(resolve(pkg, 'broadphase_bg.wasm')) });
  return api;
}

/** The same scene in every build. */
function makeWorld(api, structure, tiles) {
  const w = new api.World(SIDE, SIDE);
  w.populate(OBJECTS, 42, 'uniform');
  w.setStructure(structure);
  if (tiles) {
    const map = w.tiles;
    map.reset(TILE_COLS, TILE_COLS, TILE);
    const rand = mulberry32(7);
    for (let i = 0; i < TILE_COLS * TILE_COLS * 0.02; i++) {
      map.setTile(Math.floor(rand() * TILE_COLS), Math.floor(rand() * TILE_COLS), 'full');
    }
  }
  w.step(1 / 60);
  w.pairs();
  return w;
}

const rand = mulberry32(11);
const x0s = Float64Array.from({ length: RAYS }, () => rand() * SIDE);
const x1s = Float64Array.from({ length: RAYS }, () => rand() * SIDE);

let sink = 0;
function batch(w) {
  const t0 = performance.now();
  for (let i = 0; i < RAYS; i++) {
    const hit = w.castRay(x0s[i], 0, x1s[i], SIDE);
    sink += hit === undefined ? 1 : hit.t;
  }
  return ((performance.now() - t0) * 1e6) / RAYS;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

const here = new URL('..', import.meta.url).pathname;
const builds = [{ name: 'this build', api: await loadBuild(resolve(here, 'pkg')) }];
if (process.argv[2]) builds.push({ name: process.argv[2], api: await loadBuild(resolve(process.argv[2])) });

const structures = builds[0].api.World.structures();
const rows = [];
for (const tiles of [false, true]) {
  for (const structure of structures) {
    const worlds = builds.map((b) => makeWorld(b.api, structure, tiles));
    const times = builds.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? builds.map((_, i) => i) : builds.map((_, i) => builds.length - 1 - i);
      for (const i of order) {
        let best = Infinity;
        for (let b = 0; b < BATCHES; b++) best = Math.min(best, batch(worlds[i]));
        times[i].push(best);
      }
    }
    worlds.forEach((w) => w.free());
    const ns = times.map(median);
    const ratio = ns.length > 1 ? ` | ${(ns[0] / ns[1]).toFixed(2)}×` : '';
    rows.push(`| ${structure} | ${tiles ? 'tiles 2 %' : 'none'} | ${ns.map((v) => v.toFixed(0)).join(' | ')}${ratio} |`);
  }
}
const head = builds.map((b) => b.name).join(' | ');
console.log(`| structure | tile map | ${head}${builds.length > 1 ? ' | ratio' : ''} |`);
console.log(`|---|---|${builds.map(() => '---:').join('|')}|${builds.length > 1 ? '---:|' : ''}`);
console.log(rows.join('\n'));
if (sink === 0.5) console.log(sink);
