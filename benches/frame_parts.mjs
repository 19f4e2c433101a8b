// Benchmark: a frame of the shared scene (www/bench/scene.ts) in wasm split
// into its two calls, `step(1/60)` and `pairs()`, timed apart, per
// structure and size, for one or more builds loaded in one Node process
// and alternated round by round (so a slow spell of a shared machine hits
// every build alike). `benches/scaling.mjs` times the two together.
//
//   node benches/frame_parts.mjs pkg /work/baseline/2707c98/pkg [more pkg dirs…]
//   STRUCTURES=loose-grid,grid SIZES=10000,100000 ROUNDS=9 node benches/frame_parts.mjs pkg other/pkg
//
// Prints, per build (b0 the first directory given), the median ms of each
// call over ROUNDS rounds of 10 frames. BROADPHASE_QUICK=1 runs one round
// at 1k (a check that the command works, not a measurement).

import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadBuild, makeWorld } from './shared_scene_world.mjs';

const root = new URL('..', import.meta.url).pathname;

const QUICK = process.env.BROADPHASE_QUICK === '1';
const STRUCTURES = (process.env.STRUCTURES ?? 'loose-grid,grid,quadtree,quadtree-leaves').split(',');
const SIZES = (QUICK ? '1000' : process.env.SIZES ?? '10000,100000').split(',').map(Number);
const ROUNDS = QUICK ? 1 : Number(process.env.ROUNDS ?? 9);
const dirs = process.argv.slice(2);
if (dirs.length === 0) dirs.push(resolve(root, 'pkg'));

const median = (samples) => [...samples].sort((a, b) => a - b)[samples.length >> 1];

const builds = [];
for (const [i, dir] of dirs.entries()) builds.push(await loadBuild(dir, `b${i}`));
const runs = [];
for (const build of builds) {
  for (const structure of STRUCTURES) {
    // V8 runs wasm on a baseline compiler until a function is hot: warm the code first.
    const throwaway = makeWorld(build.World, structure, Math.min(10000, SIZES[0]));
    for (let k = 0; k < 20; k++) {
      throwaway.step(1 / 60);
      throwaway.pairs();
    }
    throwaway.free();
    for (const n of SIZES) runs.push({ build, structure, n, world: makeWorld(build.World, structure, n), step: [], pairs: [] });
  }
}
for (let round = 0; round < ROUNDS; round++) {
  for (let k = 0; k < runs.length; k++) {
    const run = runs[(k + round) % runs.length];
    for (let f = 0; f < 10; f++) {
      const t0 = performance.now();
      run.world.step(1 / 60);
      const t1 = performance.now();
      run.world.pairs();
      run.step.push(t1 - t0);
      run.pairs.push(performance.now() - t1);
    }
  }
}
console.log(`Node ${process.version}; the shared scene; median ms of ${ROUNDS} alternated rounds of 10 frames.\n`);
console.log('| structure | objects | build | step | pairs | step + pairs |');
console.log('|---|---:|---|---:|---:|---:|');
for (const run of runs) {
  const [s, p] = [median(run.step), median(run.pairs)];
  console.log(`| ${run.structure} | ${run.n} | ${run.build.label} | ${s.toFixed(3)} | ${p.toFixed(3)} | ${(s + p).toFixed(3)} |`);
  run.world.free();
}
console.log(`\n${builds.map((b, i) => `${b.label}: ${dirs[i]}`).join('; ')}`);
