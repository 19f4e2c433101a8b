// A seeded fuzzer of the wasm World against a small brute-force model of
// the contract. Each step picks an operation and, often, hostile arguments
// (NaN, ±Infinity, -0, 1e308, 5e-324, fractional or huge ids, wrong types,
// objects with side-effecting valueOf). A valid call must do what the model
// says; a refused one must throw and leave a full snapshot unchanged; after
// every call validate() passes, and pairs() and query() equal brute force
// over the World's own boxes. On failure it prints the seed and the
// shortest prefix of the run that still fails, as code to paste.
//
// Short mode runs in `npm test`; long mode on demand:
//   FUZZ_OPS=1000000 node --test tests/wasm/fuzz.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { initSync, World } from '../../pkg/broadphase.js';

initSync({ module: readFileSync(new URL('../../pkg/broadphase_bg.wasm', import.meta.url)) });

const TOTAL_OPS = Number(process.env.FUZZ_OPS ?? 6_000);
const SEEDS = Number(process.env.FUZZ_SEEDS ?? 6);
const STRUCTURES = World.structures();

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTILE_NUMBERS = [NaN, Infinity, -Infinity, 1e308, -1e308, 5e-324, -0, 0, -1, 1.5, 2 ** 32, 2 ** 53 + 2];
// Markers for values that cannot be written as literals in a repro.
const HOSTILE_OTHERS = ['"3"', 'null', 'undefined', '{}', '[1]', 'valueOf', 'true', '1n'];

function other(name, effects) {
  switch (name) {
    case '"3"':
      return '3';
    case 'null':
      return null;
    case 'undefined':
      return undefined;
    case '{}':
      return {};
    case '[1]':
      return [1];
    case 'valueOf':
      return { valueOf: () => (effects.calls++, 3) };
    case 'true':
      return true;
    case '1n':
      return 1n;
  }
  throw new Error(name);
}

/** One operation: a name and plain-data arguments (hostile ones as markers). */
function nextOp(rand, model) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const live = [...model.boxes.keys()];
  const anyId = () => (live.length > 0 && rand() < 0.85 ? pick(live) : pick([0, model.nextId, model.nextId + 5, 1.5, -3]));
  const coord = () => Math.round((rand() * 240 - 20) * 4) / 4;
  const size = () => (rand() < 0.1 ? 1e-9 : Math.round((rand() * 30 + 0.5) * 4) / 4);
  const hostile = (args) => {
    if (rand() >= 0.15) return args;
    const i = Math.floor(rand() * args.length);
    const copy = [...args];
    copy[i] = rand() < 0.6 ? { number: pick(HOSTILE_NUMBERS) } : { other: pick(HOSTILE_OTHERS) };
    return copy;
  };
  const r = rand();
  // Keep the scene a few hundred boxes, so brute force stays cheap on long runs.
  if (live.length > 250 && r < 0.35) return { op: 'remove', args: hostile([anyId()]) };
  if (r < 0.3 || live.length < 3) return { op: 'insert', args: hostile([coord(), coord(), size(), size()]) };
  if (r < 0.5) return { op: 'update', args: hostile([anyId(), coord(), coord(), size(), size()]) };
  if (r < 0.58) return { op: 'remove', args: hostile([anyId()]) };
  if (r < 0.66) return { op: 'setVelocity', args: hostile([anyId(), rand() * 40 - 20, rand() * 40 - 20]) };
  if (r < 0.74) return { op: 'step', args: hostile([pick([0, 1 / 60, 0.1, 0.5])]) };
  if (r < 0.8) return { op: 'setStructure', args: hostile([rand() < 0.9 ? pick(STRUCTURES) : 'quadtre']) };
  if (r < 0.9) return { op: 'setParent', args: hostile([anyId(), rand() < 0.3 ? 0 : anyId()]) };
  if (r < 0.95) return { op: 'setCellSize', args: hostile([pick([4, 10, 33.3, 64, 0.5])]) };
  return { op: 'setQuadtreeLimits', args: hostile([pick([1, 2, 8, 0]), pick([0, 3, 8, 60])]) };
}

function realise(args, effects) {
  return args.map((a) => (a !== null && typeof a === 'object' && 'number' in a ? a.number : a !== null && typeof a === 'object' && 'other' in a ? other(a.other, effects) : a));
}

function shown(args) {
  return args
    .map((a) => (a !== null && typeof a === 'object' && 'number' in a ? (Object.is(a.number, -0) ? '-0' : String(a.number)) : a !== null && typeof a === 'object' && 'other' in a ? (a.other === 'valueOf' ? '{ valueOf: () => 3 }' : a.other) : JSON.stringify(a)))
    .join(', ');
}

function snapshot(w) {
  return JSON.stringify({ count: w.count, structure: w.structure, boxes: [...w.slotBoxes()], ids: [...w.slotIds()], order: [...w.order()], cell: w.cellSize, mo: w.maxObjects, ml: w.maxLevels });
}

function brutePairs(boxes) {
  const ids = [...boxes.keys()].sort((a, b) => a - b);
  const out = [];
  for (let i = 0; i < ids.length; i++) {
    const a = boxes.get(ids[i]);
    for (let j = i + 1; j < ids.length; j++) {
      const b = boxes.get(ids[j]);
      if (a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3]) out.push(ids[i], ids[j]);
    }
  }
  return out;
}

/** Runs ops on a fresh World; returns null, or what went wrong at which op. */
function run(ops) {
  const w = new World(200, 200);
  const model = { boxes: new Map(), parents: new Map(), nextId: 1 };
  try {
    for (let k = 0; k < ops.length; k++) {
      const { op, args } = ops[k];
      const effects = { calls: 0 };
      const real = realise(args, effects);
      const before = snapshot(w);
      let threw = null;
      try {
        const result = w[op](...real);
        if (op === 'insert') {
          if (result !== model.nextId) return { k, why: `insert returned ${result}, the model expected id ${model.nextId} (ids are never reused)` };
          model.nextId += 1;
        }
      } catch (e) {
        threw = e;
      }
      if (effects.calls !== 0) return { k, why: 'a call ran user code (valueOf)' };
      if (threw !== null) {
        if (!(threw instanceof Error)) return { k, why: `threw a non-Error: ${threw}` };
        if (/unreachable|memory access|recursive use/i.test(threw.message)) return { k, why: `trapped: ${threw.message}` };
        if (snapshot(w) !== before) return { k, why: `a refused call (${threw.message}) changed the World` };
      }
      // The model follows the World's own boxes (step moves them by its rules).
      model.boxes = new Map([...w.order()].map((id) => [id, Array.from(w.box(id))]));
      for (const b of model.boxes.values()) if (!b.every(Number.isFinite)) return { k, why: `a box is not finite: ${b}` };
      try {
        w.validate();
      } catch (e) {
        return { k, why: `validate(): ${e.message}` };
      }
      const pairs = [...w.pairs()];
      const want = brutePairs(model.boxes);
      if (JSON.stringify(pairs) !== JSON.stringify(want)) return { k, why: `pairs() ${pairs.length / 2} pairs, brute force ${want.length / 2}` };
      if (k % 7 === 0) {
        const q = [40, 40, 90, 70];
        const got = [...w.query(...q)];
        const wanted = [...model.boxes].filter(([, b]) => b[0] < q[0] + q[2] && q[0] < b[0] + b[2] && b[1] < q[1] + q[3] && q[1] < b[1] + b[3]).map(([id]) => id).sort((a, b) => a - b);
        if (JSON.stringify(got) !== JSON.stringify(wanted)) return { k, why: `query ${got} vs brute force ${wanted}` };
      }
    }
    return null;
  } finally {
    w.free();
  }
}

function fuzz(seed, count) {
  const rand = mulberry32(seed);
  const ops = [];
  const model = { boxes: new Map(), nextId: 1 };
  for (let k = 0; k < count; k++) {
    const op = nextOp(rand, model);
    ops.push(op);
    // A cheap guess of the live ids for picking arguments (the real check is run()).
    if (op.op === 'insert' && op.args.every((a) => typeof a === 'number')) model.boxes.set(model.nextId++, true);
    if (op.op === 'remove' && typeof op.args[0] === 'number') model.boxes.delete(op.args[0]);
  }
  return ops;
}

test(`fuzz the World: ${SEEDS} seeds, ${TOTAL_OPS.toLocaleString('en-US')} operations against a brute-force model`, () => {
  const perSeed = Math.ceil(TOTAL_OPS / SEEDS);
  let refused = 0;
  for (let seed = 1; seed <= SEEDS; seed++) {
    const ops = fuzz(seed, perSeed);
    const failure = run(ops);
    if (failure !== null) {
      // The shortest prefix that still fails: a minimal repro to paste.
      let lo = 1;
      let hi = failure.k + 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (run(ops.slice(0, mid)) !== null) hi = mid;
        else lo = mid + 1;
      }
      const repro = ops.slice(0, lo).map(({ op, args }) => `w.${op}(${shown(args)});`).join('\n');
      assert.fail(`seed ${seed}, op ${failure.k}: ${failure.why}\nrepro (${lo} calls, from const w = new World(200, 200)):\n${repro}`);
    }
    refused += ops.filter((o) => o.args.some((a) => a !== null && typeof a === 'object')).length;
  }
  assert.ok(refused > TOTAL_OPS * 0.05, `expected many hostile calls, made ${refused}`);
});
