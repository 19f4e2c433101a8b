// Run by the build (scripts/first-frame.mjs, through Vite's module runner),
// not by the page: builds the quadtree mode's default scene with the page's
// own code (Simulation, the default settings, the default camera) on the
// wasm core, runs the first frame's `pairs()` and camera `query`, and keeps
// what the core returned (frame.ts) for the page to draw before its core
// has arrived. Nothing here computes what the core computes.

import { initSync, World } from '../core/index';
import { Simulation } from '../boxes/simulation';
import { clampCamera, defaultCamera } from '../boxes/camera';
import { defaultSettings } from '../settings/read';
import { base64Of, type FirstFrame, type RecordedView } from './frame';

/** The boxes' grain: the finest power-of-two fraction of a world unit at which the world's side fits 16 bits (1/32 for the default scene, where a world unit is under a CSS pixel). */
function boxScale(side: number): number {
  return 2 ** Math.floor(Math.log2(0xffff / side));
}

/** Non-negative values to the nearest 1/`scale`, as 16-bit integers (the build fails if one does not fit). */
function quantised(view: Float64Array, scale: number): RecordedView {
  const scaled = new Uint16Array(view.length);
  for (let i = 0; i < view.length; i++) {
    const q = Math.round(view[i] * scale);
    if (!(q >= 0 && q <= 0xffff)) throw new Error(`first frame: box value ${view[i]} does not fit 16 bits at 1/${scale}`);
    scaled[i] = q;
  }
  return { type: 'q16', scale, base64: base64Of(new Uint8Array(scaled.buffer)) };
}

function recorded(view: Float64Array | Uint32Array | Uint8Array): RecordedView {
  const type = view instanceof Float64Array ? 'f64' : view instanceof Uint32Array ? 'u32' : 'u8';
  // A copy: the view dies at the next call into the core.
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength).slice();
  return { type, base64: base64Of(bytes) };
}

/** The default quadtree scene's first frame, from the core built as `wasm` (the bytes of broadphase_bg.wasm). */
export function recordFirstFrame(wasm: Uint8Array): FirstFrame {
  initSync({ module: wasm });
  const settings = defaultSettings('quadtree');
  const sim = new Simulation(settings);
  try {
    sim.refreshIfDirty();
    if (sim.pairsRefused !== null) throw new Error(`the default scene's pairs() was refused: ${sim.pairsRefused}`);
    const camera = defaultCamera(sim.side);
    clampCamera(camera, sim.side, 4);
    sim.queryCamera(camera);
    const world = sim.world;
    const names = ['slotBoxes', 'quadtreeNodes'] as const;
    return {
      settings,
      side: sim.side,
      camera: [camera.x, camera.y, camera.w, camera.h],
      layouts: Object.fromEntries(names.map((n) => [n, World.viewLayout(n)])),
      views: {
        slotBoxes: quantised(world.slotBoxes(), boxScale(sim.side)),
        slotIds: recorded(world.slotIds()),
        slotOverlapping: recorded(world.slotOverlapping()),
        quadtreeNodes: recorded(world.quadtreeNodes()),
      },
      cameraIds: Array.from(sim.cameraHits()),
    };
  } finally {
    sim.destroy();
  }
}
