// The operations that used to have cliffs, timed in wasm (Node): each should
// cost what its content costs, never what the world's size or a limit
// setting allows. Prints a Markdown table (median of 5 runs, ms).
//   node benches/worst_cases.mjs        (after the release wasm build)
import { readFileSync } from 'node:fs';
import { initSync, World } from '../pkg/broadphase.js';

initSync({ module: readFileSync(new URL('../pkg/broadphase_bg.wasm', import.meta.url)) });

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

/** Runs `setup` (untimed) then times `op`, five times; returns the median ms. */
function time(setup, op) {
  const runs = [];
  for (let i = 0; i < 5; i++) {
    const state = setup();
    const t0 = performance.now();
    op(state);
    runs.push(performance.now() - t0);
    state?.free?.();
    state?.w?.free?.();
  }
  return median(runs);
}

const rows = [];
const row = (what, ms) => rows.push(`| ${what} | ${ms.toFixed(2)} |`);
const big = (structure) => () => {
  const w = new World(4000, 4000);
  w.setStructure(structure);
  w.populate(100_000, 1, 'uniform');
  return w;
};

for (const s of World.structures().filter((s) => s !== 'brute-force')) {
  row(`remove the first id of 100k objects (${s})`, time(big(s), (w) => w.remove(1)));
  row(`remove the last id of 100k objects (${s})`, time(big(s), (w) => w.remove(100_000)));
}
const chain = (from) => {
  const pairs = new Uint32Array(100_000);
  for (let i = 0; i < 50_000; i++) from(pairs, i);
  return pairs;
};
const forward = chain((p, i) => ((p[2 * i] = i + 2), (p[2 * i + 1] = i + 1)));
const reverse = chain((p, i) => ((p[2 * i] = i + 1), (p[2 * i + 1] = i + 2)));
const star = chain((p, i) => ((p[2 * i] = i + 2), (p[2 * i + 1] = 1)));
row('setParents: a 50k chain, parents first (100k objects)', time(big('loose-grid'), (w) => w.setParents(forward)));
row('setParents: a 50k chain from its far end', time(big('loose-grid'), (w) => w.setParents(reverse)));
row('setParents: a 50k star', time(big('loose-grid'), (w) => w.setParents(star)));
row('remove the root of a 50k chain (cascade)', time(() => {
  const w = big('loose-grid')();
  w.setParents(forward);
  return w;
}, (w) => w.remove(1)));
row('quadtree-leaves: insert a box covering 80% of a 1e6 world with 10k objects', time(() => {
  const w = new World(1e6, 1e6);
  w.setStructure('quadtree-leaves');
  w.populate(10_000, 1, 'uniform');
  return w;
}, (w) => w.insert(0, 0, 8e5, 8e5)));
row('quadtree-leaves, 1 object a node, 48 levels: 200 identical boxes + pairs', time(() => {
  const w = new World(1000, 1000);
  w.setStructure('quadtree-leaves');
  w.setQuadtreeLimits(1, 48);
  return w;
}, (w) => {
  for (let i = 0; i < 200; i++) w.insert(10, 10, 1, 1);
  w.pairs();
}));
row('grid at its smallest cell size: insert a box covering the world + pairs', time(() => {
  const w = new World(1000, 1000);
  w.setStructure('grid');
  w.setCellSize(0.71);
  return w;
}, (w) => {
  w.insert(0, 0, 999, 999);
  w.pairs();
}));
row('castRay + traceCells + lineOfSight from -1e308 to 1e308 (240-unit map)', time(() => {
  const w = new World(240, 240);
  w.setTileGrid(10, 10, 24);
  w.setTile(5, 5, 'full');
  return w;
}, (w) => {
  w.castRay(-1e308, 130, 1e308, 130);
  w.traceCells(-1e308, 130, 1e308, 130);
  w.tiles.lineOfSight(-1e308, 130, 1e308, 130);
}));
row('new World(1e6, 1e6), 100 times', time(() => null, () => {
  for (let i = 0; i < 100; i++) new World(1e6, 1e6).free();
}));
console.log('| operation | median ms |\n|---|---:|\n' + rows.join('\n'));
