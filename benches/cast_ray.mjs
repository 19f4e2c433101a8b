// What one `castRay` costs, in ns, in wasm under Node, for every structure:
// 10,000 seeded boxes in a 4000 × 4000 world (the scenes' density), rays
// from the top edge to the bottom edge at seeded x's, with and without a
// tile map (125 × 125 tiles of 32, 2 % full); fresh, and "after churn":
// after the first frame, 50,000 seeded `update` calls move boxes to new
// random places with new sizes of 4 to 18 units a side (the scene's are 4
// to 16: some outgrow the loose grid's automatic cell), and the rays
// follow before any further `step`. Optionally against another build,
// ALTERNATED in one process (round by round, in alternating order), so a
// slow spell of a shared machine hits both. Prints a Markdown table.
//
//   node benches/cast_ray.mjs                  this build (pkg/ after a release wasm build)
//   node benches/cast_ray.mjs ../other/pkg     against another build's pkg/
//   node benches/cast_ray.mjs ../other/pkg --churn   only the churned scene (--fresh: only the fresh one)
//
// An older build's raw module (45af9e1 has no façade and no `world.tiles`)
// is driven through the calls it has (`setTileGrid`, `setTile`).
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
/** `update` calls of the churned scene, and their boxes' largest side. */
const CHURN = QUICK ? 500 : 50_000;
const GROWN = 18;

async function loadBuild(pkg) {
  const api = await import(pathToFileURL(resolve(pkg, 'broadphase.js')).href);
  api.initSync({ module: readFileSync(resolve(pkg, 'broadphase_bg.wasm')) });
  return api;
}

/** The same scene in every build. */
function makeWorld(api, structure, tiles, churn) {
  const w = new api.World(SIDE, SIDE);
  const first = w.populate(OBJECTS, 42, 'uniform');
  w.setStructure(structure);
  if (tiles) {
    // This build's `world.tiles`, or an older build's calls on the World.
    const map = w.tiles ?? { reset: (c, r, s) => w.setTileGrid(c, r, s), setTile: (c, r, k) => w.setTile(c, r, k) };
    map.reset(TILE_COLS, TILE_COLS, TILE);
    const rand = mulberry32(7);
    for (let i = 0; i < TILE_COLS * TILE_COLS * 0.02; i++) {
      map.setTile(Math.floor(rand() * TILE_COLS), Math.floor(rand() * TILE_COLS), 'full');
    }
  }
  w.step(1 / 60);
  w.pairs();
  if (churn) {
    // Boxes moved to new random places, one `update` at a time, with new
    // sizes of 4 to GROWN units a side; the rays come before the next
    // `step` and `pairs`.
    const rand = mulberry32(5);
    for (let i = 0; i < CHURN; i++) {
      const id = first + Math.floor(rand() * OBJECTS);
      const [bw, bh] = [4 + (GROWN - 4) * rand(), 4 + (GROWN - 4) * rand()];
      w.update(id, rand() * (SIDE - bw), rand() * (SIDE - bh), bw, bh);
    }
  }
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
const args = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith('--'));
const against = args.find((a) => !a.startsWith('--'));
const builds = [{ name: 'this build', api: await loadBuild(resolve(here, 'pkg')) }];
if (against) builds.push({ name: against, api: await loadBuild(resolve(against)) });
const scenes = [false, true].filter((churn) => !flags.includes(churn ? '--fresh' : '--churn'));

const structures = builds[0].api.World.structures();
const rows = [];
for (const churn of scenes) {
  for (const tiles of [false, true]) {
    for (const structure of structures) {
      const worlds = builds.map((b) => makeWorld(b.api, structure, tiles, churn));
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
      const scene = churn ? 'after churn' : 'fresh';
      rows.push(`| ${scene} | ${structure} | ${tiles ? 'tiles 2 %' : 'none'} | ${ns.map((v) => v.toFixed(0)).join(' | ')}${ratio} |`);
    }
  }
}
const head = builds.map((b) => b.name).join(' | ');
console.log(`| scene | structure | tile map | ${head}${builds.length > 1 ? ' | ratio' : ''} |`);
console.log(`|---|---|---|${builds.map(() => '---:').join('|')}|${builds.length > 1 ? '---:|' : ''}`);
console.log(rows.join('\n'));
if (sink === 0.5) console.log(sink);
