// The traces through the façade, as a stepper reads them: records laid out
// by `World.viewLayout`, kinds and reasons by name, object ids as the World
// hands them out; each trace checked against what the World says without
// it (quadtreeNodes, storedIn, query, pairs, edge, pushOut, order).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { World } from './entry.mjs';

const KINDS = World.traceKinds();
const REASONS = World.traceReasons();

/** The records of `flat` (a trace of view `view`) as objects, `kind` and `reason` by name. */
function read(view, flat) {
  const fields = World.viewLayout(view);
  assert.equal(flat.length % fields.length, 0, `${view}: whole records`);
  const records = [];
  for (let i = 0; i < flat.length; i += fields.length) {
    const r = {};
    fields.forEach((f, k) => (r[f] = flat[i + k]));
    r.kind = KINDS[r.kind];
    r.reason = REASONS[r.reason];
    assert.ok(r.kind !== undefined && r.reason !== undefined, `${view}: codes in the name lists`);
    records.push(r);
  }
  return records;
}

const key = (x, y, w, h) => [x, y, w, h].join(',');
/** Every node of `quadtreeNodes()`, as `x,y,w,h` keys with their depth. */
function nodes(world) {
  const N = World.viewLayout('quadtreeNodes');
  const at = (f) => N.indexOf(f);
  const flat = world.quadtreeNodes();
  const out = new Map();
  for (let i = 0; i < flat.length; i += N.length) out.set(key(flat[i + at('x')], flat[i + at('y')], flat[i + at('w')], flat[i + at('h')]), flat[i + at('depth')]);
  return out;
}
function storedKeys(world, id) {
  const b = world.storedIn(id);
  const out = [];
  for (let i = 0; i < b.length; i += 4) out.push(key(b[i], b[i + 1], b[i + 2], b[i + 3]));
  return out.sort();
}

test('the name lists and the layouts come from the core', () => {
  assert.equal(REASONS[0], 'none');
  for (const name of ['insert', 'descend', 'straddle', 'split', 'no-split', 'collapse', 'candidate', 'done', 'truncated', 'side-view', 'push-out', 'repair-start', 'splice']) {
    assert.ok(KINDS.includes(name), name);
  }
  for (const view of ['traceInsert', 'traceUpdate', 'traceRemove', 'traceQuery', 'tracePairs', 'traceEdge', 'tracePushOut', 'lastRepair.steps']) {
    assert.ok(World.views().includes(view), view);
    assert.deepEqual(World.viewLayout(view).slice(0, 2), ['kind', 'reason']);
  }
  assert.equal(World.maxTraceSteps(), 4096);
});

test("the tutorial's split, in both placements, as the core took it", () => {
  for (const [structure, splits] of [['quadtree', true], ['quadtree-leaves', false]]) {
    const world = new World(100, 100);
    world.setStructure(structure);
    world.setQuadtreeLimits(4, 5);
    const boxes = [[10, 10, 5, 5], [60, 10, 5, 5], [10, 60, 5, 5], [45, 20, 10, 5], [70, 70, 5, 5]];
    let last = null;
    for (const b of boxes) {
      const steps = read('traceInsert', world.traceInsert(...b));
      const id = steps[0].id;
      assert.deepEqual([steps[0].kind, steps[0].x, steps[0].y, steps[0].w, steps[0].h], ['insert', ...b]);
      assert.deepEqual([...world.box(id)], b, 'the first record names the new id');
      // Every node a record stands at is one quadtreeNodes() draws now.
      const drawn = nodes(world);
      for (const s of steps.filter((s) => ['file', 'split', 'no-split', 'move-down', 'copy', 'stay'].includes(s.kind))) {
        assert.equal(drawn.get(key(s.x, s.y, s.w, s.h)), s.depth, `${s.kind} at a node of quadtreeNodes()`);
      }
      last = steps;
    }
    const split = last.find((s) => s.kind === 'split');
    if (splits) {
      assert.deepEqual([split.count, split.limit, split.depth, split.moved, split.stayed, split.reason], [5, 4, 0, 4, 1, 'over-limit']);
      const stay = last.find((s) => s.kind === 'stay');
      assert.deepEqual([stay.id, stay.reason], [4, 'crosses-vertical-midline']);
      for (const id of [1, 2, 3, 5]) {
        const moved = last.find((s) => s.kind === 'move-down' && s.id === id);
        assert.deepEqual(storedKeys(world, id), [key(moved.x, moved.y, moved.w, moved.h)], `#${id} where the trace moved it`);
      }
    } else {
      assert.equal(split, undefined);
      const no = last.find((s) => s.kind === 'no-split');
      assert.deepEqual([no.reason, no.count, no.counted, no.limit], ['straddlers-not-counted', 5, 4, 4]);
    }
    // The query of box 1: its hits are query()'s, its tests query()'s count.
    const q = read('traceQuery', world.traceQuery(1));
    const hits = q.filter((s) => s.kind === 'candidate' && s.reason === 'overlaps').map((s) => s.other).sort();
    const b = world.box(1);
    assert.deepEqual(hits, [...world.query(b[0], b[1], b[2], b[3])]);
    const done = q.at(-1);
    assert.deepEqual([done.kind, done.count, done.counted, done.limit], ['done', world.queryCandidateTests, hits.length, 4]);
    // Removing box 5 collapses the root back: the trace says so, and the tree is one node.
    const r = read('traceRemove', world.traceRemove(5));
    if (splits) assert.ok(r.some((s) => s.kind === 'collapse' && s.depth === 0 && s.count === 4));
    assert.equal(nodes(world).size, 1);
  }
});

test('grid pair searches find pairs() and name each cell', () => {
  for (const structure of ['grid', 'loose-grid']) {
    const world = new World(200, 200);
    world.setStructure(structure);
    world.setCellSize(40);
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let i = 0; i < 60; i++) world.traceInsert(rand() * 180, rand() * 180, 4 + rand() * 20, 4 + rand() * 20);
    const pairs = world.pairs().slice(); // a view: kept past the calls below
    for (let id = 1; id <= 60; id++) {
      const steps = read('tracePairs', world.tracePairs(id));
      const partners = steps.filter((s) => s.kind === 'candidate' && s.reason === 'overlaps').map((s) => s.other).sort((a, b) => a - b);
      const expected = [];
      for (let i = 0; i < pairs.length; i += 2) {
        if (pairs[i] === id) expected.push(pairs[i + 1]);
        if (pairs[i + 1] === id) expected.push(pairs[i]);
      }
      assert.deepEqual(partners, expected.sort((a, b) => a - b), `${structure}: the partners of #${id}`);
      assert.equal(steps.at(-1).counted, expected.length);
      for (const s of steps.filter((s) => s.kind === 'candidate')) assert.equal(s.id, id, 'each candidate faces the object');
    }
  }
});

test('a pair trace picks the loose grid’s cells again where pairs() would, says why, and finds what pairs() finds', () => {
  // Two worlds built alike: boxes grown by update fill the oversize list.
  const build = () => {
    const world = new World(256, 256);
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
  };
  const traced = build();
  const plain = build();
  const cellSize = (world) => world.gridGeometry()[2];
  const oldSize = cellSize(traced);
  const steps = read('tracePairs', traced.tracePairs(3));
  assert.deepEqual(steps.slice(0, 3).map((s) => `${s.kind}/${s.reason}`), ['pairs/none', 'repick/oversize-outgrown', 'refile/oversize-outgrown']);
  const [, repick, refile] = steps;
  assert.ok(repick.count > repick.limit, `${repick.count} oversize objects past the rule's ${repick.limit}`);
  assert.equal(refile.counted, oldSize, 'the old size');
  assert.equal(refile.limit, cellSize(traced), 'the new size, the one the world has now');
  assert.notEqual(refile.limit, refile.counted);
  assert.equal(refile.count, 200, 'every object filed again');
  assert.equal(refile.moved + refile.stayed, repick.count, 'the oversize objects, taken in or still oversize');
  const pairs = [...plain.pairs()];
  assert.equal(cellSize(plain), cellSize(traced), 'pairs() picks the same cells');
  const expected = [];
  for (let i = 0; i < pairs.length; i += 2) if (pairs[i] === 3 || pairs[i + 1] === 3) expected.push(pairs[i] + pairs[i + 1] - 3);
  const partners = steps.filter((s) => s.kind === 'candidate' && s.reason === 'overlaps').map((s) => s.other);
  assert.deepEqual(partners.sort((a, b) => a - b), expected.sort((a, b) => a - b), 'the traced search finds what pairs() finds');
  assert.deepEqual([...traced.pairs()], pairs, 'and the traced world’s pairs() is the untraced one’s');
  const again = read('tracePairs', traced.tracePairs(3));
  assert.equal(again.filter((s) => s.kind === 'repick' || s.kind === 'refile').length, 0, 'picked once');
  traced.free();
  plain.free();
});

test('an edge and a push-out, as the tiles say', () => {
  const world = new World(256, 256);
  const tiles = world.tiles;
  tiles.reset(4, 4, 32);
  tiles.setTile(1, 1, 'full');
  tiles.setTile(2, 1, 'slope45-bl');
  tiles.setDoor(0, 0, 'right', 'closed');
  for (const [col, row, side] of [[1, 1, 'right'], [2, 1, 'top'], [0, 0, 'right'], [3, 3, 'bottom']]) {
    const steps = read('traceEdge', tiles.traceEdge(col, row, side));
    assert.deepEqual(steps.map((s) => s.kind), ['side-view', 'side-view', 'combine', 'door', 'edge-state']);
    assert.equal(World.edgeStates()[steps[4].state], tiles.edge(col, row, side));
  }
  const interior = read('traceEdge', tiles.traceEdge(1, 1, 'right'));
  assert.deepEqual([interior[2].reason, World.edgeStates()[interior[2].state]], ['solid-both-sides', 'empty']);
  const off = read('traceEdge', tiles.traceEdge(3, 3, 'bottom'));
  assert.deepEqual([off[1].reason, off[1].row], ['off-map', 4]);
  const push = read('tracePushOut', tiles.tracePushOut(36, 28, 8, 8));
  const done = push.at(-1);
  assert.deepEqual([done.kind, done.dx, done.dy], ['done', ...tiles.pushOut(36, 28, 8, 8)]);
  assert.ok(push.some((s) => s.kind === 'contact' && s.reason === 'overlaps' && s.col === 1 && s.row === 1));
});

test('a tile collider’s step, traced: a dry run whose end is where step() puts it', () => {
  // Issue 34's corner: a wall of full tiles at x = 32..40, a tile under the corner.
  for (const response of ['bounce', 'slide']) {
    const w = new World(64, 32);
    w.tiles.loadAscii('........##......\n......####......\n........##......\n........##......', 8);
    const id = w.insert(29.5, 5.5, 2, 2);
    w.setVelocity(id, 600, 600);
    w.setTileResponse(id, response);
    for (let k = 0; k < 4; k++) {
      const [x, y] = w.box(id);
      const [vx, vy] = w.velocity(id);
      const steps = read('traceTileStep', w.traceTileStep(id, 1 / 60));
      assert.deepEqual([...w.box(id)].slice(0, 2), [x, y], 'the trace moved nothing');
      assert.equal(steps[0].kind, 'tile-step');
      assert.equal(steps[0].reason, response);
      assert.deepEqual([steps[0].vx, steps[0].vy], [vx, vy]);
      const first = steps.find((s) => s.kind === 'move');
      const hit = w.castBox(x, y, 2, 2, vx / 60, vy / 60, id);
      if (hit !== undefined && first.toi < 1) {
        assert.deepEqual([first.endX, first.endY], [hit.x, hit.y], `${response} step ${k}: the first contact is castBox’s`);
        assert.deepEqual([first.nx, first.ny], [hit.normalX, hit.normalY]);
      }
      w.step(1 / 60);
      const done = steps[steps.length - 1];
      assert.equal(done.kind, 'done');
      assert.deepEqual([done.endX, done.endY, done.vx, done.vy], [...w.box(id)].slice(0, 2).concat([...w.velocity(id)]), `${response} step ${k}`);
      assert.ok(done.endX + 2 <= 32, `${response}: on the near side of the wall`);
    }
    assert.throws(() => w.traceTileStep(id, -1), /dt/);
    const still = w.insert(1, 1, 1, 1);
    assert.throws(() => w.traceTileStep(still, 0.1), /traceTileStep/);
    w.free();
  }
});

test('the hierarchy repair: its steps are the walk, before and after agree', () => {
  const world = new World(100, 100);
  const ids = Array.from({ length: 6 }, () => world.insert(1, 1, 1, 1));
  world.setHierarchyTracing(true);
  world.setParent(ids[1], ids[0]);
  world.setParent(ids[3], ids[1]);
  world.setParent(ids[4], ids[2]);
  world.setParent(ids[0], ids[4]);
  const trace = world.lastRepair();
  const steps = read('lastRepair.steps', trace.steps);
  assert.equal(steps.length, trace.before.length);
  assert.deepEqual([steps[0].kind, steps[0].id, steps[0].parent], ['repair-start', trace.child, trace.parent]);
  const middle = steps.slice(1, -1);
  assert.deepEqual(middle.map((s) => s.id), [...trace.before.slice(1, -1)]);
  assert.deepEqual(middle.map((s) => (s.kind === 'to-temp' ? 1 : 0)), [...trace.toTemp.slice(1, -1)]);
  for (const s of middle) assert.equal(s.parent, world.parentOf(s.id));
  const forward = middle.filter((s) => s.kind === 'forward').map((s) => s.id);
  const temp = [trace.parent, trace.child, ...middle.filter((s) => s.kind === 'to-temp').map((s) => s.id)];
  assert.deepEqual([...forward, ...temp], [...trace.after]);
  assert.deepEqual([steps.at(-1).kind, steps.at(-1).forward, steps.at(-1).temp], ['splice', forward.length, temp.length]);
});

test('refusals: a quadtree pair trace, big brute force; a long trace says it was cut', () => {
  const world = new World(256, 256);
  const id = world.insert(1, 1, 200, 200);
  world.setStructure('quadtree');
  assert.throws(() => world.tracePairs(id), /^Error: tracePairs: .*traceQuery/);
  assert.throws(() => world.traceQuery(99), /id 99 is not a live object id/);
  world.setStructure('grid');
  world.setCellSize(256);
  for (let i = 0; i < 5000; i++) world.insert((i % 100) * 2, Math.floor(i / 100) * 2, 1, 1);
  const steps = read('tracePairs', world.tracePairs(id));
  assert.equal(steps.length, World.maxTraceSteps());
  assert.equal(steps.at(-1).kind, 'truncated');
  assert.ok(steps.at(-1).count > 0);
  world.setStructure('brute-force');
  assert.throws(() => world.tracePairs(id), /4096/);
});
