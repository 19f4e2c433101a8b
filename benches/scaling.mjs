// Benchmark: what going from 10k to 100k moving objects at equal density
// costs per frame (step(1/60) + pairs()) in wasm, per structure and scene.
// The two sizes run in alternating rounds, so a slow patch of a shared
// machine lands on both instead of skewing the ratio.
//
// Run after a release wasm build:
//   node benches/scaling.mjs [structure…] [layout…] [--rounds N]
// Prints a markdown table: medians over all rounds and their 100k / 10k
// ratio, and the ratio of means (which counts the frames where pairs()
// renumbered the slots in space order, every few dozen frames at 100k).

import { performance } from 'node:perf_hooks';
import { World } from './core.mjs';

const args = process.argv.slice(2);
const roundsAt = args.indexOf('--rounds');
const ROUNDS = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 7;
const words = args.filter((a, i) => !a.startsWith('--') && (roundsAt < 0 || i !== roundsAt + 1));
const STRUCTURES = words.filter((w) => World.structures().includes(w));
const LAYOUTS = words.filter((w) => !World.structures().includes(w));
const SMALL = 10000;
const LARGE = 100000;
/**
 * Frames per round, the same for both sizes: the scenes must age alike.
 * Boxes drift at the same speed in both worlds, so clusters thin out ten
 * times faster (relative to their size) in the small world; timing more
 * frames there would compare a sparser 10k scene with a denser 100k one.
 */
const FRAMES_PER_ROUND = 10;

function median(samples) {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const mean = (samples) => samples.reduce((sum, x) => sum + x, 0) / samples.length;

function makeWorld(count, layout, structure) {
  const side = Math.sqrt(count) * 40;
  const world = new World(side, side);
  world.setStructure(structure);
  world.populate(count, 42, layout);
  for (let k = 0; k < 5; k++) { world.step(1 / 60); world.pairs(); }
  return world;
}

function timeFrames(world, frames, samples) {
  for (let k = 0; k < frames; k++) {
    const start = performance.now();
    world.step(1 / 60);
    world.pairs();
    samples.push((performance.now() - start) * 1000);
  }
}

console.log(`Node ${process.version}, ${ROUNDS} alternating rounds, seed 42.`);
console.log('| scene | structure | 10k median µs | 100k median µs | 100k / 10k | of means |');
console.log('|---|---|---:|---:|---:|---:|');
for (const layout of LAYOUTS.length ? LAYOUTS : ['uniform', 'clustered', 'mixed']) {
  for (const structure of STRUCTURES.length ? STRUCTURES : ['grid', 'loose-grid']) {
    // V8 runs wasm on a baseline compiler until a function is hot: warm the
    // code on a throwaway world, so neither size is timed on it.
    const throwaway = makeWorld(SMALL, layout, structure);
    timeFrames(throwaway, 20, []);
    throwaway.free();
    const worlds = { [SMALL]: makeWorld(SMALL, layout, structure), [LARGE]: makeWorld(LARGE, layout, structure) };
    const samples = { [SMALL]: [], [LARGE]: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const count of [SMALL, LARGE]) timeFrames(worlds[count], FRAMES_PER_ROUND, samples[count]);
    }
    const small = median(samples[SMALL]);
    const large = median(samples[LARGE]);
    const ofMeans = mean(samples[LARGE]) / mean(samples[SMALL]);
    console.log(`| ${layout} | ${structure} | ${small.toFixed(0)} | ${large.toFixed(0)} | ${(large / small).toFixed(1)}× | ${ofMeans.toFixed(1)}× |`);
    worlds[SMALL].free();
    worlds[LARGE].free();
  }
}
