// Benchmark in one Node process, on identical data: every broadphase
// structure in wasm (one frame = step(1/60) + pairs()) against the JS
// libraries people use today, each doing the same frame's work: move the
// boxes, rebuild the index (rbush: bulk load; flatbush: build), then one
// search per box to collect the overlapping pairs.
//
// Run after a release wasm build:  node benches/wasm_vs_js.mjs [count…] [layout…]
// Prints a markdown table of medians and ratios (pasted into the README).

import { performance } from 'node:perf_hooks';
import RBush from 'rbush';
import Flatbush from 'flatbush';
import { World } from './core.mjs';

const DT = 1 / 60;
const args = process.argv.slice(2);
const counts = args.filter((a) => /^\d+$/.test(a)).map(Number);
const layouts = args.filter((a) => !/^\d+$/.test(a));
const COUNTS = counts.length ? counts : [1000, 10000, 100000];
const LAYOUTS = layouts.length ? layouts : ['uniform', 'clustered', 'mixed'];

/** Frames to time for a run whose frames take about `estimateMs`. */
const framesFor = (count, slow) => (slow ? (count >= 100000 ? 3 : 5) : count >= 100000 ? 25 : 40);

function median(samples) {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** The seeded scene, read out of a wasm world so every contender gets the same numbers. */
function scene(count, layout) {
  const side = Math.sqrt(count) * 40;
  const world = new World(side, side);
  world.populate(count, 42, layout);
  const boxes = world.slotBoxes().slice();
  const velocities = new Float64Array(count * 2);
  for (let i = 0; i < count; i++) velocities.set(world.velocity(i + 1), i * 2);
  world.free();
  return { side, boxes, velocities };
}

/** The core's wall bounce, operation for operation, so JS and wasm scenes stay identical. */
function reflect(p, v, i, size, limit) {
  const room = limit - size;
  if (room <= 0) { p[i] = 0; v[i] = 0; return; }
  if (p[i] < 0) { p[i] = -p[i]; v[i] = Math.abs(v[i]); }
  if (p[i] > room) { p[i] = 2 * room - p[i]; v[i] = -Math.abs(v[i]); }
  p[i] = Math.min(Math.max(p[i], 0), room);
}

function stepJs(s, pos, vel) {
  const n = pos.length / 4;
  const px = new Float64Array(1), vx = new Float64Array(1);
  for (let i = 0; i < n; i++) {
    const v0 = vel[i * 2], v1 = vel[i * 2 + 1];
    if (v0 === 0 && v1 === 0) continue;
    px[0] = pos[i * 4] + v0 * DT; vx[0] = v0;
    reflect(px, vx, 0, pos[i * 4 + 2], s.side);
    pos[i * 4] = px[0]; vel[i * 2] = vx[0];
    px[0] = pos[i * 4 + 1] + v1 * DT; vx[0] = v1;
    reflect(px, vx, 0, pos[i * 4 + 3], s.side);
    pos[i * 4 + 1] = px[0]; vel[i * 2 + 1] = vx[0];
  }
}

/** Strict interior overlap, the contract's rule (the libraries count touching). */
function overlaps(pos, a, b) {
  return pos[a * 4] < pos[b * 4] + pos[b * 4 + 2] && pos[b * 4] < pos[a * 4] + pos[a * 4 + 2] &&
    pos[a * 4 + 1] < pos[b * 4 + 1] + pos[b * 4 + 3] && pos[b * 4 + 1] < pos[a * 4 + 1] + pos[a * 4 + 3];
}

const contenders = {
  rbush(s, frames) {
    const pos = s.boxes.slice(), vel = s.velocities.slice(), n = pos.length / 4;
    const items = Array.from({ length: n }, (_, i) => ({ minX: 0, minY: 0, maxX: 0, maxY: 0, i }));
    const query = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
    return timeFrames(frames, () => {
      stepJs(s, pos, vel);
      for (const it of items) {
        it.minX = pos[it.i * 4]; it.minY = pos[it.i * 4 + 1];
        it.maxX = it.minX + pos[it.i * 4 + 2]; it.maxY = it.minY + pos[it.i * 4 + 3];
      }
      const tree = new RBush().load(items);
      let pairs = 0;
      for (const it of items) {
        query.minX = it.minX; query.minY = it.minY; query.maxX = it.maxX; query.maxY = it.maxY;
        for (const other of tree.search(query)) if (other.i > it.i && overlaps(pos, it.i, other.i)) pairs++;
      }
      return pairs;
    });
  },
  flatbush(s, frames) {
    const pos = s.boxes.slice(), vel = s.velocities.slice(), n = pos.length / 4;
    return timeFrames(frames, () => {
      stepJs(s, pos, vel);
      const index = new Flatbush(n);
      for (let i = 0; i < n; i++) index.add(pos[i * 4], pos[i * 4 + 1], pos[i * 4] + pos[i * 4 + 2], pos[i * 4 + 1] + pos[i * 4 + 3]);
      index.finish();
      let pairs = 0;
      for (let i = 0; i < n; i++) {
        const found = index.search(pos[i * 4], pos[i * 4 + 1], pos[i * 4] + pos[i * 4 + 2], pos[i * 4 + 1] + pos[i * 4 + 3]);
        for (const j of found) if (j > i && overlaps(pos, i, j)) pairs++;
      }
      return pairs;
    });
  },
};

for (const name of World.structures()) {
  contenders[name] = (s, frames) => {
    const world = new World(s.side, s.side);
    world.setStructure(name);
    const n = s.boxes.length / 4;
    for (let i = 0; i < n; i++) {
      const id = world.insert(s.boxes[i * 4], s.boxes[i * 4 + 1], s.boxes[i * 4 + 2], s.boxes[i * 4 + 3]);
      world.setVelocity(id, s.velocities[i * 2], s.velocities[i * 2 + 1]);
    }
    const result = timeFrames(frames, () => { world.step(DT); return world.pairs().length / 2; });
    world.free();
    return result;
  };
}

/**
 * Untimed frames before timing, the same for every contender at a size so
 * all time the same scene: V8 first runs wasm (and JS) from a baseline
 * compiler and swaps in optimised code once a function is hot, so the
 * first frames of a contender measure the compiler, not the contender.
 */
let warmupFrames = 20;

/** Runs `frame` untimed (warm-up; the first gives the pair count), then times `frames` more. */
function timeFrames(frames, frame) {
  const pairs = frame();
  for (let k = 1; k < warmupFrames; k++) frame();
  const samples = [];
  for (let k = 0; k < frames; k++) {
    const start = performance.now();
    frame();
    samples.push((performance.now() - start) * 1000);
  }
  return { pairs, us: median(samples) };
}

console.log(`Node ${process.version}, one process, identical seeded data (seed 42).`);
console.log('| scene | objects | contender | median µs / frame | pairs | vs rbush | vs brute force |');
console.log('|---|---:|---|---:|---:|---:|---:|');
for (const layout of LAYOUTS) {
  for (const count of COUNTS) {
    warmupFrames = count >= 100000 ? 2 : 20;
    const s = scene(count, layout);
    const rows = [];
    for (const [name, run] of Object.entries(contenders)) {
      const slow = name === 'brute-force' || name === 'rbush' || name === 'flatbush';
      if (name === 'brute-force' && count > 10000) { rows.push({ name, skipped: true }); continue; }
      rows.push({ name, ...run(s, framesFor(count, slow)) });
    }
    const brute = rows.find((r) => r.name === 'brute-force');
    const rbush = rows.find((r) => r.name === 'rbush');
    const ran = rows.filter((r) => !r.skipped);
    if (!ran.every((r) => r.pairs === ran[0].pairs)) {
      throw new Error(`pair counts differ on ${layout} ${count}: ${ran.map((r) => `${r.name}=${r.pairs}`).join(' ')}`);
    }
    for (const r of rows) {
      if (r.skipped) { console.log(`| ${layout} | ${count} | ${r.name} | skipped (O(n²)) | | | |`); continue; }
      const vsBrute = brute && !brute.skipped ? `${(brute.us / r.us).toFixed(1)}×` : '—';
      console.log(`| ${layout} | ${count} | ${r.name} | ${r.us.toFixed(0)} | ${r.pairs} | ${(rbush.us / r.us).toFixed(1)}× | ${vsBrute} |`);
    }
  }
}
