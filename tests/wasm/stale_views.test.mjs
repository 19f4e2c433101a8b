// Views kept past the next call (which docs/API.md says not to do) cannot
// reach what the core reads. Every view lies in published memory, the part
// of wasm memory that only ever holds views (src/wasm/published_memory.rs);
// a buffer that grows moves within it and leaves its old block there. Two
// Worlds (twins) are given the same calls; of the first, every kind of view
// is kept, then calls grow the buffers behind them, with published memory
// warmed up first so that they move without growing the wasm memory (which
// would detach the kept views instead), and garbage is written through the
// kept views. Nothing may trap, validate() must pass, and after the next
// change (which writes every published copy afresh) every answer and every
// view must equal the clean twin's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { World, wasm } from './entry.mjs';
import { mulberry32 } from '../../benches/random.mjs';

const SIDE = 400;
const ROUNDS = 6;

/** Every kind of view a World and its tiles hand out, read now. */
function views(w, round) {
  const t = w.tiles;
  const reach = 20 + 60 * round;
  return {
    pairs: w.pairs(),
    pairsBegan: w.pairsBegan(),
    pairsEnded: w.pairsEnded(),
    query: w.query(10, 10, reach, reach),
    slotBoxes: w.slotBoxes(),
    slotIds: w.slotIds(),
    slotOverlapping: w.slotOverlapping(),
    order: w.order(),
    quadtreeNodes: w.quadtreeNodes(),
    touchedCells: t.touchedCells(0, 0, reach, reach),
    traceCells: t.traceCells(1, 1, reach, reach * 0.7),
    traceSteps: t.traceSteps(1, 1, reach * 0.7, reach),
    edgeLines: t.edgeLines(),
    edges: t.edges(),
    doors: t.doors(),
    tileIndices: t.tileIndices(),
    changedCellsSince: t.changedCellsSince(0),
  };
}

/** Everything the twins answer, as plain data (views copied). */
function answers(w, round) {
  const copied = Object.fromEntries(Object.entries(views(w, round)).map(([name, v]) => [name, v === undefined ? null : Array.from(v)]));
  const t = w.tiles;
  const ids = copied.slotIds.filter((id) => id !== 0);
  return {
    ...copied,
    count: w.count,
    boxes: ids.map((id) => Array.from(w.box(id))),
    parents: ids.map((id) => w.parentOf(id)),
    ray: w.castRay(0, 0, SIDE, SIDE * 0.8) ?? null,
    ascii: t.ascii(),
    revision: t.revision,
  };
}

/** Garbage through a kept view: bytes of every value, NaN and infinities. */
function scribble(view, rand) {
  if (view === undefined || view.length === 0) return 0;
  for (let i = 0; i < view.length; i++) {
    view[i] = view instanceof Float64Array ? [NaN, -Infinity, 1e308, -1][i % 4] : Math.floor(rand() * 2 ** 32);
  }
  return view.length;
}

test('garbage written through views kept past later calls reaches nothing the core reads', () => {
  const isPublished = wasm.isPublishedMemory;
  // Published memory warmed up: a World whose views grew large, freed, so
  // its blocks of every size wait to be reused without growing the memory.
  const warm = new World(SIDE, SIDE);
  warm.populate(4000, 9, 'clustered');
  warm.setStructure('quadtree');
  warm.tiles.reset(120, 120, 4);
  views(warm, ROUNDS + 2);
  warm.free();

  const rand = mulberry32(20260129);
  const twins = [new World(SIDE, SIDE), new World(SIDE, SIDE)];
  const [dirty, clean] = twins;
  for (const w of twins) {
    w.populate(40, 3, 'uniform');
    w.setStructure('quadtree');
    w.tiles.reset(10, 10, 40);
    w.tiles.setDoor(2, 2, 'left', 'closed');
    w.setParent(2, 1);
  }
  let scribbled = 0;
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const kept = views(dirty, round);
      views(clean, round);
      for (const [name, view] of Object.entries(kept)) {
        if (view !== undefined && view.length > 0 && isPublished !== undefined) {
          assert.ok(isPublished(view.byteOffset), `round ${round}: the view ${name} lies outside published memory`);
        }
      }
      // Calls that grow every buffer behind the kept views.
      for (const w of twins) {
        w.populate(60 + 40 * round, round + 4, 'clustered');
        w.tiles.reset(10 + 6 * (round + 1), 10 + 6 * (round + 1), 40 / (round + 2));
        w.tiles.setTile(1, 1, 'slope45-br');
        w.tiles.setDoor(3, 1, 'top', 'closed');
        views(w, round + 1);
      }
      for (const view of Object.values(kept)) scribbled += scribble(view, rand);
      dirty.validate();
      // A change writes every published copy afresh: then all must agree.
      for (const w of twins) w.step(1 / 60);
      assert.deepEqual(answers(dirty, round + 1), answers(clean, round + 1), `round ${round}: the twins answered differently`);
      dirty.validate();
    }
  } finally {
    for (const w of twins) w.free();
  }
  // The kept views stayed attached (the memory did not grow under them), so
  // the garbage was really written somewhere.
  assert.ok(scribbled > 1000, `expected garbage written through kept views, only ${scribbled} values were`);
  console.log(`# ${scribbled} values written through kept views over ${ROUNDS} rounds`);
});
