// The boundary between JavaScript and the core, attacked: every method of
// World and TileGrid called with every wrong type in every argument
// position, including objects whose valueOf or getters have side effects
// (freeing the World, creating another). Each call must throw a TypeError
// naming the argument, run no user code, and change nothing — in this World
// or any other. A call on a freed World throws and touches no other World.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TileGrid, World, wasm } from './entry.mjs';

/** Valid arguments for each method taking any (name → [param names, values]). */
const WORLD_CALLS = {
  resize: [['width', 'height'], [200, 200]],
  insert: [['x', 'y', 'w', 'h'], [1, 2, 3, 4]],
  update: [['id', 'x', 'y', 'w', 'h'], [1, 5, 5, 3, 3]],
  setVelocity: [['id', 'vx', 'vy'], [1, 1, 1]],
  velocity: [['id'], [1]],
  remove: [['id'], [2]],
  box: [['id'], [1]],
  step: [['dt'], [0.01]],
  query: [['x', 'y', 'w', 'h'], [0, 0, 50, 50]],
  setStructure: [['name'], ['grid']],
  setQuadtreeLimits: [['maxObjects', 'maxLevels'], [8, 8]],
  setCellSize: [['size'], [10]],
  searchedIn: [['id'], [1]],
  storedIn: [['id'], [1]],
  populate: [['count', 'seed', 'layout'], [10, 1, 'uniform']],
  setTileGrid: [['cols', 'rows', 'tileSize'], [4, 4, 10]],
  setTile: [['col', 'row', 'shape'], [0, 0, 'full']],
  tile: [['col', 'row'], [0, 0]],
  edge: [['col', 'row', 'side'], [0, 0, 'left']],
  touchedCells: [['x', 'y', 'w', 'h'], [0, 0, 5, 5]],
  setTileResponse: [['id', 'response'], [1, 'slide']],
  tileResponse: [['id'], [1]],
  traceCells: [['x0', 'y0', 'x1', 'y1'], [1, 1, 30, 30]],
  castRay: [['x0', 'y0', 'x1', 'y1'], [1, 1, 30, 30]],
  setParent: [['child', 'parent'], [3, 1]],
  setParents: [['pairs'], [new Uint32Array([3, 1])]],
  parentOf: [['id'], [1]],
  setHierarchyTracing: [['on'], [true]],
};

const TILES_CALLS = {
  castRay: [['x0', 'y0', 'x1', 'y1'], [1, 1, 30, 30]],
  cellAt: [['x', 'y'], [1, 1]],
  changedCellsSince: [['revision'], [0]],
  door: [['col', 'row', 'side'], [0, 0, 'left']],
  edge: [['col', 'row', 'side'], [0, 0, 'left']],
  lineOfSight: [['x0', 'y0', 'x1', 'y1'], [1, 1, 30, 30]],
  loadPreset: [['name'], ['empty']],
  pushOut: [['x', 'y', 'w', 'h'], [1, 1, 2, 2]],
  reset: [['cols', 'rows', 'tileSize'], [4, 4, 10]],
  setDoor: [['col', 'row', 'side', 'door'], [1, 1, 'left', 'closed']],
  setTile: [['col', 'row', 'shape'], [0, 0, 'full']],
  tile: [['col', 'row'], [0, 0]],
  touchedCells: [['x', 'y', 'w', 'h'], [0, 0, 5, 5]],
  traceCells: [['x0', 'y0', 'x1', 'y1'], [1, 1, 30, 30]],
  traceSteps: [['x0', 'y0', 'x1', 'y1'], [1, 1, 30, 30]],
};

function scene() {
  const w = new World(100, 100);
  for (let i = 0; i < 4; i++) w.insert(10 * i, 10 * i, 8, 8);
  w.setParent(2, 1);
  w.setTileGrid(4, 4, 10);
  w.setTile(1, 1, 'slope45-br');
  return w;
}

function snapshot(w) {
  const t = w.tiles;
  const s = JSON.stringify({
    count: w.count,
    size: [w.width, w.height],
    structure: w.structure,
    cell: w.cellSize,
    boxes: [...w.slotBoxes()],
    ids: [...w.slotIds()],
    order: [...w.order()],
    tiles: t.ascii(),
    revision: t.revision,
  });
  t.free();
  return s;
}

/** Wrong values for a parameter of the given kind, some of them hostile. */
function wrongValues(kind, effects) {
  const sneaky = { valueOf: () => (effects.calls++, 3), toString: () => (effects.calls++, 'full') };
  const getterBomb = new Proxy({}, { get: () => (effects.calls++, () => 3) });
  const revoked = Proxy.revocable([], {});
  revoked.revoke();
  const common = [
    // Array.isArray throws on it: describing it for the TypeError threw
    // instead, and left updateMany's scratch borrowed for good.
    ['a revoked proxy', revoked.proxy],
    ['null', null],
    ['{}', {}],
    ['[]', []],
    ['[1]', [1]],
    ['an object with valueOf and toString', sneaky],
    ['a proxy', getterBomb],
    ['1n', 1n],
    ['a symbol', Symbol('s')],
    ['a function', () => 3],
  ];
  if (kind === 'string') return [...common, ['3', 3], ['true', true]];
  if (kind === 'boolean') return [...common, ['1', 1], ['"yes"', 'yes']];
  if (kind === 'array') return [...common, ['[3, 1]', [3, 1]], ['"abc"', 'abc'], ['5', 5]];
  return [...common, ['"3"', '3'], ['true', true], ['undefined', undefined]];
}

function kindOf(value) {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (value instanceof Uint32Array) return 'array';
  return 'number';
}

function attack(target, calls, make) {
  let tried = 0;
  for (const [method, [names, valid]] of Object.entries(calls)) {
    for (let i = 0; i < names.length; i++) {
      const effects = { calls: 0 };
      for (const [shown, bad] of wrongValues(kindOf(valid[i]), effects)) {
        const { subject, other, before, otherBefore, cleanup } = make();
        const args = [...valid];
        args[i] = bad;
        assert.throws(
          () => subject[method](...args),
          (e) => e instanceof TypeError && new RegExp(`\\b${names[i]}\\b`).test(e.message),
          `${method}: argument ${names[i]} = ${shown} should throw a TypeError naming ${names[i]}`,
        );
        assert.equal(effects.calls, 0, `${method}(${names[i]} = ${shown}) ran user code (valueOf, toString or a proxy trap)`);
        assert.equal(snapshot(subject.world ?? subject), before, `${method}(${names[i]} = ${shown}) changed the world`);
        assert.equal(snapshot(other), otherBefore, `${method}(${names[i]} = ${shown}) changed another world`);
        cleanup();
        tried++;
      }
    }
  }
  return tried;
}

test('every World method refuses every wrong type with a TypeError naming the argument, running no user code, changing nothing', () => {
  const tried = attack(WORLD_CALLS, WORLD_CALLS, () => {
    const subject = scene();
    const other = scene();
    const before = snapshot(subject);
    const otherBefore = snapshot(other);
    return { subject, other, before, otherBefore, cleanup: () => (subject.free(), other.free()) };
  });
  assert.ok(tried > 700, `expected hundreds of hostile calls, made ${tried}`);
});

test('every TileGrid method does the same', () => {
  const tried = attack(TILES_CALLS, TILES_CALLS, () => {
    const world = scene();
    const other = scene();
    const subject = world.tiles;
    subject.world = world;
    const before = snapshot(world);
    const otherBefore = snapshot(other);
    return { subject, other, before, otherBefore, cleanup: () => (subject.free(), world.free(), other.free()) };
  });
  assert.ok(tried > 400, `expected hundreds of hostile calls, made ${tried}`);
});

test('the repros: a valueOf that frees the World, or makes a victim World, cannot reach either', () => {
  const w = new World(100, 100);
  let victim = null;
  assert.throws(
    () => w.insert({ valueOf() { w.free(); victim = new World(100, 100); return 3; } }, 1, 2, 2),
    TypeError,
  );
  assert.equal(victim, null, 'the valueOf never ran');
  assert.equal(w.count, 0);
  w.insert(1, 1, 1, 1);
  assert.equal(w.count, 1, 'the World still works');
  const v = new World(10, 10);
  assert.throws(() => v.setParents([2, { valueOf() { w.populate(200000, 1, 'uniform'); return 1; } }, 3, 1]), /pairs must be a Uint32Array/);
  assert.equal(w.count, 1, 'the other World was not touched');
  assert.throws(() => w.setTile(0, 2, 3), /shape must be a string, got number 3/);
  assert.throws(() => w.setStructure(7), /name must be a string, got number 7/);
  assert.throws(() => w.populate(2000, 558, 42), /layout must be a string/);
  assert.throws(() => w.edge(0, 0, {}), /side must be a string, got object/);
  assert.throws(() => w.tiles.setDoor(0, 0, 'left', 1), /door must be a string/);
  assert.throws(() => w.tiles.loadAscii(12, 8), /map must be a string/);
  w.free();
  v.free();
});

test('a freed World throws on every call and no other World changes', () => {
  const w = scene();
  const other = scene();
  const before = snapshot(other);
  w.free();
  for (const [method, [, valid]] of Object.entries(WORLD_CALLS)) {
    assert.throws(() => w[method](...valid), Error, `${method} on a freed World should throw`);
  }
  assert.throws(() => w.pairs(), Error);
  assert.equal(snapshot(other), before, 'calls on a freed World changed another');
  other.free();
});

test('TileGrid statics refuse wrong types too', () => {
  assert.throws(() => TileGrid.rotateShape(3, true), /shape must be a string/);
  assert.throws(() => TileGrid.rotateShape('slope45-br', 1), /clockwise must be true or false/);
  assert.throws(() => World.viewLayout(5), /name must be a string/);
  assert.throws(() => World.sceneSide('10'), /count must be a number, got string "10"/);
});

// A view of wasm memory handed back in (`updateMany(w.slotIds(), …)`,
// `setParents(w.order())`): copying it allocated first, the allocation grew
// wasm memory and detached the view, the copy's length check panicked —
// a trap — and left `updateMany`'s scratch borrowed, so every later
// `updateMany` of that World trapped ("RefCell already borrowed"). A view
// of the whole memory makes the growth certain: no copy of it fits inside.
test('views of wasm memory passed back in are read before anything can detach them', () => {
  const w = new World(1000, 1000);
  w.populate(1000, 1, 'uniform');
  const whole = () => wasm.memory.buffer;
  const notATrap = (e) => e instanceof Error && !(e instanceof WebAssembly.RuntimeError) && !/unreachable|borrowed/.test(e.message);
  assert.throws(() => w.updateMany(new Uint32Array(whole()), new Float64Array(whole())), notATrap);
  assert.throws(() => w.setParents(new Uint32Array(whole())), notATrap);
  // The World is not poisoned, and a round trip of its own views works.
  const first = w.slotIds()[0];
  w.updateMany(new Uint32Array([first]), new Float64Array([1, 2, 3, 4]));
  assert.deepEqual([...w.box(first)], [1, 2, 3, 4]);
  const boxes = w.slotBoxes();
  boxes[0] = 7; // the view is the World's own memory
  w.updateMany(w.slotIds(), w.slotBoxes());
  assert.deepEqual([...w.box(first)], [7, 2, 3, 4]);
  const links = w.order().subarray(0, 4); // a under b, c under d
  const [a, b] = links;
  w.setParents(links);
  assert.equal(w.parentOf(a), b);
  w.validate();
  w.free();
});

// A typed array can still run user code: a `length` getter of its own, a
// subclass's getter, or a proxy around a real one. Reading `ids.length`
// ran such a getter mid-call: one that called `w.free()` left the World
// unusable ("null pointer passed to rust") and one that inserted did so in
// the middle of `updateMany`. The arrays are now read through the
// built-in getters; a proxy is refused.
test('typed arrays with getters, subclasses or proxies run no user code', () => {
  const effects = { calls: 0 };
  const withLength = (array) => Object.defineProperty(array, 'length', { get: () => (effects.calls++, array.byteLength / array.BYTES_PER_ELEMENT) });
  class Sneaky extends Uint32Array {
    get length() {
      effects.calls++;
      return super.length;
    }
  }
  const trap = (target) => new Proxy(target, { get: (t, k) => (effects.calls++, Reflect.get(t, k)), getPrototypeOf: (t) => (effects.calls++, Reflect.getPrototypeOf(t)) });
  const w = new World(100, 100);
  for (let i = 0; i < 4; i++) w.insert(10 * i, 10 * i, 8, 8);
  const other = new World(100, 100);
  const before = snapshot(w);
  const otherBefore = snapshot(other);
  // Accepted (they are genuine typed arrays), read without their getters.
  w.updateMany(withLength(new Uint32Array([1])), withLength(new Float64Array([5, 6, 7, 8])));
  assert.deepEqual([...w.box(1)], [5, 6, 7, 8]);
  w.update(1, 0, 0, 8, 8);
  assert.equal(w.setParents(new Sneaky([3, 1])), 'repaired');
  assert.equal(w.parentOf(3), 1);
  w.setParent(3, 0);
  // Proxies are not typed arrays: refused, their traps untouched.
  assert.throws(() => w.setParents(trap(new Uint32Array([3, 1]))), /pairs must be a Uint32Array/);
  assert.throws(() => w.updateMany(trap(new Uint32Array([1])), new Float64Array(4)), /ids must be a Uint32Array/);
  assert.throws(() => w.updateMany(new Uint32Array([1]), trap(new Float64Array(4))), /boxes must be a Float64Array/);
  const revoked = Proxy.revocable(new Float64Array(4), {});
  revoked.revoke();
  assert.throws(() => w.updateMany(new Uint32Array([1]), revoked.proxy), /^TypeError: boxes must be a Float64Array, got object$/);
  assert.throws(() => w.updateMany(revoked.proxy, new Float64Array(4)), /^TypeError: ids must be a Uint32Array, got object$/);
  assert.throws(() => w.setParents(revoked.proxy), /^TypeError: pairs must be a Uint32Array, got object$/);
  w.updateMany(new Uint32Array([1]), new Float64Array([0, 0, 8, 8])); // its scratch is not left borrowed
  // A detached array is empty.
  const gone = new Float64Array(4);
  structuredClone(gone.buffer, { transfer: [gone.buffer] });
  assert.throws(() => w.updateMany(new Uint32Array([1]), gone), /boxes has 0 values; 4 expected/);
  assert.equal(effects.calls, 0, 'a getter or a trap ran');
  assert.equal(snapshot(w), before);
  assert.equal(snapshot(other), otherBefore);
  w.validate();
  w.free();
  other.free();
});
