// castBox through the façade, on the World and on the tile grid: bad
// arguments are named, results are plain objects equal to the Rust side's
// (the same cases and numbers as `cast_box_known_answers` in
// src/sweep/tests/cases.rs), and a box resting on a floor slides along it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { World } from './entry.mjs';

/** A 100 × 40 world, 10-unit tiles: a full tile at (5, 1), a slope at (3, 2). */
function world() {
  const w = new World(100, 40);
  w.tiles.reset(10, 4, 10);
  w.tiles.setTile(5, 1, 'full');
  w.tiles.setTile(3, 2, 'slope45-br');
  return w;
}

function throwsNaming(call, name, Kind = Error) {
  assert.throws(call, (error) => {
    assert.ok(error instanceof Kind, `expected a ${Kind.name}, got ${error}`);
    assert.match(error.message, new RegExp(`^${name}\\b`), `"${error.message}" should name ${name}`);
    return true;
  });
}

test('castBox names its bad arguments, first one first, and changes nothing', () => {
  const w = world();
  const id = w.insert(10, 10, 5, 5);
  const before = [...w.slotBoxes()];
  throwsNaming(() => w.castBox(NaN, 0, 1, 1, 1, 1), 'x');
  throwsNaming(() => w.castBox(0, Infinity, 1, 1, 1, 1), 'y');
  throwsNaming(() => w.castBox(0, 0, 0, 1, 1, 1), 'w');
  throwsNaming(() => w.castBox(0, 0, 1, -2, 1, 1), 'h');
  throwsNaming(() => w.castBox(1e308, 0, 1e308, 1, 1, 1), 'w'); // its far side is not finite
  throwsNaming(() => w.castBox(0, 0, 1, 1, NaN, 1), 'dx');
  throwsNaming(() => w.castBox(0, 0, 1, 1, 1, -Infinity), 'dy');
  throwsNaming(() => w.castBox(0, 0, 1, 1, 1, 1, 99), 'skip');
  throwsNaming(() => w.castBox(0, 0, 1, 1, 1, 1, 1.5), 'skip');
  throwsNaming(() => w.castBox(0, 0, 1, 1, '1', 1), 'dx', TypeError);
  throwsNaming(() => w.castBox(NaN, 0, 1, 1, '1', 1), 'x'); // the earlier bad value first
  throwsNaming(() => w.castBox(0, 0, 1, 1, 1, 1, 'me'), 'skip', TypeError);
  throwsNaming(() => w.tiles.castBox(0, 0, 1, 1, 1), 'dy', TypeError);
  throwsNaming(() => w.tiles.castBox(0, 0, 1, 1, 1, NaN), 'dy');
  assert.deepEqual([...w.slotBoxes()], before);
  assert.equal(w.box(id)[0], 10);
  w.validate();
  w.free();
});

test('castBox answers as the Rust side does', () => {
  const w = world();
  const tiles = w.tiles;
  const r = Math.SQRT1_2;
  // A full tile's face: the box stops with its right side on x = 50.
  assert.deepEqual(tiles.castBox(5, 12, 4, 4, 70, 0), { t: 41 / 70, x: 46, y: 12, normalX: -1, normalY: 0, objectId: 0, col: 5, row: 1 });
  assert.deepEqual(w.castBox(5, 12, 4, 4, 70, 0), tiles.castBox(5, 12, 4, 4, 70, 0));
  // The slope x + y = 60: the box's corner meets it after 18 of 40.
  const slope = tiles.castBox(10, 24, 4, 4, 40, 0);
  assert.deepEqual({ ...slope, normalX: 0, normalY: 0 }, { t: 0.45, x: 28, y: 24, normalX: 0, normalY: 0, objectId: 0, col: 3, row: 2 });
  assert.ok(Math.abs(slope.normalX + r) < 1e-15 && Math.abs(slope.normalY + r) < 1e-15);
  // At any magnitude: the same wall from a motion of 1e308.
  const far = tiles.castBox(5, 12, 4, 4, 1e308, 0);
  assert.equal(far.x, 46);
  assert.equal(far.t, 41 / 1e308);
  // Resting on the tile's top and moving along it: touching is not meeting.
  assert.equal(tiles.castBox(45, 6, 4, 4, 20, 0), undefined);
  // Into it from there: met at once, with its normal.
  assert.deepEqual(tiles.castBox(52, 6, 4, 4, 0, 5), { t: 0, x: 52, y: 6, normalX: 0, normalY: -1, objectId: 0, col: 5, row: 1 });
  // Already inside: t = 0, normal (0, 0), left where it is.
  assert.deepEqual(tiles.castBox(51, 12, 2, 2, 5, 5), { t: 0, x: 51, y: 12, normalX: 0, normalY: 0, objectId: 0, col: 5, row: 1 });
  // A closed door on x = 50 in row 0: the cell beyond it.
  tiles.setDoor(5, 0, 'left', 'closed');
  assert.deepEqual(tiles.castBox(5, 2, 4, 4, 70, 0), { t: 41 / 70, x: 46, y: 2, normalX: -1, normalY: 0, objectId: 0, col: 5, row: 0 });
  // Objects: the World sees them, the tiles do not; the caster skips itself.
  const me = w.insert(5, 32, 4, 4);
  const post = w.insert(40, 30, 5, 10);
  assert.deepEqual(w.castBox(5, 32, 4, 4, 70, 0, me), { t: 31 / 70, x: 36, y: 32, normalX: -1, normalY: 0, objectId: post, col: -1, row: -1 });
  assert.equal(w.castBox(5, 32, 4, 4, 70, 0).objectId, me); // its own box, at once
  assert.equal(tiles.castBox(5, 32, 4, 4, 70, 0), undefined);
  for (const name of World.structures()) {
    w.setStructure(name);
    assert.equal(w.castBox(5, 32, 4, 4, 70, 0, me).objectId, post, name);
  }
  w.free();
});

test("issue 34's corner: a collider never passes the wall, bouncing or sliding", () => {
  for (const response of ['bounce', 'slide']) {
    const w = new World(64, 32);
    w.tiles.reset(8, 4, 8);
    for (let r = 0; r < 4; r++) w.tiles.setTile(4, r, 'full'); // a wall: x = 32..40
    w.tiles.setTile(3, 1, 'full'); // a tile under the corner
    const id = w.insert(29.5, 5.5, 2, 2);
    w.setVelocity(id, 10, 10);
    w.setTileResponse(id, response);
    for (let i = 0; i < 8; i++) {
      w.step(1 / 60);
      const [x, y] = w.box(id);
      assert.ok(x + 2 <= 32 && y + 2 <= 8 + 1e-9, `${response}, step ${i}: at (${x}, ${y})`);
      assert.deepEqual([...w.tiles.pushOut(x, y, 2, 2)], [0, 0], `${response}, step ${i}: inside a tile`);
    }
    // Both faces of the corner met: turned back, or stopped.
    assert.deepEqual([...w.velocity(id)], response === 'bounce' ? [-10, -10] : [0, 0]);
    w.free();
  }
});
