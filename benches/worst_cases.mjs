// The operations that used to have cliffs, timed in wasm (Node): each should
// cost what its content costs, never what the world's size or a limit
// setting allows. Prints a Markdown table (median of 5 runs, ms).
//   node benches/worst_cases.mjs        (after the release wasm build)
// BROADPHASE_QUICK=1 runs each operation once instead of five times.
import { World } from './core.mjs';

const RUNS = process.env.BROADPHASE_QUICK === '1' ? 1 : 5;

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

/** Runs `setup` (untimed) then times `op`, five times; returns the median ms. */
function time(setup, op) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const state = setup();
    const t0 = performance.now();
    op(state);
    runs.push(performance.now() - t0);
    state?.free?.();
    state?.w?.free?.();
  }
  return median(runs);
}

const rows = [];
const row = (what, ms) => rows.push(`| ${what} | ${ms.toFixed(2)} |`);
const big = (structure) => () => {
  const w = new World(4000, 4000);
  w.setStructure(structure);
  w.populate(100_000, 1, 'uniform');
  return w;
};

/** `op`, or what it threw: a refusal is an answer too (named in the row). */
const attempt = (what, op) => {
  try {
    op();
  } catch (e) {
    refusals.set(what, e.message);
  }
};
const refusals = new Map();
const rowOf = (what, setup, op) => row(what, time(setup, (s) => attempt(what, () => op(s))));

for (const s of World.structures().filter((s) => s !== 'brute-force')) {
  row(`remove the first id of 100k objects (${s})`, time(big(s), (w) => w.remove(1)));
  row(`remove the last id of 100k objects (${s})`, time(big(s), (w) => w.remove(100_000)));
}
row('remove all 100k objects oldest-first (loose-grid)', time(big('loose-grid'), (w) => {
  for (let id = 1; id <= 100_000; id++) w.remove(id);
}));
row('remove all 100k objects newest-first (loose-grid)', time(big('loose-grid'), (w) => {
  for (let id = 100_000; id >= 1; id--) w.remove(id);
}));
row('remove(1) among 10⁶ objects (loose-grid)', time(() => {
  const w = new World(12_000, 12_000);
  w.populate(1_000_000, 1, 'uniform');
  return w;
}, (w) => w.remove(1)));
const chain = (from) => {
  const pairs = new Uint32Array(100_000);
  for (let i = 0; i < 50_000; i++) from(pairs, i);
  return pairs;
};
const forward = chain((p, i) => ((p[2 * i] = i + 2), (p[2 * i + 1] = i + 1)));
const reverse = chain((p, i) => ((p[2 * i] = i + 1), (p[2 * i + 1] = i + 2)));
const star = chain((p, i) => ((p[2 * i] = i + 2), (p[2 * i + 1] = 1)));
row('setParents: a 50k chain, parents first (100k objects)', time(big('loose-grid'), (w) => w.setParents(forward)));
row('setParents: a 50k chain from its far end', time(big('loose-grid'), (w) => w.setParents(reverse)));
row('setParents: a 50k star', time(big('loose-grid'), (w) => w.setParents(star)));
row('remove the root of a 50k chain (cascade)', time(() => {
  const w = big('loose-grid')();
  w.setParents(forward);
  return w;
}, (w) => w.remove(1)));
// One attachment anywhere used to make every update walk the whole queue.
row('update each of 100k objects once, one object attached (loose-grid)', time(() => {
  const w = big('loose-grid')();
  w.setParent(2, 1);
  return w;
}, (w) => {
  for (let id = 1; id <= 100_000; id++) w.update(id, (id * 37) % 3990, (id * 91) % 3990, 4, 4);
}));
row('updateMany of 10 objects, 1,000 times, one object attached (loose-grid)', time(() => {
  const w = big('loose-grid')();
  w.setParent(2, 1);
  return w;
}, (w) => {
  const ids = new Uint32Array(10);
  const boxes = new Float64Array(40);
  for (let k = 0; k < 1000; k++) {
    for (let i = 0; i < 10; i++) {
      ids[i] = 1 + ((k * 10 + i) % 100_000);
      boxes.set([(k * 7 + i) % 3990, (k * 3 + i) % 3990, 4, 4], i * 4);
    }
    w.updateMany(ids, boxes);
  }
}));
row('quadtree-leaves: insert a box covering 80% of a 1e6 world with 10k objects', time(() => {
  const w = new World(1e6, 1e6);
  w.setStructure('quadtree-leaves');
  w.populate(10_000, 1, 'uniform');
  return w;
}, (w) => w.insert(0, 0, 8e5, 8e5)));
row('quadtree-leaves, 1 object a node, 48 levels: 200 identical boxes + pairs', time(() => {
  const w = new World(1000, 1000);
  w.setStructure('quadtree-leaves');
  w.setQuadtreeLimits(1, 48);
  return w;
}, (w) => {
  for (let i = 0; i < 200; i++) w.insert(10, 10, 1, 1);
  w.pairs();
}));
row('grid at its smallest cell size: insert a box covering the world + pairs', time(() => {
  const w = new World(1000, 1000);
  w.setStructure('grid');
  w.setCellSize(0.71);
  return w;
}, (w) => {
  w.insert(0, 0, 999, 999);
  w.pairs();
}));
row('castRay + traceCells + lineOfSight from -1e308 to 1e308 (240-unit map)', time(() => {
  const w = new World(240, 240);
  w.tiles.reset(10, 10, 24);
  w.tiles.setTile(5, 5, 'full');
  return w;
}, (w) => {
  w.castRay(-1e308, 130, 1e308, 130);
  w.tiles.traceCells(-1e308, 130, 1e308, 130);
  w.tiles.lineOfSight(-1e308, 130, 1e308, 130);
}));
row('new World(1e6, 1e6), 100 times', time(() => null, () => {
  for (let i = 0; i < 100; i++) new World(1e6, 1e6).free();
}));
// The rest of the cliffs: small or empty worlds that took seconds.
for (const s of ['grid', 'loose-grid']) {
  rowOf(`pairs() in World(5e-324, 0.001), cell size 1e-300, 100 objects (${s})`, () => {
    const w = new World(5e-324, 0.001);
    w.setStructure(s);
    w.populate(100, 1, 'uniform');
    attempt(`pairs() in World(5e-324, 0.001), cell size 1e-300, 100 objects (${s})`, () => w.setCellSize(1e-300));
    return w;
  }, (w) => w.pairs());
}
for (const side of [1e15, 1e308]) {
  const empty = () => new World(side, side);
  const size = `${side.toExponential().replace('e+', 'e')} × ${side.toExponential().replace('e+', 'e')}`;
  rowOf(`setStructure('quadtree-leaves') on an empty ${size} world`, empty, (w) => w.setStructure('quadtree-leaves'));
  for (const s of ['loose-grid', 'quadtree-leaves']) {
    const one = () => {
      const w = empty();
      w.setStructure(s);
      w.insert(side / 3, side / 3, side / 10, side / 10);
      return w;
    };
    rowOf(`setVelocity on the only object of a ${size} world (${s})`, one, (w) => w.setVelocity(1, 1e300, -1e300));
    rowOf(`remove the only object of a ${size} world (${s})`, one, (w) => w.remove(1));
    const none = () => {
      const w = empty();
      w.setStructure(s);
      return w;
    };
    rowOf(`remove a dead id in an empty ${size} world (${s})`, none, (w) => w.remove(1));
    rowOf(`setVelocity on a dead id in an empty ${size} world (${s})`, none, (w) => w.setVelocity(1, 1, 1));
  }
}
rowOf('quadtree-leaves 1/48: insert(0, 0, 400.00002, 600) + insert(400.00001, 0, 399, 600) + pairs', () => {
  const w = new World(800, 600);
  w.setQuadtreeLimits(1, 48);
  w.setStructure('quadtree-leaves');
  return w;
}, (w) => {
  w.insert(0, 0, 400.00002, 600);
  w.insert(400.00001, 0, 399, 600);
  w.pairs();
});
const limited = (maxObjects, maxLevels, fill) => () => {
  const w = new World(800, 600);
  w.setQuadtreeLimits(maxObjects, maxLevels);
  w.setStructure('quadtree-leaves');
  fill(w);
  return w;
};
const mixed1000 = limited(1, 16, (w) => w.populate(1000, 1, 'mixed'));
rowOf('quadtree-leaves 1/16, populate(1000, 1, mixed): step(1/60)', mixed1000, (w) => w.step(1 / 60));
rowOf('quadtree-leaves 1/16, populate(1000, 1, mixed): step(1/60) + pairs', mixed1000, (w) => {
  w.step(1 / 60);
  w.pairs();
});
rowOf('quadtree-leaves 5/9, 330 objects + 3 large moving boxes: step(0.1) + pairs', limited(5, 9, (w) => {
  w.populate(330, 2, 'uniform');
  for (let i = 0; i < 3; i++) w.setVelocity(w.insert(50 + 100 * i, 40 + 60 * i, 500, 400), 300 - 200 * i, 250 - 150 * i);
}), (w) => {
  w.step(0.1);
  w.pairs();
});
const bigMap = (() => {
  const rows = [];
  for (let r = 0; r < 4096; r++) {
    let line = '';
    for (let c = 0; c < 4096; c++) line += (r * 7 + c * 13) % 11 === 0 ? '##' : (r + c) % 17 === 0 ? 's7' : '..';
    rows.push(line);
  }
  return rows.join('\n');
})();
rowOf('tiles.loadAscii of a 4096 × 4096 map (16.8M cells, a 33 MB string)', () => new World(4096, 4096), (w) => w.tiles.loadAscii(bigMap, 1));
rowOf('tiles.reset(4096, 4096, 1): the same size, empty, for comparison', () => new World(4096, 4096), (w) => w.tiles.reset(4096, 4096, 1));

// Degenerate scenes (issue 34): every box in one place, one cell for all.
for (const s of World.structures()) {
  rowOf(`pairs() of 3,000 identical boxes: 4.5 million pairs, refused (${s})`, () => {
    const w = new World(100, 100);
    w.setStructure(s);
    for (let i = 0; i < 3000; i++) w.insert(40, 40, 5, 5);
    return w;
  }, (w) => w.pairs());
}
for (const s of ['grid', 'loose-grid']) {
  rowOf(`one cell for 200,000 boxes (cell size 1e6): step(1/60) + pairs (${s})`, () => {
    const side = World.sceneSide(200_000);
    const w = new World(side, side);
    w.setStructure(s);
    w.setCellSize(1e6);
    w.populate(200_000, 1, 'uniform');
    w.pairs();
    return w;
  }, (w) => {
    w.step(1 / 60);
    w.pairs();
  });
}
console.log('| operation | median ms |\n|---|---:|\n' + rows.join('\n'));
for (const [what, message] of refusals) console.log(`- refused: ${what}: "${message}"`);
