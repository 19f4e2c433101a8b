// The benchmark scene every contender runs, exactly: mulberry32(42), N boxes
// in a square of side √N·12, six draws per box in the order x, y,
// w = 2 + 6r, h = 2 + 6r, vx = (r − 0.5)·60, vy = (r − 0.5)·60; each frame
// dt = 1/60, move, reflect off the walls (x < 0 → x = −x, vx = −vx;
// x + w > side → x = 2(side − w) − x, vx = −vx; the same in y). Pairs
// overlap when their interiors do. After 35 frames there are 362, 3,540
// and 34,524 pairs for N = 1,000, 10,000 and 100,000. A variant keeps nine
// boxes in ten at rest (the same draws, velocity zero unless i % 10 == 0),
// as most objects of a game are.

import { mulberry32 } from '../runtime/random';

export const FRAMES = 35;
export const KNOWN_PAIRS: Record<number, number> = { 1000: 362, 10000: 3540, 100000: 34524 };

/** Which boxes move: all, or one in ten. */
export type Motion = 'all moving' | '90 % at rest';

/** Boxes as `[x, y, w, h]` per box and velocities `[vx, vy]`, moved in place by `step`. */
export class Scene {
  readonly side: number;
  readonly boxes: Float64Array;
  readonly velocities: Float64Array;
  /** Indices of the boxes the last `step` moved (the first `movedCount`). */
  readonly moved: Uint32Array;
  movedCount = 0;

  constructor(
    readonly n: number,
    readonly motion: Motion = 'all moving',
  ) {
    this.side = Math.sqrt(n) * 12;
    this.boxes = new Float64Array(n * 4);
    this.velocities = new Float64Array(n * 2);
    const r = mulberry32(42);
    for (let i = 0; i < n; i++) {
      const x = r() * this.side;
      const y = r() * this.side;
      const w = 2 + 6 * r();
      const h = 2 + 6 * r();
      this.boxes.set([x, y, w, h], i * 4);
      this.velocities.set([(r() - 0.5) * 60, (r() - 0.5) * 60], i * 2);
      if (motion === '90 % at rest' && i % 10 !== 0) this.velocities.fill(0, i * 2, i * 2 + 2);
    }
    this.moved = new Uint32Array(n);
  }

  step(dt = 1 / 60): void {
    const { boxes: b, velocities: v, side } = this;
    this.movedCount = 0;
    for (let i = 0; i < this.n; i++) {
      const x = b[i * 4], y = b[i * 4 + 1];
      for (let axis = 0; axis < 2; axis++) {
        let p = b[i * 4 + axis] + v[i * 2 + axis] * dt;
        const size = b[i * 4 + 2 + axis];
        if (p < 0) {
          p = -p;
          v[i * 2 + axis] = -v[i * 2 + axis];
        } else if (p + size > side) {
          p = 2 * (side - size) - p;
          v[i * 2 + axis] = -v[i * 2 + axis];
        }
        b[i * 4 + axis] = p;
      }
      // A box at rest that starts past a wall is still mirrored inside once.
      if (b[i * 4] !== x || b[i * 4 + 1] !== y) this.moved[this.movedCount++] = i;
    }
  }
}

/** One frame of a scene as a contender's `frame` reads it. */
export type SceneFrame = Pick<Scene, 'n' | 'boxes' | 'moved' | 'movedCount'>;

/**
 * The first `count` frames of the scene `new Scene(n, motion)` runs, each
 * kept (boxes and the moved list): replaying them times a contender alone,
 * without the scene's own motion on the clock.
 */
export function recordFrames(n: number, motion: Motion, count: number): SceneFrame[] {
  const scene = new Scene(n, motion);
  const frames: SceneFrame[] = [];
  for (let f = 0; f < count; f++) {
    scene.step();
    frames.push({ n, boxes: scene.boxes.slice(), moved: scene.moved.slice(0, scene.movedCount), movedCount: scene.movedCount });
  }
  return frames;
}

/** Whether boxes i and j of `b` overlap in their interiors. */
export function overlaps(b: Float64Array, i: number, j: number): boolean {
  return b[i * 4] < b[j * 4] + b[j * 4 + 2] && b[j * 4] < b[i * 4] + b[i * 4 + 2] && b[i * 4 + 1] < b[j * 4 + 1] + b[j * 4 + 3] && b[j * 4 + 1] < b[i * 4 + 1] + b[i * 4 + 3];
}
