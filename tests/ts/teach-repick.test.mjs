// The box stepper's reading (www/boxes/teach/run.ts, words.ts) of a pair
// search in which the loose grid picks its cells again, as pairs() does
// first once boxes grown by update fill its oversize list: the run keeps
// the cells before and after, and the words give the rule's numbers and
// the old and new size, each the record's own.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { initCore, load } from './support.mjs';

let core;
let run;
let words;

before(async () => {
  [core, run, words] = await load('/www/core/index.ts', '/www/boxes/teach/run.ts', '/www/boxes/teach/words.ts');
  initCore(core);
});

/** 200 small boxes, their pairs taken, then 40 grown past the cells by update. */
function outgrown() {
  const world = new core.World(256, 256);
  world.setStructure('loose-grid');
  let seed = 11;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let i = 0; i < 200; i++) world.insert(rand() * 250, rand() * 250, 2 + rand() * 4, 2 + rand() * 4);
  world.pairs();
  for (let id = 1; id <= 40; id++) {
    const b = world.box(id);
    world.update(id, b[0], b[1], 30 + rand() * 20, 30 + rand() * 20);
  }
  return world;
}

test('a live pair search that picks the cells again: the run keeps both grids, the words say why and what changed', () => {
  const world = outgrown();
  try {
    const oldSize = world.gridGeometry()[2];
    const r = run.liveRun(world, 'loose-grid', 256, 150);
    const op = r.ops[0];
    assert.equal(op.gridBefore[2], oldSize, 'the cells before the search');
    assert.equal(op.grid[2], world.gridGeometry()[2], 'the cells after');
    assert.notEqual(op.grid[2], oldSize);
    const kinds = r.steps.slice(0, 3).map((s) => s.rec.kind);
    assert.deepEqual(kinds, ['pairs', 'repick', 'refile']);
    const repick = words.stepWords(r, 1);
    const rec = r.steps[1].rec;
    assert.match(repick.says, /^First, as pairs\(\) does before its search: \d+ boxes, grown by update past the cells, lie on the oversize list/);
    assert.ok(repick.says.includes(`more than ${rec.limit} (twice the ${rec.counted} left there`), repick.says);
    assert.deepEqual(Object.fromEntries(repick.readouts).operation, 'pairs #150');
    assert.equal(Object.fromEntries(repick.readouts)['oversize now'], String(rec.count));
    assert.match(repick.next, /^The cell size goes from/, 'the Next: line is the refiling');
    const refile = words.stepWords(r, 2);
    const fmt = (v) => String(Number(v.toFixed(2)));
    assert.ok(refile.says.startsWith(`The cell size goes from ${fmt(oldSize)} to ${fmt(op.grid[2])}: all 200 objects are filed again in the new cells.`), refile.says);
    assert.match(refile.says, /Of the \d+ oversize boxes, \d+ now fit a cell and \d+ stay on the oversize list\. The search below walks the new cells\./);
    assert.equal(Object.fromEntries(refile.readouts)['cell size'], `${fmt(oldSize)} → ${fmt(op.grid[2])}`);
    // A second search: the cells are picked, nothing to say about them.
    const again = run.liveRun(world, 'loose-grid', 256, 150);
    assert.ok(!again.steps.some((s) => s.rec.kind === 'repick' || s.rec.kind === 'refile'));
    assert.deepEqual([...again.ops[0].gridBefore], [...again.ops[0].grid]);
  } finally {
    world.free();
  }
});

test('an insert that doubles the objects: the words give the counts the rule compared and the sizes', () => {
  const world = new core.World(256, 256);
  try {
    world.setStructure('grid');
    let seen = 0;
    for (let i = 0; i < 40; i++) {
      const records = core.readTrace('traceInsert', world.traceInsert(i * 6, 10, 4, 4), run.FIELDS);
      const at = records.findIndex((r) => r.kind === 'repick');
      if (at < 0) continue;
      seen++;
      const op = { kind: 'insert', id: records[0].id, first: 0, records, nodesBefore: new Float64Array(), nodesAfter: new Float64Array(), gridBefore: new Float64Array(), grid: world.gridGeometry(), boxesBefore: [], boxesAfter: [] };
      const steps = records.map((rec, index) => ({ op, rec, index }));
      const r = { lesson: undefined, structure: 'grid', side: 256, ops: [op], steps, objects: world.count };
      const rec = records[at];
      assert.equal(rec.reason, 'objects-doubled');
      assert.equal(rec.limit, 2 * Math.max(rec.counted, 8), 'the rule: twice the objects at the last pick, at least 8');
      assert.equal(words.stepWords(r, at).says, `The world holds ${rec.count} objects, reaching ${rec.limit}: twice as many as when the cells were last picked (${rec.counted} then, or 8 if fewer), so the automatic cell size is picked again from the boxes as they are now.`);
      const refile = words.stepWords(r, at + 1).says;
      assert.ok(refile.startsWith(`The cell size goes from ${Number(records[at + 1].counted.toFixed(2))} to ${Number(world.gridGeometry()[2].toFixed(2))}: all ${world.count} objects are filed again in the new cells.`), refile);
      assert.ok(!refile.includes('search below'), 'an insert has no search after it');
    }
    assert.ok(seen >= 2, `${seen} re-picks`);
  } finally {
    world.free();
  }
});
