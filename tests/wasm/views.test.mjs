// Views a user cannot break: two Worlds (twins) are given the same seeded
// sequence of calls, every method of World and TileGrid; garbage is
// written into every view the first twin hands out (fill with NaN, 0,
// 200, 2³²−1, sort, reverse, set), while it is valid (before the next
// call). Nothing may trap, validate() must pass, and every answer must
// equal the clean twin's: the core never reads back what it publishes. A
// view handed out again with no change to its World in between may still
// show the garbage (the rule in docs/API.md): published copies are
// compared after each change, views written afresh by every call always.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { World } from './entry.mjs';
import { mulberry32 } from '../../benches/random.mjs';

const OPS = Number(process.env.VIEWS_OPS ?? 700);
const SEEDS = Number(process.env.VIEWS_SEEDS ?? 4);
const SIDE = 200;
const SHAPES = ['full', 'slope45-br', 'concave-tl', 'convex-br', 'shallow-small-bl', 'empty'];
const SIDES = ['left', 'right', 'top', 'bottom'];


/** What a call answered, as plain data: typed arrays copied, errors as their message. */
function plain(value) {
  if (ArrayBuffer.isView(value)) return { view: Array.from(value) };
  if (value !== null && typeof value === 'object') return JSON.parse(JSON.stringify(value, (k, v) => (ArrayBuffer.isView(v) ? Array.from(v) : v)));
  return value;
}

/** Garbage into a view, in one of several ways a user's bug would. */
function scribble(view, rand) {
  if (view === undefined || view === null || view.length === 0) return;
  switch (Math.floor(rand() * 6)) {
    case 0:
      view.fill(view instanceof Float64Array ? NaN : 0);
      break;
    case 1:
      view.fill(view instanceof Float64Array ? -1e308 : 200);
      break;
    case 2:
      view.fill(view instanceof Float64Array ? Infinity : 0xffffffff);
      break;
    case 3:
      view.sort();
      break;
    case 4:
      view.reverse();
      break;
    default:
      for (let i = 0; i < view.length; i++) view[i] = Math.floor(rand() * 1e6) * (view instanceof Float64Array ? -1.5 : 1);
  }
}

/** The calls, each `[name, run(world, args), makeArgs(rand, state)]`; `view` names what a call returns a view of. */
function calls(rand, state) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const id = () => (state.ids.length > 0 && rand() < 0.9 ? pick(state.ids) : Math.floor(rand() * (state.next + 3)));
  const at = () => Math.round(rand() * SIDE * 4) / 4 - 10;
  const size = () => Math.round((rand() * 25 + 0.5) * 4) / 4;
  const cell = () => [Math.floor(rand() * 12), Math.floor(rand() * 12)];
  return [
    { name: 'insert', w: 6, change: true, args: () => [at(), at(), size(), size()], run: (w, a) => w.insert(...a) },
    { name: 'update', w: 6, change: true, args: () => [id(), at(), at(), size(), size()], run: (w, a) => w.update(...a) },
    { name: 'setVelocity', w: 3, change: true, args: () => [id(), rand() * 80 - 40, rand() * 80 - 40], run: (w, a) => w.setVelocity(...a) },
    { name: 'remove', w: 1, change: true, args: () => [id()], run: (w, a) => w.remove(...a) },
    { name: 'step', w: 4, change: true, args: () => [pick([0, 1 / 60, 0.1, 0.5])], run: (w, a) => w.step(...a) },
    { name: 'populate', w: 0.3, change: true, args: () => [Math.floor(rand() * 40), Math.floor(rand() * 100), pick(World.layouts())], run: (w, a) => w.populate(...a) },
    {
      name: 'updateMany',
      w: 1,
      change: true,
      args: () => {
        const ids = Array.from({ length: Math.floor(rand() * 5) }, id);
        return [ids, ids.flatMap(() => [at(), at(), size(), size()])];
      },
      run: (w, [ids, boxes]) => w.updateMany(new Uint32Array(ids), new Float64Array(boxes)),
    },
    { name: 'setStructure', w: 1, change: true, args: () => [pick(World.structures())], run: (w, a) => w.setStructure(...a) },
    { name: 'setQuadtreeLimits', w: 0.5, change: true, args: () => [1 + Math.floor(rand() * 8), Math.floor(rand() * 6)], run: (w, a) => w.setQuadtreeLimits(...a) },
    { name: 'setCellSize', w: 0.5, change: true, args: () => [pick([3, 7.5, 20, 1e6])], run: (w, a) => w.setCellSize(...a) },
    { name: 'useAutomaticCellSize', w: 0.3, change: true, args: () => [], run: (w) => w.useAutomaticCellSize() },
    { name: 'renumberSlots', w: 0.3, change: true, args: () => [], run: (w) => w.renumberSlots() },
    { name: 'setParent', w: 2, change: true, args: () => [id(), rand() < 0.3 ? 0 : id()], run: (w, a) => w.setParent(...a) },
    { name: 'setParents', w: 0.5, change: true, args: () => Array.from({ length: 2 * Math.floor(rand() * 3) }, () => (rand() < 0.2 ? 0 : id())), run: (w, a) => w.setParents(new Uint32Array(a)) },
    { name: 'setHierarchyTracing', w: 0.3, change: true, args: () => [rand() < 0.5], run: (w, a) => w.setHierarchyTracing(...a) },
    { name: 'tiles.reset', w: 0.2, change: true, args: () => [8 + Math.floor(rand() * 6), 8 + Math.floor(rand() * 6), pick([10, 16, 25])], run: (w, a) => w.tiles.reset(...a) },
    { name: 'tiles.setTile', w: 3, change: true, args: () => [...cell(), pick(SHAPES)], run: (w, a) => w.tiles.setTile(...a) },
    { name: 'tiles.setDoor', w: 1, change: true, args: () => [...cell(), pick(SIDES), pick(['open', 'closed', 'none'])], run: (w, a) => w.tiles.setDoor(...a) },
    { name: 'tiles.loadPreset', w: 0.1, change: true, args: () => [pick(w0Presets)], run: (w, a) => w.tiles.loadPreset(...a) },
    { name: 'setTileResponse', w: 1, change: true, args: () => [id(), pick(['none', 'bounce', 'slide'])], run: (w, a) => w.setTileResponse(...a) },
    // Reads.
    { name: 'pairs', w: 4, args: () => [], run: (w) => w.pairs() },
    { name: 'pairsBegan', w: 1, args: () => [], run: (w) => w.pairsBegan() },
    { name: 'pairsEnded', w: 1, args: () => [], run: (w) => w.pairsEnded() },
    { name: 'query', w: 3, args: () => [at(), at(), size() * 3, size() * 3], run: (w, a) => w.query(...a) },
    { name: 'box', w: 2, args: () => [id()], run: (w, a) => w.box(...a) },
    { name: 'velocity', w: 1, args: () => [id()], run: (w, a) => w.velocity(...a) },
    { name: 'parentOf', w: 1, args: () => [id()], run: (w, a) => w.parentOf(...a) },
    { name: 'order', w: 1, args: () => [], run: (w) => w.order() },
    { name: 'lastRepair', w: 0.5, args: () => [], run: (w) => w.lastRepair() },
    { name: 'tileResponse', w: 0.5, args: () => [id()], run: (w, a) => w.tileResponse(...a) },
    { name: 'storedIn', w: 0.5, args: () => [id()], run: (w, a) => w.storedIn(...a) },
    { name: 'searchedIn', w: 0.5, args: () => [id()], run: (w, a) => w.searchedIn(...a) },
    { name: 'gridGeometry', w: 0.5, args: () => [], run: (w) => w.gridGeometry() },
    { name: 'quadtreeNodes', w: 0.5, args: () => [], run: (w) => w.quadtreeNodes() },
    { name: 'castRay', w: 2, args: () => [at(), at(), at(), at()], run: (w, a) => w.castRay(...a) },
    { name: 'tiles.tile', w: 1, args: () => cell(), run: (w, a) => w.tiles.tile(...a) },
    { name: 'tiles.edge', w: 1, args: () => [...cell(), pick(SIDES)], run: (w, a) => w.tiles.edge(...a) },
    { name: 'tiles.door', w: 0.5, args: () => [...cell(), pick(SIDES)], run: (w, a) => w.tiles.door(...a) },
    { name: 'tiles.castRay', w: 1, args: () => [at(), at(), at(), at()], run: (w, a) => w.tiles.castRay(...a) },
    { name: 'tiles.lineOfSight', w: 1, args: () => [at(), at(), at(), at()], run: (w, a) => w.tiles.lineOfSight(...a) },
    { name: 'tiles.pushOut', w: 1, args: () => [at(), at(), size(), size()], run: (w, a) => w.tiles.pushOut(...a) },
    { name: 'tiles.cellAt', w: 0.5, args: () => [at(), at()], run: (w, a) => w.tiles.cellAt(...a) },
    { name: 'tiles.traceSteps', w: 0.5, args: () => [at(), at(), at(), at()], run: (w, a) => w.tiles.traceSteps(...a) },
    { name: 'tiles.touchedCells', w: 1.5, args: () => [at(), at(), size(), size()], run: (w, a) => w.tiles.touchedCells(...a) },
    { name: 'tiles.traceCells', w: 1.5, args: () => [at(), at(), at(), at()], run: (w, a) => w.tiles.traceCells(...a) },
    { name: 'tiles.edgeLines', w: 0.5, args: () => [], run: (w) => w.tiles.edgeLines() },
    { name: 'tiles.changedCellsSince', w: 0.5, args: () => [Math.floor(rand() * 20)], run: (w, a) => w.tiles.changedCellsSince(...a) },
    { name: 'tiles.ascii', w: 0.2, args: () => [], run: (w) => w.tiles.ascii() },
  ];
}
const w0Presets = ['slopes', 'curves', 'doors'];

/** The views of state a World keeps (published copies): read after each call, compared after a change, and scribbled on. */
const PUBLISHED = {
  slotBoxes: (w) => w.slotBoxes(),
  slotIds: (w) => w.slotIds(),
  slotOverlapping: (w) => w.slotOverlapping(),
  order: (w) => w.order(),
  pairsBegan: (w) => w.pairsBegan(),
  pairsEnded: (w) => w.pairsEnded(),
  'tiles.edges': (w) => w.tiles.edges(),
  'tiles.doors': (w) => w.tiles.doors(),
};
/** Views written afresh by every call: read after each call, always compared, and scribbled on. */
const ALWAYS_FRESH = {
  'tiles.tileIndices': (w) => w.tiles.tileIndices(),
  quadtreeNodes: (w) => w.quadtreeNodes(),
  'tiles.edgeLines': (w) => w.tiles.edgeLines(),
};

/** Plain-data facts of a World that every call may change (compared after every call). */
function facts(w) {
  return {
    count: w.count,
    structure: w.structure,
    cellSize: w.cellSize,
    slotGeneration: w.slotGeneration,
    revision: w.tiles.revision,
    cols: w.tiles.cols,
    rows: w.tiles.rows,
    maxObjects: w.maxObjects,
    maxLevels: w.maxLevels,
  };
}

/** What `run()` answered, as plain data; `then` gets the raw answer (a view to scribble on) after it was copied. */
function attempt(run, then = () => {}) {
  try {
    const value = run();
    const answer = { ok: plain(value) };
    then(value);
    return answer;
  } catch (error) {
    assert.ok(!(error instanceof WebAssembly.RuntimeError) && error.name !== 'CoreStoppedError', `expected no trap, got ${error.name}: ${error.message}`);
    return { threw: error.message };
  }
}

for (let seed = 1; seed <= SEEDS; seed++) {
  test(`garbage written into every view changes no answer (seed ${seed})`, () => {
    const rand = mulberry32(seed * 7919);
    const scribbles = mulberry32(seed * 104729);
    const twins = [new World(SIDE, SIDE), new World(SIDE, SIDE)];
    const [dirty, clean] = twins;
    for (const w of twins) {
      w.tiles.reset(12, 12, 16);
      w.populate(30, seed, 'uniform');
    }
    const state = { ids: Array.from({ length: 30 }, (_, i) => i + 1), next: 31 };
    const table = calls(rand, state);
    const total = table.reduce((sum, c) => sum + c.w, 0);
    const garbage = (value) => {
      if (ArrayBuffer.isView(value)) scribble(value, scribbles);
      else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) if (ArrayBuffer.isView(v)) scribble(v, scribbles);
    };
    // Published views scribbled on since the dirty twin last changed: they
    // may read back the garbage until it changes.
    const stale = new Set();
    try {
      for (let step = 0; step < OPS; step++) {
        let r = rand() * total;
        const call = table.find((c) => (r -= c.w) < 0) ?? table[0];
        const args = call.args();
        const where = `seed ${seed}, step ${step}: ${call.name}(${JSON.stringify(args)})`;
        // The dirty twin first: its answer is copied, then garbage goes
        // into it before any other call (a view is valid until then).
        const a = attempt(() => call.run(dirty, args), garbage);
        const b = attempt(() => call.run(clean, args));
        if (call.change) stale.clear();
        if (!stale.has(call.name)) assert.deepEqual(a, b, `${where}: the twins answered differently`);
        if (call.name === 'insert' && typeof a.ok === 'number') {
          state.ids.push(a.ok);
          state.next = a.ok + 1;
        }
        if (call.name === 'populate' && typeof a.ok === 'number') {
          for (let k = 0; k < args[0]; k++) state.ids.push(a.ok + k);
          state.next = a.ok + args[0];
        }
        dirty.validate();
        assert.deepEqual(facts(dirty), facts(clean), `${where}: the twins' facts differ`);
        // Every view: published copies equal after a change (before one,
        // the dirty twin's may still show its garbage), the others always;
        // each scribbled on as soon as it is read.
        for (const [name, read] of [...Object.entries(PUBLISHED), ...Object.entries(ALWAYS_FRESH)]) {
          const va = attempt(() => read(dirty), garbage);
          const vb = attempt(() => read(clean));
          if (!stale.has(name)) assert.deepEqual(va, vb, `${where}: the view ${name} differs`);
          if (name in PUBLISHED) stale.add(name);
        }
      }
      for (const w of twins) w.validate();
    } finally {
      for (const w of twins) w.free();
    }
  });
}

test('reads and a velocity copy no view again; the step they lead to shows in the next view', () => {
  const w = new World(100, 100);
  const id = w.insert(10, 10, 2, 2);
  const before = w.slotBoxes();
  const x0 = before[0];
  // setVelocity, velocity() and box() change nothing a view holds: the same copy stays.
  w.setVelocity(id, 60, 0);
  w.velocity(id);
  w.box(id);
  assert.equal(w.slotBoxes()[0], x0, 'expected the slot view unchanged before the step');
  w.step(1 / 60);
  assert.equal(w.slotBoxes()[0], w.box(id)[0], 'expected the slot view to show the stepped box');
  assert.ok(w.slotBoxes()[0] > x0, 'expected the box to have moved right');
  w.free();
});
