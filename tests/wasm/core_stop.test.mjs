// What the core refuses, and what happens if it ever traps. A result too
// large to hold (the pairs of a degenerate scene) is an Error that changes
// nothing; an allocation that fails where the core reserves room is a
// refusal too. A trap (forced here: the hidden `failNextAllocation`
// export makes the next allocation fail, and an allocation the core does
// not reserve for then stops it; `panicForTests` panics as a bug would)
// gives one clear error on that call and on every later call on any World
// of that core, `free()` does nothing, the listeners hear it once, and
// `initSync()` / `init()` start a fresh core in which new Worlds work.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { World, failNextAllocation, failsRestartedCores, init, initSync, panicForTests } from './entry.mjs';

const STOPPED = /the broadphase core stopped after an internal error \(out of memory: an allocation of \d+ bytes failed\); its Worlds are lost: call init\(\) \(or initSync\(\)\) for a fresh core, then make new Worlds$/;

test('more pairs than one call returns: an Error naming the limit, and nothing changed', () => {
  const w = new World(100, 100);
  w.setStructure('quadtree');
  const a = w.insert(10, 10, 5, 5);
  const b = w.insert(12, 12, 5, 5);
  assert.deepEqual(Array.from(w.pairs()), [a, b]);
  for (let i = 0; i < 2900; i++) w.insert(50, 50, 3, 3);
  assert.throws(() => w.pairs(), /^Error: pairs: more than 4194304 overlapping pairs, the most one call returns \(n boxes in one place make n\(n-1\)\/2\); nothing changed$/);
  // The last answer's events still stand, and the World goes on.
  assert.deepEqual(Array.from(w.pairsBegan()), [a, b]);
  w.validate();
  for (let id = b + 1; id < b + 101; id++) w.remove(id);
  assert.equal(w.pairs().length / 2, 1 + (2800 * 2799) / 2);
  w.free();
});

test('an allocation the core reserves that fails is a refusal, not a trap', () => {
  const w = new World(100, 100);
  // The second insert grows the query's buffer first (room for every
  // object a query can return), fallibly: that allocation fails.
  assert.equal(w.insert(1, 1, 2, 2), 1);
  failNextAllocation();
  assert.throws(() => w.insert(1, 1, 2, 2), /^Error: insert: out of memory reserving room for 1 more objects; nothing was added$/);
  assert.equal(w.count, 1);
  assert.equal(w.insert(1, 1, 2, 2), 2);
  assert.equal(w.count, 2);
  w.validate();
  w.free();
});

test('a trap: a clear error on that call and every later one, free() quiet, a fresh core from initSync()', async () => {
  const w = new World(100, 100);
  const other = new World(50, 50);
  other.insert(1, 1, 2, 2);
  const kept = new World(10, 10);
  const heard = [];
  const stop = World.onCoreStopped((error) => heard.push(error));
  const tiles = w.tiles;
  failNextAllocation();
  // A new tile grid is an allocation the core does not reserve: it traps.
  assert.throws(() => tiles.reset(9, 9, 9), (error) => error.name === 'CoreStoppedError' && STOPPED.test(error.message));
  for (const call of [() => w.count, () => w.insert(1, 1, 1, 1), () => other.pairs(), () => other.slotBoxes(), () => other.tiles.edges(), () => World.structures(), () => new World(1, 1)]) {
    assert.throws(call, (error) => error.name === 'CoreStoppedError' && STOPPED.test(error.message) && !/already borrowed/.test(error.message));
  }
  // Freeing what a stopped core held does nothing and throws nothing.
  w.free();
  other.free();
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(heard.length, 1, 'expected the listener to hear the stop once');
  assert.match(heard[0].message, STOPPED);
  stop();

  // A fresh core: new Worlds work, the old ones stay stopped.
  initSync();
  const fresh = new World(100, 100);
  const id = fresh.insert(1, 1, 4, 4);
  fresh.insert(2, 2, 4, 4);
  assert.deepEqual(Array.from(fresh.pairs()), [id, id + 1]);
  fresh.validate();
  assert.equal(World.structures().length, 5);
  assert.throws(() => kept.count, STOPPED);
  fresh.free();
});

test('init() after a stop starts one fresh core for every caller', { skip: !failsRestartedCores && 'a package entry has no switch on a restarted core' }, async () => {
  const tiles = new World(10, 10).tiles;
  failNextAllocation();
  assert.throws(() => tiles.reset(9, 9, 9), STOPPED);
  const [x, y] = await Promise.all([init(), init()]);
  assert.equal(x, y, 'expected both callers to get the same fresh core');
  const fresh = new World(10, 10);
  assert.equal(fresh.insert(1, 1, 1, 1), 1);
  fresh.validate();
  fresh.free();
});

test('a panic (a bug) stops the core the same way, with what it said', { skip: !failsRestartedCores && 'a package entry has no switch on a restarted core' }, async () => {
  const w = new World(10, 10);
  w.insert(1, 1, 1, 1);
  const heard = [];
  const stop = World.onCoreStopped((error) => heard.push(error));
  assert.throws(() => panicForTests(), (error) => error.name === 'CoreStoppedError' && /internal error \(panicked at src\/wasm\/stop\.rs:\d+:\d+: the panic the tests asked for\); its Worlds are lost/.test(error.message));
  assert.throws(() => w.pairs(), (error) => error.name === 'CoreStoppedError' && /panicked at/.test(error.message));
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(heard.length, 1);
  stop();
  await init();
  const fresh = new World(10, 10);
  assert.equal(fresh.insert(1, 1, 1, 1), 1);
  fresh.free();
});
