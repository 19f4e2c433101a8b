// www/core/trace.ts in Node: a trace's flat records read field by field at
// the core's offsets, kinds and reasons by the core's names, and the
// hierarchy mode's walk (www/modes/hierarchy/forest.ts) built from the core's
// repair steps, never from a rule of its own.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { initCore, load } from './support.mjs';

let core;
let model;

before(async () => {
  [core, model] = await load('/www/core/index.ts', '/www/modes/hierarchy/forest.ts');
  initCore(core);
});

test('readTrace reads each field at the offset the core gives it', () => {
  const world = new core.World(100, 100);
  world.setStructure('quadtree');
  world.setQuadtreeLimits(1, 5);
  world.insert(10, 10, 5, 5);
  const flat = world.traceInsert(60, 60, 5, 5);
  const steps = core.readTrace('traceInsert', flat, ['id', 'x', 'depth', 'count', 'limit', 'moved', 'stayed']);
  const fields = core.World.viewLayout('traceInsert');
  assert.equal(steps.length, flat.length / fields.length);
  assert.deepEqual([steps[0].kind, steps[0].id, steps[0].x], ['insert', 2, 60]);
  const split = steps.find((s) => s.kind === 'split');
  assert.deepEqual([split.reason, split.count, split.limit, split.depth, split.moved, split.stayed], ['over-limit', 2, 1, 0, 2, 0]);
  assert.throws(() => core.readTrace('traceInsert', flat, ['nonsense']), /has no field "nonsense"/);
});

test("the hierarchy walk is the core's steps, listed", () => {
  const world = new core.World(100, 100);
  const ids = Array.from({ length: 5 }, () => world.insert(1, 1, 1, 1));
  world.setHierarchyTracing(true);
  world.setParent(ids[1], ids[0]);
  world.setParent(ids[0], ids[4]);
  const trace = model.readRepair(world);
  const total = trace.steps.length;
  assert.equal(total, trace.before.length);
  for (let s = 0; s < total; s++) {
    const w = model.walk(trace, s);
    assert.equal(w.record, trace.steps[s]);
    // What each list holds is what the core's steps so far sent there.
    const sent = trace.steps.slice(1, s + 1);
    assert.deepEqual(w.forward, sent.filter((r) => r.kind === 'forward').map((r) => r.id));
    assert.equal(w.temp.length, s === 0 ? 2 : trace.steps[Math.min(s, total - 2)].temp);
  }
  const last = model.walk(trace, total - 1);
  assert.equal(last.record.kind, 'splice');
  assert.deepEqual(last.result, trace.after);
  assert.deepEqual([...last.forward, ...last.temp], trace.after);
});
