// The public `World` and `TileGrid`: the one layer between a user's
// JavaScript and the wasm core, used by the page (www/core), the embed
// (through www/core) and the npm package (its ES module and Node entry).
// The wasm-bindgen classes it wraps are never handed out.
//
// This file is the one source of the public API. Each member's name,
// parameters, types (JSDoc, checked by `tsc --checkJs`) and doc are written
// here once; the declarations are emitted from it by `tsc` (the npm
// package's facade.d.ts, the embed's types), and `signatures.js` and
// docs/API.md's member tables are generated from it by
// `node scripts/generate-api.mjs` (`npm test` fails when they differ). A
// `@category` tag opens a group of members in docs/API.md: the members
// after it, in this file's order, until the next. The raw classes' types
// come from wasm-bindgen, so `tsc` also checks every call into the core.
//
// What it promises, with nothing added to the everyday call but a type tag
// check per argument:
// - Each argument's JS type is checked here (`typeof x === 'number'`, a
//   tag check a JIT inlines) and a wrong one is a TypeError naming it;
//   nothing is coerced and no user code (valueOf, getters, proxies) runs
//   during a call. Plain numbers and strings cross to the core, which
//   judges the values (finite, positive, a live id, a cell of the map) and
//   names a bad one.
// - The first bad argument is the one named. When argument k has the wrong
//   type, the core first judges arguments 0..k alone (`wrongType` below,
//   the slow path, driven by `signatures.js`): a bad value before it is
//   named instead.
// - A refused call changes nothing; a call on a freed World (or on its
//   `tiles` handle, which is the World's and goes with it) says so; free()
//   twice, or [Symbol.dispose] after free(), does nothing; a method called
//   on an object of another class throws a TypeError (the private field's
//   brand check).
// - The everyday calls cross the boundary as one wasm call returning one
//   number (see src/wasm/mod.rs): a small result (a box, a ray hit, a view's
//   address) is read from a fixed cell of wasm memory, so no array, object
//   or handle is made for the call itself.
// - A core about to trap (a panic, or an allocation it did not ask for
//   fallibly failing: a bug, since every refusal is an Error) calls the
//   façade's handler first (`stopCore`), and is unusable from then on: the
//   call that trapped and every later call on any World of it throw one
//   clear error (`stoppedError`), free() does nothing, and `init()` /
//   `initSync()` start a fresh core (a new wasm instance of the same
//   module, when the glue was rewritten by scripts/fresh-glue.mjs) for new
//   Worlds; `World.onCoreStopped` tells a page when to do so. Nothing of
//   this runs on a call that does not stop the core.
//
// `facade(raw)` binds the classes to one wasm-bindgen module (`raw`, the
// namespace of pkg/broadphase.js) and returns them with its loaders.

/** @import * as Raw from '../../pkg/broadphase.js' */

import { SIGNATURES } from './signatures.js';

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
/** @param {PropertyKey} key @returns {Function} */
const builtinGetter = (key) => /** @type {Function} */ (Object.getOwnPropertyDescriptor(TypedArrayPrototype, key)?.get);
const typedArrayTag = builtinGetter(Symbol.toStringTag);
const typedArrayLength = builtinGetter('length');
const typedArrayBuffer = builtinGetter('buffer');
const typedArraySet = TypedArrayPrototype.set;
const apply = Reflect.apply;
const later = queueMicrotask;
const ownNames = Object.getOwnPropertyNames;
const ownDescriptor = Object.getOwnPropertyDescriptor;
const define = Object.defineProperty;
const isArray = Array.isArray;
const stringify = JSON.stringify;

/** What a value is, for a message: `number 3`, `string "3"`, `an array`, … Runs no user code. @param {unknown} value */
function describe(value) {
  const type = typeof value;
  if (typeof value === 'number') return `number ${value}`;
  if (typeof value === 'string') return `string ${stringify(value.slice(0, 40))}`;
  if (value === null) return 'null';
  try {
    if (isArray(value)) return 'an array';
  } catch {
    // A revoked proxy: Array.isArray throws on it.
  }
  return type;
}

/** @type {Record<string, string>} */
const EXPECTED = {
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  'number?': 'a number or undefined',
  Uint32Array: 'a Uint32Array',
  Float64Array: 'a Float64Array',
  function: 'a function',
};

/** @type {Record<string, unknown>} */
const NEUTRAL = { number: 0, string: '', boolean: false, 'number?': undefined };

/** @param {unknown} value @param {string} kind */
function hasType(value, kind) {
  if (kind === 'number?') return value === undefined || value === null || typeof value === 'number';
  if (kind === 'Uint32Array' || kind === 'Float64Array') return typedLength(value, kind) >= 0;
  return typeof value === kind; // number, string, boolean, function
}

/** The length of `value` if it is a genuine typed array named `kind`, else -1; no user code runs. @param {unknown} value @param {string} kind @returns {number} */
function typedLength(value, kind) {
  if (apply(typedArrayTag, value, []) !== kind) return -1;
  return apply(typedArrayLength, value, []);
}

/**
 * A copy in JS memory of a genuine typed array (its own getters and species untouched).
 * @template {Uint32Array | Float64Array} A
 * @param {A} array @param {{ new (length: number): A }} Kind @returns {A}
 */
function copyOf(array, Kind) {
  const copy = new Kind(apply(typedArrayLength, array, []));
  apply(typedArraySet, copy, [array]);
  return copy;
}

/** @param {string} name */
function freedError(name) {
  return new Error(`this ${name} was freed: it cannot be used after free()`);
}

/** @param {unknown} a @param {unknown} b */
const num2 = (a, b) => typeof a === 'number' && typeof b === 'number';
/** @param {unknown} a @param {unknown} b @param {unknown} c */
const num3 = (a, b, c) => typeof a === 'number' && typeof b === 'number' && typeof c === 'number';
/** @param {unknown} a @param {unknown} b @param {unknown} c @param {unknown} d */
const num4 = (a, b, c, d) => typeof a === 'number' && typeof b === 'number' && typeof c === 'number' && typeof d === 'number';

// ---- The core: the wasm instance behind every World made now ----

/**
 * A wasm-bindgen module's namespace (pkg/broadphase.js), with what
 * scripts/fresh-glue.mjs adds to it (fresh copies of itself, its compiled
 * module, a way to let go of a stopped copy) and two hidden exports: where
 * the core reports that it stops, and the tests' allocation switch.
 * @typedef {typeof Raw & {
 *   __freshGlue?: () => Glue,
 *   __wasmModule?: () => WebAssembly.Module,
 *   __stop?: () => void,
 *   setStopHandler?: (handler: (cause: string) => never) => void,
 *   failNextAllocation?: () => void,
 *   panicForTests?: () => void,
 * }} Glue
 */

/**
 * One core: a copy of the glue (one wasm instance once initialised), the
 * module functions the façade calls, and, once it stopped, why.
 * @typedef {object} CoreState
 * @property {Glue} glue
 * @property {string | null} stopped
 * @property {{ takeError: () => string, wasmMemory: () => WebAssembly.Memory, outAddress: () => number, setCheckLimit: (limit: number) => void, maxBatchEntries: () => number }} call
 */

/** The module `facade` was given: the first core's glue. @type {Glue | null} */
let boundModule = null;
/** The core new Worlds are made in (the first, or the last one started). @type {CoreState} */
let core = /** @type {any} */ (null);

/** The current core's glue, or an error saying the classes were imported without one, or that the core stopped. */
function bound() {
  if (boundModule === null) throw new Error('World and TileGrid are not bound to a wasm module: import them from www/core or the broadphase package');
  if (core.stopped !== null) throw stoppedError(core);
  return core.glue;
}

/** The error every call on a stopped core throws. @param {CoreState} stopped */
function stoppedError(stopped) {
  const error = new Error(
    `the broadphase core stopped after an internal error (${stopped.stopped}); its Worlds are lost: ` +
      'call init() (or initSync()) for a fresh core, then make new Worlds',
  );
  error.name = 'CoreStoppedError';
  return error;
}

/** Listeners of `World.onCoreStopped`. @type {Set<(error: Error) => void>} */
const stopListeners = new Set();

/** The glue's module functions the façade calls. */
const GLUE_FUNCTIONS = /** @type {const} */ (['takeError', 'wasmMemory', 'outAddress', 'setCheckLimit', 'maxBatchEntries']);

/** A core over `glue`, running. @param {Glue} glue @returns {CoreState} */
function coreOf(glue) {
  /** @type {any} */
  const call = {};
  for (const name of GLUE_FUNCTIONS) call[name] = glue[name];
  return { glue, stopped: null, call };
}

/**
 * Registers with the core's wasm instance (once it is initialised) the
 * handler it calls when it is about to trap: a panic, or an allocation it
 * did not ask for fallibly failing (src/wasm/stop.rs). The everyday calls
 * pass through nothing of this: the core calls out only when it stops.
 * @param {CoreState} state
 */
function listenForStop(state) {
  state.glue.setStopHandler?.((cause) => {
    throw stopCore(state, cause);
  });
}

/**
 * Stops `state`: every member of its classes and every module function the
 * façade calls now throw the stopped error without entering the wasm
 * (`free()` does nothing), the glue lets go of its instance, and the
 * listeners hear it after the call that trapped. Returns the error that
 * call throws.
 * @param {CoreState} state @param {string} cause
 * @returns {Error}
 */
function stopCore(state, cause) {
  if (state.stopped === null) {
    state.stopped = cause;
    const glue = state.glue;
    const refuse = () => {
      throw stoppedError(state);
    };
    /** @param {object} target */
    const stopMembers = (target) => {
      for (const name of ownNames(target)) {
        if (name === 'constructor' || name === 'prototype' || name === 'length' || name === 'name' || name.startsWith('__')) continue;
        const d = /** @type {PropertyDescriptor} */ (ownDescriptor(target, name));
        const instead = name === 'free' ? () => {} : refuse;
        if (typeof d.value === 'function') d.value = instead;
        else if (typeof d.get === 'function') d.get = instead;
        else continue;
        define(target, name, d);
      }
    };
    for (const Class of [glue.World, glue.TileGrid]) {
      stopMembers(Class);
      stopMembers(Class.prototype);
    }
    for (const name of GLUE_FUNCTIONS) state.call[name] = refuse;
    glue.__stop?.();
    const error = stoppedError(state);
    for (const listener of [...stopListeners]) later(() => listener(error));
  }
  return stoppedError(state);
}

/** A restart under way (`init()` after the core stopped). @type {Promise<unknown> | null} */
let restarting = null;

/** The fresh copy of the glue a restart starts, or an error if this glue cannot make one. */
function freshGlue() {
  const fresh = core.glue.__freshGlue;
  if (typeof fresh !== 'function') {
    throw new Error(`the broadphase core stopped (${core.stopped}) and this build cannot start another: reload the page`);
  }
  return fresh();
}

/** The compiled module of the current core, to instantiate again without fetching. */
function compiledModule() {
  const compiled = core.glue.__wasmModule?.();
  if (compiled === undefined) throw new Error('the broadphase core stopped before its wasm was loaded: reload the page');
  return compiled;
}

/** Makes `glue` (initialised) the core new Worlds are made in. @param {Glue} glue */
function adopt(glue) {
  core = coreOf(glue);
  listenForStop(core);
  heap = null;
  views.clear();
  batchLimit = 0;
  shapeNames = null;
}

// ---- Wasm memory: the cells small results are left in, and views ----

/** @type {ArrayBuffer | null} */
let heap = null;
/** @type {Float64Array} */
let cells = new Float64Array(0);
/**
 * Views handed out, by address and length: a result of the same length
 * at the same place is the same view object, so the everyday query makes
 * no object once warm (a view is valid until the next call anyway).
 * @type {Map<number, Uint32Array[]>}
 */
const views = new Map();
/** The core's result cells (re-viewed after the memory grew: the old view is then detached). */
function out() {
  if (heap === null || heap.byteLength === 0) {
    heap = /** @type {ArrayBuffer} */ (core.call.wasmMemory().buffer);
    cells = new Float64Array(heap, core.call.outAddress(), 8);
    views.clear();
  }
  return cells;
}
/** The memory's current buffer (for views and for telling a view of it). */
function memory() {
  out();
  return /** @type {ArrayBuffer} */ (heap);
}
/** @param {number} length */
function viewU32(length) {
  const address = out()[0];
  const buffer = /** @type {ArrayBuffer} */ (heap);
  if (length > MAX_KEPT_VIEW) return new Uint32Array(buffer, address, length);
  let byLength = views.get(address);
  if (byLength === undefined) {
    if (views.size >= MAX_KEPT_ADDRESSES) views.clear(); // buffers that moved
    byLength = [];
    views.set(address, byLength);
  }
  return (byLength[length] ??= new Uint32Array(buffer, address, length));
}
/**
 * A view of one method's result (`pairs`, `slotBoxes`, …), at the address
 * the core left in the result cells: the same object while the result
 * stays where it is, so reading it every frame makes no garbage. What was
 * handed out is kept here, not read back from the view (a page's own
 * typed-array getters never run).
 * @template {Uint32Array | Float64Array | Uint8Array} A
 * @param {{ new (buffer: ArrayBuffer, at: number, length: number): A }} Kind
 * @returns {(length: number) => A}
 */
function viewOf(Kind) {
  /** @type {A | null} */
  let view = null;
  let address = -1;
  let count = -1;
  /** @type {ArrayBuffer | null} */
  let buffer = null;
  return (length) => {
    const at = out()[0];
    if (view === null || at !== address || length !== count || heap !== buffer) {
      buffer = /** @type {ArrayBuffer} */ (heap);
      view = new Kind(buffer, at, length);
      address = at;
      count = length;
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
/** @param {number} count */
function floats(count) {
  const o = out();
  const copy = new Float64Array(count);
  for (let i = 0; i < count; i++) copy[i] = o[i];
  return copy;
}
/** @param {number} found @returns {RayHit | undefined} */
function rayHit(found) {
  if (found === 0) return undefined;
  const o = out();
  return { t: o[0], x: o[1], y: o[2], normalX: o[3], normalY: o[4], objectId: o[5], col: o[6], row: o[7] };
}
/** A box cast's answer: the same cells, the box's position for the point. */
const boxHit = /** @type {(found: number) => BoxCastHit | undefined} */ (rayHit);
const refused = () => new Error(core.call.takeError());

// ---- The slow path: a wrong type, named after any earlier bad value ----

/**
 * Throws for the first argument of `values` whose type is wrong by
 * `signature`, unless an earlier argument's value is bad: the core judges
 * those first (`method` is called on `self` with the values before the
 * wrongly typed one and neutral ones from it on, and it stops there).
 * @param {readonly (readonly [string, string])[]} signature
 * @param {unknown[]} values
 * @param {unknown} self
 * @param {Function} method
 * @returns {never}
 */
function wrongType(signature, values, self, method) {
  let k = 0;
  while (k < signature.length && hasType(values[k], signature[k][1])) k++;
  if (k === signature.length) throw new Error('wrongType called without a wrong type'); // a façade bug
  let earlier = null;
  if (k > 0) {
    const args = values.slice(0, k);
    for (let i = k; i < signature.length; i++) args.push(NEUTRAL[signature[i][1]]);
    core.call.setCheckLimit(k);
    try {
      if (apply(method, self, args) === REFUSED) earlier = refused();
    } catch (error) {
      if (error !== null) earlier = error; // thrown by a `Result` method; null: stopped, nothing bad before k
    } finally {
      core.call.setCheckLimit(NO_LIMIT);
    }
  }
  const [name, kind] = signature[k];
  throw earlier ?? new TypeError(`${name} must be ${EXPECTED[kind]}, got ${describe(values[k])}`);
}

/** Judges nothing (for a method whose earlier arguments the façade judges itself). */
const judgeNothing = () => 0;

const W = SIGNATURES.World;
const T = SIGNATURES.TileGrid;
const TILES_MAKES = {}; // World.tiles' token for TileGrid's constructor

let batchLimit = 0;
/** Most entries a batch takes (the core refuses more before it allocates). */
const maxBatch = () => (batchLimit ||= core.call.maxBatchEntries());

/** @type {string[] | null} */
let shapeNames = null;
const shapes = () => (shapeNames ??= bound().TileGrid.shapes());

/**
 * Views of wasm memory among a batch's arrays are copied out first: reserving room may grow the memory and detach them.
 * @template {Uint32Array | Float64Array} A
 * @param {A} array @param {{ new (length: number): A }} Kind @returns {A}
 */
function outsideMemory(array, Kind) {
  return apply(typedArrayBuffer, array, []) === memory() ? copyOf(array, Kind) : array;
}

/**
 * What `castRay` hit first (a plain object: nothing to free).
 * @typedef {object} RayHit
 * @property {number} t Fraction of the segment, 0..1.
 * @property {number} x The hit point.
 * @property {number} y
 * @property {number} normalX Unit outward normal of the surface hit.
 * @property {number} normalY
 * @property {number} objectId The object hit, or 0 for a tile.
 * @property {number} col The tile's cell for a tile hit; -1 for an object.
 * @property {number} row
 */

/**
 * What `castBox` met first (a plain object: nothing to free). Shaped as a
 * `RayHit`, with the box's position where it stops instead of a point of
 * contact: what a character controller moves its box to.
 * @typedef {object} BoxCastHit
 * @property {number} t Fraction of the motion, 0..1, at which the box first overlaps what it met.
 * @property {number} x The box's min corner where it stops: at `t`, rounded towards the start so that the box there overlaps no tile, no closed door and not the object met.
 * @property {number} y
 * @property {number} normalX Unit outward normal of the surface met (`(0, 0)` when the box overlaps something from the start).
 * @property {number} normalY
 * @property {number} objectId The object met, or 0 for a tile or a closed door.
 * @property {number} col The tile's cell (for a closed door, the cell beyond it in the direction of motion); -1 for an object.
 * @property {number} row
 */

/**
 * One queue repair of `setParent` (see `lastRepair`).
 * @typedef {object} RepairTrace
 * @property {number} child
 * @property {number} parent
 * @property {number} p Where the child sat in the queue (the start of the repaired segment).
 * @property {number} q Where the new parent sat (its end).
 * @property {Uint32Array} before The segment P..=Q before the repair.
 * @property {Uint32Array} temp The temporary queue at the end of the walk.
 * @property {Uint8Array} toTemp Per entry of `before`: 1 if it went to the temporary queue.
 * @property {Uint32Array} after The segment after the repair.
 * @property {Float64Array} steps The walk as the core took it, one record
 *   per step (`World.viewLayout('lastRepair.steps')`): T's start, one step
 *   per entry between P and Q (to T, or pushed forward, and why), the splice.
 */

/**
 * The raw handle, if its build has the traces (the `trace` cargo feature,
 * on by default); else an Error saying so.
 * @template {object} R @param {R} raw @param {string} method @returns {R}
 */
function traced(raw, method) {
  if (typeof (/** @type {any} */ (raw))[method] !== 'function') {
    throw new Error(`${method}: this build of the core has no traces (it was built without the "trace" feature)`);
  }
  return raw;
}

/** @type {(handle: Raw.TileGrid) => TileGrid} */
let tilesOf;
/** @type {(tiles: TileGrid) => void} */
let releaseTiles;

/**
 * The N-style tile grid of a world: `const tiles = world.tiles` (the same
 * handle at every read), with its shapes, edge states and doors as
 * typed-array views, a change journal a drawing layer redraws from,
 * tile-only rays, and static functions that describe the shapes without
 * any grid. Views follow the World's rule (see **Views** on `World`):
 * valid until the next call into the core, possibly the same object
 * again, harmless to write into.
 */
export class TileGrid {
  /** @type {Raw.TileGrid | null} */
  #raw;

  /**
   * Made by `world.tiles` only.
   * @private
   * @param {unknown} token
   * @param {Raw.TileGrid} handle
   */
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
   * Every shape name in code order (the codes of `tileIndices()`):
   * `"empty"`, `"full"`, then `<family>-<corner>` for each family and the
   * corner (`tl`, `tr`, `bl`, `br`) that holds the solid part.
   * @category What shapes are (no map needed)
   * @returns {string[]}
   */
  static shapes() {
    return bound().TileGrid.shapes();
  }
  /**
   * The families, in code order: `"empty"`, `"full"`, `"slope45"`,
   * `"concave"`, `"convex"`, `"shallow-small"`, `"shallow-large"`,
   * `"steep-small"`, `"steep-large"`.
   * @returns {string[]}
   */
  static shapeFamilies() {
    return bound().TileGrid.shapeFamilies();
  }
  /**
   * A shape's family.
   * @param {string} shape
   * @returns {string}
   */
  static shapeFamily(shape) {
    const R = bound().TileGrid;
    if (typeof shape !== 'string') wrongType(T.shapeFamily, [shape], R, R.shapeFamily);
    return R.shapeFamily(shape);
  }
  /**
   * The shape turned a quarter turn clockwise on screen (y down), or
   * anticlockwise: a true rotation of the solid region, so
   * `shallow-small-br` becomes `steep-small-bl`.
   * @param {string} shape
   * @param {boolean} clockwise
   * @returns {string}
   */
  static rotateShape(shape, clockwise) {
    const R = bound().TileGrid;
    if (typeof shape !== 'string' || typeof clockwise !== 'boolean') wrongType(T.rotateShape, [shape, clockwise], R, R.rotateShape);
    return R.rotateShape(shape, clockwise);
  }
  /**
   * The outline of a shape's solid part in the unit tile `[0, 1]²`,
   * `[x0, y0, x1, y1, …]`, arcs as `segments` straight pieces (a copy;
   * empty for `"empty"`).
   * @param {string} shape
   * @param {number} segments
   * @returns {Float64Array}
   */
  static shapeOutline(shape, segments) {
    const R = bound().TileGrid;
    if (typeof shape !== 'string' || typeof segments !== 'number') wrongType(T.shapeOutline, [shape, segments], R, R.shapeOutline);
    return R.shapeOutline(shape, segments);
  }
  /**
   * The edge state each side of a lone tile of this shape gives, as codes
   * of `World.edgeStates()`, in `TileGrid.sides()` order (a copy).
   * @param {string} shape
   * @returns {Uint8Array}
   */
  static shapeSides(shape) {
    const R = bound().TileGrid;
    if (typeof shape !== 'string') wrongType(T.shapeSides, [shape], R, R.shapeSides);
    return R.shapeSides(shape);
  }
  /**
   * The side names, in the order of `shapeSides`: `["left", "right",
   * "top", "bottom"]` (y grows downward).
   * @returns {string[]}
   */
  static sides() {
    return bound().TileGrid.sides();
  }
  /**
   * The door names by their codes in `doors()` and `edgeLines()`:
   * `["none", "open", "closed"]`.
   * @returns {string[]}
   */
  static doorStates() {
    return bound().TileGrid.doorStates();
  }
  /**
   * The preset maps `loadPreset` accepts.
   * @returns {string[]}
   */
  static presets() {
    return bound().TileGrid.presets();
  }

  /**
   * Columns of the map.
   * @category The map
   */
  get cols() {
    return this.#live().cols;
  }
  /** Rows of the map. */
  get rows() {
    return this.#live().rows;
  }
  /** The side of a square tile, in world units. */
  get tileSize() {
    return this.#live().tileSize;
  }
  /**
   * Replaces the map by `cols × rows` empty square tiles of side
   * `tileSize` from the origin. The map's extent must be finite, as the
   * World's size must: a `tileSize` whose `cols × tileSize` or
   * `rows × tileSize` overflows (`reset(2, 2, 1e308)`) is refused with an
   * error naming `tileSize` and the largest allowed.
   * @param {number} cols
   * @param {number} rows
   * @param {number} tileSize
   */
  reset(cols, rows, tileSize) {
    const r = this.#live();
    if (!num3(cols, rows, tileSize)) wrongType(T.reset, [cols, rows, tileSize], r, r.reset);
    r.reset(cols, rows, tileSize);
  }
  /**
   * Replaces the map by a preset (`TileGrid.presets()`).
   * @param {string} name
   */
  loadPreset(name) {
    const r = this.#live();
    if (typeof name !== 'string') wrongType(T.loadPreset, [name], r, r.loadPreset);
    r.loadPreset(name);
  }
  /**
   * The map as text: two characters per cell (`..` empty, `##` full, else
   * a family letter — `s` slope45, `c` concave, `o` convex, `l`/`L`
   * shallow small/large, `t`/`T` steep small/large — and the solid
   * corner's numeric-keypad digit: `7` tl, `9` tr, `1` bl, `3` br), then
   * one `door <col> <row> <side> <open|closed>` line per door.
   * @returns {string}
   */
  ascii() {
    return this.#live().ascii();
  }
  /**
   * Replaces the map by one read from that text (see `ascii()`).
   * @param {string} map
   * @param {number} tileSize
   */
  loadAscii(map, tileSize) {
    const r = this.#live();
    if (typeof map !== 'string' || typeof tileSize !== 'number') wrongType(T.loadAscii, [map, tileSize], r, r.loadAscii);
    r.loadAscii(map, tileSize);
  }
  /**
   * Sets one tile by shape name (`TileGrid.shapes()`): `"empty"`,
   * `"full"`, or one of N's slope and curve families in four orientations.
   * @param {number} col
   * @param {number} row
   * @param {string} shape
   */
  setTile(col, row, shape) {
    const r = this.#live();
    if (!num2(col, row) || typeof shape !== 'string') wrongType(T.setTile, [col, row, shape], r, r.setTile);
    if (r.setTile(col, row, shape) === REFUSED) throw refused();
  }
  /**
   * The shape name of a tile.
   * @param {number} col
   * @param {number} row
   * @returns {string}
   */
  tile(col, row) {
    const r = this.#live();
    if (!num2(col, row)) wrongType(T.tile, [col, row], r, r.tile);
    const code = r.tile(col, row);
    if (code === REFUSED) throw refused();
    return shapes()[code];
  }
  /**
   * `"empty"`, `"solid"` or `"interesting"` for a side (`"left"`,
   * `"right"`, `"top"`, `"bottom"`) of a cell, after simplification; the
   * two names of one shared side agree; the grid's outer sides count as
   * bordering an empty cell.
   * @param {number} col
   * @param {number} row
   * @param {string} side
   * @returns {string}
   */
  edge(col, row, side) {
    const r = this.#live();
    if (!num2(col, row) || typeof side !== 'string') wrongType(T.edge, [col, row, side], r, r.edge);
    return r.edge(col, row, side);
  }
  /**
   * How the state of a cell side follows from the two cells that share
   * it, as the core computed it (a copy): records of
   * `World.viewLayout('traceEdge')` — each cell's view of the side (its
   * tile, how much of the side the tile's solid lies along, `empty` /
   * `solid` / `interesting`), the two combined and simplified, a door
   * overriding them, the state stored (what `edge` says).
   * @param {number} col
   * @param {number} row
   * @param {string} side
   * @returns {Float64Array}
   */
  traceEdge(col, row, side) {
    const r = traced(this.#live(), 'traceEdge');
    if (!num2(col, row) || typeof side !== 'string') wrongType(T.traceEdge, [col, row, side], r, r.traceEdge);
    return r.traceEdge(col, row, side);
  }
  /**
   * A door on a cell side: `"closed"` (the edge is solid), `"open"`
   * (empty), or `"none"` (the tiles decide again); doors survive edits of
   * the tiles beside them.
   * @param {number} col
   * @param {number} row
   * @param {string} side
   * @param {string} door
   */
  setDoor(col, row, side, door) {
    const r = this.#live();
    if (!num2(col, row) || typeof side !== 'string' || typeof door !== 'string') wrongType(T.setDoor, [col, row, side, door], r, r.setDoor);
    r.setDoor(col, row, side, door);
  }
  /**
   * The door on a cell side: `"open"`, `"closed"` or `"none"`.
   * @param {number} col
   * @param {number} row
   * @param {string} side
   * @returns {string}
   */
  door(col, row, side) {
    const r = this.#live();
    if (!num2(col, row) || typeof side !== 'string') wrongType(T.door, [col, row, side], r, r.door);
    return r.door(col, row, side);
  }
  /**
   * Per cell, row-major, the code of its shape in `TileGrid.shapes()`
   * (a view: valid until the next call into this core, may come back as
   * the same object, `.slice()` to keep it).
   * @returns {Uint8Array}
   */
  tileIndices() {
    return this.#live().tileIndices();
  }
  /**
   * Every edge's state by edge id, as codes of `World.edgeStates()`:
   * vertical edges first — the one on line `x = k·tileSize` in row `r`
   * at `r·(cols+1) + k` — then horizontal ones — the one on line `y =
   * k·tileSize` in column `c` at `(cols+1)·rows + k·cols + c` (a view:
   * valid until the next call into this core, may come back as the same
   * object, `.slice()` to keep it; a copy of the map's own, which
   * writes do not reach).
   * @returns {Uint8Array}
   */
  edges() {
    return this.#live().edges();
  }
  /**
   * Every edge's door by edge id, as codes of `TileGrid.doorStates()`,
   * in the layout of `edges()` (a view: valid until the next call into
   * this core, may come back as the same object, `.slice()` to keep
   * it).
   * @returns {Uint8Array}
   */
  doors() {
    return this.#live().doors();
  }
  /**
   * The edges bordering the cells `[colStart, colEnd) × [rowStart,
   * rowEnd)` (the whole map when omitted) that are not empty or carry a
   * door: `x0, y0, x1, y1, state, door` each, in world units, what a
   * drawing layer strokes (a view: valid until the next call into this
   * core, may come back as the same object, `.slice()` to keep it).
   * @param {number | null} [colStart]
   * @param {number | null} [rowStart]
   * @param {number | null} [colEnd]
   * @param {number | null} [rowEnd]
   * @returns {Float64Array}
   */
  edgeLines(colStart, rowStart, colEnd, rowEnd) {
    const r = this.#live();
    const values = [colStart, rowStart, colEnd, rowEnd];
    if (!values.every((v, i) => hasType(v, T.edgeLines[i][1]))) wrongType(T.edgeLines, values, r, r.edgeLines);
    return r.edgeLines(colStart ?? undefined, rowStart ?? undefined, colEnd ?? undefined, rowEnd ?? undefined);
  }
  /**
   * The cell holding a point, `[col, row]` (cells are half-open), or
   * `undefined` off the map (a copy).
   * @param {number} x
   * @param {number} y
   * @returns {Uint32Array | undefined}
   */
  cellAt(x, y) {
    const r = this.#live();
    if (!num2(x, y)) wrongType(T.cellAt, [x, y], r, r.cellAt);
    if (r.cellAt(x, y) === 0) return undefined;
    const o = out();
    const cell = new Uint32Array(2);
    cell[0] = o[0];
    cell[1] = o[1];
    return cell;
  }
  /**
   * Throws if an invariant of the map is broken (a debugging aid).
   */
  validate() {
    this.#live().validate();
  }

  /**
   * Goes up with every change of a tile, an edge state or a door, and
   * jumps when the map is replaced by one of another size: compare it
   * with the revision last drawn, and ask `changedCellsSince` what to
   * redraw.
   * @category Changes (redraw only what changed)
   */
  get revision() {
    return this.#live().revision;
  }
  /**
   * `[col, row, …]` of the cells whose picture changed since `revision`
   * (a tile set there, or an edge beside it changed state or door),
   * row-major, each once (a view: valid until the next call into this
   * core, may come back as the same object, `.slice()` to keep it);
   * `undefined` when that is too long ago (more than 65,536 notes) or
   * the map's size changed since: redraw everything then. `revision` is
   * a whole number from 0 (`-1`, `NaN` or `1.5` throw). Loading a map
   * of the same size notes only the cells that differ.
   * @param {number} revision
   * @returns {Uint32Array | undefined}
   */
  changedCellsSince(revision) {
    const r = this.#live();
    if (typeof revision !== 'number') wrongType(T.changedCellsSince, [revision], r, r.changedCellsSince);
    return r.changedCellsSince(revision);
  }

  /**
   * `[col, row, …]` of the tiles whose interior the box's interior
   * overlaps, row-major, clipped to the grid (a view: valid until the
   * next call into this core, may come back as the same object,
   * `.slice()` to keep it).
   * @category Collision and rays against the tiles
   * @param {number} x
   * @param {number} y
   * @param {number} w
   * @param {number} h
   * @returns {Uint32Array}
   */
  touchedCells(x, y, w, h) {
    const r = this.#live();
    if (!num4(x, y, w, h)) wrongType(T.touchedCells, [x, y, w, h], r, r.touchedCells);
    const length = r.touchedCells(x, y, w, h);
    if (length === REFUSED) throw refused();
    return viewU32(length);
  }
  /**
   * A move `[dx, dy]` that takes the box out of every tile it overlaps:
   * the deepest contact first, by the shortest path to a clear landing in
   * one push or two (a box sunk into a corner comes out by the two short
   * pushes, never round a tile's far side), never through a side blocked
   * by a neighbouring solid face or a closed door (at most 8 rounds; may
   * be partial in a tight spot; a copy).
   * @param {number} x
   * @param {number} y
   * @param {number} w
   * @param {number} h
   * @returns {Float64Array}
   */
  pushOut(x, y, w, h) {
    const r = this.#live();
    if (!num4(x, y, w, h)) wrongType(T.pushOut, [x, y, w, h], r, r.pushOut);
    if (r.pushOut(x, y, w, h) === REFUSED) throw refused();
    return floats(2);
  }
  /**
   * `pushOut` step by step, as the core took it (a copy): records of
   * `World.viewLayout('tracePushOut')` — per round the box, each touched
   * cell with its tile (the separating-axis tests, every way out with its
   * depth and whether a neighbour's face blocks it, the contact), each
   * closed door crossed, the deepest contact, each way out tried and the
   * overlap it leaves, the move made; last, the total move (what
   * `pushOut` returns) and why it stopped.
   * @param {number} x
   * @param {number} y
   * @param {number} w
   * @param {number} h
   * @returns {Float64Array}
   */
  tracePushOut(x, y, w, h) {
    const r = traced(this.#live(), 'tracePushOut');
    if (!num4(x, y, w, h)) wrongType(T.tracePushOut, [x, y, w, h], r, r.tracePushOut);
    return r.tracePushOut(x, y, w, h);
  }
  /**
   * `[col, row, …]` of the cells the segment passes through, in order
   * from the start, clipped to the grid, ignoring tiles: pure
   * Amanatides–Woo (a view: valid until the next call into this core,
   * may come back as the same object, `.slice()` to keep it). Exact for
   * ends of any magnitude (up to ±1.8e308, mixed with 1e-300): the
   * cells of the real segment, decided by exact orientation tests,
   * never by a rounded `t` (a segment passing exactly through a lattice
   * point goes straight to the diagonal cell; one passing a hair beside
   * it visits the side cell).
   * @param {number} x0
   * @param {number} y0
   * @param {number} x1
   * @param {number} y1
   * @returns {Uint32Array}
   */
  traceCells(x0, y0, x1, y1) {
    const r = this.#live();
    if (!num4(x0, y0, x1, y1)) wrongType(T.traceCells, [x0, y0, x1, y1], r, r.traceCells);
    const length = r.traceCells(x0, y0, x1, y1);
    if (length === REFUSED) throw refused();
    return viewU32(length);
  }
  /**
   * The same walk with the DDA's state per visited cell: `col, row, t,
   * x, y, tMaxX, tMaxY, tDeltaX, tDeltaY` (where the segment enters the
   * cell, and tMax / tDelta on arrival; a view: valid until the next
   * call into this core, may come back as the same object, `.slice()`
   * to keep it). One walk gives the cells and the step-through.
   * @param {number} x0
   * @param {number} y0
   * @param {number} x1
   * @param {number} y1
   * @returns {Float64Array}
   */
  traceSteps(x0, y0, x1, y1) {
    const r = this.#live();
    if (!num4(x0, y0, x1, y1)) wrongType(T.traceSteps, [x0, y0, x1, y1], r, r.traceSteps);
    return r.traceSteps(x0, y0, x1, y1);
  }
  /**
   * The first tile surface or closed door the segment touches, or
   * `undefined`; objects are ignored (`World.castRay` sees both).
   * @param {number} x0
   * @param {number} y0
   * @param {number} x1
   * @param {number} y1
   * @returns {RayHit | undefined}
   */
  castRay(x0, y0, x1, y1) {
    const r = this.#live();
    if (!num4(x0, y0, x1, y1)) wrongType(T.castRay, [x0, y0, x1, y1], r, r.castRay);
    const found = r.castRay(x0, y0, x1, y1);
    if (found === REFUSED) throw refused();
    return rayHit(found);
  }
  /**
   * Whether no tile (nor closed door) touches the segment; touching
   * blocks — exactly when `castRay` finds no tile, so a segment lying
   * along a floor or a ceiling is blocked by it, and one passing through
   * no cell of the grid is clear.
   * @param {number} x0
   * @param {number} y0
   * @param {number} x1
   * @param {number} y1
   * @returns {boolean}
   */
  lineOfSight(x0, y0, x1, y1) {
    const r = this.#live();
    if (!num4(x0, y0, x1, y1)) wrongType(T.lineOfSight, [x0, y0, x1, y1], r, r.lineOfSight);
    const clear = r.lineOfSight(x0, y0, x1, y1);
    if (clear === REFUSED) throw refused();
    return clear === 1;
  }
  /**
   * The first tile (its exact shape) or closed door the box `(x, y, w, h)`
   * meets as it moves by `(dx, dy)`, or `undefined`; objects are ignored
   * (`World.castBox` sees both). The first time its interior would overlap
   * one (touching does not count: a box resting on a floor slides along
   * it), the normal there, the cell, and where to leave the box.
   * @param {number} x
   * @param {number} y
   * @param {number} w
   * @param {number} h
   * @param {number} dx
   * @param {number} dy
   * @returns {BoxCastHit | undefined}
   */
  castBox(x, y, w, h, dx, dy) {
    const r = this.#live();
    if (!(num4(x, y, w, h) && num2(dx, dy))) wrongType(T.castBox, [x, y, w, h, dx, dy], r, r.castBox);
    const found = r.castBox(x, y, w, h, dx, dy);
    if (found === REFUSED) throw refused();
    return boxHit(found);
  }
  /**
   * Does nothing: the handle is its World's (the same one every time),
   * and goes with the World's `free()`.
   */
  free() {
    void this.#raw; // the brand check: a TypeError on an object of another class
  }
  /** The same as `free()`: does nothing. */
  [Symbol.dispose]() {
    void this.#raw;
  }
}

/** @type {(world: World) => void} */
let releaseWorld;

/**
 * A world of moving boxes with switchable broad-phase structures, its
 * N-style tile grid (`tiles`), rays and a flat scene hierarchy.
 *
 * **Views.** A method documented as returning *a view* returns a typed
 * array over the core's wasm memory, not a copy:
 * - it is valid until the next call into any World or TileGrid of the
 *   same core (the same loaded module): that call may write over it, or
 *   grow the memory, which detaches it (it then reads length 0);
 * - a later call, of the same method or another one, may return the very
 *   same object (`query()` twice; `tiles.touchedCells()`, then
 *   `tiles.traceCells()`);
 * - `.slice()` one to keep it;
 * - writing into it (`fill`, `sort`, `reverse`, `set`) is harmless: the
 *   core keeps its own state apart and never reads a view back, so a
 *   write changes no answer of any World; it stays in that view until the
 *   core writes there again (at the latest, the next call returning it
 *   after the World changed);
 * - one kept past the next call is stale (do not read it); every view lies
 *   in memory that only ever holds views, so even a write through a stale
 *   one can only change another view, never what the core reads.
 *
 * **A stopped core.** If the wasm ever traps (a bug: every refusal is an
 * `Error` that changes nothing), that call and every later call on any
 * World of that core throw an `Error` named `CoreStoppedError`; `free()`
 * then does nothing. `World.onCoreStopped` says when; `init()` (or
 * `initSync()`) starts a fresh core for new Worlds.
 */
export class World {
  /** @type {Raw.World | null} */
  #raw;
  /** The one `tiles` handle this World gives out, made at the first read. @type {TileGrid | null} */
  #tiles = null;

  /**
   * A world rectangle `[0, width] × [0, height]`, brute-force structure,
   * no objects.
   * @category The world and its objects
   * @param {number} width
   * @param {number} height
   */
  constructor(width, height) {
    const R = bound().World;
    if (!num2(width, height)) wrongType(W.constructor, [width, height], null, (/** @type {number} */ w, /** @type {number} */ h) => new R(w, h).free());
    this.#raw = new R(width, height);
  }

  static {
    releaseWorld = (world) => {
      const r = world.#raw;
      if (r !== null) {
        world.#raw = null;
        if (world.#tiles !== null) releaseTiles(world.#tiles);
        r.free();
      }
    };
  }

  #live() {
    const r = this.#raw;
    if (r === null) throw freedError('World');
    return r;
  }

  /** The world rectangle's width. */
  get width() {
    return this.#live().width;
  }
  /** The world rectangle's height. */
  get height() {
    return this.#live().height;
  }
  /**
   * A new world rectangle (the walls `step` bounces off, the region
   * quadtrees divide); objects stay where they are. With a cell size set
   * by `setCellSize` that the new world would need more than 2,097,152
   * grid cells for, the resize is refused (`"cellSize must be at least
   * …"`) rather than the size raised silently: set a larger one, or
   * `useAutomaticCellSize()`, first.
   * @param {number} width
   * @param {number} height
   */
  resize(width, height) {
    const r = this.#live();
    if (!num2(width, height)) wrongType(W.resize, [width, height], r, r.resize);
    r.resize(width, height);
  }
  /**
   * Adds a box at rest and returns its id: ids start at 1 and are never
   * reused. A World holds at most 4,000,000 objects: past that, an error
   * (`"insert: a World holds at most 4000000 objects; …"`).
   * @param {number} x
   * @param {number} y
   * @param {number} w
   * @param {number} h
   * @returns {number}
   */
  insert(x, y, w, h) {
    const r = this.#live();
    if (!num4(x, y, w, h)) wrongType(W.insert, [x, y, w, h], r, r.insert);
    const id = r.insert(x, y, w, h);
    if (id === REFUSED) throw refused();
    return id;
  }
  /**
   * Moves / resizes a box to exactly the numbers given (an attached box
   * takes the new offset to its parent); its attached descendants follow.
   * @param {number} id
   * @param {number} x
   * @param {number} y
   * @param {number} w
   * @param {number} h
   */
  update(id, x, y, w, h) {
    const r = this.#live();
    if (typeof id !== 'number' || !num4(x, y, w, h)) wrongType(W.update, [id, x, y, w, h], r, r.update);
    if (r.update(id, x, y, w, h) === REFUSED) throw refused();
  }
  /**
   * Many boxes at once: `boxes` holds `[x, y, w, h]` per id of `ids`;
   * placed all at once: every listed box ends exactly where its entry says
   * (a later entry for an id wins) and an attached box that is not listed
   * follows its parent, whatever the order of the entries; all or
   * nothing: a bad entry throws naming its index, the first dead id of
   * `ids` before any wrong length or box of `boxes` (`"ids[1]: id 77 is
   * not a live object id"`, `"boxes[3]: w must be greater than 0, got
   * -2"`), and nothing changes. One call instead of one per object: what
   * a game that moves its own objects wants each frame.
   * @param {Uint32Array} ids
   * @param {Float64Array} boxes
   */
  updateMany(ids, boxes) {
    const r = this.#live();
    const idCount = typedLength(ids, 'Uint32Array');
    if (idCount < 0) wrongType(W.updateMany, [ids, boxes], null, judgeNothing);
    const boxCount = typedLength(boxes, 'Float64Array');
    const copying = idCount <= maxBatch();
    const idSource = copying ? outsideMemory(ids, Uint32Array) : ids;
    if (boxCount < 0) {
      // The ids are judged before the boxes' type is named.
      if (r.reserveUpdateMany(idCount, 0) === REFUSED) throw refused();
      apply(typedArraySet, new Uint32Array(memory(), out()[0], idCount), [idSource]);
      wrongType(W.updateMany, [ids, boxes], null, () => r.updateMany(0));
    }
    const boxSource = copying && boxCount === 4 * idCount ? outsideMemory(boxes, Float64Array) : boxes;
    if (r.reserveUpdateMany(idCount, boxCount) === REFUSED) throw refused();
    const o = out();
    const buffer = /** @type {ArrayBuffer} */ (heap);
    apply(typedArraySet, new Uint32Array(buffer, o[0], idCount), [idSource]);
    if (boxCount === 4 * idCount) apply(typedArraySet, new Float64Array(buffer, o[1], boxCount), [boxSource]);
    if (r.updateMany(boxCount) === REFUSED) throw refused();
  }
  /**
   * Units per second.
   * @param {number} id
   * @param {number} vx
   * @param {number} vy
   */
  setVelocity(id, vx, vy) {
    const r = this.#live();
    if (!num3(id, vx, vy)) wrongType(W.setVelocity, [id, vx, vy], r, r.setVelocity);
    if (r.setVelocity(id, vx, vy) === REFUSED) throw refused();
  }
  /**
   * `[vx, vy]` of a live object (a copy).
   * @param {number} id
   * @returns {Float64Array}
   */
  velocity(id) {
    const r = this.#live();
    if (typeof id !== 'number') wrongType(W.velocity, [id], r, r.velocity);
    if (r.velocity(id) === REFUSED) throw refused();
    return floats(2);
  }
  /**
   * Deletes the object and all its descendants.
   * @param {number} id
   */
  remove(id) {
    const r = this.#live();
    if (typeof id !== 'number') wrongType(W.remove, [id], r, r.remove);
    if (r.remove(id) === REFUSED) throw refused();
  }
  /**
   * The object's current `[x, y, w, h]` (a copy).
   * @param {number} id
   * @returns {Float64Array}
   */
  box(id) {
    const r = this.#live();
    if (typeof id !== 'number') wrongType(W.box, [id], r, r.box);
    if (r.box(id) === REFUSED) throw refused();
    return floats(4);
  }
  /** Live objects. */
  get count() {
    return this.#live().count;
  }
  /**
   * Adds `count` seeded moving boxes laid out per `layout`
   * (`World.layouts()`: `uniform`, `clustered`, `mixed`), scaled to this
   * world, and returns the first new id; at most 2,000,000 a call and
   * 4,000,000 in a World; memory is reserved first, so a refusal (too
   * many, or out of memory) adds nothing and leaves the World usable.
   * @param {number} count
   * @param {number} seed
   * @param {string} layout
   * @returns {number}
   */
  populate(count, seed, layout) {
    const r = this.#live();
    if (!num2(count, seed) || typeof layout !== 'string') wrongType(W.populate, [count, seed, layout], r, r.populate);
    return r.populate(count, seed, layout);
  }
  /**
   * The layouts `populate` accepts.
   * @returns {string[]}
   */
  static layouts() {
    return bound().World.layouts();
  }
  /**
   * The side of the square world the seeded scenes use for `count` boxes
   * (constant density; at least 200).
   * @param {number} count
   * @returns {number}
   */
  static sceneSide(count) {
    const R = bound().World;
    if (typeof count !== 'number') wrongType(W.sceneSide, [count], R, R.sceneSide);
    return R.sceneSide(count);
  }
  /**
   * Throws if any internal invariant is broken (a debugging aid).
   */
  validate() {
    this.#live().validate();
  }
  /**
   * Releases the world's wasm memory now (a World of 100k objects holds
   * tens of MB; without `free()` it waits for the garbage collector's
   * finalizer), its `tiles` handle with it. Any call on a freed World
   * throws `"this World was freed: …"`; a second `free()` does nothing,
   * and so does `free()` on a World of a stopped core.
   */
  free() {
    releaseWorld(this);
  }
  /** The same as `free()`, for a `using` block; before or after `free()`, it does nothing more. */
  [Symbol.dispose]() {
    releaseWorld(this);
  }
  /**
   * Calls `listener` with the `CoreStoppedError` each time the core stops
   * after an internal error (a trap in the wasm), after the call that
   * trapped: every World of that core is lost, and `init()` (or
   * `initSync()`) starts a fresh core for new Worlds. Returns a function
   * that stops listening.
   * @param {(error: Error) => void} listener
   * @returns {() => void}
   */
  static onCoreStopped(listener) {
    if (typeof listener !== 'function') wrongType(W.onCoreStopped, [listener], null, judgeNothing);
    stopListeners.add(listener);
    return () => void stopListeners.delete(listener);
  }

  /**
   * Moves every object by its velocity × `dt` (seconds, ≥ 0) and reflects
   * moving ones off the world walls (the box ends inside, the velocity
   * component flipped); objects at rest stay put, even outside; attached
   * children follow their parents; tile colliders (`setTileResponse`) move
   * from contact to contact against the tiles, closed doors and walls,
   * never through one.
   * @category Stepping
   * @param {number} dt
   */
  step(dt) {
    const r = this.#live();
    if (typeof dt !== 'number') wrongType(W.step, [dt], r, r.step);
    if (r.step(dt) === REFUSED) throw refused();
  }
  /**
   * The same as `steps` calls of `step(dt)` for every box and velocity,
   * bit for bit, in one call that refiles each moved object in the
   * structure once at the end instead of after every step: what a page
   * replaying a shared moment to its tick wants. Boxes, velocities and
   * `pairs()` equal stepping one step at a time; what depends on the order
   * of the structure's updates rather than on where the boxes are (the
   * `quadtree-leaves` splits kept from boxes that left, the slots' space
   * order) may not. With attached objects or tile colliders it steps one
   * step at a time. `steps` is a whole number from 0 to 100,000; `dt` as
   * for `step`.
   * @param {number} steps
   * @param {number} dt
   */
  fastForward(steps, dt) {
    const r = this.#live();
    if (!num2(steps, dt)) wrongType(W.fastForward, [steps, dt], r, r.fastForward);
    if (r.fastForward(steps, dt) === REFUSED) throw refused();
  }
  /**
   * How an object meets the tile map during `step`: `"none"` (passes
   * through; the default), `"bounce"` (its velocity reflected about the
   * surface met), `"slide"` (the part of its velocity into the surface
   * removed: it slides along it). **Never through a tile, a closed door
   * or a wall, at any speed and any `dt`**: a collider moves from contact
   * to contact, each move an exact sweep of its box (the first time its
   * interior would overlap a tile's exact shape, have a closed door cross
   * it, or pass a wall it lies inside; the same machinery as `castBox`),
   * left on the near side of what it met (its box there overlaps
   * nothing), then responds and goes on with the rest of the time. A box
   * resting on a floor and moving along it meets nothing; a corner met
   * exactly counts both faces. A push-out never carries a box: only a
   * collider that starts a step overlapping a solid (placed there, or a
   * tile set over it) is first pushed out the short way, never through a
   * closed door or across a wall, and stays put for the step if nothing
   * frees it. **The work is bounded** by what the box crosses (the cells
   * along each sweep), not by its speed, and by a budget of 8 contacts
   * per collider per `step`: one that meets it (a box bouncing in a
   * closed room at 1e308 units a second) stops at its last contact for
   * the rest of that step — outside every tile, on the near side of every
   * wall and door, with the velocity its last contact gave it; nothing
   * else leaves a collider short. Positions and velocities stay finite (a
   * reflected component beyond ±1.8e308 is held at it).
   * @param {number} id
   * @param {string} response
   */
  setTileResponse(id, response) {
    const r = this.#live();
    if (typeof id !== 'number' || typeof response !== 'string') wrongType(W.setTileResponse, [id, response], r, r.setTileResponse);
    r.setTileResponse(id, response);
  }
  /**
   * The object's tile response.
   * @param {number} id
   * @returns {string}
   */
  tileResponse(id) {
    const r = this.#live();
    if (typeof id !== 'number') wrongType(W.tileResponse, [id], r, r.tileResponse);
    return r.tileResponse(id);
  }
  /**
   * The names `setTileResponse` accepts.
   * @returns {string[]}
   */
  static tileResponses() {
    return bound().World.tileResponses();
  }

  /**
   * Every overlapping pair of the current boxes `[a0, b0, a1, b1, …]`,
   * `a < b`, sorted by `(a, b)`, each once (a view: valid until the
   * next call into this core, may come back as the same object,
   * `.slice()` to keep it). From 4096 objects up it may first renumber
   * the slots (see `slotGeneration`): re-read per-slot views after it.
   * **May throw**: more than 4,194,304 pairs (n boxes in one place make
   * n(n−1)/2), or more than the memory left holds, is refused with an
   * `Error` saying so, and nothing changes. Where boxes crowd (a grid
   * cell far larger than the boxes holding thousands, a quadtree leaf
   * at the deepest level, every box in one place), a search costs the
   * sort and the pairs it finds, not all against all.
   * @category Pairs and queries
   * @returns {Uint32Array}
   */
  pairs() {
    const length = this.#live().pairs();
    if (length === REFUSED) throw refused();
    return pairsView(length);
  }
  /**
   * After a `pairs()` call: its pairs that were not in the previous
   * `pairs()` result (the first call: all), laid out like `pairs()` (a
   * view: valid until the next call into this core, may come back as
   * the same object, `.slice()` to keep it). Enter events: a structure
   * switch causes none.
   * @returns {Uint32Array}
   */
  pairsBegan() {
    const length = this.#live().pairsBegan();
    if (length === REFUSED) throw refused();
    return pairsBeganView(length);
  }
  /**
   * After a `pairs()` call: the previous result's pairs that are gone,
   * including those of removed objects (a view: valid until the next
   * call into this core, may come back as the same object, `.slice()`
   * to keep it). Exit events.
   * @returns {Uint32Array}
   */
  pairsEnded() {
    const length = this.#live().pairsEnded();
    if (length === REFUSED) throw refused();
    return pairsEndedView(length);
  }
  /**
   * Ids of the boxes overlapping the given box, ascending (a view:
   * valid until the next call into this core, may come back as the same
   * object, `.slice()` to keep it).
   * @param {number} x
   * @param {number} y
   * @param {number} w
   * @param {number} h
   * @returns {Uint32Array}
   */
  query(x, y, w, h) {
    const r = this.#live();
    if (!num4(x, y, w, h)) wrongType(W.query, [x, y, w, h], r, r.query);
    const length = r.query(x, y, w, h);
    if (length === REFUSED) throw refused();
    return viewU32(length);
  }
  /** Box-versus-box tests made by the last `pairs()`. */
  get pairCandidateTests() {
    return this.#live().pairCandidateTests;
  }
  /** Tree nodes or grid cells visited by the last `pairs()`. */
  get pairNodesVisited() {
    return this.#live().pairNodesVisited;
  }
  /** Box-versus-box tests made by the last `query()`. */
  get queryCandidateTests() {
    return this.#live().queryCandidateTests;
  }

  /**
   * One of `World.structures()`: `"brute-force"`, `"quadtree"`
   * (straddlers stay in the parent node), `"quadtree-leaves"` (objects in
   * every overlapped leaf), `"grid"` (object in every touched cell),
   * `"loose-grid"` (object in its centre cell). All give identical pairs
   * and queries.
   * @category Structures
   * @param {string} name
   */
  setStructure(name) {
    const r = this.#live();
    if (typeof name !== 'string') wrongType(W.setStructure, [name], r, r.setStructure);
    r.setStructure(name);
  }
  /** The current structure's name. */
  get structure() {
    return this.#live().structure;
  }
  /**
   * Every structure name `setStructure` accepts.
   * @returns {string[]}
   */
  static structures() {
    return bound().World.structures();
  }
  /**
   * Split threshold (≥ 1) and depth limit (0–48) of both quadtrees.
   * @param {number} maxObjects
   * @param {number} maxLevels
   */
  setQuadtreeLimits(maxObjects, maxLevels) {
    const r = this.#live();
    if (!num2(maxObjects, maxLevels)) wrongType(W.setQuadtreeLimits, [maxObjects, maxLevels], r, r.setQuadtreeLimits);
    r.setQuadtreeLimits(maxObjects, maxLevels);
  }
  /** The quadtrees' split threshold in force. */
  get maxObjects() {
    return this.#live().maxObjects;
  }
  /** The quadtrees' depth limit in force. */
  get maxLevels() {
    return this.#live().maxLevels;
  }
  /**
   * `[maxObjects, maxLevels]` of a new world: `[16, 8]`, chosen by
   * measuring moving scenes from 1k to 300k objects (docs/BENCHMARKS.md);
   * the tutorials' 4, 5 or 10 objects and 5 levels are a
   * `setQuadtreeLimits` away.
   * @returns {Uint32Array}
   */
  static defaultQuadtreeLimits() {
    return bound().World.defaultQuadtreeLimits();
  }
  /**
   * Cell size of both grids (`"grid"` and `"loose-grid"`). Until set,
   * they choose one from the objects' sizes.
   * @param {number} size
   */
  setCellSize(size) {
    const r = this.#live();
    if (typeof size !== 'number') wrongType(W.setCellSize, [size], r, r.setCellSize);
    r.setCellSize(size);
  }
  /**
   * Back to a cell size picked from the boxes' sizes (picked again as
   * their number doubles, and, in the loose grid, when `pairs()` finds
   * many boxes grown past their cells).
   */
  useAutomaticCellSize() {
    this.#live().useAutomaticCellSize();
  }
  /** The grids' cell size in use (`NaN` when automatic and no grid is active). */
  get cellSize() {
    return this.#live().cellSize;
  }
  /**
   * The active grid's `[originX, originY, cellSize, cols, rows]`; empty
   * when no grid is active (a copy).
   * @returns {Float64Array}
   */
  gridGeometry() {
    return this.#live().gridGeometry();
  }
  /**
   * The active quadtree's nodes, `x, y, w, h, depth, leaf` each (a
   * view: valid until the next call into this core, may come back as
   * the same object, `.slice()` to keep it; empty when no quadtree is
   * active).
   * @returns {Float64Array}
   */
  quadtreeNodes() {
    return this.#live().quadtreeNodes();
  }
  /**
   * The quadtree nodes or grid cells holding the object, `x, y, w, h`
   * each (a copy).
   * @param {number} id
   * @returns {Float64Array}
   */
  storedIn(id) {
    const r = this.#live();
    if (typeof id !== 'number') wrongType(W.storedIn, [id], r, r.storedIn);
    return r.storedIn(id);
  }
  /**
   * The grid cells `pairs()` searches for this object's partners, `x, y,
   * w, h` each (a copy; empty for non-grid structures).
   * @param {number} id
   * @returns {Float64Array}
   */
  searchedIn(id) {
    const r = this.#live();
    if (typeof id !== 'number') wrongType(W.searchedIn, [id], r, r.searchedIn);
    return r.searchedIn(id);
  }

  /**
   * The world's tile grid: the same handle at every read (reading it
   * allocates nothing), sharing this world's map (edits through either are
   * the same edits) and freed with the World (a call on it then throws
   * `"this TileGrid's World was freed: …"`). A new World's map is empty
   * tiles of 32 covering the world, doubled in size until it is at most
   * 16 × 16 cells (so a huge World builds no huge map); `tiles.reset`,
   * `tiles.loadPreset` or `tiles.loadAscii` set a real one. Every tile
   * operation is the handle's: one name each.
   * @category The tile grid
   */
  get tiles() {
    const r = this.#live();
    return (this.#tiles ??= tilesOf(r.tiles));
  }
  /**
   * The edge-state names by their codes in `edges()` and `edgeLines()`:
   * `["empty", "solid", "interesting"]`.
   * @returns {string[]}
   */
  static edgeStates() {
    return bound().World.edgeStates();
  }
  /**
   * The first thing the segment touches: a tile's exact shape, a closed
   * door, or an object's box, as a `RayHit` (`t` the fraction of the
   * segment, 0..1, the hit point, the unit outward normal of the surface
   * touched, `objectId` 0 for a tile, a cell for a tile hit and -1 for an
   * object), or `undefined`. Touching counts: a segment lying along a face
   * hits it; one starting on a surface hits at `t = 0` with that surface's
   * normal, never the reversed direction; one starting strictly inside a
   * solid hits at `t = 0` with normal `(0, 0)`. Which surface comes first
   * is decided exactly, by where the real segment first touches each, not
   * by the rounded `t`s; on a true tie (the same point) a tile beats an
   * object, and a smaller id beats a larger. **The cell is always one of
   * `traceCells` of the same segment**: the tile's own cell (for a closed
   * door, the cell beyond it) whenever the segment passes through that
   * cell at the hit — every ordinary hit — else, when the segment only
   * touches a solid from a neighbouring cell (it runs along a face from
   * the side `traceCells` does not take, such as a ceiling's underside or
   * a wall's right face; grazes a corner at a lattice point; ends on a
   * face), the traced cell it is in there (the last one entered at or
   * before `t`); the normal then tells the face: `castRay(100, 24, 300,
   * 24)` under a ceiling of 24-unit tiles in row 0 hits at `t = 0` with
   * normal `(0, 1)` in the traced cell of row 1. A segment that passes
   * through no cell (it only touches the grid from outside, or runs along
   * its right or bottom border) hits no tile. **At any magnitude** (ends
   * up to ±1.8e308): whether the segment touches a tile of any shape, a
   * closed door or an object's box is decided exactly; `t`, the point and
   * the normal stay floating point (for ends so far away that `t` cannot
   * resolve the grid, `t` is only as precise as 53 bits allow; a contact
   * that rounding alone would miss is placed at the vertex, end or tangent
   * point concerned). Where tiles meet at the start, the `t = 0` normal is
   * the union's surface: a face between two solid tiles is inside (normal
   * `(0, 0)`). **Cost**: the objects come from the active structure's
   * walk along the segment (the grids' cells front to back, the
   * quadtrees' nodes nearest first), which stops once nothing further can
   * come before the best hit; the tile map is walked only up to the object
   * hit. A ray that hits early costs little, whatever the world's size;
   * brute force still scans every box.
   * @category Rays
   * @param {number} x0
   * @param {number} y0
   * @param {number} x1
   * @param {number} y1
   * @returns {RayHit | undefined}
   */
  castRay(x0, y0, x1, y1) {
    const r = this.#live();
    if (!num4(x0, y0, x1, y1)) wrongType(W.castRay, [x0, y0, x1, y1], r, r.castRay);
    const found = r.castRay(x0, y0, x1, y1);
    if (found === REFUSED) throw refused();
    return rayHit(found);
  }
  /**
   * The first tile (its exact shape), closed door or object the box `(x,
   * y, w, h)` meets as it moves by `(dx, dy)`, or `undefined`: what a
   * character controller asks before it moves. A plain object `{ t, x, y,
   * normalX, normalY, objectId, col, row }`: `t` the fraction of the
   * motion (0..1) at which the box's interior first overlaps what it met
   * (**touching does not count**: a box resting on a floor and moving
   * along it meets nothing, one touching a wall and moving into it meets
   * it at `t = 0`, one moving away from it meets nothing; a closed door
   * is met when it would cross the box), the unit outward normal there (a
   * face, a slope's normal, the radial normal of a quarter circle —
   * towards the centre for a concave one —, the unit sum of two faces met
   * at once), what was met (`objectId`, 0 for a tile or a door; the cell,
   * -1 for an object), and `x, y`: **where to leave the box**, at `t`
   * rounded towards the start so that it overlaps no tile, no closed door
   * and not the object met (its leading side exactly on a face met when
   * that is representable). A box that overlaps something at the start
   * meets it at `t = 0` with normal `(0, 0)`. On a true tie (the same
   * time) a tile beats an object, a smaller id a larger. `skip` (an id, or
   * 0 or omitted for none) is passed through: the caster's own box. **At
   * any magnitude** (coordinates and motion up to ±1.8e308): whether the
   * box meets a solid, and which first, are decided exactly (the contact
   * times are rationals in the inputs, or roots of quadratics for the
   * quarter circles); `t` and the position are rounded. **Cost**: the
   * tile map is walked cell by cell along the box's path, and the objects
   * come from the active structure's walk along the path of the box's
   * centre, widened by its size (as `castRay` walks a segment), both
   * stopping once nothing further can come first.
   * @category Rays
   * @param {number} x
   * @param {number} y
   * @param {number} w
   * @param {number} h
   * @param {number} dx
   * @param {number} dy
   * @param {number | null} [skip]
   * @returns {BoxCastHit | undefined}
   */
  castBox(x, y, w, h, dx, dy, skip) {
    const r = this.#live();
    const values = [x, y, w, h, dx, dy, skip];
    if (!(num4(x, y, w, h) && num2(dx, dy) && hasType(skip, 'number?'))) wrongType(W.castBox, values, r, r.castBox);
    const found = r.castBox(x, y, w, h, dx, dy, skip ?? undefined);
    if (found === REFUSED) throw refused();
    return boxHit(found);
  }

  /**
   * Attaches `child` under `parent` (0 detaches to the root); the child
   * keeps its offset to its parent and moves with it; a cycle is refused.
   * @category Hierarchy
   * @param {number} child
   * @param {number} parent
   */
  setParent(child, parent) {
    const r = this.#live();
    if (!num2(child, parent)) wrongType(W.setParent, [child, parent], r, r.setParent);
    if (r.setParent(child, parent) === REFUSED) throw refused();
  }
  /**
   * Many attachments at once: `pairs` is `[child0, parent0, child1,
   * parent1, …]`, applied in order, all or nothing: the first bad element
   * in order is named by its index (`"pairs[3]: parent 9 is not a live
   * object id"`, or a cycle the events so far would close) and nothing
   * changes. Returns `"repaired"` or `"resorted"`: how the queue was kept
   * in order.
   * @param {Uint32Array} pairs
   * @returns {string}
   */
  setParents(pairs) {
    const r = this.#live();
    const count = typedLength(pairs, 'Uint32Array');
    if (count < 0) wrongType(W.setParents, [pairs], null, judgeNothing);
    const source = count <= 2 * maxBatch() ? outsideMemory(pairs, Uint32Array) : pairs;
    if (r.reserveParents(count) === REFUSED) throw refused();
    apply(typedArraySet, new Uint32Array(memory(), out()[0], count), [source]);
    return r.setParents();
  }
  /**
   * The parent's id, 0 at the root.
   * @param {number} id
   * @returns {number}
   */
  parentOf(id) {
    const r = this.#live();
    if (typeof id !== 'number') wrongType(W.parentOf, [id], r, r.parentOf);
    const parent = r.parentOf(id);
    if (parent === REFUSED) throw refused();
    return parent;
  }
  /**
   * Every live id exactly once, each parent before its children (a
   * view: valid until the next call into this core, may come back as
   * the same object, `.slice()` to keep it).
   * @returns {Uint32Array}
   */
  order() {
    const length = this.#live().order();
    if (length === REFUSED) throw refused();
    return orderView(length);
  }
  /**
   * Records each queue repair so `lastRepair()` can show it.
   * @param {boolean} on
   */
  setHierarchyTracing(on) {
    const r = this.#live();
    if (typeof on !== 'boolean') wrongType(W.setHierarchyTracing, [on], null, judgeNothing);
    r.setHierarchyTracing(on);
  }
  /**
   * The last `setParent`'s queue repair, when tracing is on: the segment
   * `P..=Q` before, the temporary queue, which entries went to it, the
   * segment after, and the walk's `steps` as the core took them (records
   * of `World.viewLayout('lastRepair.steps')`, see "Traces"); `undefined`
   * when it repaired nothing.
   * @returns {RepairTrace | undefined}
   */
  lastRepair() {
    return this.#live().lastRepair();
  }

  /**
   * Inserts a box exactly as `insert` does and returns what the structure
   * did, step by step (a copy): records of
   * `World.viewLayout('traceInsert')`, the first an `insert` whose `id` is
   * the new id — a quadtree's path down (each quadrant test), where the
   * box is stored and why, each split check and split; a grid's cells; a
   * loose grid's home cell; or the outside list and why.
   * @category Traces
   * @param {number} x
   * @param {number} y
   * @param {number} w
   * @param {number} h
   * @returns {Float64Array}
   */
  traceInsert(x, y, w, h) {
    const r = traced(this.#live(), 'traceInsert');
    if (!num4(x, y, w, h)) wrongType(W.traceInsert, [x, y, w, h], r, r.traceInsert);
    return r.traceInsert(x, y, w, h);
  }
  /**
   * Moves a box exactly as `update` does and returns the structure's
   * steps: whether the box stays filed where it is, else its way to its
   * new place and what that splits or collapses (the object's own steps;
   * its attached descendants follow untraced).
   * @param {number} id
   * @param {number} x
   * @param {number} y
   * @param {number} w
   * @param {number} h
   * @returns {Float64Array}
   */
  traceUpdate(id, x, y, w, h) {
    const r = traced(this.#live(), 'traceUpdate');
    if (typeof id !== 'number' || !num4(x, y, w, h)) wrongType(W.traceUpdate, [id, x, y, w, h], r, r.traceUpdate);
    return r.traceUpdate(id, x, y, w, h);
  }
  /**
   * Removes an object exactly as `remove` does and returns the
   * structure's steps, for it and then each descendant: the nodes or
   * cells it leaves, what collapses and what stays split.
   * @param {number} id
   * @returns {Float64Array}
   */
  traceRemove(id) {
    const r = traced(this.#live(), 'traceRemove');
    if (typeof id !== 'number') wrongType(W.traceRemove, [id], r, r.traceRemove);
    return r.traceRemove(id);
  }
  /**
   * The structure's search for the boxes overlapping object `id`'s box
   * (what `query` of that box does), step by step: a `query` record, the
   * nodes or cells visited and passed over in order, each candidate and
   * whether it overlaps, then `done` with the tests made against the
   * n − 1 of brute force. Changes nothing.
   * @param {number} id
   * @returns {Float64Array}
   */
  traceQuery(id) {
    const r = traced(this.#live(), 'traceQuery');
    if (typeof id !== 'number') wrongType(W.traceQuery, [id], r, r.traceQuery);
    return r.traceQuery(id);
  }
  /**
   * The pair search `pairs()` makes for object `id`, step by step: the
   * whole pass runs as ever and the steps about the object are kept — the
   * cells it is listed in, the cells searched in order (the loose grid's
   * own cell and four forward neighbours), each candidate (tested, or
   * passed over because the pair's overlap corner lies in another cell),
   * the oversize objects' sweep, then `done`. Grids and brute force (at
   * most 4096 objects); a quadtree throws (its lesson is `traceQuery`).
   * Changes nothing, but for what `pairs()` does first: the loose grid's
   * automatic cells are picked again when boxes grown by `update` fill its
   * oversize list (`repick`, `refile`), as the next `pairs()` would; no
   * pair it returns changes.
   * @param {number} id
   * @returns {Float64Array}
   */
  tracePairs(id) {
    const r = traced(this.#live(), 'tracePairs');
    if (typeof id !== 'number') wrongType(W.tracePairs, [id], r, r.tracePairs);
    return r.tracePairs(id);
  }
  /**
   * What `step(dt)` would do to tile collider `id` (one with a tile
   * response, not attached), step by step, as the core's own motion code
   * takes it — **a dry run that changes nothing** (a copy of the
   * collider's box and velocity is moved). Records of
   * `World.viewLayout('traceTileStep')`: a `tile-step` (the box, the
   * velocity, `dt`; the reason its response, `bounce` or `slide`), then
   * per move a `move` (where it starts, the displacement over `time`
   * seconds, the time of impact `toi` as a fraction of it, what it meets —
   * `hit-tile` with the cell and tile, `hit-door` with the cell beyond the
   * closed door, `hit-wall`, or `meets-nothing` / `cut-short` — the
   * normal, and where the box is left), after each contact a `respond`
   * (`bounce`, `slide`, `slide-stops`, `wedged`; the velocity after), a
   * `free` if it starts inside a solid, a `budget` if it meets the
   * contact budget with time left, and last `done`: the position and
   * velocity `step(dt)` then gives it. Throws for an id that is not a tile
   * collider, a `dt` not finite or negative.
   * @param {number} id
   * @param {number} dt
   * @returns {Float64Array}
   */
  traceTileStep(id, dt) {
    const r = traced(this.#live(), 'traceTileStep');
    if (typeof id !== 'number' || typeof dt !== 'number') wrongType(W.traceTileStep, [id, dt], r, r.traceTileStep);
    return r.traceTileStep(id, dt);
  }
  /**
   * The names of the steps' `kind` codes in every trace, in code order.
   * @returns {string[]}
   */
  static traceKinds() {
    return traced(bound().World, 'traceKinds').traceKinds();
  }
  /**
   * The names of the steps' `reason` codes in every trace, in code order
   * (`"none"` first).
   * @returns {string[]}
   */
  static traceReasons() {
    return traced(bound().World, 'traceReasons').traceReasons();
  }
  /**
   * The most records one trace holds: a longer one keeps its first
   * `maxTraceSteps() - 1` steps and ends with a `truncated` record whose
   * count says how many were left out.
   * @returns {number}
   */
  static maxTraceSteps() {
    return traced(bound().World, 'maxTraceSteps').maxTraceSteps();
  }

  /**
   * Per slot `x, y, w, h`, slots with id 0 free (a view: valid until
   * the next call into this core, may come back as the same object,
   * `.slice()` to keep it).
   * @category Slots (for drawing)
   * @returns {Float64Array}
   */
  slotBoxes() {
    const length = this.#live().slotBoxes();
    if (length === REFUSED) throw refused();
    return slotBoxesView(length);
  }
  /**
   * Per slot the object's id, or 0 for a free slot (a view: valid until
   * the next call into this core, may come back as the same object,
   * `.slice()` to keep it).
   * @returns {Uint32Array}
   */
  slotIds() {
    const length = this.#live().slotIds();
    if (length === REFUSED) throw refused();
    return slotIdsView(length);
  }
  /**
   * Per slot 1 if it was in a pair at the last `pairs()` (a view: valid
   * until the next call into this core, may come back as the same
   * object, `.slice()` to keep it).
   * @returns {Uint8Array}
   */
  slotOverlapping() {
    const length = this.#live().slotOverlapping();
    if (length === REFUSED) throw refused();
    return slotOverlappingView(length);
  }
  /**
   * Goes up by one each time the slots are renumbered (in space order, by
   * `pairs()` once objects have drifted, from 4096 objects up, or by
   * `renumberSlots()`): an id → slot map built from `slotIds()` must then
   * be rebuilt. Ids never change.
   */
  get slotGeneration() {
    return this.#live().slotGeneration;
  }
  /**
   * Renumbers the slots in space order now.
   */
  renumberSlots() {
    this.#live().renumberSlots();
  }

  /**
   * The field names of one record of the view `name` (a method name:
   * `"slotBoxes"`, `"quadtreeNodes"`, `"traceSteps"`, `"edgeLines"`, …),
   * in order: its stride is their number; unknown names throw.
   * @category Wire format
   * @param {string} name
   * @returns {string[]}
   */
  static viewLayout(name) {
    const R = bound().World;
    if (typeof name !== 'string') wrongType(W.viewLayout, [name], R, R.viewLayout);
    return R.viewLayout(name);
  }
  /**
   * Every view name `viewLayout` knows.
   * @returns {string[]}
   */
  static views() {
    return bound().World.views();
  }
}

for (const Class of [World, TileGrid]) {
  // Where `Symbol.dispose` is not known yet, the class body made a method
  // named "undefined" of `[Symbol.dispose]`: remove it.
  if (typeof Symbol.dispose !== 'symbol') delete (/** @type {any} */ (Class.prototype))['undefined'];
}

/** The bytes of the wasm, a compiled module, or where to fetch it. @typedef {RequestInfo | URL | Response | BufferSource | WebAssembly.Module} InitInput */
/** @typedef {BufferSource | WebAssembly.Module} SyncInitInput */

/**
 * The public classes over one wasm-bindgen module, and its loaders.
 * @typedef {object} Core
 * @property {typeof World} World
 * @property {typeof TileGrid} TileGrid
 * @property {(module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>) => Promise<unknown>} init
 *   Loads the wasm (in a browser, fetched beside the module unless given);
 *   resolves to its exports. After the core stopped (`World.onCoreStopped`),
 *   starts a fresh core (a new instance of the same module, unless given
 *   another) in which new Worlds are made; the stopped core's Worlds stay
 *   unusable.
 * @property {(module?: { module: SyncInitInput } | SyncInitInput) => unknown} initSync
 *   Compiles the wasm from its bytes or a compiled module, at once (after
 *   the core stopped: a fresh core, as `init`).
 * @property {() => void} failNextAllocation
 *   For tests only (not exported by any entry): makes the current core's
 *   next allocation fail as running out of memory does (a fallible
 *   reservation is refused; any other allocation stops the core).
 * @property {() => void} panicForTests
 *   For tests only (not exported by any entry): the current core panics,
 *   as a bug would, and stops.
 */

/**
 * The public classes bound to `module`, the namespace of a wasm-bindgen
 * build of this crate (pkg/broadphase.js), and its loaders. One façade
 * serves one module: the same classes for it every time, and an error for
 * another (load another copy of this file for another build).
 * @param {object} module
 * @returns {Core}
 */
export function facade(module) {
  if (boundModule === null) {
    boundModule = /** @type {Glue} */ (module);
    core = coreOf(boundModule);
  } else if (boundModule !== module) {
    throw new Error('this façade is bound to another wasm module: each build loads its own copy of facade.js');
  }
  return {
    World,
    TileGrid,
    init: (input) => {
      if (core.stopped === null) {
        const running = core;
        return running.glue.default(input).then((exports) => {
          listenForStop(running);
          return exports;
        });
      }
      restarting ??= (async () => {
        try {
          const glue = freshGlue();
          const exports = await glue.default(input ?? { module_or_path: compiledModule() });
          adopt(glue);
          return exports;
        } finally {
          restarting = null;
        }
      })();
      return restarting;
    },
    initSync: (input) => {
      if (core.stopped === null) {
        const exports = core.glue.initSync(/** @type {any} */ (input));
        listenForStop(core);
        return exports;
      }
      const glue = freshGlue();
      const exports = glue.initSync(input ?? { module: compiledModule() });
      adopt(glue);
      return exports;
    },
    failNextAllocation: () => core.glue.failNextAllocation?.(),
    panicForTests: () => core.glue.panicForTests?.(),
  };
}
