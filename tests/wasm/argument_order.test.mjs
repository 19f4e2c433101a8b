// "First bad argument in order, always": when two arguments of a
// call are bad, the error names the earlier one, whether either is bad by
// its JS type (a TypeError) or by its value (an Error: NaN, out of range, a
// dead id, an unknown name, a cell off the grid, …), and the call changes
// nothing. Every method of World and TileGrid (and their statics) taking
// two or more arguments is called with every pair i < j of a bad value at
// argument i and a bad value at argument j; the message must start with
// argument i's name and a full snapshot of the World must be unchanged.
//
// The methods, their parameter names and valid arguments come from the
// façade's signatures (calls.mjs): a method added later is tried too, and
// one with a parameter name this file has no bad values for fails.
// A failure shows a dozen calls; ORDER_DUMP=1 prints every one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TileGrid, World } from './entry.mjs';
import { callsOf, scene } from './calls.mjs';

/** A bad value: `type` when it is the wrong JS type (a TypeError is due). */
const T = (shown, value) => ({ shown, value, type: true });
const V = (shown, value) => ({ shown, value, type: false });

const notNumber = [T('"3"', '3'), T('null', null), T('{}', {}), T('undefined', undefined)];
const notString = [T('3', 3), T('null', null), T('{}', {})];
const finite = [V('NaN', NaN), V('Infinity', Infinity), V('-Infinity', -Infinity), ...notNumber];
const positive = [V('NaN', NaN), V('-1', -1), V('0', 0), V('Infinity', Infinity), ...notNumber];
const wholeNumber = (...extra) => [V('NaN', NaN), V('-1', -1), V('1.5', 1.5), V('1e300', 1e300), ...extra, ...notNumber];
const liveId = wholeNumber(V('99 (dead)', 99), V('0', 0));
const name = [V('"bogus"', 'bogus'), ...notString];

/** Bad values by parameter name (the same name means the same rules). */
const BAD = {
  x: finite, y: finite, x0: finite, y0: finite, x1: finite, y1: finite, vx: finite, vy: finite, dx: finite, dy: finite,
  w: positive, h: positive, width: positive, height: positive, tileSize: positive,
  id: liveId,
  child: liveId,
  // castBox's id to pass through: 0, a live id, or omitted.
  skip: [V('NaN', NaN), V('-1', -1), V('1.5', 1.5), V('99 (dead)', 99), T('"3"', '3'), T('{}', {}), T('true', true)],
  parent: wholeNumber(V('99 (dead)', 99)),
  col: wholeNumber(V('99 (off the grid)', 99)),
  row: wholeNumber(V('99 (off the grid)', 99)),
  cols: wholeNumber(V('0', 0), V('5000', 5000)),
  rows: wholeNumber(V('0', 0), V('5000', 5000)),
  shape: name, side: name, door: name, response: name, layout: name,
  map: [V('"??" (an unknown code)', '??'), V('"bogus" (odd width)', 'bogus'), ...notString],
  maxObjects: wholeNumber(V('0', 0)),
  maxLevels: wholeNumber(V('49', 49)),
  count: wholeNumber(V('3e6', 3e6)),
  seed: wholeNumber(V('1e10', 1e10)),
  segments: wholeNumber(V('0', 0), V('2000', 2000)),
  steps: wholeNumber(V('100001', 100001)),
  dt: [V('NaN', NaN), V('-1', -1), V('Infinity', Infinity), ...notNumber],
  clockwise: [T('1', 1), T('"yes"', 'yes'), T('null', null)],
  ...Object.fromEntries(['colStart', 'rowStart', 'colEnd', 'rowEnd'].map((p) => [p, [V('NaN', NaN), V('-1', -1), V('1.5', 1.5), T('"3"', '3'), T('{}', {}), T('true', true)]])),
  ids: [V('[99] (a dead id)', new Uint32Array([99])), V('[1, 99]', new Uint32Array([1, 99])), T('[1]', [1]), T('null', null), T('"1"', '1')],
  boxes: [V('3 values', new Float64Array(3)), V('[NaN, 0, 1, 1]', new Float64Array([NaN, 0, 1, 1])), T('[0, 0, 1, 1]', [0, 0, 1, 1]), T('null', null)],
};

/** Bad values where a name's rules differ in one method. */
const BAD_IN = {
  // A non-finite point is in no cell (undefined): only types are refused.
  'TileGrid.cellAt': { x: notNumber, y: notNumber },
};

/** Everything a call could change. */
function snapshot(w) {
  const t = w.tiles;
  const ids = [...w.slotIds()].filter((id) => id !== 0);
  const s = JSON.stringify({
    count: w.count,
    size: [w.width, w.height],
    structure: w.structure,
    cell: w.cellSize,
    limits: [w.maxObjects, w.maxLevels],
    generation: w.slotGeneration,
    boxes: [...w.slotBoxes()],
    ids,
    order: [...w.order()],
    objects: ids.map((id) => [w.parentOf(id), w.tileResponse(id), ...w.velocity(id)]),
    tiles: [t.cols, t.rows, t.tileSize, t.ascii(), t.revision],
  });
  t.free();
  return s;
}

/** Whether `method` of `Class` is static (the constructor counts: it needs no instance). */
const isStatic = (Class, method) => method === 'constructor' || !(method in Class.prototype);

/**
 * The calls to make: `{ where, method, names, valid, bad }` for every
 * method of `className` taking two or more arguments, static or not as
 * asked (from the façade's signatures: a method added later is tried too).
 */
function plan(className, Class, statics) {
  return callsOf(className)
    .filter(({ method, names }) => names.length >= 2 && isStatic(Class, method) === statics)
    .map(({ method, names, valid }) => {
      const bad = names.map((n) => BAD_IN[`${className}.${method}`]?.[n] ?? BAD[n]);
      names.forEach((n, i) => assert.ok(bad[i], `no bad values for ${n} of ${className}.${method}: add them to BAD`));
      return { where: className, method, names, valid, bad };
    });
}

const shown = (v) => (typeof v === 'string' ? JSON.stringify(v) : ArrayBuffer.isView(v) ? `${v.constructor.name}[${[...v]}]` : String(v));

/**
 * Every pair i < j of bad arguments for every planned method; returns the
 * number of calls and the failures (wrong argument named, wrong error
 * class, no throw, or a changed World).
 */
function tryPairs(calls, run) {
  let tried = 0;
  const failures = [];
  for (const { where, method, names, valid, bad } of calls) {
    for (let i = 0; i < names.length; i++) {
      for (let j = i + 1; j < names.length; j++) {
        for (const a of bad[i]) {
          for (const b of bad[j]) {
            const args = [...valid];
            args[i] = a.value;
            args[j] = b.value;
            const call = `${where}.${method}(${args.map((v, k) => (k === i ? a.shown : k === j ? b.shown : shown(v))).join(', ')})`;
            tried++;
            const problem = run(method, args, (error) => {
              if (!(error instanceof Error)) return `threw ${String(error)}`;
              if (!new RegExp(`^${names[i]}\\b`).test(error.message)) return `"${error.message}" does not name ${names[i]}`;
              if (a.type && !(error instanceof TypeError)) return `a wrong type of ${names[i]} threw ${error.constructor.name}, not TypeError`;
              if (!a.type && error instanceof TypeError) return `a bad value of ${names[i]} threw a TypeError`;
              return null;
            });
            if (problem) failures.push(`${call}: ${problem}`);
          }
        }
      }
    }
  }
  return { tried, failures };
}

/** `call` must throw; `judge` says what is wrong with the error, if anything. */
function outcome(call, judge) {
  try {
    call();
  } catch (error) {
    return judge(error);
  }
  return 'did not throw';
}

function report(t, what, { tried, failures }) {
  if (process.env.ORDER_DUMP) for (const f of failures) console.log(f);
  t.diagnostic(`${what}: ${tried} pairs tried, ${failures.length} named the wrong argument or changed the World`);
  assert.ok(tried > 0);
  assert.equal(failures.length, 0, `${failures.length} of ${tried} calls went wrong, e.g.:\n${failures.slice(0, 12).join('\n')}`);
}

test('World: of two bad arguments the first is named, and nothing changes', (t) => {
  let w = scene();
  let before = snapshot(w);
  const calls = [...plan('World', World, true), ...plan('World', World, false)];
  const result = tryPairs(calls, (method, args, judge) => {
    if (method === 'constructor') return outcome(() => new World(...args), judge);
    if (isStatic(World, method)) return outcome(() => World[method](...args), judge);
    const problem = outcome(() => w[method](...args), judge);
    const after = snapshot(w);
    if (after === before) return problem;
    w.free();
    w = scene();
    before = snapshot(w);
    return `${problem ?? 'named the right argument'}, but changed the World`;
  });
  w.free();
  report(t, 'World', result);
});

test('TileGrid (and its statics): of two bad arguments the first is named, and nothing changes', (t) => {
  let w = scene();
  let tiles = w.tiles;
  let before = snapshot(w);
  const run = (method, args, judge) => {
    const problem = outcome(() => tiles[method](...args), judge);
    const after = snapshot(w);
    if (after === before) return problem;
    tiles.free();
    w.free();
    w = scene();
    tiles = w.tiles;
    before = snapshot(w);
    return `${problem ?? 'named the right argument'}, but changed the World`;
  };
  const instance = tryPairs(plan('TileGrid', TileGrid, false), run);
  const statics = tryPairs(plan('TileGrid', TileGrid, true), (method, args, judge) => outcome(() => TileGrid[method](...args), judge));
  tiles.free();
  w.free();
  report(t, 'TileGrid', { tried: instance.tried + statics.tried, failures: [...instance.failures, ...statics.failures] });
});

test("the audit's repros name the first bad argument and print the value given", () => {
  const w = scene();
  const before = snapshot(w);
  const tiles = w.tiles;
  const names = (call, pattern, kind = Error) =>
    assert.throws(call, (e) => e instanceof kind && pattern.test(e.message), `expected ${pattern}`);
  names(() => w.insert(NaN, '3', 1, 1), /^x must be a finite number, got NaN$/);
  names(() => w.setParent(0, NaN), /^child 0 is not a live object id$/);
  names(() => w.setTileResponse(0, 'bogus'), /^id 0 is not a live object id$/);
  names(() => w.setQuadtreeLimits(0, NaN), /^maxObjects 0 is out of range 1\.\.=4294967295$/);
  names(() => tiles.reset(0, NaN, 10), /^cols 0 is out of range 1\.\.=4096$/);
  names(() => w.setQuadtreeLimits(8, 1e300), /^maxLevels 1e\+300 is out of range 0\.\.=48$/);
  names(() => w.setQuadtreeLimits(8, 2 ** 40), /^maxLevels 1099511627776 is out of range 0\.\.=48$/);
  names(() => w.remove(-5e-324), /^id must be a whole number, got -5e-324$/);
  for (const revision of [-1, NaN, 1.5, Infinity, 2 ** 60]) {
    assert.throws(() => tiles.changedCellsSince(revision), (e) => e instanceof Error && !(e instanceof TypeError) && /^revision\b/.test(e.message), `changedCellsSince(${revision})`);
  }
  assert.equal(snapshot(w), before);
  tiles.free();
  w.free();
});
