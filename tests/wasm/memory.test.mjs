// Memory at the boundary: Worlds dropped without free() and a million
// castRay results keep the wasm memory bounded (small results are plain JS
// values; a new World builds no big structure it was not asked for), and
// asking for too much is an error, not an out-of-memory trap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { World, wasm } from './entry.mjs';

const megabytes = () => wasm.memory.buffer.byteLength / 2 ** 20;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

// First: the dropped Worlds of the test below are freed by finalizers whenever
// the engine runs them, and one running inside this loop would be counted here.
test('a million castRay results need no free() and grow nothing', async () => {
  const w = new World(1000, 1000);
  w.tiles.reset(10, 10, 100);
  w.tiles.setTile(5, 5, 'full');
  w.insert(300, 300, 20, 20);
  w.castRay(1, 1, 900, 900);
  const start = megabytes();
  let hits = 0;
  for (let i = 0; i < 1_000_000; i++) {
    if (w.castRay(1, 1, 900, 900 - (i % 7)) !== undefined) hits++;
    if (i % 100_000 === 0) await tick();
  }
  assert.equal(hits, 1_000_000);
  assert.equal(megabytes(), start, 'expected castRay to allocate nothing in wasm memory');
  w.free();
});

test('20,000 big Worlds dropped without free() keep the peak bounded', async () => {
  const start = megabytes();
  for (let i = 0; i < 20_000; i++) {
    const w = new World(1e6, 1e6);
    w.insert(1, 1, 2, 2);
    if (i % 2000 === 0) await tick(); // let finalizers run, as a page's frames would
  }
  const grown = megabytes() - start;
  // Each once built a 4096 × 4096 tile grid (~96 MB): the 43rd trapped at 4 GB.
  assert.ok(grown < 128, `expected the wasm memory to grow less than 128 MB, it grew ${grown.toFixed(1)} MB`);
});

test('asking a World for more objects than it holds is an error that leaves it usable', () => {
  const w = new World(1000, 1000);
  w.populate(100, 1, 'uniform');
  assert.throws(() => w.populate(2_000_001, 2, 'uniform'), /count 2000001 is out of range 0..=2000000/);
  w.populate(2_000_000, 3, 'uniform');
  assert.throws(() => w.populate(2_000_000, 4, 'uniform'), /count: a World holds at most 4000000 objects; this would make 4000100/);
  assert.equal(w.count, 2_000_100, 'expected the refused call to add nothing');
  const id = w.insert(1, 1, 1, 1);
  assert.ok(id > 0, 'expected the World to stay usable');
  w.free();
});
