// The cases of benches/per_call.mjs: the scene, the arguments and one
// runner per everyday call. The harness imports this module once per build
// (a distinct URL each time), so each build's loops are their own
// functions: shared loops would see both builds' classes at one call site
// and lose the inlining a game's own loop gets.

import { mulberry32 } from './random.mjs';

const OBJECTS = 10_000;
const SIDE = 4000; // the seeded scenes' world side for 10,000 boxes (constant density)
const TILE = 32;
const TILE_COLS = SIDE / TILE;

export { OBJECTS };

/** The same scene in every build: 10k seeded boxes, loose grid, a 125 × 125 tile map with 2 % full tiles. */
export function makeWorld(api) {
  const w = new api.World(SIDE, SIDE);
  const first = w.populate(OBJECTS, 42, 'uniform');
  w.setStructure('loose-grid');
  w.tiles.reset(TILE_COLS, TILE_COLS, TILE);
  const rand = mulberry32(7);
  for (let i = 0; i < TILE_COLS * TILE_COLS * 0.02; i++) {
    w.tiles.setTile(Math.floor(rand() * TILE_COLS), Math.floor(rand() * TILE_COLS), 'full');
  }
  w.step(1 / 60);
  w.pairs();
  return { w, first };
}

/** Per-call arguments, seeded: the same in every build. */
export function argumentsFor(first, n) {
  const rand = mulberry32(11);
  const ids = new Uint32Array(n);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const x1s = new Float64Array(n);
  const y1s = new Float64Array(n);
  const cols = new Uint32Array(n);
  const rows = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    ids[i] = first + Math.floor(rand() * OBJECTS);
    xs[i] = rand() * (SIDE - 40);
    ys[i] = rand() * (SIDE - 40);
    x1s[i] = rand() * SIDE;
    y1s[i] = rand() * SIDE;
    cols[i] = Math.floor(rand() * TILE_COLS);
    rows[i] = Math.floor(rand() * TILE_COLS);
  }
  return { ids, xs, ys, x1s, y1s, cols, rows };
}

export let sink = 0;
const keep = (v) => {
  sink = (sink + (v === undefined ? 1 : typeof v === 'number' ? v : 1)) | 0;
};

/**
 * The cases: a name, the calls per batch, what the call allocates and
 * crosses (for the table), and `make(api, world, a)` → a function making
 * `n` calls, or null when the build has no such method.
 */
export const CASES = [
  {
    name: '`update(id, x, y, w, h)`, a step from where it is',
    key: 'update',
    calls: 10_000,
    make: (api, { w }, a) => {
      // What a game does each frame: each box moved a little from where it
      // is (by half a unit, and back on the next batch), in no particular order.
      const there = new Float64Array(a.ids.length * 2);
      a.ids.forEach((id, i) => there.set(w.box(id).subarray(0, 2), 2 * i));
      let batch = 0;
      return (n) => {
        const d = (batch++ & 1) === 0 ? 0.5 : 0;
        for (let i = 0; i < n; i++) w.update(a.ids[i], there[2 * i] + d, there[2 * i + 1] + d, 5, 5);
      };
    },
  },
  {
    name: '`update(id, x, y, w, h)`, to a random spot',
    key: 'updateFar',
    calls: 10_000,
    make: (api, { w }, a) => (n) => {
      for (let i = 0; i < n; i++) w.update(a.ids[i], a.xs[i], a.ys[i], 5, 5);
    },
  },
  {
    name: '`setVelocity(id, vx, vy)`',
    key: 'setVelocity',
    calls: 10_000,
    make: (api, { w }, a) => (n) => {
      for (let i = 0; i < n; i++) w.setVelocity(a.ids[i], a.xs[i] - 2000, a.ys[i] - 2000);
    },
  },
  {
    name: '`velocity(id)`',
    key: 'velocity',
    calls: 10_000,
    make: (api, { w }, a) => (n) => {
      for (let i = 0; i < n; i++) keep(w.velocity(a.ids[i])[0]);
    },
  },
  {
    name: '`box(id)`',
    key: 'box',
    calls: 10_000,
    make: (api, { w }, a) => (n) => {
      for (let i = 0; i < n; i++) keep(w.box(a.ids[i])[0]);
    },
  },
  {
    name: '`insert` + `remove`',
    key: 'insertRemove',
    calls: 10_000,
    make: (api, { w }, a) => (n) => {
      for (let i = 0; i < n; i++) w.remove(w.insert(a.xs[i], a.ys[i], 5, 5));
    },
  },
  {
    name: '`query(x, y, 40, 40)`',
    key: 'query',
    calls: 10_000,
    make: (api, { w }, a) => (n) => {
      for (let i = 0; i < n; i++) keep(w.query(a.xs[i], a.ys[i], 40, 40).length);
    },
  },
  {
    name: '`castRay` across the world',
    key: 'castRay',
    calls: 2_000,
    make: (api, { w }, a) => (n) => {
      for (let i = 0; i < n; i++) keep(w.castRay(a.xs[i], 0, a.x1s[i], SIDE)?.t);
    },
  },
  {
    name: '`tiles.touchedCells(x, y, 40, 40)`',
    key: 'touchedCells',
    calls: 10_000,
    make: (api, { w }, a) => {
      const t = w.tiles;
      return (n) => {
        for (let i = 0; i < n; i++) keep(t.touchedCells(a.xs[i], a.ys[i], 40, 40).length);
      };
    },
  },
  {
    name: '`tiles.traceCells` across the world',
    key: 'traceCells',
    calls: 2_000,
    make: (api, { w }, a) => {
      const t = w.tiles;
      return (n) => {
        for (let i = 0; i < n; i++) keep(t.traceCells(a.xs[i], 0, a.x1s[i], SIDE).length);
      };
    },
  },
  {
    name: '`tiles.lineOfSight(x0, y0, x1, y1)`',
    key: 'lineOfSight',
    calls: 10_000,
    make: (api, { w }, a) => {
      // A World method before TileGrid existed; the handle's since.
      const t = 'tiles' in w ? w.tiles : w;
      if (typeof t.lineOfSight !== 'function') return null;
      return (n) => {
        for (let i = 0; i < n; i++) keep(t.lineOfSight(a.xs[i], a.ys[i], a.x1s[i], a.y1s[i]) ? 1 : 0);
      };
    },
  },
  {
    name: '`tiles.setTile(col, row, shape)`',
    key: 'setTile',
    calls: 10_000,
    make: (api, { w }, a) => {
      const t = w.tiles;
      return (n) => {
        for (let i = 0; i < n; i++) t.setTile(a.cols[i], a.rows[i], (i & 1) === 0 ? 'full' : 'empty');
      };
    },
  },
  {
    name: '`tiles.tile(col, row)`',
    key: 'tile',
    calls: 10_000,
    make: (api, { w }, a) => {
      const t = w.tiles;
      return (n) => {
        for (let i = 0; i < n; i++) keep(t.tile(a.cols[i], a.rows[i]).length);
      };
    },
  },
  {
    name: '`world.tiles` (the handle)',
    key: 'tiles',
    calls: 10_000,
    make: (api, { w }) => {
      if (!('tiles' in w)) return null;
      return (n) => {
        for (let i = 0; i < n; i++) keep(w.tiles);
      };
    },
  },
  {
    name: '`tiles.pushOut(x, y, 5, 5)`',
    key: 'pushOut',
    calls: 10_000,
    make: (api, { w }, a) => {
      const t = 'tiles' in w ? w.tiles : w;
      if (typeof t.pushOut !== 'function') return null;
      return (n) => {
        for (let i = 0; i < n; i++) keep(t.pushOut(a.xs[i], a.ys[i], 5, 5)[0]);
      };
    },
  },
  {
    name: '`setParent(id, parent)` + `setParent(id, 0)`',
    key: 'setParent',
    calls: 5_000,
    make: (api, { w }, a) => (n) => {
      for (let i = 0; i < n; i++) {
        const child = a.ids[i];
        const parent = a.ids[(i + 1) % a.ids.length];
        if (child === parent) continue;
        w.setParent(child, parent);
        w.setParent(child, 0);
      }
    },
  },
  {
    name: '`count` (a getter)',
    key: 'count',
    calls: 10_000,
    make: (api, { w }) => (n) => {
      for (let i = 0; i < n; i++) keep(w.count);
    },
  },
  {
    name: '`slotBoxes()` (a view)',
    key: 'slotBoxes',
    calls: 10_000,
    make: (api, { w }) => (n) => {
      for (let i = 0; i < n; i++) keep(w.slotBoxes().length);
    },
  },
  {
    name: '`updateMany` of 10k ids',
    key: 'updateMany',
    calls: 20,
    make: (api, { w, first }) => {
      if (typeof w.updateMany !== 'function') return null;
      // Every object, moved by a unit and back on alternate calls, from
      // where populate put it: a game's frame, not a teleport.
      const ids = new Uint32Array(OBJECTS);
      const there = new Float64Array(OBJECTS * 4);
      for (let i = 0; i < OBJECTS; i++) {
        ids[i] = first + i;
        there.set(w.box(first + i), i * 4);
      }
      const back = there.map((v, k) => (k % 4 < 2 ? v + 1 : v));
      return (n) => {
        for (let i = 0; i < n; i++) w.updateMany(ids, (i & 1) === 0 ? back : there);
      };
    },
  },
  {
    name: '`step(1/60)`',
    key: 'step',
    calls: 20,
    make: (api, { w }) => (n) => {
      for (let i = 0; i < n; i++) w.step(1 / 60);
    },
  },
  {
    name: '`pairs()`',
    key: 'pairs',
    calls: 20,
    make: (api, { w }) => (n) => {
      for (let i = 0; i < n; i++) {
        w.step(0); // a frame with nothing moved: the pair search alone
        keep(w.pairs().length);
      }
    },
  },
];
