// Benchmark: what 1k, 10k, 100k and 1M moving objects cost per frame in wasm,
// per structure, on the shared benchmark scene (www/bench/scene.ts:
// mulberry32(42), side √N·12, boxes 2–8 units, ±30 units/s). A frame is
// the World's own `step(1/60)` + `pairs()`. The sizes run in alternating
// rounds, so a slow patch of a shared machine lands on all of them instead
// of skewing the ratios.
//
// Run after a release wasm build:
//   node benches/scaling.mjs [structure…] [--sizes 1000,10000,100000,1000000] [--rounds N]
//   node benches/scaling.mjs quadtree --against other/pkg   (A/B: this build and another, alternating)
// Prints a markdown table of median ms per frame, the growth from each size
// to the next, and each structure against the loose grid at the same size.

import { performance } from 'node:perf_hooks';
import { loadBuild, makeWorld, WARM_FRAMES } from './shared_scene_world.mjs';

const root = new URL('..', import.meta.url);

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
// BROADPHASE_QUICK=1 (the docs' command check) keeps the code path, shrinks the sizes.
const QUICK = process.env.BROADPHASE_QUICK === '1';
const ROUNDS = QUICK ? 1 : Number(option('--rounds', 5));
const SIZES = (QUICK ? '1000,2000' : option('--sizes', '1000,10000,100000,1000000')).split(',').map(Number);
const AGAINST = option('--against', null);
const words = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));

const builds = [await loadBuild(new URL('pkg', root).pathname, 'this')];
if (AGAINST) builds.push(await loadBuild(AGAINST, 'against'));
const known = builds[0].World.structures();
const STRUCTURES = words.length ? words.filter((w) => known.includes(w)) : ['loose-grid', 'grid', 'quadtree', 'quadtree-leaves', 'brute-force'];

/**
 * Brute force tests every pair: 5·10⁹ tests a frame at 100k (seconds), and
 * 5·10¹¹ at 1M (minutes a frame), so it stops at 100k.
 */
const largestFor = (structure) => (structure === 'brute-force' ? 100000 : Infinity);

/** Timed frames per round: fewer where a frame is long. */
function framesPerRound(structure, n) {
  if (structure === 'brute-force') return n >= 100000 ? 1 : n >= 10000 ? 3 : 10;
  return n >= 1000000 ? 3 : 10;
}

function median(samples) {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** A World of the shared scene past its warm-up (brute force, slow past 10k, warms for two frames). */
function makeSceneWorld(World, structure, n) {
  return makeWorld(World, structure, n, structure === 'brute-force' && n >= 10000 ? 2 : WARM_FRAMES);
}

function timeFrames(world, frames, samples) {
  let pairs = 0;
  for (let k = 0; k < frames; k++) {
    const start = performance.now();
    world.step(1 / 60);
    pairs = world.pairs().length / 2;
    samples.push(performance.now() - start);
  }
  return pairs;
}

/**
 * Median ms per structure, size (and build): every world is built first,
 * then all take turns round by round, in an order that rotates, so a slow
 * spell of a shared machine lands on all of them alike and the ratios
 * between structures and sizes hold up even when the absolute times do not.
 */
function measureAll() {
  const runs = [];
  for (const build of builds) {
    for (const structure of STRUCTURES) {
      // V8 runs wasm on a baseline compiler until a function is hot: warm
      // the code on a throwaway world so no size is timed on it.
      const throwaway = makeSceneWorld(build.World, structure, 10000);
      timeFrames(throwaway, structure === 'brute-force' ? 2 : 20, []);
      throwaway.free();
      for (const n of SIZES.filter((n) => n <= largestFor(structure))) {
        runs.push({ build, structure, n, world: makeSceneWorld(build.World, structure, n), samples: [], pairs: 0 });
      }
    }
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < runs.length; k++) {
      const run = runs[(k + round) % runs.length];
      run.pairs = timeFrames(run.world, framesPerRound(run.structure, run.n), run.samples);
    }
  }
  for (const run of runs) run.world.free();
  // Worlds that ran as many frames hold the same boxes: their pair counts must agree.
  for (const run of runs) {
    const twin = runs.find((r) => r.n === run.n && r.samples.length === run.samples.length);
    if (twin.pairs !== run.pairs) throw new Error(`${run.n}: ${run.structure} (${run.build.label}) ${run.pairs} pairs, ${twin.structure} (${twin.build.label}) ${twin.pairs}`);
  }
  return runs.map((r) => ({ structure: r.structure, label: r.build.label, n: r.n, ms: median(r.samples), pairs: r.pairs }));
}

const rows = measureAll();
const fmt = (ms) => (ms === undefined ? '—' : ms < 10 ? ms.toFixed(2) : ms.toFixed(1));
const short = (n) => (n >= 1e6 ? `${n / 1e6}M` : `${n / 1e3}k`);
const find = (structure, label, n) => rows.find((r) => r.structure === structure && r.label === label && r.n === n);

console.log(`Node ${process.version}; the shared scene, step(1/60) + pairs(); median ms of ${ROUNDS} alternating rounds.\n`);
const growth = SIZES.slice(1).map((n, i) => `${short(n)} / ${short(SIZES[i])}`);
const build = builds.length > 1 ? ' | build' : '';
console.log(`| structure${build} | ${SIZES.map((n) => `${short(n)} ms`).join(' | ')} | ${growth.join(' | ')} | ${SIZES.map((n) => `vs loose grid at ${short(n)}`).join(' | ')} |`);
console.log(`|---${builds.length > 1 ? '|---' : ''}|${SIZES.map(() => '---:').join('|')}|${growth.map(() => '---:').join('|')}|${SIZES.map(() => '---:').join('|')}|`);
for (const structure of STRUCTURES) {
  for (const { label } of builds) {
    const ms = SIZES.map((n) => find(structure, label, n)?.ms);
    const ratios = SIZES.slice(1).map((n, i) => (ms[i + 1] && ms[i] ? `${(ms[i + 1] / ms[i]).toFixed(1)}×` : '—'));
    const vs = SIZES.map((n, i) => {
      const loose = find('loose-grid', label, n)?.ms;
      return loose && ms[i] ? `${(ms[i] / loose).toFixed(2)}×` : '—';
    });
    console.log(`| ${structure}${builds.length > 1 ? ` | ${label}` : ''} | ${ms.map(fmt).join(' | ')} | ${ratios.join(' | ')} | ${vs.join(' | ')} |`);
  }
}
const skipped = STRUCTURES.filter((s) => SIZES.some((n) => n > largestFor(s)));
if (skipped.length) console.log(`\n${skipped.join(', ')} skipped above 100k: every pair tested is 5·10¹¹ tests a frame at 1M.`);
for (const n of SIZES) {
  const pairs = rows.find((r) => r.n === n)?.pairs;
  if (pairs !== undefined) console.log(`- ${short(n)}: ${pairs.toLocaleString('en-US')} pairs in the last timed frame`);
}
