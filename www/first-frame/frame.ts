// The first frame of the page's default scene, as the core computed it
// when the site was built (record.ts, run by the build): what the page
// draws while the wasm is still arriving. Only the core's own outputs are
// kept (its views after the first `pairs()` and the camera's `query`),
// with the settings they were made from, so the page can tell whether a
// link asks for this very scene.

import type { Rec, TeachBox, TeachOp } from '../boxes/teach/run';
import type { StepWords } from '../runtime/scene';
import type { SettingValues } from '../settings/table';

/**
 * One view's numbers: the typed array's kind and its bytes, base64. The
 * boxes (`q16`) are kept to the nearest `1 / scale` world unit as 16-bit
 * integers, a small fraction of a pixel at the scene's zoom, so the page
 * carries a quarter of their bytes; everything else is kept exactly.
 */
export interface RecordedView {
  readonly type: 'f64' | 'u32' | 'u8' | 'q16';
  readonly base64: string;
  /** For `q16`: the stored integers are the values times this. */
  readonly scale?: number;
}

export interface FirstFrame {
  /** The settings the scene was built from (its mode's defaults at build time, and a lesson's own). */
  readonly settings: SettingValues;
  /** The world's side. */
  readonly side: number;
  /** The camera rectangle that was queried (x, y, w, h). */
  readonly camera: readonly [number, number, number, number];
  /** Field names of the views the layers read, as `World.viewLayout` gave them. */
  readonly layouts: Readonly<Record<string, readonly string[]>>;
  /** `slotBoxes`, `slotIds`, `slotOverlapping`, `quadtreeNodes` after the first `pairs()`; `gridGeometry` where a grid is active. */
  readonly views: Readonly<Record<'slotBoxes' | 'slotIds' | 'slotOverlapping' | 'quadtreeNodes', RecordedView>> & { readonly gridGeometry?: RecordedView };
  /** Ids the camera's `query` returned. */
  readonly cameraIds: readonly number[];
  /** A lesson's first step, as its stepper opens it (absent: the scene has no lesson). */
  readonly firstStep?: FirstStep;
}

/**
 * A lesson's first step: the first operation of the core's trace of the
 * lesson (its records and the structure around it), the number of steps
 * in the whole trace, and the stepper's words for the step, made by the
 * page's own code from that trace when the site was built.
 */
export interface FirstStep {
  readonly lesson: string;
  readonly structure: string;
  /** Steps in the lesson's whole trace. */
  readonly count: number;
  /** Objects in the teaching world at the end of the trace. */
  readonly objects: number;
  /** The trace's first operation, its views as plain arrays. */
  readonly op: Omit<TeachOp, 'nodesBefore' | 'nodesAfter' | 'gridBefore' | 'grid' | 'records' | 'boxesBefore' | 'boxesAfter'> & {
    readonly records: readonly Rec[];
    readonly nodesBefore: readonly number[];
    readonly nodesAfter: readonly number[];
    readonly gridBefore: readonly number[];
    readonly grid: readonly number[];
    readonly boxesBefore: readonly TeachBox[];
    readonly boxesAfter: readonly TeachBox[];
  };
  /** The stepper's words for the first step. */
  readonly words: StepWords;
  /** What the steps walk through, and what the stepped picture's colours mean (the stepper's lines). */
  readonly subject: string;
  readonly legend: string;
}

/**
 * JSON for a recorded frame that keeps the numbers JSON has no words for
 * (a trace record's absent fields are NaN): each is written as `{"$n": "NaN"}`.
 */
export function frameJson(frame: FirstFrame): string {
  return JSON.stringify(frame, (_key, value: unknown) => (typeof value === 'number' && !Number.isFinite(value) ? { $n: String(value) } : value));
}

/** A recorded frame back from `frameJson`'s text. */
export function parseFrame(text: string): FirstFrame {
  return JSON.parse(text, (_key, value: unknown) => (value !== null && typeof value === 'object' && '$n' in value ? Number((value as { $n: string }).$n) : value)) as FirstFrame;
}

const KINDS = { f64: Float64Array, u32: Uint32Array, u8: Uint8Array } as const;

/** Bytes as base64 (btoa: in the browser and in Node alike). */
export function base64Of(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** A view's bytes back as the typed array the core handed out. */
export function readView(view: RecordedView): Float64Array | Uint32Array | Uint8Array {
  const text = atob(view.base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  if (view.type !== 'q16') return new KINDS[view.type](bytes.buffer);
  const scaled = new Uint16Array(bytes.buffer);
  const values = new Float64Array(scaled.length);
  for (let i = 0; i < scaled.length; i++) values[i] = scaled[i] / (view.scale ?? 1);
  return values;
}
