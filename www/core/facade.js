// The public `World` and `TileGrid`: the one layer between a user's
// JavaScript and the wasm core, used by the page (www/core), the embed
// (through www/core) and the npm package (its ES module and Node entry).
// The wasm-bindgen classes it wraps are never handed out.
//
// What it promises, at no cost to the everyday call:
// - Each argument's JS type is checked here (`typeof x === 'number'`: free
//   in a JIT) and a wrong one is a TypeError naming it; nothing is coerced
//   and no user code (valueOf, getters, proxies) runs during a call. Plain
//   numbers and strings cross to the core, which judges the values (finite,
//   positive, a live id, a cell of the map) and names a bad one.
// - The first bad argument is the one named. When argument k has the wrong
//   type, the core first judges arguments 0..k alone (`wrongType` below,
//   the slow path): a bad value before it is named instead.
// - A refused call changes nothing; a call on a freed World (or on its
//   `tiles` handle, which is the World's and goes with it) says so; free()
//   twice, or [Symbol.dispose] after free(), does nothing;
//   a method called on an object of another class throws a TypeError (the
//   private field's brand check).
// - The everyday calls cross the boundary as one wasm call returning one
//   number (see src/wasm/mod.rs): a small result (a box, a ray hit, a view's
//   address) is read from a fixed cell of wasm memory, so no array, object
//   or handle is made for the call itself.
// - A core that traps (a panic or an out-of-memory abort inside the wasm:
//   a bug, since every refusal is an Error) is unusable from then on: the
//   call that trapped and every later call on any World of it throw one
//   clear error (`stoppedError`), free() does nothing, and `init()` /
//   `initSync()` start a fresh core (a new wasm instance of the same
//   module, when the glue was rewritten by scripts/fresh-glue.mjs) for new
//   Worlds; `World.onCoreStopped` tells a page when to do so.
//
// `facade(raw)` builds the classes for one wasm-bindgen module (`raw`, the
// namespace of pkg/broadphase.js), once per module.

const NO_LIMIT = 0xffffffff;
/** Views of results up to this length are kept for reuse (see `views`). */
const MAX_KEPT_VIEW = 1024;
/** Result buffers whose views are kept at once (a buffer that grew moves). */
const MAX_KEPT_ADDRESSES = 64;
/** What the core's number-returning methods return when they refuse. */
const REFUSED = -1;

// Built-ins taken once, so a page that replaces them later cannot make a
// call run its code.
const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
const builtinGetter = (key) => Object.getOwnPropertyDescriptor(TypedArrayPrototype, key).get;
const typedArrayTag = builtinGetter(Symbol.toStringTag);
const typedArrayLength = builtinGetter('length');
const typedArrayBuffer = builtinGetter('buffer');
const typedArraySet = TypedArrayPrototype.set;
const apply = Reflect.apply;
const functionCall = Function.prototype.call;
const bind = Function.prototype.bind;
const WasmRuntimeError = typeof WebAssembly === 'object' ? WebAssembly.RuntimeError : undefined;
const BuiltinRangeError = RangeError;
const regExpTest = RegExp.prototype.test;
const later = queueMicrotask;
const ownNames = Object.getOwnPropertyNames;
const ownDescriptor = Object.getOwnPropertyDescriptor;
const define = Object.defineProperty;
const isArray = Array.isArray;
const stringify = JSON.stringify;
const disposeSymbol = typeof Symbol.dispose === 'symbol' ? Symbol.dispose : undefined;

/** What a value is, for a message: `number 3`, `string "3"`, `an array`, … Runs no user code. */
function describe(value) {
  const type = typeof value;
  if (type === 'number') return `number ${value}`;
  if (type === 'string') return `string ${stringify(value.slice(0, 40))}`;
  if (value === null) return 'null';
  try {
    if (isArray(value)) return 'an array';
  } catch {
    // A revoked proxy: Array.isArray throws on it.
  }
  return type;
}

const EXPECTED = {
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  'number?': 'a number or undefined',
  Uint32Array: 'a Uint32Array',
  Float64Array: 'a Float64Array',
};

const NEUTRAL = { number: 0, string: '', boolean: false, 'number?': undefined };

function hasType(value, kind) {
  if (kind === 'number?') return value === undefined || value === null || typeof value === 'number';
  if (kind === 'Uint32Array' || kind === 'Float64Array') return typedLength(value, kind) >= 0;
  return typeof value === kind;
}

/** The length of `value` if it is a genuine typed array named `kind`, else -1; no user code runs. */
function typedLength(value, kind) {
  if (apply(typedArrayTag, value, []) !== kind) return -1;
  return apply(typedArrayLength, value, []);
}

/** A copy in JS memory of a genuine typed array (its own getters and species untouched). */
function copyOf(array, Kind) {
  const copy = new Kind(apply(typedArrayLength, array, []));
  apply(typedArraySet, copy, [array]);
  return copy;
}

function freedError(name) {
  return new Error(`this ${name} was freed: it cannot be used after free()`);
}

/**
 * Each method's parameters: names and JS types, in order. The fast path
 * checks the same types inline; these drive the slow path and the tests.
 */
const n = 'number';
const s = 'string';
const SIGNATURES = {
  World: {
    constructor: [['width', n], ['height', n]],
    resize: [['width', n], ['height', n]],
    insert: [['x', n], ['y', n], ['w', n], ['h', n]],
    update: [['id', n], ['x', n], ['y', n], ['w', n], ['h', n]],
    setVelocity: [['id', n], ['vx', n], ['vy', n]],
    velocity: [['id', n]],
    remove: [['id', n]],
    box: [['id', n]],
    step: [['dt', n]],
    query: [['x', n], ['y', n], ['w', n], ['h', n]],
    setStructure: [['name', s]],
    setQuadtreeLimits: [['maxObjects', n], ['maxLevels', n]],
    setCellSize: [['size', n]],
    searchedIn: [['id', n]],
    storedIn: [['id', n]],
    populate: [['count', n], ['seed', n], ['layout', s]],
    sceneSide: [['count', n]],
    viewLayout: [['name', s]],
    setTileGrid: [['cols', n], ['rows', n], ['tileSize', n]],
    setTile: [['col', n], ['row', n], ['shape', s]],
    tile: [['col', n], ['row', n]],
    edge: [['col', n], ['row', n], ['side', s]],
    touchedCells: [['x', n], ['y', n], ['w', n], ['h', n]],
    setTileResponse: [['id', n], ['response', s]],
    tileResponse: [['id', n]],
    traceCells: [['x0', n], ['y0', n], ['x1', n], ['y1', n]],
    castRay: [['x0', n], ['y0', n], ['x1', n], ['y1', n]],
    setParent: [['child', n], ['parent', n]],
    updateMany: [['ids', 'Uint32Array'], ['boxes', 'Float64Array']],
    setParents: [['pairs', 'Uint32Array']],
    parentOf: [['id', n]],
    setHierarchyTracing: [['on', 'boolean']],
  },
  TileGrid: {
    shapeFamily: [['shape', s]],
    rotateShape: [['shape', s], ['clockwise', 'boolean']],
    shapeOutline: [['shape', s], ['segments', n]],
    shapeSides: [['shape', s]],
    changedCellsSince: [['revision', n]],
    reset: [['cols', n], ['rows', n], ['tileSize', n]],
    loadPreset: [['name', s]],
    loadAscii: [['map', s], ['tileSize', n]],
    setTile: [['col', n], ['row', n], ['shape', s]],
    tile: [['col', n], ['row', n]],
    edge: [['col', n], ['row', n], ['side', s]],
    setDoor: [['col', n], ['row', n], ['side', s], ['door', s]],
    door: [['col', n], ['row', n], ['side', s]],
    edgeLines: [['colStart', 'number?'], ['rowStart', 'number?'], ['colEnd', 'number?'], ['rowEnd', 'number?']],
    cellAt: [['x', n], ['y', n]],
    touchedCells: [['x', n], ['y', n], ['w', n], ['h', n]],
    pushOut: [['x', n], ['y', n], ['w', n], ['h', n]],
    traceCells: [['x0', n], ['y0', n], ['x1', n], ['y1', n]],
    traceSteps: [['x0', n], ['y0', n], ['x1', n], ['y1', n]],
    castRay: [['x0', n], ['y0', n], ['x1', n], ['y1', n]],
    lineOfSight: [['x0', n], ['y0', n], ['x1', n], ['y1', n]],
  },
};

const num2 = (a, b) => typeof a === 'number' && typeof b === 'number';
const num3 = (a, b, c) => typeof a === 'number' && typeof b === 'number' && typeof c === 'number';
const num4 = (a, b, c, d) => typeof a === 'number' && typeof b === 'number' && typeof c === 'number' && typeof d === 'number';

const built = new WeakMap();

/** The public classes over one wasm-bindgen module (the same ones for the same module). */
export function facade(raw) {
  let core = built.get(raw);
  if (core === undefined) {
    core = build(raw);
    built.set(raw, core);
  }
  return core;
}

/** Each method's parameters (for tests: they check the classes against it). */
export const signatures = SIGNATURES;

/** What the glue's classes and functions trap with (anything else they throw is a refusal, an `Error`). */
function isTrap(error) {
  if (WasmRuntimeError !== undefined && error instanceof WasmRuntimeError) return true;
  return error instanceof BuiltinRangeError && apply(regExpTest, /call stack/i, [String(error.message)]);
}

/** The error every call on a stopped core throws. */
function stoppedError(core) {
  const error = new Error(
    `the broadphase core stopped after an internal error (${core.stopped}); its Worlds are lost: ` +
      'call init() (or initSync()) for a fresh core, then make new Worlds',
  );
  error.name = 'CoreStoppedError';
  return error;
}

/** The glue's module functions the façade calls. */
const GLUE_FUNCTIONS = ['takeError', 'wasmMemory', 'outAddress', 'setCheckLimit', 'maxBatchEntries'];

/**
 * One core: a copy of the glue (one wasm instance once initialised) whose
 * classes' members and functions are guarded: on a stopped core they throw
 * `stoppedError` without entering the wasm (free() does nothing), and a
 * trap stops the core and tells `onStop`. `stopped` holds the trap's
 * description once it stopped.
 */
function guardedCore(glue, onStop) {
  const core = { glue, stopped: null, World: glue.World, TileGrid: glue.TileGrid, call: {} };
  const fault = (error) => {
    if (!isTrap(error)) return error;
    if (core.stopped === null) {
      core.stopped = `${error.name}: ${error.message}`;
      glue.__stop?.();
      onStop(core);
    }
    return stoppedError(core);
  };
  const guard = (f, name) => {
    const quiet = name === 'free'; // freeing what a stopped core held: nothing to do
    // `f` called through the original `call`, bound now: a page that
    // replaces Function.prototype.call later runs nothing here.
    const invoke = apply(bind, functionCall, [f]);
    // One wrapper per arity, so each is a plain call V8 can inline.
    switch (f.length) {
      case 0:
        return function () {
          if (core.stopped !== null) { if (quiet) return undefined; throw stoppedError(core); }
          try { return invoke(this); } catch (error) { throw fault(error); }
        };
      case 1:
        return function (a) {
          if (core.stopped !== null) { if (quiet) return undefined; throw stoppedError(core); }
          try { return invoke(this, a); } catch (error) { throw fault(error); }
        };
      case 2:
        return function (a, b) {
          if (core.stopped !== null) throw stoppedError(core);
          try { return invoke(this, a, b); } catch (error) { throw fault(error); }
        };
      case 3:
        return function (a, b, c) {
          if (core.stopped !== null) throw stoppedError(core);
          try { return invoke(this, a, b, c); } catch (error) { throw fault(error); }
        };
      case 4:
        return function (a, b, c, d) {
          if (core.stopped !== null) throw stoppedError(core);
          try { return invoke(this, a, b, c, d); } catch (error) { throw fault(error); }
        };
      default:
        return function (...args) {
          if (core.stopped !== null) throw stoppedError(core);
          try { return apply(f, this, args); } catch (error) { throw fault(error); }
        };
    }
  };
  const guardMembers = (target) => {
    for (const name of ownNames(target)) {
      if (name.startsWith('__') || name === 'constructor' || name === 'prototype' || name === 'length' || name === 'name') continue;
      const d = ownDescriptor(target, name);
      if (typeof d.value === 'function') d.value = guard(d.value, name);
      else if (typeof d.get === 'function') d.get = guard(d.get, name);
      else continue;
      define(target, name, d);
    }
  };
  for (const Class of [glue.World, glue.TileGrid]) {
    guardMembers(Class);
    guardMembers(Class.prototype);
  }
  for (const name of GLUE_FUNCTIONS) core.call[name] = guard(glue[name], name);
  /** `new World(…)` of this core, guarded as its methods are. */
  core.newWorld = (width, height) => {
    if (core.stopped !== null) throw stoppedError(core);
    try {
      return new glue.World(width, height);
    } catch (error) {
      throw fault(error);
    }
  };
  return core;
}

function build(raw) {
  // ---- The core: the wasm instance behind every World made now ----

  /** Listeners of `World.onCoreStopped`. */
  const stopListeners = new Set();
  const whenStopped = (stopped) => {
    const error = stoppedError(stopped);
    for (const listener of [...stopListeners]) {
      later(() => listener(error));
    }
  };
  let core = guardedCore(raw, whenStopped);
  /** A restart under way (`init()` after the core stopped). */
  let restarting = null;
  /** The fresh copy of the glue a restart starts, or an error if this glue cannot make one. */
  function freshGlue() {
    if (typeof core.glue.__freshGlue !== 'function') {
      throw new Error(`the broadphase core stopped (${core.stopped}) and this build cannot start another: reload the page`);
    }
    return core.glue.__freshGlue();
  }
  /** Makes `glue` (initialised) the core new Worlds are made in. */
  function adopt(glue) {
    core = guardedCore(glue, whenStopped);
    heap = null;
    cells = null;
    views.clear();
  }

  // ---- Wasm memory: the cells small results are left in, and views ----

  let heap = null;
  let cells = null;
  /**
   * Views handed out, by address and length: a result of the same length
   * at the same place is the same view object, so the everyday query makes
   * no object once warm (a view is valid until the next call anyway).
   */
  const views = new Map();
  /** The core's result cells (re-viewed after the memory grew: the old view is then detached). */
  function out() {
    if (heap === null || heap.byteLength === 0) {
      heap = core.call.wasmMemory().buffer;
      cells = new Float64Array(heap, core.call.outAddress(), 8);
      views.clear();
    }
    return cells;
  }
  /** The memory's current buffer (for views and for telling a view of it). */
  function memory() {
    out();
    return heap;
  }
  function viewU32(length) {
    const address = out()[0];
    if (length > MAX_KEPT_VIEW) return new Uint32Array(heap, address, length);
    let byLength = views.get(address);
    if (byLength === undefined) {
      if (views.size >= MAX_KEPT_ADDRESSES) views.clear(); // buffers that moved
      byLength = [];
      views.set(address, byLength);
    }
    return (byLength[length] ??= new Uint32Array(heap, address, length));
  }
  /**
   * A view of one method's published copy (`pairs`, `slotBoxes`, …), at the
   * address the core left in the result cells: the same object while the
   * copy stays where it is, so reading it every frame makes no garbage.
   * What was handed out is kept here, not read back from the view (a
   * page's own typed-array getters never run).
   */
  function viewOf(Kind) {
    let view = null;
    let address = -1;
    let length = -1;
    let buffer = null;
    return (count) => {
      const at = out()[0];
      if (at !== address || count !== length || heap !== buffer) {
        view = new Kind(heap, at, count);
        address = at;
        length = count;
        buffer = heap;
      }
      return view;
    };
  }
  const pairsView = viewOf(Uint32Array);
  const pairsBeganView = viewOf(Uint32Array);
  const pairsEndedView = viewOf(Uint32Array);
  const slotBoxesView = viewOf(Float64Array);
  const slotIdsView = viewOf(Uint32Array);
  const slotOverlappingView = viewOf(Uint8Array);
  const orderView = viewOf(Uint32Array);
  function floats(count) {
    const o = out();
    const copy = new Float64Array(count);
    for (let i = 0; i < count; i++) copy[i] = o[i];
    return copy;
  }
  function rayHit(found) {
    if (found === 0) return undefined;
    const o = out();
    return { t: o[0], x: o[1], y: o[2], normalX: o[3], normalY: o[4], objectId: o[5], col: o[6], row: o[7] };
  }
  const refused = () => new Error(core.call.takeError());

  // ---- The slow path: a wrong type, named after any earlier bad value ----

  /**
   * Throws for the first argument of `values` whose type is wrong by
   * `signature`, unless an earlier argument's value is bad: the core judges
   * those first (`run` calls its method with `args`, neutral from the
   * wrongly typed one on, and it stops there).
   */
  function wrongType(signature, values, run) {
    let k = 0;
    while (k < signature.length && hasType(values[k], signature[k][1])) k++;
    if (k === signature.length) throw new Error('wrongType called without a wrong type'); // a façade bug
    let earlier = null;
    if (k > 0) {
      const args = values.slice(0, k);
      for (let i = k; i < signature.length; i++) args.push(NEUTRAL[signature[i][1]]);
      core.call.setCheckLimit(k);
      try {
        if (run(args) === REFUSED) earlier = refused();
      } catch (error) {
        if (error !== null) earlier = error; // thrown by a `Result` method; null: stopped, nothing bad before k
      } finally {
        core.call.setCheckLimit(NO_LIMIT);
      }
    }
    const [name, kind] = signature[k];
    throw earlier ?? new TypeError(`${name} must be ${EXPECTED[kind]}, got ${describe(values[k])}`);
  }

  const W = SIGNATURES.World;
  const T = SIGNATURES.TileGrid;
  const WORLD_MAKES = {}; // the World's own constructor token
  const TILES_MAKES = {}; // World.tiles' token for TileGrid's constructor

  let batchLimit = 0;
  /** Most entries a batch takes (the core refuses more before it allocates). */
  const maxBatch = () => (batchLimit ||= core.call.maxBatchEntries());

  let shapeNames = null;
  const shapes = () => (shapeNames ??= core.TileGrid.shapes());

  /** Views of wasm memory among a batch's arrays are copied out first: reserving room may grow the memory and detach them. */
  function outsideMemory(array, Kind) {
    return apply(typedArrayBuffer, array, []) === memory() ? copyOf(array, Kind) : array;
  }

  let tilesOf;
  let releaseTiles;

  class TileGrid {
    #raw;

    /** Made by `world.tiles` only. */
    constructor(token, handle) {
      if (token !== TILES_MAKES) throw new TypeError('TileGrid has no public constructor: use world.tiles');
      this.#raw = handle;
    }

    static {
      tilesOf = (handle) => new TileGrid(TILES_MAKES, handle);
      releaseTiles = (tiles) => {
        const r = tiles.#raw;
        tiles.#raw = null;
        r?.free();
      };
    }

    #live() {
      const r = this.#raw;
      if (r === null) throw new Error("this TileGrid's World was freed: it cannot be used after free()");
      return r;
    }

    /**
     * Does nothing: the handle is its World's (the same one every time),
     * and goes with the World's free().
     */
    free() {
      void this.#raw; // the brand check: a TypeError on an object of another class
    }
    static shapes() {
      return core.TileGrid.shapes();
    }
    static shapeFamilies() {
      return core.TileGrid.shapeFamilies();
    }
    static shapeFamily(shape) {
      if (typeof shape !== 'string') wrongType(T.shapeFamily, [shape], (a) => core.TileGrid.shapeFamily(...a));
      return core.TileGrid.shapeFamily(shape);
    }
    static rotateShape(shape, clockwise) {
      if (typeof shape !== 'string' || typeof clockwise !== 'boolean') wrongType(T.rotateShape, [shape, clockwise], (a) => core.TileGrid.rotateShape(...a));
      return core.TileGrid.rotateShape(shape, clockwise);
    }
    static shapeOutline(shape, segments) {
      if (typeof shape !== 'string' || typeof segments !== 'number') wrongType(T.shapeOutline, [shape, segments], (a) => core.TileGrid.shapeOutline(...a));
      return core.TileGrid.shapeOutline(shape, segments);
    }
    static shapeSides(shape) {
      if (typeof shape !== 'string') wrongType(T.shapeSides, [shape], (a) => core.TileGrid.shapeSides(...a));
      return core.TileGrid.shapeSides(shape);
    }
    static sides() {
      return core.TileGrid.sides();
    }
    static doorStates() {
      return core.TileGrid.doorStates();
    }
    static presets() {
      return core.TileGrid.presets();
    }

    get cols() {
      return this.#live().cols;
    }
    get rows() {
      return this.#live().rows;
    }
    get tileSize() {
      return this.#live().tileSize;
    }
    get revision() {
      return this.#live().revision;
    }

    changedCellsSince(revision) {
      const r = this.#live();
      if (typeof revision !== 'number') wrongType(T.changedCellsSince, [revision], (a) => r.changedCellsSince(...a));
      return r.changedCellsSince(revision);
    }
    reset(cols, rows, tileSize) {
      const r = this.#live();
      if (!num3(cols, rows, tileSize)) wrongType(T.reset, [cols, rows, tileSize], (a) => r.reset(...a));
      r.reset(cols, rows, tileSize);
    }
    loadPreset(name) {
      const r = this.#live();
      if (typeof name !== 'string') wrongType(T.loadPreset, [name], (a) => r.loadPreset(...a));
      r.loadPreset(name);
    }
    ascii() {
      return this.#live().ascii();
    }
    loadAscii(map, tileSize) {
      const r = this.#live();
      if (typeof map !== 'string' || typeof tileSize !== 'number') wrongType(T.loadAscii, [map, tileSize], (a) => r.loadAscii(...a));
      r.loadAscii(map, tileSize);
    }
    setTile(col, row, shape) {
      const r = this.#live();
      if (!num2(col, row) || typeof shape !== 'string') wrongType(T.setTile, [col, row, shape], (a) => r.setTile(...a));
      if (r.setTile(col, row, shape) === REFUSED) throw refused();
    }
    tile(col, row) {
      const r = this.#live();
      if (!num2(col, row)) wrongType(T.tile, [col, row], (a) => r.tile(...a));
      const code = r.tile(col, row);
      if (code === REFUSED) throw refused();
      return shapes()[code];
    }
    edge(col, row, side) {
      const r = this.#live();
      if (!num2(col, row) || typeof side !== 'string') wrongType(T.edge, [col, row, side], (a) => r.edge(...a));
      return r.edge(col, row, side);
    }
    setDoor(col, row, side, door) {
      const r = this.#live();
      if (!num2(col, row) || typeof side !== 'string' || typeof door !== 'string') wrongType(T.setDoor, [col, row, side, door], (a) => r.setDoor(...a));
      r.setDoor(col, row, side, door);
    }
    door(col, row, side) {
      const r = this.#live();
      if (!num2(col, row) || typeof side !== 'string') wrongType(T.door, [col, row, side], (a) => r.door(...a));
      return r.door(col, row, side);
    }
    tileIndices() {
      return this.#live().tileIndices();
    }
    edges() {
      return this.#live().edges();
    }
    doors() {
      return this.#live().doors();
    }
    edgeLines(colStart, rowStart, colEnd, rowEnd) {
      const r = this.#live();
      const values = [colStart, rowStart, colEnd, rowEnd];
      if (!values.every((v, i) => hasType(v, T.edgeLines[i][1]))) wrongType(T.edgeLines, values, (a) => r.edgeLines(...a));
      return r.edgeLines(colStart ?? undefined, rowStart ?? undefined, colEnd ?? undefined, rowEnd ?? undefined);
    }
    cellAt(x, y) {
      const r = this.#live();
      if (!num2(x, y)) wrongType(T.cellAt, [x, y], (a) => r.cellAt(...a));
      if (r.cellAt(x, y) === 0) return undefined;
      const o = out();
      const cell = new Uint32Array(2);
      cell[0] = o[0];
      cell[1] = o[1];
      return cell;
    }
    touchedCells(x, y, w, h) {
      const r = this.#live();
      if (!num4(x, y, w, h)) wrongType(T.touchedCells, [x, y, w, h], (a) => r.touchedCells(...a));
      const length = r.touchedCells(x, y, w, h);
      if (length === REFUSED) throw refused();
      return viewU32(length);
    }
    pushOut(x, y, w, h) {
      const r = this.#live();
      if (!num4(x, y, w, h)) wrongType(T.pushOut, [x, y, w, h], (a) => r.pushOut(...a));
      if (r.pushOut(x, y, w, h) === REFUSED) throw refused();
      return floats(2);
    }
    traceCells(x0, y0, x1, y1) {
      const r = this.#live();
      if (!num4(x0, y0, x1, y1)) wrongType(T.traceCells, [x0, y0, x1, y1], (a) => r.traceCells(...a));
      const length = r.traceCells(x0, y0, x1, y1);
      if (length === REFUSED) throw refused();
      return viewU32(length);
    }
    traceSteps(x0, y0, x1, y1) {
      const r = this.#live();
      if (!num4(x0, y0, x1, y1)) wrongType(T.traceSteps, [x0, y0, x1, y1], (a) => r.traceSteps(...a));
      return r.traceSteps(x0, y0, x1, y1);
    }
    castRay(x0, y0, x1, y1) {
      const r = this.#live();
      if (!num4(x0, y0, x1, y1)) wrongType(T.castRay, [x0, y0, x1, y1], (a) => r.castRay(...a));
      const found = r.castRay(x0, y0, x1, y1);
      if (found === REFUSED) throw refused();
      return rayHit(found);
    }
    lineOfSight(x0, y0, x1, y1) {
      const r = this.#live();
      if (!num4(x0, y0, x1, y1)) wrongType(T.lineOfSight, [x0, y0, x1, y1], (a) => r.lineOfSight(...a));
      const clear = r.lineOfSight(x0, y0, x1, y1);
      if (clear === REFUSED) throw refused();
      return clear === 1;
    }
    validate() {
      this.#live().validate();
    }
  }

  class World {
    #raw;
    /** The one `tiles` handle this World gives out, made at the first read. */
    #tiles = null;

    constructor(width, height) {
      if (!num2(width, height)) wrongType(W.constructor, [width, height], (a) => core.newWorld(...a).free());
      this.#raw = core.newWorld(width, height);
    }

    #live() {
      const r = this.#raw;
      if (r === null) throw freedError('World');
      return r;
    }

    /** Releases the world's wasm memory now, its `tiles` handle with it. */
    free() {
      const r = this.#raw;
      if (r !== null) {
        this.#raw = null;
        if (this.#tiles !== null) releaseTiles(this.#tiles);
        r.free();
      }
    }

    get width() {
      return this.#live().width;
    }
    get height() {
      return this.#live().height;
    }
    resize(width, height) {
      const r = this.#live();
      if (!num2(width, height)) wrongType(W.resize, [width, height], (a) => r.resize(...a));
      r.resize(width, height);
    }
    insert(x, y, w, h) {
      const r = this.#live();
      if (!num4(x, y, w, h)) wrongType(W.insert, [x, y, w, h], (a) => r.insert(...a));
      const id = r.insert(x, y, w, h);
      if (id === REFUSED) throw refused();
      return id;
    }
    update(id, x, y, w, h) {
      const r = this.#live();
      if (typeof id !== 'number' || !num4(x, y, w, h)) wrongType(W.update, [id, x, y, w, h], (a) => r.update(...a));
      if (r.update(id, x, y, w, h) === REFUSED) throw refused();
    }
    setVelocity(id, vx, vy) {
      const r = this.#live();
      if (!num3(id, vx, vy)) wrongType(W.setVelocity, [id, vx, vy], (a) => r.setVelocity(...a));
      if (r.setVelocity(id, vx, vy) === REFUSED) throw refused();
    }
    velocity(id) {
      const r = this.#live();
      if (typeof id !== 'number') wrongType(W.velocity, [id], (a) => r.velocity(...a));
      if (r.velocity(id) === REFUSED) throw refused();
      return floats(2);
    }
    remove(id) {
      const r = this.#live();
      if (typeof id !== 'number') wrongType(W.remove, [id], (a) => r.remove(...a));
      if (r.remove(id) === REFUSED) throw refused();
    }
    box(id) {
      const r = this.#live();
      if (typeof id !== 'number') wrongType(W.box, [id], (a) => r.box(...a));
      if (r.box(id) === REFUSED) throw refused();
      return floats(4);
    }
    get count() {
      return this.#live().count;
    }
    step(dt) {
      const r = this.#live();
      if (typeof dt !== 'number') wrongType(W.step, [dt], (a) => r.step(...a));
      if (r.step(dt) === REFUSED) throw refused();
    }
    pairs() {
      const length = this.#live().pairs();
      if (length === REFUSED) throw refused();
      return pairsView(length);
    }
    pairsBegan() {
      const length = this.#live().pairsBegan();
      if (length === REFUSED) throw refused();
      return pairsBeganView(length);
    }
    pairsEnded() {
      const length = this.#live().pairsEnded();
      if (length === REFUSED) throw refused();
      return pairsEndedView(length);
    }
    updateMany(ids, boxes) {
      const r = this.#live();
      const idCount = typedLength(ids, 'Uint32Array');
      if (idCount < 0) wrongType(W.updateMany, [ids, boxes], () => 0);
      const boxCount = typedLength(boxes, 'Float64Array');
      const copying = idCount <= maxBatch();
      const idSource = copying ? outsideMemory(ids, Uint32Array) : ids;
      if (boxCount < 0) {
        // The ids are judged before the boxes' type is named.
        if (r.reserveUpdateMany(idCount, 0) === REFUSED) throw refused();
        apply(typedArraySet, new Uint32Array(memory(), out()[0], idCount), [idSource]);
        wrongType(W.updateMany, [ids, boxes], () => r.updateMany(0));
      }
      const boxSource = copying && boxCount === 4 * idCount ? outsideMemory(boxes, Float64Array) : boxes;
      if (r.reserveUpdateMany(idCount, boxCount) === REFUSED) throw refused();
      const o = out();
      apply(typedArraySet, new Uint32Array(heap, o[0], idCount), [idSource]);
      if (boxCount === 4 * idCount) apply(typedArraySet, new Float64Array(heap, o[1], boxCount), [boxSource]);
      if (r.updateMany(boxCount) === REFUSED) throw refused();
    }
    query(x, y, w, h) {
      const r = this.#live();
      if (!num4(x, y, w, h)) wrongType(W.query, [x, y, w, h], (a) => r.query(...a));
      const length = r.query(x, y, w, h);
      if (length === REFUSED) throw refused();
      return viewU32(length);
    }
    setStructure(name) {
      const r = this.#live();
      if (typeof name !== 'string') wrongType(W.setStructure, [name], (a) => r.setStructure(...a));
      r.setStructure(name);
    }
    get structure() {
      return this.#live().structure;
    }
    static structures() {
      return core.World.structures();
    }
    static onCoreStopped(listener) {
      if (typeof listener !== 'function') throw new TypeError(`listener must be a function, got ${describe(listener)}`);
      stopListeners.add(listener);
      return () => void stopListeners.delete(listener);
    }
    setQuadtreeLimits(maxObjects, maxLevels) {
      const r = this.#live();
      if (!num2(maxObjects, maxLevels)) wrongType(W.setQuadtreeLimits, [maxObjects, maxLevels], (a) => r.setQuadtreeLimits(...a));
      r.setQuadtreeLimits(maxObjects, maxLevels);
    }
    get maxObjects() {
      return this.#live().maxObjects;
    }
    get maxLevels() {
      return this.#live().maxLevels;
    }
    static defaultQuadtreeLimits() {
      return core.World.defaultQuadtreeLimits();
    }
    setCellSize(size) {
      const r = this.#live();
      if (typeof size !== 'number') wrongType(W.setCellSize, [size], (a) => r.setCellSize(...a));
      r.setCellSize(size);
    }
    useAutomaticCellSize() {
      this.#live().useAutomaticCellSize();
    }
    get cellSize() {
      return this.#live().cellSize;
    }
    gridGeometry() {
      return this.#live().gridGeometry();
    }
    searchedIn(id) {
      const r = this.#live();
      if (typeof id !== 'number') wrongType(W.searchedIn, [id], (a) => r.searchedIn(...a));
      return r.searchedIn(id);
    }
    storedIn(id) {
      const r = this.#live();
      if (typeof id !== 'number') wrongType(W.storedIn, [id], (a) => r.storedIn(...a));
      return r.storedIn(id);
    }
    populate(count, seed, layout) {
      const r = this.#live();
      if (!num2(count, seed) || typeof layout !== 'string') wrongType(W.populate, [count, seed, layout], (a) => r.populate(...a));
      return r.populate(count, seed, layout);
    }
    static layouts() {
      return core.World.layouts();
    }
    static sceneSide(count) {
      if (typeof count !== 'number') wrongType(W.sceneSide, [count], (a) => core.World.sceneSide(...a));
      return core.World.sceneSide(count);
    }
    validate() {
      this.#live().validate();
    }
    get pairCandidateTests() {
      return this.#live().pairCandidateTests;
    }
    get pairNodesVisited() {
      return this.#live().pairNodesVisited;
    }
    get queryCandidateTests() {
      return this.#live().queryCandidateTests;
    }
    slotBoxes() {
      const length = this.#live().slotBoxes();
      if (length === REFUSED) throw refused();
      return slotBoxesView(length);
    }
    slotIds() {
      const length = this.#live().slotIds();
      if (length === REFUSED) throw refused();
      return slotIdsView(length);
    }
    slotOverlapping() {
      const length = this.#live().slotOverlapping();
      if (length === REFUSED) throw refused();
      return slotOverlappingView(length);
    }
    get slotGeneration() {
      return this.#live().slotGeneration;
    }
    renumberSlots() {
      this.#live().renumberSlots();
    }
    quadtreeNodes() {
      return this.#live().quadtreeNodes();
    }
    static viewLayout(name) {
      if (typeof name !== 'string') wrongType(W.viewLayout, [name], (a) => core.World.viewLayout(...a));
      return core.World.viewLayout(name);
    }
    static views() {
      return core.World.views();
    }

    // ---- Tile grid ----

    /** The world's tile grid: the same handle every time, freed with the World. */
    get tiles() {
      const r = this.#live();
      return (this.#tiles ??= tilesOf(r.tiles));
    }
    setTileGrid(cols, rows, tileSize) {
      const r = this.#live();
      if (!num3(cols, rows, tileSize)) wrongType(W.setTileGrid, [cols, rows, tileSize], (a) => r.setTileGrid(...a));
      r.setTileGrid(cols, rows, tileSize);
    }
    setTile(col, row, shape) {
      const r = this.#live();
      if (!num2(col, row) || typeof shape !== 'string') wrongType(W.setTile, [col, row, shape], (a) => r.setTile(...a));
      if (r.setTile(col, row, shape) === REFUSED) throw refused();
    }
    tile(col, row) {
      const r = this.#live();
      if (!num2(col, row)) wrongType(W.tile, [col, row], (a) => r.tile(...a));
      const code = r.tile(col, row);
      if (code === REFUSED) throw refused();
      return shapes()[code];
    }
    edge(col, row, side) {
      const r = this.#live();
      if (!num2(col, row) || typeof side !== 'string') wrongType(W.edge, [col, row, side], (a) => r.edge(...a));
      return r.edge(col, row, side);
    }
    static edgeStates() {
      return core.World.edgeStates();
    }
    touchedCells(x, y, w, h) {
      const r = this.#live();
      if (!num4(x, y, w, h)) wrongType(W.touchedCells, [x, y, w, h], (a) => r.touchedCells(...a));
      const length = r.touchedCells(x, y, w, h);
      if (length === REFUSED) throw refused();
      return viewU32(length);
    }
    setTileResponse(id, response) {
      const r = this.#live();
      if (typeof id !== 'number' || typeof response !== 'string') wrongType(W.setTileResponse, [id, response], (a) => r.setTileResponse(...a));
      r.setTileResponse(id, response);
    }
    tileResponse(id) {
      const r = this.#live();
      if (typeof id !== 'number') wrongType(W.tileResponse, [id], (a) => r.tileResponse(...a));
      return r.tileResponse(id);
    }
    static tileResponses() {
      return core.World.tileResponses();
    }

    // ---- Rays ----

    traceCells(x0, y0, x1, y1) {
      const r = this.#live();
      if (!num4(x0, y0, x1, y1)) wrongType(W.traceCells, [x0, y0, x1, y1], (a) => r.traceCells(...a));
      const length = r.traceCells(x0, y0, x1, y1);
      if (length === REFUSED) throw refused();
      return viewU32(length);
    }
    castRay(x0, y0, x1, y1) {
      const r = this.#live();
      if (!num4(x0, y0, x1, y1)) wrongType(W.castRay, [x0, y0, x1, y1], (a) => r.castRay(...a));
      const found = r.castRay(x0, y0, x1, y1);
      if (found === REFUSED) throw refused();
      return rayHit(found);
    }

    // ---- Hierarchy ----

    setParent(child, parent) {
      const r = this.#live();
      if (!num2(child, parent)) wrongType(W.setParent, [child, parent], (a) => r.setParent(...a));
      if (r.setParent(child, parent) === REFUSED) throw refused();
    }
    setParents(pairs) {
      const r = this.#live();
      const count = typedLength(pairs, 'Uint32Array');
      if (count < 0) wrongType(W.setParents, [pairs], () => 0);
      const source = count <= 2 * maxBatch() ? outsideMemory(pairs, Uint32Array) : pairs;
      if (r.reserveParents(count) === REFUSED) throw refused();
      apply(typedArraySet, new Uint32Array(memory(), out()[0], count), [source]);
      return r.setParents();
    }
    parentOf(id) {
      const r = this.#live();
      if (typeof id !== 'number') wrongType(W.parentOf, [id], (a) => r.parentOf(...a));
      const parent = r.parentOf(id);
      if (parent === REFUSED) throw refused();
      return parent;
    }
    order() {
      const length = this.#live().order();
      if (length === REFUSED) throw refused();
      return orderView(length);
    }
    setHierarchyTracing(on) {
      const r = this.#live();
      if (typeof on !== 'boolean') wrongType(W.setHierarchyTracing, [on], () => 0);
      r.setHierarchyTracing(on);
    }
    lastRepair() {
      return this.#live().lastRepair();
    }
  }

  for (const Class of [World, TileGrid]) {
    // `[Symbol.dispose]` is `free()`, on the same brand check: a `using`
    // block after an explicit free() does nothing, as a second free() does.
    if (disposeSymbol !== undefined) {
      const free = Class.prototype.free;
      Object.defineProperty(Class.prototype, disposeSymbol, {
        value: function dispose() {
          apply(free, this, []);
        },
        writable: true,
        configurable: true,
      });
    }
  }

  return {
    World,
    TileGrid,
    /** Loads the wasm (browsers: fetched beside the glue, or as given); returns the wasm exports. */
    init: (input) => {
      if (core.stopped === null) return core.glue.default(input);
      restarting ??= (async () => {
        try {
          const glue = freshGlue();
          const exports = await glue.default(input ?? { module_or_path: core.glue.__wasmModule() });
          adopt(glue);
          return exports;
        } finally {
          restarting = null;
        }
      })();
      return restarting;
    },
    /** For tests: the next allocation in the current core fails (see alloc_switch.rs). */
    failNextAllocation: () => core.glue.failNextAllocation(),
    /** Compiles the wasm from bytes or a module at once. */
    initSync: (input) => {
      if (core.stopped === null) return core.glue.initSync(input);
      const glue = freshGlue();
      const exports = glue.initSync(input ?? { module: core.glue.__wasmModule() });
      adopt(glue);
      return exports;
    },
  };
}
