// The box-editing arithmetic (www/box-editing/rects.ts) in Node: keeping a
// box on the map, resizing by edges without flipping, where a copy lands,
// where arrow keys take a box. Seeded random cases print their seed.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { load } from './support.mjs';

let rects;

before(async () => {
  [rects] = await load('/www/box-editing/rects.ts');
});

function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

test('fitRect keeps any finite box on the map at a usable size, and refuses what is not finite', () => {
  const { fitRect, MIN_BOX_SIDE } = rects;
  assert.deepEqual(fitRect(10, 10, 20, 30, 100, 100), [10, 10, 20, 30]);
  assert.deepEqual(fitRect(-5, 95, 20, 30, 100, 100), [0, 70, 20, 30]);
  assert.deepEqual(fitRect(0, 0, 500, 0.1, 100, 100), [0, 0, 100, MIN_BOX_SIDE]);
  for (const bad of [NaN, Infinity, -Infinity]) assert.equal(fitRect(bad, 0, 1, 1, 100, 100), null);
  const seed = 0xb0c5;
  const r = rng(seed);
  for (let i = 0; i < 5000; i++) {
    const [W, H] = [1 + r() * 500, 1 + r() * 500];
    const box = [(r() - 0.5) * 2000, (r() - 0.5) * 2000, (r() - 0.2) * 800, (r() - 0.2) * 800];
    const [x, y, w, h] = fitRect(...box, W, H);
    const where = `seed ${seed}, case ${i}: ${box} on ${W} × ${H} → ${[x, y, w, h]}`;
    assert.ok(w >= MIN_BOX_SIDE && h >= MIN_BOX_SIDE, where);
    assert.ok(x >= 0 && y >= 0, where);
    // On the map whenever the map is at least the smallest box.
    if (W >= MIN_BOX_SIDE) assert.ok(x + w <= W + 1e-9, where);
    if (H >= MIN_BOX_SIDE) assert.ok(y + h <= H + 1e-9, where);
  }
});

test('dragEdgesRect moves only the named edges, never flips, never leaves the map', () => {
  const { dragEdgesRect, MIN_BOX_SIDE } = rects;
  const b = { x: 10, y: 10, w: 20, h: 20 };
  assert.deepEqual(dragEdgesRect(b, { x: 1, y: 0 }, 50, 999, 100, 100), [10, 10, 40, 20]);
  assert.deepEqual(dragEdgesRect(b, { x: -1, y: -1 }, 100, 100, 100, 100), [30 - MIN_BOX_SIDE, 30 - MIN_BOX_SIDE, MIN_BOX_SIDE, MIN_BOX_SIDE], 'dragged past the opposite corner: stops short');
  assert.deepEqual(dragEdgesRect(b, { x: 1, y: 1 }, 500, 500, 100, 100), [10, 10, 90, 90]);
  const seed = 0xed9e;
  const r = rng(seed);
  for (let i = 0; i < 5000; i++) {
    const box = { x: r() * 80, y: r() * 80, w: 2 + r() * 18, h: 2 + r() * 18 };
    const edges = { x: Math.floor(r() * 3) - 1, y: Math.floor(r() * 3) - 1 };
    const [x, y, w, h] = dragEdgesRect(box, edges, (r() - 0.25) * 200, (r() - 0.25) * 200, 100, 100);
    const where = `seed ${seed}, case ${i}`;
    assert.ok(w >= MIN_BOX_SIDE - 1e-9 && h >= MIN_BOX_SIDE - 1e-9, where);
    assert.ok(x >= 0 && y >= 0 && x + w <= 100 + 1e-9 && y + h <= 100 + 1e-9, where);
    if (edges.x === 0) assert.deepEqual([x, w], [box.x, box.w], `${where}: x edges untouched`);
    if (edges.y === 0) assert.deepEqual([y, h], [box.y, box.h], `${where}: y edges untouched`);
    if (edges.x > 0) assert.equal(x, box.x, `${where}: the left edge stays`);
    if (edges.x < 0) assert.ok(Math.abs(x + w - (box.x + box.w)) < 1e-9, `${where}: the right edge stays`);
  }
});

test('duplicateCorner and arrowCorner', () => {
  const { duplicateCorner, arrowCorner } = rects;
  assert.deepEqual(duplicateCorner({ x: 10, y: 10, w: 4, h: 30 }, 24), [22, 22], 'at least half a cell');
  assert.deepEqual(duplicateCorner({ x: 10, y: 10, w: 60, h: 40 }, 24), [30, 30], 'half the smaller side');
  const b = { x: 30, y: 13, w: 10, h: 10 };
  assert.deepEqual(arrowCorner(b, [1, 0], 5, false, 24), [35, 13]);
  // Snapped: a whole cell, the leading edge on a cell line.
  assert.deepEqual(arrowCorner(b, [1, 0], 5, true, 24), [62, 13]);
  assert.deepEqual(arrowCorner(b, [0, -1], 5, true, 24).map((v) => v + 0), [30, 0]);
});
