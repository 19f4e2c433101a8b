// What a World hands out and takes in bulk, held to the boundary's
// promises: `world.tiles` is one handle (reading it allocates nothing), a
// freed World and its handle say so, `free()` and `[Symbol.dispose]` in any
// order and any number of times do nothing more, a method called on an
// object of another class throws a TypeError, and a batch (`updateMany`,
// `setParents`) may be a view of wasm memory, may be absurdly long (an
// error naming it, before anything is allocated, the World usable after),
// and a refused one gives its scratch memory back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { TileGrid, World, wasm } from './entry.mjs';

const megabytes = () => wasm.memory.buffer.byteLength / 2 ** 20;
const notATrap = (pattern) => (e) =>
  e instanceof Error && !(e instanceof WebAssembly.RuntimeError) && e.name !== 'CoreStoppedError' && pattern.test(e.message) && !/unreachable|borrowed|null pointer/.test(e.message);

test('updateMany takes views of wasm memory, whatever growing the memory would do to them', () => {
  // Copying `ids` into the core allocated, the allocation could grow the
  // memory, and growing detached the `boxes` view before it was read:
  // "boxes has 0 values; 8000 expected", now and then. In a fresh module
  // (its memory full to the brim) the growth is certain.
  const repro = (n) => `
    const { World } = await import(${JSON.stringify(new URL('./entry.mjs', import.meta.url).href)});
    const w = new World(1000, 1000);
    for (let i = 0; i < ${n}; i++) w.insert((i * 7) % 990, (i * 13) % 990, 3, 3);
    w.step(1 / 60);
    w.pairs();
    const before = w.slotBoxes().slice();
    w.updateMany(w.slotIds(), w.slotBoxes());
    if (w.slotBoxes().some((v, i) => v !== before[i])) throw new Error('the boxes moved');
    w.validate();`;
  for (const n of [2000, 3000]) {
    assert.doesNotThrow(() => execFileSync(process.execPath, ['--input-type=module', '-e', repro(n)], { stdio: 'pipe', env: process.env }), `${n} objects in a fresh module`);
  }
  for (let n = 1000; n <= 4000; n += 150) {
    const w = new World(1000, 1000);
    for (let i = 0; i < n; i++) w.insert((i * 7) % 990, (i * 13) % 990, 3, 3);
    w.step(1 / 60);
    w.pairs();
    const before = w.slotBoxes().slice();
    w.updateMany(w.slotIds(), w.slotBoxes());
    assert.deepEqual(w.slotBoxes().slice(), before, `${n} objects: the boxes moved`);
    w.validate();
    w.free();
  }
});

test('a view of wasm memory long enough to force the memory to grow is read before it can be detached', () => {
  const w = new World(1000, 1000);
  w.populate(3000, 5, 'uniform');
  const ids = w.slotIds();
  const boxes = w.slotBoxes();
  boxes[0] = 123; // the World's own memory: this moves slot 0's box
  // Views at the very end of the memory: any allocation grows it.
  const tail = new Float64Array(wasm.memory.buffer, wasm.memory.buffer.byteLength - 8 * 4 * 16, 4 * 16);
  tail.set(w.slotBoxes().subarray(0, 64));
  w.updateMany(ids.subarray(0, 16), tail.subarray(0, 64));
  assert.equal(w.box(w.slotIds()[0])[0], 123);
  w.validate();
  w.free();
});

test('oversized batches are refused naming the argument, before anything is allocated, and the World stays usable', () => {
  const w = new World(100, 100);
  const id = w.insert(1, 1, 2, 2);
  let start = megabytes();
  assert.throws(() => w.updateMany(new Uint32Array(2 ** 29 + 1), new Float64Array(4)), notATrap(/^ids length 536870913 is out of range 0\.\.=4000000$/));
  assert.equal(megabytes(), start, 'the refusal allocated');
  assert.throws(() => w.updateMany(new Uint32Array([id]), new Float64Array(2 ** 28 + 1)), notATrap(/^boxes has 268435457 values; 4 expected/));
  assert.throws(() => w.updateMany(new Uint32Array([99]), new Float64Array(2 ** 28 + 1)), notATrap(/^ids\[0\]: id 99 is not a live object id$/));
  assert.throws(() => w.setParents(new Uint32Array(2 ** 29 + 2)), notATrap(/^pairs length 536870914 is out of range 0\.\.=8000000$/));
  assert.throws(() => w.setParents(new Uint32Array(3)), notATrap(/^pairs length \(must be even\) 3/));
  assert.equal(megabytes(), start, 'the refusals allocated');
  // Not poisoned: the next batch works, and so does free().
  w.updateMany(new Uint32Array([id]), new Float64Array([5, 6, 7, 8]));
  assert.deepEqual([...w.box(id)], [5, 6, 7, 8]);
  w.validate();
  w.free();
  start = megabytes();
  assert.equal(megabytes(), start);
});

test('a refused big batch gives its scratch memory back', () => {
  // 3M entries: 108 MB of scratch. One World refuses such a batch (its
  // last box is bad); a second World then refuses the same: if the first
  // kept its scratch, the memory grows by another 108 MB.
  const entries = 3_000_000;
  const ids = new Uint32Array(entries).fill(1);
  const boxes = new Float64Array(entries * 4).fill(1);
  boxes[boxes.length - 1] = -1;
  const first = new World(10, 10);
  const second = new World(10, 10);
  first.insert(0, 0, 1, 1);
  second.insert(0, 0, 1, 1);
  assert.throws(() => first.updateMany(ids, boxes), /^Error: boxes\[2999999\]: h must be greater than 0, got -1$/);
  const after = megabytes();
  assert.throws(() => second.updateMany(ids, boxes), /^Error: boxes\[2999999\]: h must be greater than 0, got -1$/);
  const grown = megabytes() - after;
  assert.ok(grown < 20, `the second refusal grew the memory by ${grown.toFixed(0)} MB: the first kept its scratch`);
  first.updateMany(new Uint32Array([1]), new Float64Array([2, 2, 1, 1]));
  assert.deepEqual([...first.box(1)], [2, 2, 1, 1]);
  first.free();
  second.free();
});

test('world.tiles is one handle: 200,000 reads allocate nothing in wasm', () => {
  const w = new World(1000, 1000);
  w.tiles.reset(100, 100, 10);
  const tiles = w.tiles;
  assert.equal(w.tiles, tiles, 'the same handle at every read');
  const start = megabytes();
  for (let i = 0; i < 200_000; i++) w.tiles.setTile(i % 100, Math.floor(i / 100) % 100, i < 100_000 ? 'empty' : 'full');
  assert.equal(megabytes(), start, '200,000 reads of world.tiles grew the memory');
  assert.equal(w.tiles.tile(0, 0), 'full');
  tiles.free(); // the World's handle: its own free() does nothing
  assert.equal(w.tiles, tiles);
  assert.equal(tiles.tile(0, 0), 'full');
  w.free();
  assert.throws(() => tiles.tile(0, 0), /^Error: this TileGrid's World was freed/);
  assert.throws(() => tiles.cols, /^Error: this TileGrid's World was freed/);
  assert.throws(() => w.tiles, /^Error: this World was freed/);
});

test('free() and [Symbol.dispose] in any order, any number of times, do nothing more', () => {
  const orders = [
    ['free', 'dispose'],
    ['dispose', 'free'],
    ['dispose', 'dispose'],
    ['free', 'free', 'dispose', 'dispose'],
  ];
  for (const order of orders) {
    const w = new World(10, 10);
    w.insert(1, 1, 1, 1);
    const tiles = w.tiles;
    for (const step of order) {
      if (step === 'free') w.free();
      else w[Symbol.dispose]();
      tiles[Symbol.dispose]();
      tiles.free();
    }
    assert.throws(() => w.count, /^Error: this World was freed/, order.join(', '));
    assert.throws(() => w.insert(1, 1, 1, 1), /^Error: this World was freed/, order.join(', '));
  }
  assert.equal(typeof World.prototype[Symbol.dispose], 'function');
  assert.equal(typeof TileGrid.prototype[Symbol.dispose], 'function');
});

/** Every own method and getter of a prototype, as [name, function]. */
function members(proto) {
  return Object.getOwnPropertyNames(proto)
    .filter((key) => key !== 'constructor')
    .map((key) => {
      const d = Object.getOwnPropertyDescriptor(proto, key);
      return [key, d.get ?? d.value];
    })
    .concat([[Symbol.dispose.toString(), proto[Symbol.dispose]]]);
}

test('a method called on an object of another class throws a TypeError and changes nothing', () => {
  const w = new World(100, 100);
  w.insert(1, 1, 5, 5);
  w.tiles.reset(4, 4, 10);
  const tiles = w.tiles;
  const other = new World(100, 100);
  const before = JSON.stringify([w.count, [...w.slotBoxes()], tiles.ascii(), other.count]);
  const strangers = [tiles, other.tiles, {}, Object.create(World.prototype), Object.create(TileGrid.prototype)];
  let tried = 0;
  for (const [name, fn] of members(World.prototype)) {
    for (const stranger of [tiles, {}, Object.create(World.prototype)]) {
      assert.throws(() => fn.call(stranger, 1, 1, 1, 1, 1), TypeError, `World.prototype.${name} on a ${stranger?.constructor?.name}`);
      tried++;
    }
  }
  for (const [name, fn] of members(TileGrid.prototype)) {
    for (const stranger of [w, other, {}, Object.create(TileGrid.prototype)]) {
      assert.throws(() => fn.call(stranger, 0, 0, 'full', 'closed'), TypeError, `TileGrid.prototype.${name} on a ${stranger?.constructor?.name}`);
      tried++;
    }
  }
  assert.ok(tried > 250, `${tried} calls`);
  assert.equal(strangers.length, 5);
  assert.equal(JSON.stringify([w.count, [...w.slotBoxes()], tiles.ascii(), other.count]), before);
  assert.throws(() => new TileGrid(), TypeError, 'a TileGrid comes from world.tiles only');
  w.free();
  other.free();
});
