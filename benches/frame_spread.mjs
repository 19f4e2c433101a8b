// Benchmark: how frames of the shared scene (www/bench/scene.ts) spread in
// wasm, not only their middle: every `step(1/60)` + `pairs()` timed on its
// own, for one or more builds loaded in one Node process and alternated in
// chunks of frames (so a slow spell of a shared machine hits every build
// alike). A frame in which the World renumbered its slots (`slotGeneration`
// went up) is counted and timed apart: that is where the worst frames come
// from at 100k.
//
//   node benches/frame_spread.mjs pkg /work/baseline/2707c98/pkg [more pkg dirs…]
//   STRUCTURES=quadtree,loose-grid SIZES=100000 FRAMES=400 node benches/frame_spread.mjs pkg other/pkg
//
// Prints, per build (b0 the first directory given), structure and size:
// the mean, median, 95th percentile and largest frame in ms, how many
// frames renumbered and their median. BROADPHASE_QUICK=1 runs 20 frames at
// 1k (a check that the command works, not a measurement).

import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadBuild, makeWorld } from './shared_scene_world.mjs';

const root = new URL('..', import.meta.url).pathname;

const QUICK = process.env.BROADPHASE_QUICK === '1';
const STRUCTURES = (process.env.STRUCTURES ?? 'quadtree,quadtree-leaves,loose-grid').split(',');
const SIZES = (QUICK ? '1000' : process.env.SIZES ?? '100000').split(',').map(Number);
const FRAMES = QUICK ? 20 : Number(process.env.FRAMES ?? 400);
const CHUNK = 20;
const dirs = process.argv.slice(2);
if (dirs.length === 0) dirs.push(resolve(root, 'pkg'));

const sorted = (samples) => [...samples].sort((a, b) => a - b);
const at = (s, q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];

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
    for (const n of SIZES) runs.push({ build, structure, n, world: makeWorld(build.World, structure, n), frames: [], renumbered: [] });
  }
}
for (let done = 0, round = 0; done < FRAMES; done += CHUNK, round++) {
  for (let k = 0; k < runs.length; k++) {
    const run = runs[(k + round) % runs.length];
    for (let f = 0; f < Math.min(CHUNK, FRAMES - done); f++) {
      const generation = run.world.slotGeneration;
      const t0 = performance.now();
      run.world.step(1 / 60);
      run.world.pairs();
      const ms = performance.now() - t0;
      (run.world.slotGeneration === generation ? run.frames : run.renumbered).push(ms);
    }
  }
}
console.log(`Node ${process.version}; the shared scene; ${FRAMES} frames each, alternated in chunks of ${CHUNK}; ms.\n`);
console.log('| structure | objects | build | mean | median | p95 | max | renumbering frames | their median |');
console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|');
for (const run of runs) {
  const all = sorted([...run.frames, ...run.renumbered]);
  const mean = all.reduce((a, b) => a + b, 0) / all.length;
  const renumbered = run.renumbered.length ? at(sorted(run.renumbered), 0.5).toFixed(2) : '–';
  console.log(
    `| ${run.structure} | ${run.n} | ${run.build.label} | ${mean.toFixed(2)} | ${at(all, 0.5).toFixed(2)} | ${at(all, 0.95).toFixed(2)} | ${all[all.length - 1].toFixed(2)} | ${run.renumbered.length} | ${renumbered} |`,
  );
  run.world.free();
}
console.log(`\n${builds.map((b, i) => `${b.label}: ${dirs[i]}`).join('; ')}`);
