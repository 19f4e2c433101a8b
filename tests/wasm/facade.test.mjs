// The wasm façade as JavaScript sees it: errors arrive as JS Errors naming
// the argument, a refused call changes nothing, per-frame data are views.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TileGrid, World, wasm } from './entry.mjs';
import { callsOf } from './calls.mjs';

/** Asserts that `call` throws a JS Error whose message mentions `name`. */
function throwsNaming(call, name) {
  assert.throws(call, (error) => {
    assert.ok(error instanceof Error, `expected an Error, got ${error}`);
    assert.match(error.message, new RegExp(`\\b${name}\\b`), `message "${error.message}" should name ${name}`);
    return true;
  });
}

function snapshot(world) {
  return { count: world.count, structure: world.structure, pairs: [...world.pairs()], boxes: [...world.slotBoxes()] };
}

test('bad input throws an Error naming the argument and changes nothing', () => {
  const world = new World(100, 100);
  const id = world.insert(10, 10, 5, 5);
  world.setVelocity(id, 1, 2);
  const before = snapshot(world);
  throwsNaming(() => world.insert(NaN, 0, 1, 1), 'x');
  throwsNaming(() => world.insert(0, Infinity, 1, 1), 'y');
  throwsNaming(() => world.insert(0, 0, 0, 1), 'w');
  throwsNaming(() => world.insert(0, 0, 1, -3), 'h');
  throwsNaming(() => world.update(id, 0, 0, 1, NaN), 'h');
  throwsNaming(() => world.update(42, 0, 0, 1, 1), 'id');
  throwsNaming(() => world.remove(0), 'id');
  throwsNaming(() => world.box(7), 'id');
  throwsNaming(() => world.setVelocity(id, -Infinity, 0), 'vx');
  throwsNaming(() => world.step(-0.5), 'dt');
  throwsNaming(() => world.step(NaN), 'dt');
  throwsNaming(() => world.query(0, 0, 1, 0), 'h');
  throwsNaming(() => world.setStructure('octree'), 'name');
  throwsNaming(() => world.setQuadtreeLimits(0, 5), 'maxObjects');
  throwsNaming(() => world.setQuadtreeLimits(4, 1.5), 'maxLevels');
  throwsNaming(() => world.populate(10, 1, 'spiral'), 'layout');
  throwsNaming(() => world.populate(1e9, 1, 'uniform'), 'count');
  throwsNaming(() => TileGrid.shapeOutline('full', 1e9), 'segments');
  throwsNaming(() => new World(0, 10), 'width');
  throwsNaming(() => new World(10, NaN), 'height');
  assert.deepEqual(snapshot(world), before);
  world.validate();
});

test('ids, boxes, pairs and queries follow the contract', () => {
  const world = new World(100, 100);
  const a = world.insert(0, 0, 10, 10);
  const b = world.insert(5, 5, 10, 10);
  const c = world.insert(10, 4, 5, 5); // overlaps b, only touches a
  assert.deepEqual([a, b, c], [1, 2, 3]);
  assert.equal(world.count, 3);
  assert.deepEqual([...world.box(b)], [5, 5, 10, 10]);
  for (const name of World.structures()) {
    world.setStructure(name);
    assert.equal(world.structure, name);
    assert.deepEqual([...world.pairs()], [1, 2, 2, 3], name);
    assert.deepEqual([...world.query(9, 9, 2, 2)], [1, 2], name);
    world.validate();
  }
  world.remove(a);
  assert.equal(world.count, 2);
  assert.equal(world.insert(1, 1, 1, 1), 4, 'ids are never reused');
});

test('per-frame data are views of wasm memory', () => {
  const world = new World(1000, 1000);
  world.populate(500, 7, 'uniform');
  world.setStructure('quadtree');
  world.step(1 / 60);
  const pairs = world.pairs();
  assert.ok(pairs instanceof Uint32Array);
  // A view shares wasm memory: it is not a copy.
  assert.equal(pairs.buffer, wasm.memory.buffer);
  const boxes = world.slotBoxes();
  assert.ok(boxes instanceof Float64Array && boxes.length === 4 * 500);
  assert.equal(boxes.buffer, wasm.memory.buffer);
  const node = World.viewLayout('quadtreeNodes');
  assert.deepEqual(node, ['x', 'y', 'w', 'h', 'depth', 'leaf']);
  const nodes = world.quadtreeNodes();
  assert.ok(nodes.length % node.length === 0);
  // The root covers the world, in the one box convention (x, y, w, h).
  assert.deepEqual([...nodes.subarray(0, 5)], [0, 0, 1000, 1000, 0]);
});

test('a page that replaces Function.prototype.call runs nothing of its own during a call', () => {
  const world = new World(100, 100);
  const { call } = Function.prototype;
  let ran = 0;
  try {
    // eslint-disable-next-line no-extend-native
    Function.prototype.call = function (...args) {
      ran++;
      return Reflect.apply(call, this, args);
    };
    const id = world.insert(1, 1, 2, 2);
    world.update(id, 2, 2, 2, 2);
    assert.deepEqual(Array.from(world.box(id)), [2, 2, 2, 2]);
    assert.equal(world.count, 1);
    void world.slotBoxes().length;
  } finally {
    Function.prototype.call = call;
  }
  assert.equal(ran, 0, 'expected no call through the replaced Function.prototype.call');
  world.free();
});

test('every view names its layout; boxes are x, y, w, h everywhere', () => {
  for (const name of World.views()) assert.ok(World.viewLayout(name).length > 0, name);
  for (const name of ['slotBoxes', 'storedIn', 'searchedIn', 'box']) assert.deepEqual(World.viewLayout(name), ['x', 'y', 'w', 'h'], name);
  assert.equal(World.viewLayout('traceSteps').length, 9);
  assert.deepEqual(World.viewLayout('edgeLines'), ['x0', 'y0', 'x1', 'y1', 'state', 'door']);
  throwsNaming(() => World.viewLayout('nothing'), 'name');
  const world = new World(100, 100);
  world.setStructure('grid');
  world.setCellSize(10);
  const id = world.insert(12, 13, 5, 5);
  assert.deepEqual([...world.storedIn(id)], [10, 10, 10, 10]);
  assert.deepEqual(World.layouts(), ['uniform', 'clustered', 'mixed']);
  assert.equal(World.sceneSide(10000), 4000);
  assert.equal(World.sceneSide(4), 200, 'a handful of boxes still has room');
  assert.deepEqual([...World.defaultQuadtreeLimits()], [world.maxObjects, world.maxLevels]);
});

test('step moves and bounces, nothing panics on extreme but valid input', () => {
  const world = new World(100, 100);
  const id = world.insert(90, 50, 20, 1e-300);
  world.setVelocity(id, 1e300, -1e300);
  world.step(1e300);
  const [x, , w] = world.box(id);
  assert.ok(x >= 0 && x + w <= 100);
  world.insert(-1e300, 1e300, 1e300, 1e300);
  for (const name of World.structures()) {
    world.setStructure(name);
    world.pairs();
    world.query(-1e308, -1e308, 1e308, 1e308);
    world.validate();
  }
});

test('ids and cells must be whole numbers in range', () => {
  const world = new World(100, 100);
  const id = world.insert(1, 1, 1, 1);
  throwsNaming(() => world.update(id + 0.5, 0, 0, 1, 1), 'id');
  throwsNaming(() => world.remove(-1), 'id');
  throwsNaming(() => world.tiles.setTile(-1, 0, 'full'), 'col');
  throwsNaming(() => world.tiles.tile(0, 1.5), 'row');
  throwsNaming(() => world.setParent(NaN, 0), 'child');
  assert.equal(world.count, 1);
});

test("tile grid: the contract's members, on world.tiles only", () => {
  const world = new World(100, 100);
  const tiles = world.tiles;
  tiles.reset(4, 3, 10);
  tiles.setTile(1, 1, 'full');
  assert.equal(tiles.tile(1, 1), 'full');
  assert.equal(tiles.edge(1, 1, 'top'), 'solid');
  assert.equal(tiles.edge(1, 0, 'bottom'), 'solid');
  tiles.setTile(2, 1, 'full');
  assert.equal(tiles.edge(1, 1, 'right'), 'empty', 'solid from both sides is interior');
  assert.deepEqual([...tiles.touchedCells(5, 5, 10, 5)], [0, 0, 1, 0]);
  throwsNaming(() => tiles.setTile(4, 0, 'full'), 'col');
  throwsNaming(() => tiles.setTile(0, 3, 'full'), 'row');
  throwsNaming(() => tiles.setTile(0, 0, 'triangle'), 'shape');
  throwsNaming(() => tiles.edge(0, 0, 'up'), 'side');
  throwsNaming(() => tiles.reset(3, 3, -1), 'tileSize');
  assert.equal(tiles.tile(1, 1), 'full');
  // One name per operation: the World has none of the handle's.
  for (const name of ['setTileGrid', 'setTile', 'tile', 'edge', 'touchedCells', 'traceCells']) assert.equal(name in world, false, `World.${name}`);
  world.validate();
});

test('world.tiles: one map, one handle', () => {
  const world = new World(100, 100);
  const tiles = world.tiles;
  tiles.reset(4, 3, 10);
  tiles.setTile(1, 1, 'full');
  assert.equal(world.tiles.tile(1, 1), 'full', 'the handle at every read is the same map');
  tiles.setDoor(1, 1, 'top', 'open');
  assert.equal(tiles.edge(1, 1, 'top'), 'empty');
  assert.equal(world.tiles.door(1, 0, 'bottom'), 'open', 'one door, seen from both cells and handles');
  // Edges and doors are views of the map itself, laid out by edge id.
  const edges = tiles.edges();
  const doors = tiles.doors();
  assert.equal(edges.length, (4 + 1) * 3 + 4 * (3 + 1));
  const top = (4 + 1) * 3 + 1 * 4 + 1; // horizontal edge on line y = 1·ts, column 1
  assert.equal(World.edgeStates()[edges[top]], 'empty');
  assert.equal(TileGrid.doorStates()[doors[top]], 'open');
  assert.equal(World.edgeStates()[edges[1 * 5 + 1]], 'solid', "the full tile's left side");
  const lines = tiles.edgeLines();
  assert.equal(lines.length % 6, 0);
  assert.equal(lines.length / 6, 4, 'three solid sides and the open door');
  // The ASCII form keeps doors.
  const copy = new World(10, 10);
  copy.tiles.loadAscii(tiles.ascii(), 10);
  assert.equal(copy.tiles.ascii(), tiles.ascii());
  assert.match(tiles.ascii(), /door 1 1 top open/);
  throwsNaming(() => copy.tiles.loadAscii('#', 10), 'map');
  for (const name of TileGrid.presets()) tiles.loadPreset(name);
  tiles.validate();
  world.validate();
});

test('the change journal says which cells to redraw after an edit', () => {
  const world = new World(100, 100);
  const tiles = world.tiles;
  tiles.reset(6, 5, 10);
  const r0 = tiles.revision;
  assert.equal(tiles.changedCellsSince(r0).length, 0);
  tiles.setTile(2, 2, 'slope45-br');
  // The tile, and its four neighbours: each side turned solid (right,
  // bottom) or interesting (left, top). Row-major, each once.
  assert.deepEqual([...tiles.changedCellsSince(r0)], [2, 1, 1, 2, 2, 2, 3, 2, 2, 3]);
  const r1 = tiles.revision;
  tiles.setTile(2, 2, 'slope45-br');
  assert.equal(tiles.revision, r1, 'setting the same shape changes nothing');
  tiles.loadPreset('slopes');
  assert.equal(tiles.changedCellsSince(r1), undefined, 'a new map: redraw everything');
  // Not a revision: an Error naming it (it answered undefined, as if too old).
  for (const bad of [-1, NaN, 1.5]) assert.throws(() => tiles.changedCellsSince(bad), /^Error: revision\b/);
});

test('what shapes are, without any map', () => {
  const shapes = TileGrid.shapes();
  assert.equal(shapes.length, 30);
  assert.deepEqual(shapes.slice(0, 2), ['empty', 'full']);
  assert.equal(TileGrid.rotateShape('shallow-small-br', true), 'steep-small-bl');
  assert.equal(TileGrid.rotateShape('steep-small-bl', false), 'shallow-small-br');
  assert.equal(TileGrid.shapeFamily('convex-tl'), 'convex');
  assert.deepEqual([...TileGrid.shapeOutline('slope45-br', 8)], [1, 0, 1, 1, 0, 1]);
  assert.deepEqual(TileGrid.sides(), ['left', 'right', 'top', 'bottom']);
  const sides = [...TileGrid.shapeSides('slope45-br')].map((c) => World.edgeStates()[c]);
  assert.deepEqual(sides, ['interesting', 'solid', 'interesting', 'solid']);
  throwsNaming(() => TileGrid.rotateShape('blob', true), 'shape');
});

test('rays against the tiles alone: one walk gives cells and DDA steps', () => {
  const world = new World(100, 100);
  const tiles = world.tiles;
  tiles.reset(10, 10, 10);
  tiles.setTile(5, 2, 'full');
  world.insert(20, 20, 5, 5); // an object: World.castRay sees it, the tiles' cast does not
  const steps = tiles.traceSteps(1, 22, 99, 22);
  const stride = World.viewLayout('traceSteps').length;
  const cells = [];
  for (let i = 0; i < steps.length; i += stride) cells.push(steps[i], steps[i + 1]);
  assert.deepEqual(cells, [...tiles.traceCells(1, 22, 99, 22)]);
  const hit = tiles.castRay(1, 22, 99, 22);
  assert.deepEqual([hit.x, hit.col, hit.row, hit.objectId, hit.normalX], [50, 5, 2, 0, -1]);
  assert.equal(world.castRay(1, 22, 99, 22).objectId, 1);
  assert.equal(Object.getPrototypeOf(hit), Object.prototype, 'a plain object: nothing to free');
  assert.equal(tiles.lineOfSight(1, 22, 99, 22), false);
  assert.equal(tiles.lineOfSight(1, 5, 99, 5), true);
  assert.deepEqual([...tiles.cellAt(55, 25)], [5, 2]);
  assert.equal(tiles.cellAt(-1, 5), undefined);
});

test('tile-aware step: colliders bounce off tiles in the core, never ending inside one', () => {
  const world = new World(1, 1);
  const tiles = world.tiles;
  tiles.loadPreset('n-level');
  world.resize(tiles.cols * tiles.tileSize, tiles.rows * tiles.tileSize);
  const ids = [];
  for (let i = 0; i < 12; i++) {
    const id = world.insert(100 + 40 * i, 300, 12, 10);
    world.setVelocity(id, 150 - 25 * i, -200 + 35 * i);
    world.setTileResponse(id, 'bounce');
    ids.push(id);
  }
  throwsNaming(() => world.setTileResponse(ids[0], 'stick'), 'response');
  for (let frame = 0; frame < 300; frame++) {
    world.step(1 / 60);
    for (const id of ids) {
      const [x, y, w, h] = world.box(id);
      const [dx, dy] = tiles.pushOut(x, y, w, h);
      assert.ok(Math.hypot(dx, dy) < 1e-9, `frame ${frame}: box ${id} is in a tile (push-out ${dx}, ${dy})`);
    }
  }
  assert.equal(world.tileResponse(ids[0]), 'bounce');
  world.validate();
});

test('hierarchy: attach, follow, refuse cycles, cascade', () => {
  const world = new World(1000, 1000);
  const a = world.insert(10, 10, 5, 5);
  const b = world.insert(30, 10, 5, 5);
  const c = world.insert(50, 10, 5, 5);
  world.setHierarchyTracing(true);
  world.setParent(a, c); // c sits later in the queue: a repair
  const repair = world.lastRepair();
  assert.equal(repair.child, a);
  assert.deepEqual([...repair.after], [b, c, a]);
  assert.deepEqual([...world.order()], [b, c, a]);
  world.setParent(b, a);
  throwsNaming(() => world.setParent(c, b), 'parent');
  assert.equal(world.parentOf(b), a);
  world.update(c, 100, 100, 5, 5);
  assert.deepEqual([...world.box(b)], [80, 100, 5, 5]);
  throwsNaming(() => world.setParents(new Uint32Array([b, 0, a])), 'pairs');
  throwsNaming(() => world.setParents(new Uint32Array([a, c, c, b])), 'parent');
  // The first bad element of the flat pairs is named by its index.
  const says = (pattern) => (e) => pattern.test(e.message);
  assert.throws(() => world.setParents(new Uint32Array([a, c, c, b])), says(/^pairs\[3\]: parent \d+ is object/));
  assert.throws(() => world.setParents(new Uint32Array([b, 0, 99, a])), says(/^pairs\[2\]: child 99 is not a live object id$/));
  assert.throws(() => world.setParents(new Uint32Array([b, 0, a, 99, c, b])), says(/^pairs\[3\]: parent 99 /));
  assert.equal(world.parentOf(b), a, 'a refused batch changed nothing');
  assert.equal(world.setParents(new Uint32Array([b, 0, b, c])), 'repaired');
  assert.equal(world.parentOf(b), c);
  world.remove(c);
  assert.equal(world.count, 0);
  world.validate();
});

test('slots are renumbered in space order at scale; ids and pairs do not change', () => {
  const world = new World(4000, 4000);
  world.setStructure('loose-grid');
  world.populate(5000, 3, 'uniform');
  assert.equal(world.slotGeneration, 0);
  const boxOf3000 = [...world.box(3000)];
  const pairs = [...world.pairs()];
  // 5000 fresh inserts: the first pairs() renumbers.
  assert.equal(world.slotGeneration, 1);
  const ids = world.slotIds();
  const slot = ids.indexOf(3000);
  assert.notEqual(slot, 2999, 'slot 2999 was id 3000 only in insertion order');
  assert.deepEqual([...world.slotBoxes().subarray(slot * 4, slot * 4 + 4)], boxOf3000);
  assert.deepEqual([...world.pairs()], pairs);
  assert.equal(world.slotGeneration, 1, 'nothing moved: no renumbering');
  // Another structure walks space in another order: the next pairs() renumbers.
  world.setStructure('brute-force');
  assert.deepEqual([...world.pairs()], pairs);
  assert.equal(world.slotGeneration, 2);
  world.renumberSlots();
  assert.equal(world.slotGeneration, 3);
  world.validate();
});

test('updateMany moves many boxes at once, all or nothing; pairsBegan/pairsEnded are the changes between pairs() calls', () => {
  const w = new World(100, 100);
  const a = w.insert(0, 0, 10, 10);
  const b = w.insert(50, 50, 10, 10);
  const c = w.insert(80, 80, 5, 5);
  assert.deepEqual([...w.pairs()], []);
  assert.deepEqual([...w.pairsBegan()], []);
  w.updateMany(new Uint32Array([b, c]), new Float64Array([5, 5, 10, 10, 8, 8, 5, 5]));
  assert.deepEqual([...w.pairs()], [a, b, a, c, b, c]);
  assert.deepEqual([...w.pairsBegan()], [a, b, a, c, b, c]);
  assert.deepEqual([...w.pairsEnded()], []);
  w.remove(c);
  assert.deepEqual([...w.pairs()], [a, b]);
  assert.deepEqual([...w.pairsBegan()], []);
  assert.deepEqual([...w.pairsEnded()], [a, c, b, c]);
  const before = [...w.slotBoxes()];
  throwsNaming(() => w.updateMany(new Uint32Array([a, b]), new Float64Array([1, 1, 1, 1, 2, 2, -2, 1])), 'boxes\\[1\\]: w');
  throwsNaming(() => w.updateMany(new Uint32Array([a, 77]), new Float64Array([1, 1, 1, 1, 2, 2, 2, 1])), 'ids\\[1\\]: id');
  throwsNaming(() => w.updateMany(new Uint32Array([a]), new Float64Array([1, 1, 1])), 'boxes');
  assert.throws(() => w.updateMany([a], new Float64Array([1, 1, 1, 1])), TypeError);
  assert.deepEqual([...w.slotBoxes()], before, 'a refused batch changes nothing');
  w.free();
});

test('the façade is the one source: its signatures and docs/API.md follow it, and each method takes the parameters they say', async () => {
  const { stale, readFacade } = await import('../../scripts/generate-api.mjs');
  assert.deepEqual(stale(), [], 'run node scripts/generate-api.mjs');
  const members = readFacade();
  for (const [name, Class] of [['World', World], ['TileGrid', TileGrid]]) {
    for (const m of members[name]) {
      if (m.kind === 'constructor') continue;
      const owner = m.isStatic ? Class : Class.prototype;
      const key = m.name === '[Symbol.dispose]' ? Symbol.dispose : m.name;
      assert.ok(key in owner, `${name}.${m.name} is documented but the class has none`);
    }
    for (const { method, names } of callsOf(name)) {
      const fn = method === 'constructor' ? Class : Class.prototype[method] ?? Class[method];
      const source = fn.toString();
      const list = (method === 'constructor' ? /\n\s*constructor\(([^)]*)\)/ : /^[^(]*\(([^)]*)\)/).exec(source)[1];
      assert.deepEqual(list.split(',').map((p) => p.trim()).filter(Boolean), names, `${name}.${method}`);
    }
  }
});
