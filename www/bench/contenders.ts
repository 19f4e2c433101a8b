// The contenders: the wasm World with each structure (fed by updateMany, so
// it runs the scene's own motion), and the JavaScript libraries people use
// today for the same job — flatbush and rbush (build the index every
// frame, then one search per box) and box-intersect (all pairs at once).
// Each returns the frame's pair count; the page checks they all agree.

import Flatbush from 'flatbush';
import RBush from 'rbush';
import boxIntersect from 'box-intersect';
import { World } from '../core/index';
import { overlaps, type Scene, type SceneFrame } from './scene';

export interface Contender {
  readonly name: string;
  /** Largest N it is run at (brute force is quadratic). */
  readonly maxN: number;
  /** Moves the boxes itself rather than reading the scene's (see `worldStepContender`). */
  readonly ownMotion?: boolean;
  /** Prepares for `scene` (not timed). */
  setup(scene: Scene): void;
  /** One frame's broad phase on the scene's current boxes; returns the pair count. */
  frame(scene: SceneFrame): number;
  teardown(): void;
}

function worldContender(structure: string, maxN = Infinity): Contender {
  let world: World | null = null;
  let ids = new Uint32Array(0);
  // What moved this frame, when not everything did: a game passes only that.
  let movedIds = new Uint32Array(0);
  let movedBoxes = new Float64Array(0);
  return {
    name: `broadphase ${structure} (wasm)`,
    maxN,
    setup(scene) {
      world = new World(scene.side, scene.side);
      world.setStructure(structure);
      ids = new Uint32Array(scene.n);
      movedIds = new Uint32Array(scene.n);
      movedBoxes = new Float64Array(scene.n * 4);
      const b = scene.boxes;
      for (let i = 0; i < scene.n; i++) ids[i] = world.insert(b[i * 4], b[i * 4 + 1], b[i * 4 + 2], b[i * 4 + 3]);
    },
    frame(scene) {
      const w = world as World;
      const k = scene.movedCount;
      if (k === scene.n) {
        w.updateMany(ids, scene.boxes);
      } else {
        // Four plain copies per box: a `subarray` per box made 10k
        // short-lived views a frame at 100k, on the World's clock.
        const b = scene.boxes;
        for (let m = 0; m < k; m++) {
          const i = scene.moved[m];
          movedIds[m] = ids[i];
          movedBoxes[m * 4] = b[i * 4];
          movedBoxes[m * 4 + 1] = b[i * 4 + 1];
          movedBoxes[m * 4 + 2] = b[i * 4 + 2];
          movedBoxes[m * 4 + 3] = b[i * 4 + 3];
        }
        w.updateMany(movedIds.subarray(0, k), movedBoxes.subarray(0, k * 4));
      }
      return w.pairs().length / 2;
    },
    teardown() {
      world?.free();
      world = null;
    },
  };
}

/**
 * The World moving the boxes itself: `step(1/60)` + `pairs()`. Its wall rule
 * turns a box that starts past a wall inward, where the scene's rule flips
 * its velocity, so after the first frames a few boxes differ from the
 * scene: its pair count is its own, not compared with the others.
 */
export function worldStepContender(structure: string): Contender {
  let world: World | null = null;
  return {
    name: `broadphase ${structure} (wasm, step)`,
    maxN: Infinity,
    ownMotion: true,
    setup(scene) {
      world = new World(scene.side, scene.side);
      world.setStructure(structure);
      const b = scene.boxes, v = scene.velocities;
      for (let i = 0; i < scene.n; i++) {
        const id = world.insert(b[i * 4], b[i * 4 + 1], b[i * 4 + 2], b[i * 4 + 3]);
        world.setVelocity(id, v[i * 2], v[i * 2 + 1]);
      }
    },
    frame() {
      const w = world as World;
      w.step(1 / 60);
      return w.pairs().length / 2;
    },
    teardown() {
      world?.free();
      world = null;
    },
  };
}

const flatbush: Contender = (() => {
  return {
    name: 'flatbush (JS)',
    maxN: Infinity,
    setup() {},
    frame(scene) {
      const b = scene.boxes;
      const index = new Flatbush(scene.n);
      for (let i = 0; i < scene.n; i++) index.add(b[i * 4], b[i * 4 + 1], b[i * 4] + b[i * 4 + 2], b[i * 4 + 1] + b[i * 4 + 3]);
      index.finish();
      let pairs = 0;
      for (let i = 0; i < scene.n; i++) {
        index.search(b[i * 4], b[i * 4 + 1], b[i * 4] + b[i * 4 + 2], b[i * 4 + 1] + b[i * 4 + 3], (j) => {
          if (j > i && overlaps(b, i, j)) pairs++;
          return false;
        });
      }
      return pairs;
    },
    teardown() {},
  };
})();

interface Item {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  i: number;
}

const rbush: Contender = (() => {
  let items: Item[] = [];
  return {
    name: 'rbush (JS)',
    maxN: Infinity,
    setup(scene) {
      items = Array.from({ length: scene.n }, (_, i) => ({ minX: 0, minY: 0, maxX: 0, maxY: 0, i }));
    },
    frame(scene) {
      const b = scene.boxes;
      for (const it of items) {
        it.minX = b[it.i * 4];
        it.minY = b[it.i * 4 + 1];
        it.maxX = it.minX + b[it.i * 4 + 2];
        it.maxY = it.minY + b[it.i * 4 + 3];
      }
      const tree = new RBush<Item>();
      tree.load(items);
      let pairs = 0;
      for (const it of items) for (const other of tree.search(it)) if (other.i > it.i && overlaps(b, it.i, other.i)) pairs++;
      return pairs;
    },
    teardown() {
      items = [];
    },
  };
})();

const boxIntersectContender: Contender = (() => {
  let list: number[][] = [];
  return {
    name: 'box-intersect (JS)',
    maxN: Infinity,
    setup(scene) {
      list = Array.from({ length: scene.n }, () => [0, 0, 0, 0]);
    },
    frame(scene) {
      const b = scene.boxes;
      for (let i = 0; i < scene.n; i++) {
        const r = list[i];
        r[0] = b[i * 4];
        r[1] = b[i * 4 + 1];
        r[2] = r[0] + b[i * 4 + 2];
        r[3] = r[1] + b[i * 4 + 3];
      }
      let pairs = 0;
      // Its boxes are closed: keep the pairs whose interiors overlap.
      boxIntersect(list, (i: number, j: number) => {
        if (overlaps(b, i, j)) pairs++;
      });
      return pairs;
    },
    teardown() {
      list = [];
    },
  };
})();

export function contenders(): Contender[] {
  return [
    worldContender('loose-grid'),
    worldContender('grid'),
    worldContender('quadtree-leaves'),
    worldContender('quadtree'),
    worldContender('brute-force', 10_000),
    flatbush,
    rbush,
    boxIntersectContender,
  ];
}
