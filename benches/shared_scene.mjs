// wasm against the JavaScript libraries on the shared benchmark scene (the
// one bench.html and the native peers benchmark run; see
// www/bench/scene.ts): every broadphase structure fed the scene's boxes by
// updateMany, the World moving its boxes itself with step, and flatbush,
// rbush and box-intersect, each alone through the whole scene, in Node.
// Two variants: all boxes moving, and nine in ten at rest. The pair counts
// of every contender that reads the scene must agree on every frame (and
// equal the known counts after 35 frames) before a time is printed.
//
// Run after a release wasm build:  node benches/shared_scene.mjs [N…]
// (BROADPHASE_WASM=other.wasm runs another build of the core, e.g. with SIMD;
// BROADPHASE_ONLY=loose-grid runs only contenders whose name contains it.)
// Prints Markdown tables (pasted into the README). BROADPHASE_QUICK=1 runs
// the same code at 1,000 boxes, one round of 3 timed frames.

import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { runnerImport } from 'vite';

const root = new URL('..', import.meta.url);
const { module: bench } = await runnerImport('/www/bench/node.ts', { root: root.pathname, logLevel: 'error' });
// BROADPHASE_WASM=path runs another build of the same core (a SIMD build, say).
const wasm = process.env.BROADPHASE_WASM ?? new URL('pkg/broadphase_bg.wasm', root);
bench.initSync({ module: readFileSync(wasm) });

const asked = process.argv.slice(2).filter((a) => /^\d+$/.test(a)).map(Number);
const QUICK = process.env.BROADPHASE_QUICK === '1';
const SIZES = asked.length ? asked : QUICK ? [1000] : [1000, 10000, 100000];
const MOTIONS = ['all moving', '90 % at rest'];
/** Timed frames after the scene's 35 (which warm up V8's optimising tiers too). */
const timedFrames = (n) => (QUICK ? 3 : n >= 100000 ? 30 : n >= 10000 ? 60 : 200);

/** Whole runs per contender, contenders alternating, so a slow spell of a shared machine hits all of them. */
const ROUNDS = Number(process.env.BROADPHASE_ROUNDS ?? (QUICK ? 1 : 3));
// A full collection before each run, so one contender's garbage (rbush at
// 100k leaves a lot) is not collected on the next one's clock.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc');

/** Milliseconds, to three significant digits below 1 ms. */
const fmt = (ms) => (ms < 1 ? ms.toFixed(3) : ms.toFixed(2));

function median(samples) {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** One contender alone through the scene: per-frame pair counts and the median ms of the timed frames. */
function run(contender, n, motion) {
  collectGarbage();
  const scene = new bench.Scene(n, motion);
  contender.setup(scene);
  const counts = [];
  const samples = [];
  try {
    for (let f = 1; f <= bench.FRAMES + timedFrames(n); f++) {
      scene.step();
      const t0 = performance.now();
      counts.push(contender.frame(scene));
      if (f > bench.FRAMES) samples.push(performance.now() - t0);
    }
  } finally {
    contender.teardown();
  }
  return { name: contender.name, ownMotion: !!contender.ownMotion, counts, samples };
}

/** Each contender `ROUNDS` times, in rotating order; its samples pooled, the median ms. */
function runRounds(contenders, n, motion) {
  const runs = contenders.map(() => null);
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < contenders.length; k++) {
      const c = (k + round) % contenders.length;
      const r = run(contenders[c], n, motion);
      if (runs[c]) runs[c].samples.push(...r.samples);
      else runs[c] = r;
    }
  }
  return runs.map((r) => ({ ...r, ms: median(r.samples) }));
}

const rows = [];
for (const n of SIZES) {
  for (const motion of MOTIONS) {
    const all = [
      // Brute force only at 1,000: quadratic, it would take minutes beyond.
      ...bench.contenders().filter((c) => !c.name.includes('brute-force') || n <= 1000),
      bench.worldStepContender('loose-grid'),
      bench.worldStepContender('grid'),
    ];
    const only = process.env.BROADPHASE_ONLY;
    const runs = runRounds(all.filter((c) => !only || c.name.includes(only)), n, motion);
    const readers = runs.filter((r) => !r.ownMotion);
    for (const r of readers) {
      const f = r.counts.findIndex((c, i) => c !== readers[0].counts[i]);
      if (f >= 0) throw new Error(`N=${n} ${motion}, frame ${f + 1}: ${readers[0].name} ${readers[0].counts[f]} pairs, ${r.name} ${r.counts[f]}`);
    }
    const known = bench.KNOWN_PAIRS[n];
    if (motion === 'all moving' && known !== undefined && readers[0].counts[bench.FRAMES - 1] !== known) {
      throw new Error(`N=${n}: ${readers[0].counts[bench.FRAMES - 1]} pairs after ${bench.FRAMES} frames, the shared scene has ${known}`);
    }
    for (const r of runs) rows.push({ n, motion, name: r.name, ms: r.ms, pairs: r.counts[r.counts.length - 1] });
  }
}

const find = (n, motion, name) => rows.find((r) => r.n === n && r.motion === motion && r.name === name);
console.log(`Node ${process.version}; median ms per frame of the timed frames, ${ROUNDS} rounds, a full garbage collection before each run.\n`);
console.log('| N | contender | all moving ms | 90 % at rest ms | rest / moving | all moving vs flatbush |');
console.log('|---:|---|---:|---:|---:|---:|');
for (const n of SIZES) {
  const flat = find(n, 'all moving', 'flatbush (JS)') ?? { ms: NaN };
  for (const r of rows.filter((r) => r.n === n && r.motion === 'all moving')) {
    const rest = find(n, '90 % at rest', r.name);
    console.log(`| ${n.toLocaleString('en-US')} | ${r.name} | ${fmt(r.ms)} | ${fmt(rest.ms)} | ${(rest.ms / r.ms).toFixed(2)} | ${(flat.ms / r.ms).toFixed(1)}× |`);
  }
}
console.log('\nThe World fed by updateMany against the World stepping itself (loose grid, all moving):');
for (const n of SIZES) {
  const many = find(n, 'all moving', 'broadphase loose-grid (wasm)');
  const step = find(n, 'all moving', 'broadphase loose-grid (wasm, step)');
  if (!many || !step) continue;
  console.log(`- N = ${n.toLocaleString('en-US')}: updateMany + pairs ${fmt(many.ms)} ms, step + pairs ${fmt(step.ms)} ms: ${(many.ms / step.ms).toFixed(2)}×`);
}
