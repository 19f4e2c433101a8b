// What a mode is, as the runtime sees it: the types every mode implements
// or receives. A mode's factory (`ModeFactory`) is handed its host element,
// its typed settings and a context, and returns a `ModeHandle`; inside, it
// builds a `Scene` — its model (`SceneModel`: the state the layers draw and
// the panels read, the core calls, one frame's work; no DOM) and its input
// — and the runtime (mode-runtime.ts) runs it. The model talks back to the
// runtime through `SceneHost` only.
//
// A model that can be stepped through hands the runtime its steps (a
// trace the core recorded, with the words for each step) as `steps`, a
// `StepSource`, and the runtime's stepper (stepper.ts) then owns Back,
// Step, Play, the scrubber, the N key and the "Next:" line for every mode
// alike.

import type { FrameCost } from './frame-cost';
import type { ShareTarget } from './share';
import type { KeyScene, PointerScene } from './input';
import type { PanelInfo } from './ui';
import type { Viewport } from './viewport';
import type { LessonSpec } from '../settings/lessons';
import type { SettingValues, SomeSettings } from '../settings/table';

export type { SettingValues, SomeSettings } from '../settings/table';

/** The size of the world a scene shows, in world units, and the unit cell lines snap to (0: none). */
export interface SceneWorld {
  readonly width: number;
  readonly height: number;
  readonly snap?: number;
}

/** Undo and redo as a scene offers them (the runtime adds the buttons and keys). */
export interface SceneHistory {
  undo(): boolean;
  redo(): boolean;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
}

/** A scene's undo and redo over a history whose state says whether each can act. */
export function sceneHistory(history: { readonly canUndo: boolean; readonly canRedo: boolean }, undo: () => boolean, redo: () => boolean): SceneHistory {
  return {
    undo,
    redo,
    get canUndo() {
      return history.canUndo;
    },
    get canRedo() {
      return history.canRedo;
    },
  };
}

/** One step in words: what it does, its numbers, and what comes after it and why. */
export interface StepWords {
  /** What this step does, in a sentence: the stepper's headline. */
  readonly says: string;
  /** Its numbers, as label and value: the stepper's readouts. */
  readonly readouts: readonly (readonly [label: string, value: string])[];
  /** What the next step does and why (the stepper writes "Next: " before it); at the last step, how the walk ends. */
  readonly next: string;
  /** A word for the kind of step (`split`, `x`, `overlaps`, …): the panel's colour cue (`data-kind`). */
  readonly kind?: string;
}

/**
 * What a mode hands the runtime's stepper: steps the core recorded (a
 * trace), put into words by the mode, and which one is on screen. The
 * model owns the place (its layers draw that step) and asks the core for
 * a trace only once stepping begins or a lesson is on; the runtime owns
 * the buttons, the scrubber, the keys, Play and the "Next:" line.
 */
export interface StepSource {
  /** What the steps walk through, in a few words ("the DDA walk of the ray A → B"). */
  readonly subject: string;
  /** A new number whenever the steps are new (a new trace): the stepper reads them again. */
  readonly version: number;
  /** How many steps there are now (0 before stepping begins, or with nothing to step through). */
  readonly count: number;
  /** The step on screen (0 is the first), or null while the whole picture shows. */
  readonly at: number | null;
  /** Whether there is something to step through (`goTo(0)` would show a step). */
  readonly ready: boolean;
  /** Shows step `k` (clamped to the steps), or the whole picture (null); asks the core for the trace first if need be. */
  goTo(k: number | null): void;
  /** The words for step `k` (0 ≤ k < count). */
  words(k: number): StepWords;
  /** While not stepping: what stepping will show, or what to do first (select a box, …). */
  hint(): string;
  /** The lessons the mode offers, for the picker (www/settings/lessons.ts). */
  readonly lessons?: readonly LessonSpec[];
  /** The lesson on, by name (undefined: the live scene). */
  readonly lesson?: string;
  /** What the colours of the stepped picture mean, in a sentence (shown while stepping). */
  readonly legend?: string;
}

/**
 * A mode's model: the state its layers draw and its panels read, the calls
 * into the core, the actions its panels and input share. No DOM: what it
 * needs of the page goes through its `SceneHost`.
 */
export interface SceneModel {
  /** The world's size (re-read every frame: a new map or level refits the view). */
  worldSize(): SceneWorld;
  /**
   * One frame's work before drawing: simulate, refresh what the panels
   * read. `ticks` is the whole ticks of simulated time due this frame
   * (TICK_SECONDS each, www/runtime/frame-loop.ts; 0 on a frame between two
   * ticks, a few at most after a slow one): a simulation advances by whole
   * ticks only, so the same ticks give the same world.
   */
  tick(now: number, ticks: number): void;
  /** The settings in force, by their names (www/settings/table.ts), for the address bar or the embed's state. */
  state(): SomeSettings;
  /** The undo history the runtime's buttons and keys act on. */
  readonly history?: SceneHistory;
  /** Whether a drag is under way (the address is written after it, not on every move). */
  busy?(): boolean;
  /** The steps of a lesson or of what is selected, for the runtime's stepper (modes with a trace to teach). */
  readonly steps?: StepSource;
  /** Selects object `id` as a click on it would (0: none); false when there is no such object. */
  selectObject?(id: number): boolean;
  /**
   * Takes settings that need no rebuild (the selection, the cell side the
   * stepper explains) as a link or the embed's setState gives them; false
   * when it cannot, and the scene is then built again with them.
   */
  adopt?(values: SomeSettings): boolean;
  /** Frees what the model holds (wasm worlds, timers). */
  destroy(): void;
}

/** A mode as the runtime runs it: its model, what a pointer and the keys do, and its test handle. */
export interface Scene<M extends SceneModel> {
  readonly model: M;
  readonly input: PointerScene & KeyScene;
  /** `window.__broadphase…` for tests and the console; returns its removal. */
  debug?(): () => void;
  /** Frees what the scene holds besides its model (listeners the input added). */
  destroy?(): void;
}

/** What a model may ask of the runtime that runs it. */
export interface SceneHost {
  /** The one viewport: world ↔ canvas. */
  readonly viewport: Viewport;
  /** What a frame costs in JS, by part (a model's tick adds its own parts: step, pairs, check). */
  readonly cost: FrameCost;
  /** Frames run since start. */
  readonly frame: number;
  /** The settings changed: published at the end of this frame (or after the drag). */
  changed(): void;
  /** The panels show the settings again (after a change the panels did not make). */
  syncPanels(): void;
  /** Shows a sentence to the reader over the canvas. */
  notify(text: string): void;
  /** Shows a failed action (a wasm error) as a notice, each message once in a while, and warns. */
  report(what: string, error: unknown): void;
  /** Fits the view to the world again. */
  fitView(): void;
  /** The next frame simulates no elapsed time (after a pause). */
  restartClock(): void;
}

/** Where the stepper is, as an author's script and the embed's `stepchange` event see it. */
export interface StepState {
  /** The step shown, numbered as on screen (1 is the first), or null while the whole picture shows. */
  readonly step: number | null;
  /** How many steps there are (0: none yet). */
  readonly count: number;
  /** What the step does, and what comes next ('' while not stepping). */
  readonly says: string;
  readonly next: string;
  /** Whether Play is running. */
  readonly playing: boolean;
}

/** The stepper as the embed's element drives it. */
export interface StepperHandle {
  readonly state: StepState;
  /** Shows step `step` (1 is the first; beyond the last, the last), or the whole picture (null). */
  goTo(step: number | null): void;
  /** Plays to the end at a readable pace (with reduced motion: shows the last step at once). */
  play(): void;
  pause(): void;
}

/** A self-contained playground mode: it renders into `host` (its own canvas and side panel) and cleans up on destroy. */
export interface ModeHandle {
  destroy(): void;
  /** Off-screen modes run no frames: false cancels the frame loop, true resumes it. */
  setVisible?(visible: boolean): void;
  /** Frames drawn since the mode started (tests, embeds). */
  readonly frame?: number;
  /** The world's height over its width (an embed without a height picks one from it). */
  readonly aspect?: number;
  /** The settings as they are this moment, the view included (a running scene's tick too, which is published only when something else changes). */
  state?(): SomeSettings;
  /** The panels the mode built, in order: an embed shows or hides them by id and role. */
  readonly panels: readonly PanelInfo[];
  /** The stepper, in modes with steps to teach. */
  readonly stepper?: StepperHandle;
  /** Selects object `id` as a click would (0: none); false when the mode has no such object or no selection. */
  select(id: number): boolean;
  /** Takes the settings that need no rebuild (`LIVE_SETTINGS`: the step, the selection, a cell side) at once; false when the mode must be built again. */
  adopt(values: SomeSettings): boolean;
}

/** The settings a running mode takes without being built again: where the stepper is and what it is about. */
export const LIVE_SETTINGS: readonly string[] = ['step', 'selected', 'edge'];

/**
 * Where a mode's side effects go: the page's shell (one mode at a time,
 * its settings in the address bar) or an embed (many per page, each in its
 * own shadow root, its settings kept by the embed). A mode never sees a
 * URL or an attribute: it receives typed values and publishes typed values.
 */
export interface ModeContext {
  /** Receives the mode's settings whenever they change: all of them that the mode keeps (the view included once zoomed or panned). */
  publish(values: SomeSettings): void;
  /**
   * Whether to publish the values in force at once, before any change (an
   * embed: its getState() reports them); the page leaves its address as
   * the reader wrote it until something changes.
   */
  readonly publishAtStart?: boolean;
  /** Where keyboard shortcuts are heard when no control has them (default: document). */
  keyRoot?: EventTarget;
  /**
   * 'cooperative' (an embed in someone's article): the wheel zooms and a
   * finger drags only once the reader engaged the embed (clicked or tapped
   * into it), or with Ctrl/⌘ / a long press; 'greedy' (default, the full
   * page): at once.
   */
  gestures?: 'cooperative' | 'greedy';
  /** Whether to install the `window.__broadphase…` handles (default: true). */
  debug?: boolean;
  /** Where the Share tool's link and code point (absent: no Share tool). */
  share?: ShareTarget;
  /**
   * Starts the mode again from `values` over its defaults (a lesson
   * picked: the page follows it as a link, an embed as setState); absent,
   * the stepper offers no lessons.
   */
  restart?(values: SomeSettings): void;
  /** Hears the stepper's moves (the embed's `stepchange` event). */
  stepChanged?(state: StepState): void;
}

/** Mounts a mode in `host` with its settings (read and checked by www/settings/). */
export type ModeFactory = (host: HTMLElement, settings: SettingValues, context: ModeContext) => ModeHandle;
