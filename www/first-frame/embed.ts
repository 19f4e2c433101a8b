// The first picture of a tutorial embed: while the wasm is still arriving,
// an embed of tutorial.html showing a quadtree or grids lesson draws its
// first moment as the core computed it when the site was built
// (record.ts: the scene's views and the lesson's trace cut to its first
// step), on its mode's own stage with the mode's own layers and
// the runtime's own stepper, whose words for the step came from that
// trace. It is a picture, not the mode: every control disabled, the canvas
// busy, a "starting" note over it, until the live mode replaces it in
// place (www/embed/mount.ts). Only an embed written exactly as recorded
// (its id and attributes) gets it. The page hands `findEmbedPicture` to
// the element (www/embed/first-pictures.ts) before defining it.

import pictures from 'virtual:first-frame/embeds';
import { knowViewLayouts } from '../core/layout';
import { BackgroundLayer } from '../boxes/layers/background';
import { BoxesLayer } from '../boxes/layers/boxes';
import { CameraLayer } from '../boxes/layers/camera';
import { QuadtreeLayer } from '../boxes/layers/quadtree';
import type { BoxesModel } from '../boxes/model';
import type { Layer } from '../runtime/renderer';
import type { TeachOp, TeachRun, TeachStep } from '../boxes/teach/run';
import { TeachLayer } from '../boxes/teach/layer';
import type { BoxesSteps } from '../boxes/teach/steps';
import { LAYOUT as GRIDS_LAYOUT, gridsLegend } from '../modes/grids/layout';
import { GridLayer } from '../modes/grids/layers';
import { LAYOUT as QUADTREE_LAYOUT } from '../modes/quadtree/layout';
import { LegendPanel } from '../modes/quadtree/panels';
import type { ModeName } from '../settings/mode-names';
import { ModeRuntime } from '../runtime/mode-runtime';
import type { StepSource } from '../runtime/scene';
import { lessonNamed, lessonsOf } from '../settings/lessons';
import { attributeOf } from '../settings/table';
import type { FirstFrame, FirstStep } from './frame';
import { recordedModel } from './model';

/** One recorded embed: its id and attributes as the page wrote them, and its first moment. */
export interface RecordedEmbed {
  readonly id: string;
  /** Every attribute but the id, as written. */
  readonly attributes: Readonly<Record<string, string>>;
  readonly frame: FirstFrame;
}

/** What the note over the canvas says while the picture shows. */
export const EMBED_STARTING_TEXT = 'Starting the core… (its first step, as recorded)';

/** Whether `element`, with these settings as written, is the recorded embed: its id, and exactly its attributes. */
function isRecorded(recorded: RecordedEmbed, element: HTMLElement, raw: Readonly<Record<string, unknown>>): boolean {
  if (element.id !== recorded.id) return false;
  const written = Object.entries(raw).filter(([, value]) => value !== undefined);
  const wanted = Object.entries(recorded.attributes);
  return written.length === wanted.length && written.every(([option, value]) => recorded.attributes[attributeOf(option)] === value);
}

/** A picture on show in an embed (www/embed/first-pictures.ts's `EmbedPicture`). */
export interface ShownPicture {
  readonly aspect: number;
  destroy(): void;
}

/** The recorded picture for `element` with these settings as written (attribute texts keyed by option), or null. */
export function findEmbedPicture(element: HTMLElement, raw: Readonly<Record<string, unknown>>): ((host: HTMLElement, keyRoot: ShadowRoot) => ShownPicture) | null {
  const recorded = pictures.find((p) => isRecorded(p, element, raw));
  return recorded === undefined ? null : (host, keyRoot) => showEmbedPicture(host, keyRoot, recorded.frame);
}

/**
 * The recorded first step as the stepper and the teaching layer read a
 * live lesson's (steps.ts): the step on screen, its words, the count of the
 * whole trace. It cannot move: there is no core to trace anything else.
 */
function recordedSteps(frame: FirstFrame, first: FirstStep): StepSource & Pick<BoxesSteps, 'run' | 'current' | 'at'> {
  const mode = frame.settings.mode;
  const lesson = lessonNamed(mode, first.lesson);
  const op: TeachOp = {
    ...first.op,
    nodesBefore: Float64Array.from(first.op.nodesBefore),
    nodesAfter: Float64Array.from(first.op.nodesAfter),
    gridBefore: Float64Array.from(first.op.gridBefore),
    grid: Float64Array.from(first.op.grid),
  };
  const step: TeachStep = { op, rec: op.records[0], index: 0 };
  const run: TeachRun = { lesson, structure: first.structure, side: frame.side, ops: [op], steps: [step], objects: first.objects };
  return {
    run,
    current: step,
    at: 0,
    subject: first.subject,
    version: 1,
    count: first.count,
    ready: true,
    goTo: () => {},
    words: () => first.words,
    hint: () => '',
    lessons: lessonsOf(mode),
    lesson: first.lesson,
    legend: first.legend,
  };
}

/**
 * Each pictured mode's stage as the mode lays it out: its canvas label and
 * help line, its legend, and the layers it draws a lesson with (those that
 * read the world's views; the teaching layer covers the live scene's
 * picture within the world, so a lesson's selected box's cells, which the
 * mode asks the core for, are not among them).
 */
const STAGES: Partial<Record<ModeName, { layout: typeof QUADTREE_LAYOUT; legend: () => HTMLElement; layers: () => Layer<BoxesModel>[] }>> = {
  quadtree: { layout: QUADTREE_LAYOUT, legend: () => new LegendPanel().element, layers: () => [new BackgroundLayer(), new BoxesLayer(), new QuadtreeLayer(), new CameraLayer()] },
  grids: { layout: GRIDS_LAYOUT, legend: gridsLegend, layers: () => [new BackgroundLayer(), new BoxesLayer(), new GridLayer(), new QuadtreeLayer()] },
};

/** Draws the recorded first moment in `host` (empty), laid out as its mode lays out an embed's lesson. */
function showEmbedPicture(host: HTMLElement, keyRoot: ShadowRoot, frame: FirstFrame): ShownPicture {
  const first = frame.firstStep;
  if (first === undefined) throw new Error('the recorded embed has no first step');
  knowViewLayouts(frame.layouts);
  const model = recordedModel(frame);
  const steps = recordedSteps(frame, first);
  const stage = STAGES[frame.settings.mode];
  if (stage === undefined) throw new Error(`no first picture for the ${frame.settings.mode} mode`);
  // The embed's context, minus what only a live mode does: no publishing, no step events; a picker with nothing to restart.
  const rt = new ModeRuntime<BoxesModel>(host, { publish: () => {}, restart: () => {}, keyRoot, gestures: 'cooperative', debug: false }, stage.layout);
  rt.layout.stage.classList.add('first-picture');
  rt.layout.canvas.setAttribute('aria-busy', 'true');
  rt.addLayers(...stage.layers(), new TeachLayer(steps as unknown as BoxesSteps));
  const stepper = rt.addStepper(steps);
  stepper.update(performance.now());
  rt.layout.legend.append(stage.legend());
  for (const control of host.querySelectorAll<HTMLButtonElement | HTMLInputElement | HTMLSelectElement>('button, input, select')) control.disabled = true;
  rt.layout.notice.textContent = EMBED_STARTING_TEXT;
  rt.layout.notice.hidden = false;
  rt.viewport.setWorld(frame.side, frame.side);
  rt.viewport.fit();
  const draw = (): void => rt.renderer.draw(model, performance.now());
  draw();
  // The embed lays itself out once it knows its width (and again on a resize): the picture follows.
  const resized = new ResizeObserver(draw);
  resized.observe(rt.layout.canvas);
  return {
    aspect: 1,
    destroy: () => {
      resized.disconnect();
      rt.destroy();
    },
  };
}
