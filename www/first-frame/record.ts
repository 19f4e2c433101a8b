// Run by the build (scripts/first-frame.mjs, through Vite's module runner),
// not by the page: builds a quadtree or grids scene with the page's own code
// (Simulation, the settings' defaults, the default camera) on the wasm
// core, runs the first frame's `pairs()` and camera `query`, and keeps what
// the core returned (frame.ts) for the page to draw before its core has
// arrived: index.html's default scene, and a tutorial embed's lesson
// (quadtree or grids), whose
// first step is the core's trace of the lesson (the stepper's run) cut to
// that step, with its words as the page's own code puts them. Nothing here
// computes what the core computes.

import { initSync, World } from '../core/index';
import { Simulation } from '../boxes/simulation';
import { clampCamera, defaultCamera } from '../boxes/camera';
import { defaultSettings } from '../settings/read';
import { lessonRun, type TeachOp } from '../boxes/teach/run';
import { BoxesSteps } from '../boxes/teach/steps';
import { stepWords } from '../boxes/teach/words';
import type { BoxesModel } from '../boxes/model';
import { lessonNamed } from '../settings/lessons';
import type { SettingValues } from '../settings/table';
import { base64Of, type FirstFrame, type FirstStep, type RecordedView } from './frame';

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
  return recordScene(defaultSettings('quadtree'));
}

/** The modes whose lessons a first picture can show (embed.ts draws their stages). */
export const PICTURED_MODES = ['quadtree', 'grids'] as const;
export type PicturedMode = (typeof PICTURED_MODES)[number];

/**
 * A lesson's first moment, as an embed of `mode` with `lesson` opens it:
 * the scene's first frame and the lesson's first step (a lesson opens at
 * its first step), from the core built as `wasm`.
 */
export function recordLessonFrame(wasm: Uint8Array, lesson: string, mode: PicturedMode = 'quadtree'): FirstFrame {
  initSync({ module: wasm });
  const spec = lessonNamed(mode, lesson);
  if (spec === undefined) throw new Error(`first frame: the ${mode} mode has no lesson "${lesson}"`);
  const settings = defaultSettings(mode, lesson);
  const frame = recordScene(settings);
  return { ...frame, firstStep: recordFirstStep(settings, frame.side, lesson, mode) };
}

/** The lesson's trace as the stepper takes it (run.ts), kept to its first step, with the stepper's words for it. */
function recordFirstStep(settings: SettingValues, side: number, lesson: string, mode: PicturedMode): FirstStep {
  const run = lessonRun(settings, side, lessonNamed(mode, lesson) as NonNullable<ReturnType<typeof lessonNamed>>);
  const first = run.steps[0];
  if (first === undefined) throw new Error(`first frame: the lesson "${lesson}" has no steps`);
  const op: TeachOp = first.op;
  // The stepper's own sentences (the legend, what the steps walk through) read only the settings.
  const source = new BoxesSteps({ settings, onFrame: () => {} } as unknown as BoxesModel, mode);
  return {
    lesson,
    structure: run.structure,
    count: run.steps.length,
    objects: run.objects,
    op: { ...op, records: [...op.records], nodesBefore: Array.from(op.nodesBefore), nodesAfter: Array.from(op.nodesAfter), gridBefore: Array.from(op.gridBefore), grid: Array.from(op.grid) },
    words: stepWords(run, 0),
    subject: source.subject,
    legend: source.legend,
  };
}

function recordScene(settings: SettingValues): FirstFrame {
  const sim = new Simulation(settings);
  try {
    sim.refreshIfDirty();
    if (sim.pairsRefused !== null) throw new Error(`the default scene's pairs() was refused: ${sim.pairsRefused}`);
    const camera = defaultCamera(sim.side);
    clampCamera(camera, sim.side, 4);
    // The quadtree mode's camera; the grids mode has none.
    const withCamera = settings.mode === 'quadtree';
    if (withCamera) sim.queryCamera(camera);
    const world = sim.world;
    const names = ['slotBoxes', 'quadtreeNodes', 'gridGeometry'] as const;
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
        ...(sim.gridActive ? { gridGeometry: recorded(world.gridGeometry()) } : {}),
      },
      cameraIds: withCamera ? Array.from(sim.cameraHits()) : [],
    };
  } finally {
    sim.destroy();
  }
}
