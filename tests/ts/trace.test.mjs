// The rays mode's reading of the DDA walk (www/modes/rays/trace.ts) in
// Node, against the core's own traceSteps and traceCells: one record per
// visited cell in the same order, which line(s) each was entered through,
// and the next move the DDA makes.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { initCore, load } from './support.mjs';

let core;
let trace;
let world;
let tiles;

before(async () => {
  [core, trace] = await load('/www/core/index.ts', '/www/modes/rays/trace.ts');
  initCore(core);
  world = new core.World(1, 1);
  tiles = world.tiles;
  tiles.reset(20, 15, 10);
});

function walk(x0, y0, x1, y1) {
  return trace.readSteps(tiles.traceSteps(x0, y0, x1, y1), tiles.tileSize);
}

test('one record per cell the core visits, in its order', () => {
  let seed = 0x7ace;
  const r = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  for (let i = 0; i < 300; i++) {
    const [x0, y0, x1, y1] = [r() * 200, r() * 150, r() * 200, r() * 150];
    const steps = walk(x0, y0, x1, y1);
    const cells = Array.from(tiles.traceCells(x0, y0, x1, y1));
    assert.deepEqual(steps.flatMap((s) => [s.col, s.row]), cells, `case ${i}: ${[x0, y0, x1, y1]}`);
    for (let k = 1; k < steps.length; k++) assert.ok(steps[k].t >= steps[k - 1].t, `case ${i}: t grows`);
  }
});

test('the crossing names the line the walk came through', () => {
  const steps = walk(5, 5, 35, 5);
  assert.deepEqual(steps.map((s) => s.crossing), ['start', 'vertical', 'vertical', 'vertical']);
  assert.deepEqual(walk(5, 5, 5, 25).map((s) => s.crossing), ['start', 'horizontal', 'horizontal']);
  // Exactly through a corner: both lines at once.
  const diagonal = walk(5, 5, 25, 25);
  assert.deepEqual(diagonal.map((s) => [s.col, s.row]), [[0, 0], [1, 1], [2, 2]]);
  assert.deepEqual(diagonal.map((s) => s.crossing), ['start', 'corner', 'corner']);
});

test('nextMove: the smaller tMax steps; the last cell ends the walk', () => {
  const steps = walk(5, 5, 35, 12);
  for (let k = 0; k + 1 < steps.length; k++) {
    const move = trace.nextMove(steps, k);
    assert.deepEqual([move.col, move.row], [steps[k + 1].col, steps[k + 1].row]);
    assert.equal(move.kind, steps[k].tMaxX < steps[k].tMaxY ? 'x' : 'y');
  }
  assert.deepEqual(trace.nextMove(steps, steps.length - 1), { kind: 'end', leavesGrid: false });
  const out = walk(195, 5, 260, 5);
  assert.equal(trace.nextMove(out, out.length - 1).leavesGrid, true);
});

test('pointAt and formatParam', () => {
  assert.deepEqual(trace.pointAt(0, 0, 10, 20, 0.25), { x: 2.5, y: 5 });
  assert.equal(trace.formatParam(Infinity), '∞');
  assert.equal(trace.formatParam(-Infinity), '−∞');
  assert.equal(trace.formatParam(NaN), '—');
  assert.equal(trace.formatParam(0.123456), '0.1235');
});
