// The whole-pixel boxes' loop (www/boxes/layers/pixel-boxes.ts, what the
// 2D page draws at 100k and more) in Node, this checkout's against
// another's, alternated in one process: the seeded uniform scene from the
// core (pkg/), its slot views after 10 frames of step + pairs, painted into an 830 × 830
// raster as the Boxes layer paints them (the calm boxes, then the red ones
// over them), the pixels compared between the two. Prints the median and
// the 10th percentile ms per frame of each. A benchmark of the loop alone:
// the page's own split is scripts/bench-page.mjs.
//
//   node scripts/bench-pixel-boxes.mjs [--against /work/main] [--n 200000] [--frames 200]

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && at + 1 < process.argv.length ? process.argv[at + 1] : fallback;
};
const root = fileURLToPath(new URL('..', import.meta.url));
const against = arg('against', null);
const n = Number(arg('n', 200000));
const frames = Number(arg('frames', 200));

/** A checkout's pixel-boxes.ts (under www/boxes/layers/, or www/layers/ in older ones). */
async function load(dir) {
  const { existsSync } = await import('node:fs');
  const file = ['www/boxes/layers/pixel-boxes.ts', 'www/layers/pixel-boxes.ts'].map((f) => `${dir}/${f}`).find((f) => existsSync(f));
  if (file === undefined) throw new Error(`expected www/boxes/layers/pixel-boxes.ts or www/layers/pixel-boxes.ts in ${dir}`);
  const { module } = await runnerImport(file, { configFile: false, root: dir, logLevel: 'warn' });
  // Whether paintSlots sorts while painting (an eighth parameter, the red flags).
  const sorts = /\(([^)]*)\)/.exec(module.paintSlots.toString())[1].split(',').length >= 8;
  return { paintSlots: module.paintSlots, sorts };
}
const { module: core } = await runnerImport(`${root}www/core/index.ts`, { configFile: false, root, logLevel: 'warn' });
core.initSync({ module: readFileSync(`${root}pkg/broadphase_bg.wasm`) });

const side = core.World.sceneSide(n);
const world = new core.World(side, side);
// The Grids mode's structure (the loose grid): the slots as the page has them.
world.setStructure('loose-grid');
world.populate(n, 1, 'uniform');
// A few frames, as the page runs them: pairs() puts the slots in space order now and then.
for (let f = 0; f < 10; f++) {
  world.step(1 / 60);
  world.pairs();
}
const [boxes, ids, overlapping] = [world.slotBoxes().slice(), world.slotIds().slice(), world.slotOverlapping().slice()];
const B = core.viewLayout('slotBoxes', ['x', 'y', 'w', 'h']);
world.free();
const marks = new Uint8Array(n + 2);
for (let id = 1; id < marks.length; id += 9) marks[id] = 1;
const W = 830;
const pass = { boxes, layout: B, ids, marks, k: (W - 10) / side, ox: 4, oy: 4 };

/** One frame of the Boxes layer's pixel path with `paintSlots` from `m`: the loop's two calls (or, before they sorted while painting, the sorting pass and two calls). */
function frame(m, raster, slots) {
  raster.pixels.fill(0);
  if (m.sorts) {
    const hotStart = m.paintSlots(raster, pass, slots, 0, ids.length, 1, 2, overlapping);
    m.paintSlots(raster, pass, slots, hotStart, slots.length, 3, 3);
    return;
  }
  let calm = 0;
  let hotStart = ids.length;
  for (let s = 0; s < ids.length; s++) {
    if (ids[s] === 0) continue;
    if (s < overlapping.length && overlapping[s] !== 0) slots[--hotStart] = s;
    else slots[calm++] = s;
  }
  m.paintSlots(raster, pass, slots, 0, calm, 1, 2);
  m.paintSlots(raster, pass, slots, hotStart, ids.length, 3, 3);
}

const builds = [{ name: 'this checkout', m: await load(root.replace(/\/$/, '')) }];
if (against !== null) builds.push({ name: against, m: await load(against) });
for (const b of builds) {
  b.raster = { pixels: new Uint32Array(W * W), width: W, left: 0, top: 0, right: W, bottom: W };
  b.slots = new Int32Array(ids.length);
  b.times = [];
}
for (let f = 0; f < frames; f++) {
  for (const b of f % 2 === 0 ? builds : [...builds].reverse()) {
    const t0 = performance.now();
    frame(b.m, b.raster, b.slots);
    if (f >= frames / 5) b.times.push(performance.now() - t0);
  }
}
const same = builds.every((b) => b.raster.pixels.every((p, i) => p === builds[0].raster.pixels[i]));
for (const b of builds) {
  const t = b.times.sort((x, y) => x - y);
  console.log(`${b.name}: median ${t[t.length >> 1].toFixed(3)} ms, p10 ${t[Math.floor(t.length / 10)].toFixed(3)} ms (${n.toLocaleString('en-US')} boxes)`);
}
if (builds.length > 1) console.log(same ? 'the same pixels' : 'THE PIXELS DIFFER');
