// Benchmark: catching up to a link's tick. A page opened from a link at
// tick N replays the scene to it; this compares, per structure and object
// count on the page's own seeded scenes (`World.populate`, uniform), the
// three ways to get there in wasm: N ticks of `step(1/60)` + `pairs()` (what
// the page runs live), N `step(1/60)` and one `pairs()`, and
// `fastForward(N, 1/60)` + one `pairs()`, in ms per tick; and checks that
// every way ends with the same boxes, bit for bit.
//
// Run after a release wasm build:
//   node benches/fast_forward.mjs [--sizes 10000,200000] [--ticks 240] [--rounds 3]
// Prints a markdown table of medians over the rounds.

import { performance } from 'node:perf_hooks';
import { World } from './core.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
// BROADPHASE_QUICK=1 (the docs' command check) keeps the code path, shrinks the work.
const QUICK = process.env.BROADPHASE_QUICK === '1';
const SIZES = (QUICK ? '2000' : option('--sizes', '10000,200000')).split(',').map(Number);
const TICKS = QUICK ? 20 : Number(option('--ticks', 240));
const ROUNDS = QUICK ? 1 : Number(option('--rounds', 3));
const STRUCTURES = ['quadtree', 'quadtree-leaves', 'grid', 'loose-grid'];
const TICK = 1 / 60;

function scene(structure, n) {
  const side = World.sceneSide(n);
  const w = new World(side, side);
  w.setStructure(structure);
  w.populate(n, 1, 'uniform');
  w.pairs();
  return w;
}

/** Every box by id, as one string (slots may be renumbered differently: ids are compared). */
function boxes(w) {
  const out = [];
  for (const id of Array.from(w.order()).sort((a, b) => a - b)) out.push(id, ...w.box(id));
  return out.join(',');
}

const ways = {
  'step + pairs a tick': (w) => {
    for (let t = 0; t < TICKS; t++) {
      w.step(TICK);
      w.pairs();
    }
  },
  'step a tick, pairs once': (w) => {
    for (let t = 0; t < TICKS; t++) w.step(TICK);
    w.pairs();
  },
  'fastForward, pairs once': (w) => {
    w.fastForward(TICKS, TICK);
    w.pairs();
  },
};

const median = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];
const results = new Map();
for (let round = 0; round < ROUNDS; round++) {
  for (const n of SIZES) {
    for (const structure of STRUCTURES) {
      let reference = null;
      for (const [name, run] of Object.entries(ways)) {
        const w = scene(structure, n);
        const t0 = performance.now();
        run(w);
        const ms = (performance.now() - t0) / TICKS;
        const picture = boxes(w);
        w.free();
        if (reference === null) reference = picture;
        else if (picture !== reference) throw new Error(`${structure} at ${n}: ${name} ends with other boxes than stepping`);
        const key = `${n}|${structure}|${name}`;
        results.set(key, [...(results.get(key) ?? []), ms]);
      }
    }
  }
}

console.log(`${TICKS} ticks of 1/60 s from a freshly built scene; ms per tick, median of ${ROUNDS} round${ROUNDS === 1 ? '' : 's'}; every way ends with the same boxes\n`);
console.log(`| objects | structure | ${Object.keys(ways).join(' | ')} | step + pairs / fastForward |`);
console.log(`|---:|---|${Object.keys(ways).map(() => '---:').join('|')}|---:|`);
for (const n of SIZES) {
  for (const structure of STRUCTURES) {
    const ms = Object.keys(ways).map((name) => median(results.get(`${n}|${structure}|${name}`)));
    console.log(`| ${n.toLocaleString('en-US')} | ${structure} | ${ms.map((m) => m.toFixed(3)).join(' | ')} | ${(ms[0] / ms[2]).toFixed(1)}× |`);
  }
}
