// The boundary between JavaScript and the core, attacked: every method of
// World and TileGrid called with every wrong type in every argument
// position, including objects whose valueOf or getters have side effects
// (freeing the World, creating another). Each call must throw a TypeError
// naming the argument, run no user code, and change nothing — in this World
// or any other. A call on a freed World throws and touches no other World.
// The methods, their parameters and their JS types come from the façade's
// signatures (calls.mjs): a method added to the façade is attacked too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TileGrid, World, wasm } from './entry.mjs';
import { callsOf, scene } from './calls.mjs';

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

/** Wrong values for a parameter of the given JS type, some of them hostile. */
function wrongValues(kind, effects) {
  const sneaky = { valueOf: () => (effects.calls++, 3), toString: () => (effects.calls++, 'full') };
  const getterBomb = new Proxy({}, { get: () => (effects.calls++, () => 3) });
  const revoked = Proxy.revocable([], {});
  revoked.revoke();
  const common = [
    // Array.isArray throws on it: describing it for the TypeError threw
    // instead, and left updateMany's scratch borrowed for good.
    ['a revoked proxy', revoked.proxy],
    ['{}', {}],
    ['[]', []],
    ['[1]', [1]],
    ['an object with valueOf and toString', sneaky],
    ['a proxy', getterBomb],
    ['1n', 1n],
    ['a symbol', Symbol('s')],
    ['a function', () => 3],
  ];
  if (kind === 'string') return [...common, ['null', null], ['3', 3], ['true', true]];
  if (kind === 'boolean') return [...common, ['null', null], ['1', 1], ['"yes"', 'yes']];
  if (kind === 'Uint32Array' || kind === 'Float64Array') return [...common, ['null', null], ['[3, 1]', [3, 1]], ['"abc"', 'abc'], ['5', 5]];
  if (kind === 'function') return [...common.filter(([shown]) => shown !== 'a function'), ['null', null], ['3', 3], ['"f"', 'f']];
  if (kind === 'number?') return [...common, ['"3"', '3'], ['true', true]]; // null and undefined are "omitted"
  return [...common, ['null', null], ['"3"', '3'], ['true', true], ['undefined', undefined]];
}

/** Whether `method` of `Class` is static (the constructor counts as one: it needs no instance). */
const isStatic = (Class, method) => method === 'constructor' || !(method in Class.prototype);

/** Calls `method` of `Class` with `args` on `subject` (or on the class, for a static). */
function call(Class, subject, method, args) {
  if (method === 'constructor') return new Class(...args);
  return isStatic(Class, method) ? Class[method](...args) : subject[method](...args);
}

function attack(className, Class, make) {
  let tried = 0;
  for (const { method, names, kinds, valid } of callsOf(className)) {
    for (let i = 0; i < names.length; i++) {
      const effects = { calls: 0 };
      for (const [shown, bad] of wrongValues(kinds[i], effects)) {
        const { subject, other, before, otherBefore, cleanup } = make();
        const args = [...valid];
        args[i] = bad;
        assert.throws(
          () => call(Class, subject, method, args),
          (e) => e instanceof TypeError && new RegExp(`\\b${names[i]}\\b`).test(e.message),
          `${className}.${method}: argument ${names[i]} = ${shown} should throw a TypeError naming ${names[i]}`,
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
  const tried = attack('World', World, () => {
    const subject = scene();
    const other = scene();
    const before = snapshot(subject);
    const otherBefore = snapshot(other);
    return { subject, other, before, otherBefore, cleanup: () => (subject.free(), other.free()) };
  });
  assert.ok(tried > 500, `expected hundreds of hostile calls, made ${tried}`);
});

test('every TileGrid method does the same', () => {
  const tried = attack('TileGrid', TileGrid, () => {
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
  assert.throws(() => w.tiles.setTile(0, 2, 3), /shape must be a string, got number 3/);
  assert.throws(() => w.setStructure(7), /name must be a string, got number 7/);
  assert.throws(() => w.populate(2000, 558, 42), /layout must be a string/);
  assert.throws(() => w.tiles.edge(0, 0, {}), /side must be a string, got object/);
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
  for (const { method, valid } of callsOf('World')) {
    if (isStatic(World, method)) continue;
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
  const notATrap = (e) => e instanceof Error && !(e instanceof WebAssembly.RuntimeError) && e.name !== 'CoreStoppedError' && !/unreachable|borrowed/.test(e.message);
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
