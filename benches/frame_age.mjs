// Benchmark: how a frame of the shared scene (www/bench/scene.ts) costs more
// the longer ago the World renumbered its slots: `step(1/60)` and `pairs()`
// timed apart, frame by frame, and grouped by frames since the last
// renumbering (0 is the frame whose `pairs()` renumbered; its `step` is the
// one furthest from the last order). Between renumberings re-filed objects
// leave memory order, so a structure whose walks follow that order pays
// more each frame. One or more builds are loaded in one Node process and
// alternated in chunks of 20 frames, so a slow spell of a shared machine
// hits every build alike.
//
//   node benches/frame_age.mjs pkg /work/main/pkg
//   STRUCTURE=loose-grid SIZE=100000 FRAMES=300 node benches/frame_age.mjs pkg
//
// Prints, per build (b0 the first directory given): the median frame, and
// for each age the median step + pairs ms and how many frames had it.
// BROADPHASE_QUICK=1 runs 20 frames at 1k (a check that the command works,
// not a measurement).

import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadBuild, makeWorld } from './shared_scene_world.mjs';

const root = new URL('..', import.meta.url).pathname;
const QUICK = process.env.BROADPHASE_QUICK === '1';
const STRUCTURE = process.env.STRUCTURE ?? 'quadtree';
const SIZE = QUICK ? 1000 : Number(process.env.SIZE ?? 100000);
const FRAMES = QUICK ? 20 : Number(process.env.FRAMES ?? 300);
const CHUNK = 20;
const OLDEST = 9;

const dirs = process.argv.slice(2);
if (dirs.length === 0) dirs.push('pkg');
const builds = [];
for (const [i, dir] of dirs.entries()) builds.push(await loadBuild(resolve(root, dir), `b${i}`));

const median = (samples) => {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

const runs = builds.map((build) => ({ world: makeWorld(build.World, STRUCTURE, SIZE), age: 0, byAge: [], frames: [] }));
for (let chunk = 0; chunk < Math.ceil(FRAMES / CHUNK); chunk++) {
  for (const run of runs) {
    for (let k = 0; k < CHUNK; k++) {
      const generation = run.world.slotGeneration;
      const start = performance.now();
      run.world.step(1 / 60);
      const stepped = performance.now();
      run.world.pairs();
      const end = performance.now();
      run.age = run.world.slotGeneration === generation ? run.age + 1 : 0;
      (run.byAge[Math.min(run.age, OLDEST)] ??= []).push([stepped - start, end - stepped]);
      run.frames.push(end - start);
    }
  }
}
for (const run of runs) run.world.free();

console.log(`Node ${process.version}; the shared scene, ${STRUCTURE} at ${SIZE}; ${FRAMES} frames each, alternated in chunks of ${CHUNK}; ms.\n`);
console.log('| build | median frame | ' + Array.from({ length: OLDEST + 1 }, (_, age) => `age ${age}${age === OLDEST ? '+' : ''}`).join(' | ') + ' |');
console.log('|---|---:|' + '---:|'.repeat(OLDEST + 1));
for (const [i, run] of runs.entries()) {
  const cells = Array.from({ length: OLDEST + 1 }, (_, age) => {
    const rows = run.byAge[age];
    if (!rows) return '—';
    return `${median(rows.map((r) => r[0])).toFixed(2)} + ${median(rows.map((r) => r[1])).toFixed(2)} (${rows.length})`;
  });
  console.log(`| b${i} | ${median(run.frames).toFixed(2)} | ${cells.join(' | ')} |`);
}
console.log(`\n${dirs.map((d, i) => `b${i}: ${d}`).join('; ')}`);
