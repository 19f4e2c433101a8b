// The calls the boundary suites make, read from the façade's own
// signatures (www/core/signatures.js, generated from facade.js's JSDoc), so
// a method added to the façade is attacked without an edit here: each
// parameter gets a valid value by its name (the same name means the same
// rules), valid in the scene both suites build (`scene` below). A name
// that means different things in different methods is given per method.
import { SIGNATURES } from '../../www/core/signatures.js';
import { World } from './entry.mjs';

/** A valid value per parameter name, in `scene()`. */
const VALID = {
  width: 200,
  height: 200,
  x: 1,
  y: 2,
  w: 3,
  h: 4,
  x0: 1,
  y0: 1,
  x1: 30,
  y1: 30,
  dx: 5,
  dy: -3,
  skip: 0,
  id: 1,
  vx: 1,
  vy: -2,
  dt: 0.01,
  steps: 3,
  child: 3,
  parent: 1,
  count: 10,
  seed: 1,
  layout: 'uniform',
  maxObjects: 8,
  maxLevels: 8,
  size: 10,
  response: 'slide',
  col: 1,
  row: 1,
  cols: 4,
  rows: 4,
  tileSize: 10,
  shape: 'full',
  side: 'left',
  door: 'closed',
  map: '..##\n....\n',
  segments: 8,
  clockwise: true,
  revision: 0,
  colStart: 0,
  rowStart: 0,
  colEnd: 4,
  rowEnd: 4,
  on: true,
  ids: () => new Uint32Array([1]),
  boxes: () => new Float64Array([5, 5, 3, 3]),
  pairs: () => new Uint32Array([3, 1]),
  listener: () => () => {},
};

/** Where a name means different things: `Class.method` → name → value. */
const BY_METHOD = {
  'World.setStructure': { name: 'grid' },
  'World.viewLayout': { name: 'box' },
  'TileGrid.loadPreset': { name: 'empty' },
};

/** A World of four boxes (2 under 1, 3 moving, 4 a tile collider) on a 4 × 4 map of 10-unit tiles. */
export function scene() {
  const w = new World(100, 100);
  for (let i = 0; i < 4; i++) w.insert(10 * i, 10 * i, 8, 8);
  w.setParent(2, 1);
  w.setVelocity(3, 1, -2);
  w.setTileResponse(4, 'bounce');
  w.tiles.reset(4, 4, 10);
  w.tiles.setTile(1, 1, 'slope45-br');
  w.tiles.setDoor(2, 2, 'top', 'closed');
  return w;
}

/**
 * Every method of `className` taking arguments, with its parameters and
 * valid arguments: `{ method, names, kinds, valid }` (`constructor` for
 * the constructor; a static method is one the class has, not its prototype).
 */
export function callsOf(className) {
  return Object.entries(SIGNATURES[className]).map(([method, params]) => {
    const names = params.map(([name]) => name);
    const valid = names.map((name) => {
      const value = BY_METHOD[`${className}.${method}`]?.[name] ?? VALID[name];
      if (value === undefined) throw new Error(`tests/wasm/calls.mjs: no valid value for ${name} of ${className}.${method}: add one`);
      return typeof value === 'function' ? value() : value;
    });
    return { method, names, kinds: params.map(([, kind]) => kind), valid };
  });
}
