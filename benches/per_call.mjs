// What one call of each everyday method costs, in ns, in wasm under Node:
// every method of World and TileGrid a game calls per object or per frame,
// through the entry users import (the checked façade of www/core, or the
// raw wasm-bindgen module of a build that has none), on 10,000 objects in a
// loose-grid world. Optionally against another build, ALTERNATED in one
// process (round by round, case by case, in alternating order), so a slow
// spell of a shared machine hits both.
//
//   node benches/per_call.mjs                      this build (pkg/ after a release wasm build)
//   node benches/per_call.mjs ../other             against another checkout (its pkg/ built)
//   node benches/per_call.mjs ../other/pkg --only update,setVelocity
//
// Time: per case and build, ROUNDS rounds; a round is BATCHES batches of
// `calls` calls (10,000 for a per-object call, fewer for a per-frame one),
// and keeps its best batch; the table shows the median round, in ns per
// call. Arguments are made before timing (typed arrays, seeded), so the
// loop itself allocates nothing. Prints a Markdown table.

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const at = args.indexOf(name);
  return at < 0 ? fallback : args.splice(at, 2)[1];
};
const ONLY = flag('--only', '').split(',').filter(Boolean);
const ROUNDS = Number(flag('--rounds', 5));
const BATCHES = Number(flag('--batches', 5));
const SCALE = Number(flag('--scale', 1)); // fewer calls per batch for a quick look (0.1)
const here = new URL('..', import.meta.url).pathname;
const against = args[0];

const OBJECTS = 10_000;
const SIDE = 4000; // the seeded scenes' world side for 10,000 boxes (constant density)
const TILE = 32;
const TILE_COLS = SIDE / TILE;

/**
 * A build's public entry: the façade of its checkout (www/core/facade.js,
 * given the raw module) when it has one, else its raw wasm-bindgen module.
 */
async function loadBuild(where) {
  const pkg = existsSync(resolve(where, 'broadphase.js')) ? resolve(where) : resolve(where, 'pkg');
  const root = resolve(pkg, '..');
  const raw = await import(pathToFileURL(resolve(pkg, 'broadphase.js')).href);
  const facadeFile = resolve(root, 'www/core/facade.js');
  let api = raw;
  let entry = `${pkg}/broadphase.js (raw)`;
  if (existsSync(facadeFile)) {
    const { facade } = await import(pathToFileURL(facadeFile).href);
    api = facade(raw);
    entry = `${root}/www/core/facade.js`;
  }
  api.initSync({ module: readFileSync(resolve(pkg, 'broadphase_bg.wasm')) });
  return { api, entry, root };
}

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The same scene in every build: 10k seeded boxes, loose grid, a 125 × 125 tile map with 2 % full tiles. */
function makeWorld(api) {
  const w = new api.World(SIDE, SIDE);
  const first = w.populate(OBJECTS, 42, 'uniform');
  w.setStructure('loose-grid');
  w.setTileGrid(TILE_COLS, TILE_COLS, TILE);
  const rand = mulberry32(7);
  for (let i = 0; i < TILE_COLS * TILE_COLS * 0.02; i++) {
    w.setTile(Math.floor(rand() * TILE_COLS), Math.floor(rand() * TILE_COLS), 'full');
  }
  w.step(1 / 60);
  w.pairs();
  return { w, first };
}

/** Per-call arguments, seeded: the same in every build. */
function argumentsFor(first, n) {
  const rand = mulberry32(11);
  const ids = new Uint32Array(n);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const x1s = new Float64Array(n);
  const y1s = new Float64Array(n);
  const cols = new Uint32Array(n);
  const rows = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    ids[i] = first + Math.floor(rand() * OBJECTS);
    xs[i] = rand() * (SIDE - 40);
    ys[i] = rand() * (SIDE - 40);
    x1s[i] = rand() * SIDE;
    y1s[i] = rand() * SIDE;
    cols[i] = Math.floor(rand() * TILE_COLS);
    rows[i] = Math.floor(rand() * TILE_COLS);
  }
  return { ids, xs, ys, x1s, y1s, cols, rows };
}

let sink = 0;
const keep = (v) => {
  sink = (sink + (v === undefined ? 1 : typeof v === 'number' ? v : 1)) | 0;
};

/**
 * The cases: a name, the calls per batch, what the call allocates and
 * crosses (for the table), and `make(api, world, a)` → a function making
 * `n` calls, or null when the build has no such method.
 */
const CASES = [
  {
    name: '`update(id, x, y, w, h)`, a step from where it is',
    key: 'update',
    calls: 10_000,
    make: (api, { w }, a) => {
      // What a game does each frame: each box moved a little from where it
      // is (by half a unit, and back on the next batch), in no particular order.
      const there = new Float64Array(a.ids.length * 2);
      a.ids.forEach((id, i) => there.set(w.box(id).subarray(0, 2), 2 * i));
      let batch = 0;
      return (n) => {
        const d = (batch++ & 1) === 0 ? 0.5 : 0;
        for (let i = 0; i < n; i++) w.update(a.ids[i], there[2 * i] + d, there[2 * i + 1] + d, 5, 5);
      };
    },
  },
  {
    name: '`update(id, x, y, w, h)`, to a random spot',
    key: 'updateFar',
    calls: 10_000,
    make: (api, { w }, a) => (n) => {
      for (let i = 0; i < n; i++) w.update(a.ids[i], a.xs[i], a.ys[i], 5, 5);
    },
  },
  {
    name: '`setVelocity(id, vx, vy)`',
    key: 'setVelocity',
    calls: 10_000,
    make: (api, { w }, a) => (n) => {
      for (let i = 0; i < n; i++) w.setVelocity(a.ids[i], a.xs[i] - 2000, a.ys[i] - 2000);
    },
  },
  {
    name: '`velocity(id)`',
    key: 'velocity',
    calls: 10_000,
    make: (api, { w }, a) => (n) => {
      for (let i = 0; i < n; i++) keep(w.velocity(a.ids[i])[0]);
    },
  },
  {
    name: '`box(id)`',
    key: 'box',
    calls: 10_000,
    make: (api, { w }, a) => (n) => {
      for (let i = 0; i < n; i++) keep(w.box(a.ids[i])[0]);
    },
  },
  {
    name: '`insert` + `remove`',
    key: 'insertRemove',
    calls: 10_000,
    make: (api, { w }, a) => (n) => {
      for (let i = 0; i < n; i++) w.remove(w.insert(a.xs[i], a.ys[i], 5, 5));
    },
  },
  {
    name: '`query(x, y, 40, 40)`',
    key: 'query',
    calls: 10_000,
    make: (api, { w }, a) => (n) => {
      for (let i = 0; i < n; i++) keep(w.query(a.xs[i], a.ys[i], 40, 40).length);
    },
  },
  {
    name: '`castRay` across the world',
    key: 'castRay',
    calls: 2_000,
    make: (api, { w }, a) => (n) => {
      for (let i = 0; i < n; i++) keep(w.castRay(a.xs[i], 0, a.x1s[i], SIDE)?.t);
    },
  },
  {
    name: '`touchedCells(x, y, 40, 40)`',
    key: 'touchedCells',
    calls: 10_000,
    make: (api, { w }, a) => (n) => {
      for (let i = 0; i < n; i++) keep(w.touchedCells(a.xs[i], a.ys[i], 40, 40).length);
    },
  },
  {
    name: '`traceCells` across the world',
    key: 'traceCells',
    calls: 2_000,
    make: (api, { w }, a) => (n) => {
      for (let i = 0; i < n; i++) keep(w.traceCells(a.xs[i], 0, a.x1s[i], SIDE).length);
    },
  },
  {
    name: '`lineOfSight(x0, y0, x1, y1)`',
    key: 'lineOfSight',
    calls: 10_000,
    make: (api, { w }, a) => {
      // A World method before TileGrid existed; the handle's since.
      const t = 'tiles' in w ? w.tiles : w;
      if (typeof t.lineOfSight !== 'function') return null;
      return (n) => {
        for (let i = 0; i < n; i++) keep(t.lineOfSight(a.xs[i], a.ys[i], a.x1s[i], a.y1s[i]) ? 1 : 0);
      };
    },
  },
  {
    name: '`setTile(col, row, shape)`',
    key: 'setTile',
    calls: 10_000,
    make: (api, { w }, a) => (n) => {
      for (let i = 0; i < n; i++) w.setTile(a.cols[i], a.rows[i], (i & 1) === 0 ? 'full' : 'empty');
    },
  },
  {
    name: '`tile(col, row)`',
    key: 'tile',
    calls: 10_000,
    make: (api, { w }, a) => (n) => {
      for (let i = 0; i < n; i++) keep(w.tile(a.cols[i], a.rows[i]).length);
    },
  },
  {
    name: '`world.tiles` (the handle)',
    key: 'tiles',
    calls: 10_000,
    make: (api, { w }) => {
      if (!('tiles' in w)) return null;
      return (n) => {
        for (let i = 0; i < n; i++) keep(w.tiles);
      };
    },
  },
  {
    name: '`tiles.pushOut(x, y, 5, 5)`',
    key: 'pushOut',
    calls: 10_000,
    make: (api, { w }, a) => {
      const t = 'tiles' in w ? w.tiles : w;
      if (typeof t.pushOut !== 'function') return null;
      return (n) => {
        for (let i = 0; i < n; i++) keep(t.pushOut(a.xs[i], a.ys[i], 5, 5)[0]);
      };
    },
  },
  {
    name: '`setParent(id, parent)` + `setParent(id, 0)`',
    key: 'setParent',
    calls: 5_000,
    make: (api, { w }, a) => (n) => {
      for (let i = 0; i < n; i++) {
        const child = a.ids[i];
        const parent = a.ids[(i + 1) % a.ids.length];
        if (child === parent) continue;
        w.setParent(child, parent);
        w.setParent(child, 0);
      }
    },
  },
  {
    name: '`count` (a getter)',
    key: 'count',
    calls: 10_000,
    make: (api, { w }) => (n) => {
      for (let i = 0; i < n; i++) keep(w.count);
    },
  },
  {
    name: '`slotBoxes()` (a view)',
    key: 'slotBoxes',
    calls: 10_000,
    make: (api, { w }) => (n) => {
      for (let i = 0; i < n; i++) keep(w.slotBoxes().length);
    },
  },
  {
    name: '`updateMany` of 10k ids',
    key: 'updateMany',
    calls: 20,
    make: (api, { w, first }) => {
      if (typeof w.updateMany !== 'function') return null;
      // Every object, moved by a unit and back on alternate calls, from
      // where populate put it: a game's frame, not a teleport.
      const ids = new Uint32Array(OBJECTS);
      const there = new Float64Array(OBJECTS * 4);
      for (let i = 0; i < OBJECTS; i++) {
        ids[i] = first + i;
        there.set(w.box(first + i), i * 4);
      }
      const back = there.map((v, k) => (k % 4 < 2 ? v + 1 : v));
      return (n) => {
        for (let i = 0; i < n; i++) w.updateMany(ids, (i & 1) === 0 ? back : there);
      };
    },
  },
  {
    name: '`step(1/60)`',
    key: 'step',
    calls: 20,
    make: (api, { w }) => (n) => {
      for (let i = 0; i < n; i++) w.step(1 / 60);
    },
  },
  {
    name: '`pairs()`',
    key: 'pairs',
    calls: 20,
    make: (api, { w }) => (n) => {
      for (let i = 0; i < n; i++) {
        w.step(0); // a frame with nothing moved: the pair search alone
        keep(w.pairs().length);
      }
    },
  },
];

/** The best of BATCHES batches of `calls` calls, in ns per call. */
function bestBatch(run, calls) {
  let best = Infinity;
  for (let b = 0; b < BATCHES; b++) {
    const t0 = performance.now();
    run(calls);
    const ns = ((performance.now() - t0) * 1e6) / calls;
    if (ns < best) best = ns;
  }
  return best;
}

const median = (xs) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)];

const builds = [await loadBuild(here)];
if (against !== undefined) builds.push(await loadBuild(resolve(against)));
const cases = CASES.filter((c) => ONLY.length === 0 || ONLY.includes(c.key));

// One world per build and case, so no case runs on a world another changed.
const runners = cases.map((c) =>
  builds.map((b) => {
    const scene = makeWorld(b.api);
    const calls = Math.max(1, Math.round(c.calls * SCALE));
    const run = c.make(b.api, scene, argumentsFor(scene.first, calls));
    if (run !== null) run(calls); // warm: V8's tiers, the core's buffers
    return { run, calls, scene };
  }),
);

const samples = cases.map(() => builds.map(() => []));
for (let round = 0; round < ROUNDS; round++) {
  cases.forEach((c, i) => {
    for (let k = 0; k < builds.length; k++) {
      const b = (k + round + i) % builds.length; // alternate which build goes first
      const { run, calls } = runners[i][b];
      if (run !== null) samples[i][b].push(bestBatch(run, calls));
    }
  });
}
for (const perBuild of runners) for (const { scene } of perBuild) scene.w.free();

const ns = (v) => (v === undefined ? 'n/a' : v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(1));
console.log(`builds: ${builds.map((b, i) => `[${i === 0 ? 'this' : 'other'}] ${b.entry}`).join('; ')}`);
console.log(`${OBJECTS.toLocaleString('en-US')} objects, loose grid; median of ${ROUNDS} rounds of the best of ${BATCHES} batches; ns per call\n`);
if (builds.length === 2) {
  console.log('| call | other | this | this / other |');
  console.log('|---|---:|---:|---:|');
} else {
  console.log('| call | ns |');
  console.log('|---|---:|');
}
cases.forEach((c, i) => {
  const [mine, theirs] = samples[i].map((s) => (s.length ? median(s) : undefined));
  if (builds.length === 2) {
    const ratio = mine !== undefined && theirs !== undefined ? `${(mine / theirs).toFixed(2)}×` : '';
    console.log(`| ${c.name} | ${ns(theirs)} | ${ns(mine)} | ${ratio} |`);
  } else {
    console.log(`| ${c.name} | ${ns(mine)} |`);
  }
});
if (sink === 0.5) console.log(''); // keeps `sink` alive
