// The wasm build's SIMD forms (the box overlap test, the cell search, the
// straddle quadtree's "stays in its node" test) against a brute force in
// JavaScript, on the scenes where a lane-wise form could differ from the
// scalar one the native tests cover: boxes on exact cell lines and node
// midlines, touching, identical, tiny (widths of 5e-324 and 1e-300: at most cell coordinates `x + w == x`), giant, and
// outside the world; then stepped, so every update path runs. Every
// structure, seeded; pairs() must equal brute force exactly, and validate()
// must pass after each frame. On failure it prints the seed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { World } from './entry.mjs';
import { mulberry32 } from '../../benches/random.mjs';

const STRUCTURES = World.structures();
const SIDE = 64;

/** Every overlapping pair of the World's own boxes, ids ascending. */
function brutePairs(w) {
  const slotIds = w.slotIds();
  const boxes = w.slotBoxes();
  const live = [];
  for (let slot = 0; slot < slotIds.length; slot++) if (slotIds[slot] !== 0) live.push(slot);
  live.sort((a, b) => slotIds[a] - slotIds[b]);
  const out = [];
  for (let i = 0; i < live.length; i++) {
    const a = live[i] * 4;
    const [ax, ay, aw, ah] = [boxes[a], boxes[a + 1], boxes[a + 2], boxes[a + 3]];
    for (let j = i + 1; j < live.length; j++) {
      const b = live[j] * 4;
      const [bx, by, bw, bh] = [boxes[b], boxes[b + 1], boxes[b + 2], boxes[b + 3]];
      if (ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah) out.push(slotIds[live[i]], slotIds[live[j]]);
    }
  }
  return out;
}

/** A box drawn to sit on the lines and edges where the comparisons tie. */
function hostileBox(rand) {
  const whole = (n) => Math.floor(rand() * n);
  switch (whole(8)) {
    case 0: // on cell lines and midlines: integer corners and sizes
      return [whole(SIDE), whole(SIDE), 1 + whole(4), 1 + whole(4)];
    case 1: // on the world's halves and quarters exactly
      return [(SIDE / 4) * whole(4), (SIDE / 4) * whole(4), SIDE / 4, SIDE / 8];
    case 2: // tiny: so thin that x + w == x
      return [whole(SIDE), whole(SIDE), rand() < 0.5 ? 1e-300 : 5e-324, rand() < 0.5 ? 1e-300 : 5e-324];
    case 3: // giant, now and then: larger than a cell, or than the world
      if (rand() < 0.8) return [rand() * SIDE, rand() * SIDE, 4 + 8 * rand(), 4 + 8 * rand()];
      return [-SIDE * rand(), -SIDE * rand(), SIDE * (0.5 + 2 * rand()), SIDE * (0.5 + 2 * rand())];
    case 4: // outside the world
      return [SIDE + 10 * rand(), -20 * rand(), 1 + 3 * rand(), 1 + 3 * rand()];
    default: // ordinary
      return [rand() * SIDE, rand() * SIDE, 0.5 + 4 * rand(), 0.5 + 4 * rand()];
  }
}

test('every structure equals brute force in wasm on boxes on cell lines, touching, identical, tiny, giant and outside the world, stepped', () => {
  for (let seed = 1; seed <= 24; seed++) {
    const structure = STRUCTURES[seed % STRUCTURES.length];
    const rand = mulberry32(seed);
    const w = new World(SIDE, SIDE);
    try {
      w.setStructure(structure);
      if (seed % 3 === 0) w.setCellSize(4); // integer cells: boxes on their lines
      const ids = [];
      for (let i = 0; i < 300; i++) {
        const [x, y, bw, bh] = hostileBox(rand);
        const id = w.insert(x, y, bw, bh);
        ids.push(id);
        // Identical twins of some boxes.
        if (rand() < 0.05) ids.push(w.insert(x, y, bw, bh));
      }
      // Half move: integer velocities keep integer boxes on the lines for a while.
      for (const id of ids) if (rand() < 0.5) w.setVelocity(id, Math.round((rand() - 0.5) * 240), Math.round((rand() - 0.5) * 240));
      for (let frame = 0; frame < 12; frame++) {
        const context = `${structure}, seed ${seed}, frame ${frame}`;
        assert.deepEqual([...w.pairs()], brutePairs(w), context);
        w.validate();
        w.step(frame % 4 === 0 ? 0.25 : 1 / 60);
      }
    } finally {
      w.free();
    }
  }
});
