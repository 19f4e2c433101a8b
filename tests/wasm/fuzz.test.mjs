// A seeded fuzzer of the wasm World against a small brute-force model of
// the contract. Each step picks an operation and, often, hostile arguments
// (NaN, ±Infinity, -0, 1e308, 5e-324, fractional or huge ids, wrong types,
// objects with side-effecting valueOf), batches (`updateMany`) of plain
// arrays, of views of the World's own wasm memory, of wrong and absurd
// lengths, and loops over `world.tiles` (one handle, reading it allocates
// nothing). A valid call must do what the model says; a refused one must
// throw and leave a full snapshot unchanged; after
// every call validate() passes, and pairs() and query() equal brute force
// over the World's own boxes. On failure it prints the seed and the
// shortest prefix of the run that still fails, as code to paste.
//
// Short mode runs in `npm test`; long mode on demand (`npm run fuzz`):
//   FUZZ_OPS=1000000 FUZZ_SEEDS=40 node --test tests/wasm/fuzz.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { World, wasm } from './entry.mjs';
import { mulberry32 } from '../../benches/random.mjs';

// BROADPHASE_QUICK=1 (a check that `npm run fuzz` runs) caps both.
const QUICK = process.env.BROADPHASE_QUICK === '1';
const TOTAL_OPS = Math.min(Number(process.env.FUZZ_OPS ?? 6_000), QUICK ? 2_000 : Infinity);
const SEEDS = Math.min(Number(process.env.FUZZ_SEEDS ?? 6), QUICK ? 2 : Infinity);
const STRUCTURES = World.structures();

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
  const live = model.ids;
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
  if (r < 0.86) return { op: 'setParent', args: hostile([anyId(), rand() < 0.3 ? 0 : anyId()]) };
  if (r < 0.9) return { op: 'setCellSize', args: hostile([pick([4, 10, 33.3, 64, 0.5])]) };
  if (r < 0.92) return { op: 'setQuadtreeLimits', args: hostile([pick([1, 2, 8, 0]), pick([0, 3, 8, 60])]) };
  if (r < 0.98) return { op: 'updateMany', args: [batchSpec(rand, model, anyId, coord, size)] };
  return { op: 'tilesLoop', args: [{ tiles: Array.from({ length: 1 + Math.floor(rand() * 40) }, () => [Math.floor(rand() * 6), Math.floor(rand() * 8), Math.floor(rand() * 8), coord(), coord(), coord(), coord()]) }] };
}

/** Absurd lengths, made once: refused by their length before anything is read. */
const HUGE = { ids: null, boxes: null };
const huge = (key) => (HUGE[key] ??= key === 'ids' ? new Uint32Array(4_000_001) : new Float64Array(2 ** 24 + 3));

/**
 * An updateMany batch as data: where its ids and boxes come from (plain
 * arrays, or views of the World's own slotIds / slotBoxes, realised just
 * before the call), and which absurd length, if any.
 */
function batchSpec(rand, model, anyId, coord, size) {
  const k = Math.floor(rand() * 12);
  const kind = ['plain', 'plain', 'idsView', 'boxesView', 'bothViews', 'wrongLength', 'hugeIds', 'hugeBoxes'][Math.floor(rand() * 8)];
  const ids = Array.from({ length: k }, () => anyId());
  const boxes = Array.from({ length: k }, () => [coord(), coord(), size(), size()]).flat();
  if (k > 0 && rand() < 0.1) boxes[Math.floor(rand() * boxes.length)] = rand() < 0.5 ? NaN : -1;
  const from = Math.floor(rand() * Math.max(1, model.ids.length));
  return { batch: { kind, ids: ids.map((id) => (Number.isInteger(id) && id >= 0 ? id : 0)), boxes, from, k } };
}

/** The arrays of a batch spec, for world `w` (views made now: any call may detach them). */
function batchArrays(w, { kind, ids, boxes, from, k }) {
  const slotCount = w.slotIds().length;
  const a = Math.min(from, slotCount);
  const b = Math.min(a + k, slotCount);
  switch (kind) {
    case 'idsView':
      return [w.slotIds().subarray(a, b), new Float64Array(boxes.slice(0, 4 * (b - a)))];
    case 'boxesView':
      return [new Uint32Array(ids.slice(0, b - a)), w.slotBoxes().subarray(4 * a, 4 * b)];
    case 'bothViews':
      return [w.slotIds().subarray(a, b), w.slotBoxes().subarray(4 * a, 4 * b)];
    case 'wrongLength':
      return [new Uint32Array(ids), new Float64Array(boxes.length + (from % 2 === 0 ? 1 : 3))];
    case 'hugeIds':
      return [huge('ids'), new Float64Array(boxes)];
    case 'hugeBoxes':
      return [new Uint32Array(ids), huge('boxes')];
    default:
      return [new Uint32Array(ids), new Float64Array(boxes)];
  }
}

function shownBatch({ kind, ids, boxes, from, k }) {
  const plainIds = `new Uint32Array([${ids}])`;
  const plainBoxes = `new Float64Array([${boxes.map((v) => (Number.isNaN(v) ? 'NaN' : v))}])`;
  const view = (m, a) => `w.${m}().subarray(${a})`;
  switch (kind) {
    case 'idsView':
      return `${view('slotIds', `${from}, ${from} + ${k}`)} /* clipped to the slots */, ${plainBoxes} /* cut to 4 per id */`;
    case 'boxesView':
      return `${plainIds} /* cut to the slots */, ${view('slotBoxes', `4 * ${from}, 4 * (${from} + ${k})`)}`;
    case 'bothViews':
      return `${view('slotIds', `${from}, ${from} + ${k}`)}, ${view('slotBoxes', `4 * ${from}, 4 * (${from} + ${k})`)}`;
    case 'wrongLength':
      return `${plainIds}, new Float64Array(${boxes.length + (from % 2 === 0 ? 1 : 3)})`;
    case 'hugeIds':
      return `new Uint32Array(4_000_001), ${plainBoxes}`;
    case 'hugeBoxes':
      return `${plainIds}, new Float64Array(2 ** 24 + 3)`;
    default:
      return `${plainIds}, ${plainBoxes}`;
  }
}

const TILE_SHAPES = ['empty', 'full', 'slope45-br', 'convex-tl', 'concave-bl', 'steep-small-tr'];

/**
 * `world.tiles` in a loop: read the handle again for every call (the same
 * handle, and no wasm memory grows), each call a read or an edit of the map.
 * Returns what went wrong, or null.
 */
function tilesLoop(w, calls) {
  const first = w.tiles;
  const bytes = wasm.memory.buffer.byteLength;
  for (const [what, col, row, x0, y0, x1, y1] of calls) {
    const tiles = w.tiles;
    if (tiles !== first) return 'world.tiles gave another handle';
    const c = col % tiles.cols;
    const r = row % tiles.rows;
    if (what === 0) tiles.setTile(c, r, TILE_SHAPES[(col + row) % TILE_SHAPES.length]);
    else if (what === 1) tiles.tile(c, r);
    else if (what === 2) tiles.lineOfSight(x0, y0, x1, y1);
    else if (what === 3) tiles.castRay(x0, y0, x1, y1);
    else if (what === 4) tiles.edge(c, r, 'left');
    else tiles.cellAt(x0, y0);
  }
  if (wasm.memory.buffer.byteLength !== bytes) return `${calls.length} reads of world.tiles grew the wasm memory`;
  return null;
}

function realise(args, effects) {
  return args.map((a) => (a !== null && typeof a === 'object' && 'number' in a ? a.number : a !== null && typeof a === 'object' && 'other' in a ? other(a.other, effects) : a));
}

function shown(args) {
  return args
    .map((a) => (a !== null && typeof a === 'object' && 'number' in a ? (Object.is(a.number, -0) ? '-0' : String(a.number)) : a !== null && typeof a === 'object' && 'other' in a ? (a.other === 'valueOf' ? '{ valueOf: () => 3 }' : a.other) : JSON.stringify(a)))
    .join(', ');
}

/** The box each listed id must end at (its last entry), read before the call. */
function lastBoxOf([ids, boxes]) {
  const last = new Map();
  if (ids.length > 100 || boxes.length !== 4 * ids.length) return last;
  for (let i = 0; i < ids.length; i++) last.set(ids[i], Array.from(boxes.subarray(4 * i, 4 * i + 4)));
  return last;
}

/** Everything observable, copied out of wasm memory (compared bit for bit). */
function snapshot(w) {
  return [w.count, w.structure, w.cellSize, w.maxObjects, w.maxLevels, w.slotBoxes().slice(), w.slotIds().slice(), w.order().slice()];
}

/** Element by element, bit for bit (NaN equals NaN, -0 differs from 0). */
function sameValues(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

function sameSnapshot(a, b) {
  return a.every((x, i) => (typeof x === 'object' ? sameValues(x, b[i]) : Object.is(x, b[i])));
}

/** Every overlapping pair of the model's boxes, by testing all pairs. */
function brutePairs({ ids, box }) {
  const out = [];
  for (let i = 0; i < ids.length; i++) {
    const ax = box[4 * i], ay = box[4 * i + 1], aw = box[4 * i + 2], ah = box[4 * i + 3];
    for (let j = i + 1; j < ids.length; j++) {
      const bx = box[4 * j], by = box[4 * j + 1];
      if (ax < bx + box[4 * j + 2] && bx < ax + aw && ay < by + box[4 * j + 3] && by < ay + ah) out.push(ids[i], ids[j]);
    }
  }
  return out;
}

/**
 * The model's live ids, ascending, with their boxes read from the World's
 * slot views in one go (the World's own boxes: step moves them by its rules).
 */
function liveBoxes(w) {
  const slotIds = w.slotIds();
  const slotBoxes = w.slotBoxes();
  const slots = [];
  for (let slot = 0; slot < slotIds.length; slot++) if (slotIds[slot] !== 0) slots.push(slot);
  slots.sort((a, b) => slotIds[a] - slotIds[b]);
  const ids = new Array(slots.length);
  const box = new Float64Array(slots.length * 4);
  slots.forEach((slot, i) => {
    ids[i] = slotIds[slot];
    box.set(slotBoxes.subarray(slot * 4, slot * 4 + 4), i * 4);
  });
  return { ids, box };
}

/**
 * Runs ops on a fresh World; returns null, or what went wrong at which op.
 * With `rand`, `count` ops are drawn as it goes from the World's real live
 * ids (so removals hit and the op mix keeps the scene a few hundred boxes)
 * and appended to `ops`; without, `ops` is replayed as recorded (shrinking).
 */
function run(ops, rand = null, count = ops.length, stats = { refused: 0, largest: 0 }) {
  const w = new World(200, 200);
  const model = { ids: [], box: new Float64Array(0), nextId: 1 };
  try {
    for (let k = 0; k < count; k++) {
      if (rand !== null) ops.push(nextOp(rand, model));
      const { op, args } = ops[k];
      const effects = { calls: 0 };
      const before = snapshot(w);
      let threw = null;
      let expected = null;
      try {
        if (op === 'tilesLoop') {
          const wrong = tilesLoop(w, args[0].tiles);
          if (wrong !== null) return { k, why: wrong };
          continue;
        }
        // Views of the World's memory are made after the snapshot (which may grow it).
        const real = op === 'updateMany' ? batchArrays(w, args[0].batch) : realise(args, effects);
        if (op === 'updateMany') expected = lastBoxOf(real);
        const result = w[op](...real);
        if (op === 'insert') {
          if (result !== model.nextId) return { k, why: `insert returned ${result}, the model expected id ${model.nextId} (ids are never reused)` };
          model.nextId += 1;
        }
      } catch (e) {
        threw = e;
        stats.refused += 1;
      }
      if (threw === null && expected !== null) {
        for (const [id, box] of expected) {
          if (!sameValues(Array.from(w.box(id)), box)) return { k, why: `updateMany left ${id} at ${[...w.box(id)]}, not its entry ${box}` };
        }
      }
      if (effects.calls !== 0) return { k, why: 'a call ran user code (valueOf)' };
      if (threw !== null) {
        if (!(threw instanceof Error)) return { k, why: `threw a non-Error: ${threw}` };
        if (threw.name === 'CoreStoppedError' || /unreachable|memory access|recursive use/i.test(threw.message)) return { k, why: `trapped: ${threw.message}` };
        if (!sameSnapshot(snapshot(w), before)) return { k, why: `a refused call (${threw.message}) changed the World` };
      }
      // The model follows the World's own boxes; order() must list exactly
      // the live ids, and box(id) must agree with the slot views.
      Object.assign(model, liveBoxes(w));
      stats.largest = Math.max(stats.largest, model.ids.length);
      const order = [...w.order()].sort((a, b) => a - b);
      if (!sameValues(order, model.ids)) return { k, why: `order() lists ${order.length} ids, the slots hold ${model.ids.length} live ones` };
      if (model.ids.length > 0) {
        const i = k % model.ids.length;
        if (!sameValues(Array.from(w.box(model.ids[i])), Array.from(model.box.subarray(4 * i, 4 * i + 4)))) return { k, why: `box(${model.ids[i]}) disagrees with slotBoxes()` };
      }
      if (!model.box.every(Number.isFinite)) return { k, why: `a box is not finite` };
      try {
        w.validate();
      } catch (e) {
        return { k, why: `validate(): ${e.message}` };
      }
      const pairs = w.pairs();
      const want = brutePairs(model);
      if (!sameValues(pairs, want)) return { k, why: `pairs() ${pairs.length / 2} pairs, brute force ${want.length / 2}` };
      if (k % 7 === 0) {
        const q = [40, 40, 90, 70];
        const got = w.query(...q);
        const b = model.box;
        const wanted = model.ids.filter((_, i) => b[4 * i] < q[0] + q[2] && q[0] < b[4 * i] + b[4 * i + 2] && b[4 * i + 1] < q[1] + q[3] && q[1] < b[4 * i + 1] + b[4 * i + 3]);
        if (!sameValues(got, wanted)) return { k, why: `query ${got} vs brute force ${wanted}` };
      }
    }
    return null;
  } finally {
    w.free();
  }
}

test(`fuzz the World: ${SEEDS} seeds, ${TOTAL_OPS.toLocaleString('en-US')} operations against a brute-force model`, (t) => {
  const perSeed = Math.ceil(TOTAL_OPS / SEEDS);
  const started = performance.now();
  const stats = { refused: 0, largest: 0, batches: {}, tileLoops: 0 };
  let refused = 0;
  for (let seed = 1; seed <= SEEDS; seed++) {
    const ops = [];
    const failure = run(ops, mulberry32(seed), perSeed, stats);
    if (failure !== null) {
      // The shortest prefix that still fails: a minimal repro to paste.
      let lo = 1;
      let hi = failure.k + 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (run(ops.slice(0, mid)) !== null) hi = mid;
        else lo = mid + 1;
      }
      const repro = ops
        .slice(0, lo)
        .map(({ op, args }) => (op === 'updateMany' ? `w.updateMany(${shownBatch(args[0].batch)});` : op === 'tilesLoop' ? `// ${args[0].tiles.length} calls through world.tiles: ${JSON.stringify(args[0].tiles)}` : `w.${op}(${shown(args)});`))
        .join('\n');
      assert.fail(`seed ${seed}, op ${failure.k}: ${failure.why}\nrepro (${lo} calls, from const w = new World(200, 200)):\n${repro}`);
    }
    refused += ops.filter((o) => o.op !== 'updateMany' && o.op !== 'tilesLoop' && o.args.some((a) => a !== null && typeof a === 'object')).length;
    for (const o of ops) if (o.op === 'updateMany') stats.batches[o.args[0].batch.kind] = (stats.batches[o.args[0].batch.kind] ?? 0) + 1;
    stats.tileLoops += ops.filter((o) => o.op === 'tilesLoop').length;
  }
  t.diagnostic(
    `${(perSeed * SEEDS).toLocaleString('en-US')} operations over ${SEEDS} seeds in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      `${refused.toLocaleString('en-US')} with a hostile argument, ${stats.refused.toLocaleString('en-US')} refused, ` +
      `at most ${stats.largest} live objects; batches ${JSON.stringify(stats.batches)}, ${stats.tileLoops} loops over world.tiles; ` +
      `0 traps, 0 contract violations, validate() passed after every call`,
  );
  assert.ok(refused > TOTAL_OPS * 0.05, `expected many hostile calls, made ${refused}`);
});

// ---------------------------------------------------------------------------
// The tile-aware step at hostile speeds and sizes: colliders of every size
// from 1e-9 to a fifth of the world, at speeds up to the largest float,
// bouncing and sliding through random maps (every shape, closed doors) and
// a full-height column of closed doors, with children attached, stepped by
// dt from 1e-300 to 1e300. After every step: every box and velocity is
// finite, validate() passes, no collider overlaps a tile beyond the
// push-out's tolerance, and none has crossed the door column.

const SOLID_SHAPES = ['full', 'slope45-br', 'slope45-tl', 'concave-tr', 'convex-bl', 'shallow-small-br', 'steep-large-tl'];
const HOSTILE_SPEEDS = [400, 7000, 1e6, 1e12, 1e300, 9e307, 1e308, Number.MAX_VALUE];
const HOSTILE_DTS = [1 / 60, 1 / 60, 1, 1e-300, 1e300];

/** One seeded tile-physics run of `steps` steps; null, or what went wrong. */
function runTileStep(seed, steps) {
  const rand = mulberry32(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const ts = pick([1, 10, 32]);
  const cols = 8 + Math.floor(rand() * 16);
  const rows = 4 + Math.floor(rand() * 12);
  const w = new World(cols * ts, rows * ts);
  const tiles = w.tiles;
  try {
    w.setStructure(pick(STRUCTURES));
    w.tiles.reset(cols, rows, ts);
    // The door column: colliders start left of it and must stay there.
    const doorCol = Math.floor(cols / 2) + 1;
    const doorX = doorCol * ts;
    for (let r = 0; r < rows; r++) tiles.setDoor(doorCol, r, 'left', 'closed');
    for (let k = 0; k < cols * rows * 0.15; k++) {
      const c = Math.floor(rand() * cols);
      if (c === doorCol - 1 || c === doorCol) continue;
      w.tiles.setTile(c, Math.floor(rand() * rows), pick(SOLID_SHAPES));
    }
    for (let k = 0; k < 6; k++) {
      const c = Math.floor(rand() * cols);
      const r = Math.floor(rand() * rows);
      const side = pick(['left', 'top']);
      const state = pick(['closed', 'open']);
      if (c !== doorCol || side !== 'left') tiles.setDoor(c, r, side, state);
    }
    const colliders = [];
    const tolerance = 1e-9 * ts;
    for (let tries = 0; colliders.length < 6 && tries < 200; tries++) {
      const size = pick([1e-9, 0.1, 0.5, 2, 0.2 * ts, 0.45 * ts]) * (0.5 + rand());
      const x = rand() * (doorX - size);
      const y = rand() * (rows * ts - size);
      const [dx, dy] = tiles.pushOut(x, y, size, size);
      if (dx !== 0 || dy !== 0) continue; // start in the clear
      const id = w.insert(x, y, size, size);
      const speed = pick(HOSTILE_SPEEDS);
      const angle = rand() * 2 * Math.PI;
      w.setVelocity(id, speed * Math.cos(angle), speed * Math.sin(angle));
      w.setTileResponse(id, pick(['bounce', 'slide']));
      colliders.push(id);
      if (rand() < 0.3) {
        const child = w.insert(x + 1e300 * (rand() - 0.5), y, size, size);
        w.setParent(child, id);
      }
    }
    for (let s = 0; s < steps; s++) {
      const dt = pick(HOSTILE_DTS);
      w.step(dt);
      const boxes = w.slotBoxes();
      if (!boxes.every(Number.isFinite)) return `step ${s} (dt ${dt}): a box is not finite`;
      try {
        w.validate();
      } catch (e) {
        return `step ${s} (dt ${dt}): validate(): ${e.message}`;
      }
      for (const id of colliders) {
        const v = w.velocity(id);
        if (!Number.isFinite(v[0]) || !Number.isFinite(v[1])) return `step ${s} (dt ${dt}): collider ${id} velocity ${v}`;
        const [x, y, bw, bh] = w.box(id);
        if (x + bw > doorX) return `step ${s} (dt ${dt}): collider ${id} (${bw} wide, speed ${Math.hypot(...v)}) crossed the closed doors at x = ${doorX}: x = ${x}`;
        const [dx, dy] = tiles.pushOut(x, y, bw, bh);
        if (Math.hypot(dx, dy) > tolerance) return `step ${s} (dt ${dt}): collider ${id} ends ${Math.hypot(dx, dy)} inside a tile at [${x}, ${y}, ${bw}, ${bh}]`;
      }
    }
    return null;
  } finally {
    w.free(); // the tiles handle goes with it
  }
}

test(`fuzz the tile-aware step: hostile speeds, sizes and time steps`, (t) => {
  const seeds = Math.max(SEEDS * 4, 8);
  const steps = Math.max(10, Math.ceil(TOTAL_OPS / 50 / seeds));
  const started = performance.now();
  for (let seed = 1; seed <= seeds; seed++) {
    const failure = runTileStep(seed * 7919, steps);
    if (failure !== null) assert.fail(`tile step seed ${seed * 7919}: ${failure}`);
  }
  t.diagnostic(`${seeds} maps × ${steps} steps of 6 colliders in ${((performance.now() - started) / 1000).toFixed(1)} s: 0 violations`);
});
