// The one mode skeleton. Every mode is a scene (scene.ts: a model the
// layers draw and the panels read, its input, its test handle) plugged
// into this runtime, which owns what the modes share: the layout, the
// viewport and its fit to the world, the renderer and its layer stack,
// the sidebar, the one frame loop, notices and error reports, the input
// layer, undo / redo buttons, the view link and publishing the settings
// (at most once a frame, never mid-drag), the Share tool, the stepper
// over a model's steps (stepper.ts), the debug handle, and disposal.
// One frame: the model's tick, the layers drawn bottom to top, the panels
// updated, the settings published if they changed.
//
//   runMode(host, context, layout, view, (rt) => scene) → ModeHandle

import { addZoomButtons, toolButton } from './canvas-tools';
import { FrameLoop } from './frame-loop';
import { FrameCost } from './frame-cost';
import { CanvasInput, touchOnly, zoomHelp, type KeyScene } from './input';
import { Notice } from './notice';
import { Renderer, type Layer } from './renderer';
import { SharePanel } from './share';
import type { ModeContext, ModeHandle, Scene, SceneHistory, SceneHost, SceneModel, StepSource } from './scene';
import { StepperPanel } from './stepper';
import { buildModeLayout, type LayoutOptions, type ModeLayout } from './stage';
import { Sidebar } from './ui';
import { applyView, viewOf, ViewLink } from './view-link';
import { Viewport } from './viewport';
import type { View } from '../settings/kinds';
import type { SomeSettings } from '../settings/table';

/** The same error is shown again only after this long. */
const REPEAT_NOTICE_MS = 8000;

/** What a scene is built with: the runtime's pieces, ready before the scene exists (and its models' host). */
export class ModeRuntime<M extends SceneModel> implements SceneHost {
  readonly layout: ModeLayout;
  readonly viewport = new Viewport();
  readonly renderer: Renderer<M>;
  readonly sidebar: Sidebar;
  readonly notice: Notice;
  readonly loop: FrameLoop;
  /** What a frame costs in JS, by part (a scene's tick adds its own parts: step, pairs, check). */
  readonly cost = new FrameCost();
  private scene: Scene<M> | null = null;
  private input: CanvasInput | null = null;
  private link: ViewLink | null = null;
  private dirty = false;
  private uninstall: () => void = () => {};
  private readonly shownErrors = new Map<string, number>();
  private historyButtons: { undo: HTMLButtonElement; redo: HTMLButtonElement } | null = null;
  private share: SharePanel | null = null;
  private stepper: StepperPanel | null = null;
  private destroyed = false;

  constructor(
    host: HTMLElement,
    readonly context: ModeContext,
    layout: LayoutOptions,
  ) {
    // The wheel behaves alike in every mode, so the runtime says how, worded for the page or an article;
    // on a touch screen, what a finger does in this mode too.
    const touch = touchOnly() && layout.touchHelp !== undefined ? ` · ${layout.touchHelp}` : '';
    this.layout = buildModeLayout(host, { ...layout, help: `${layout.help}${touch} · ${zoomHelp(context.gestures)}` });
    this.renderer = new Renderer<M>(this.layout.canvas, this.viewport);
    this.sidebar = new Sidebar(this.layout.panels);
    this.notice = new Notice(this.layout.notice);
    this.loop = new FrameLoop((now, ticks) => this.runFrame(now, ticks));
    addZoomButtons(this.layout.tools, this.viewport);
  }

  /** Frames run since start. */
  get frame(): number {
    return this.loop.frame;
  }

  /** Adds layers to the renderer, in their own order. */
  addLayers(...layers: Layer<M>[]): void {
    for (const layer of layers) this.renderer.add(layer);
  }

  /**
   * Adds the stepper over `steps` (the model's) to the sidebar here, in
   * the mode's order of panels; a model with steps whose mode places none
   * gets it after its panels.
   */
  addStepper(steps: StepSource): StepperPanel {
    const c = this.context;
    const panel = new StepperPanel(steps, { restart: c.restart === undefined ? undefined : (values) => c.restart?.(values), changed: (state) => c.stepChanged?.(state) });
    this.stepper = panel;
    this.sidebar.add(panel, 'readout');
    return panel;
  }

  /** The settings changed: they are published at the end of this frame (or after the drag). */
  changed(): void {
    this.dirty = true;
  }

  /** The panels show the settings again. */
  syncPanels(): void {
    this.sidebar.sync();
  }

  /** Shows a sentence over the canvas. */
  notify(text: string): void {
    this.notice.show(text);
  }

  /** The next frame owes no ticks. */
  restartClock(): void {
    this.loop.restartClock();
  }

  /** Shows a failed action (a wasm error, a drawing error) as a notice, each message once in a while, and warns. */
  report(what: string, error: unknown): void {
    const text = `${what} failed: ${error instanceof Error ? error.message : String(error)}`;
    const now = performance.now();
    if (now - (this.shownErrors.get(text) ?? -Infinity) < REPEAT_NOTICE_MS) return;
    this.shownErrors.set(text, now);
    console.warn(`broadphase: ${text}`);
    this.notice.show(text);
  }

  /** Fits the view to the scene's world again. */
  fitView(): void {
    this.viewport.fit();
  }

  /** Starts `scene`: input, view (from a link's `view`), first publish, the loop. */
  start(scene: Scene<M>, view: View | undefined): ModeHandle {
    this.scene = scene;
    const model = scene.model;
    const world = model.worldSize();
    this.viewport.snapUnit = world.snap ?? 0;
    this.viewport.setWorld(world.width, world.height);
    this.viewport.fit();
    applyView(this.viewport, view);
    const c = this.context;
    if (model.steps !== undefined && this.stepper === null) this.addStepper(model.steps);
    this.input = new CanvasInput(this.layout.canvas, this.viewport, scene.input, withStepperKeys(scene.input, this.stepper), { keyRoot: c.keyRoot, gestures: c.gestures, hint: this.layout.hint });
    this.link = new ViewLink(this.viewport, c.publish, () => model.state());
    if (model.history !== undefined) this.addHistoryButtons(model.history);
    if (c.share !== undefined) {
      this.share = new SharePanel(c.share, () => this.state());
      this.layout.tools.append(...this.share.tools);
      this.layout.stage.append(this.share.element);
    }
    // An embed hears the values in force at once, before any frame (its
    // getState() reports them; an instance off screen runs no frames); the
    // page's address is left as the reader wrote it.
    if (c.publishAtStart === true) this.link.publish(model.state());
    if (c.debug !== false && scene.debug !== undefined) this.uninstall = scene.debug();
    this.loop.start();
    const rt = this;
    return {
      get panels() {
        return rt.sidebar.describe();
      },
      get frame() {
        return rt.loop.frame;
      },
      get aspect() {
        return rt.viewport.worldHeight / rt.viewport.worldWidth;
      },
      state() {
        return rt.state();
      },
      setVisible(visible: boolean) {
        rt.loop.setVisible(visible);
      },
      stepper: this.stepper ?? undefined,
      select(id: number) {
        return model.selectObject?.(id) ?? false;
      },
      adopt(values) {
        const { step, ...rest } = values;
        if (Object.keys(rest).length > 0 && model.adopt?.(rest) !== true) return false;
        if ('step' in values) {
          if (rt.stepper === null) return false;
          rt.stepper.goTo(step ?? null);
        }
        return true;
      },
      destroy() {
        rt.destroy();
      },
    };
  }

  /** The scene's settings as they are this moment, with the view (what Share hands on). */
  state(): SomeSettings {
    const model = this.scene?.model;
    return model === undefined ? {} : { ...model.state(), view: viewOf(this.viewport) };
  }

  /** Stops the loop, unhooks the input, frees the scene, empties the host. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.loop.stop();
    this.uninstall();
    this.share?.destroy();
    this.input?.destroy();
    try {
      this.scene?.destroy?.();
      this.scene?.model.destroy();
    } finally {
      this.notice.destroy();
      this.renderer.destroy();
      this.layout.remove();
    }
  }

  private addHistoryButtons(history: SceneHistory): void {
    const undo = toolButton('↶', 'Undo (Ctrl/Cmd+Z)', () => history.undo(), { 'data-tool': 'undo' });
    const redo = toolButton('↷', 'Redo (Shift+Ctrl/Cmd+Z)', () => history.redo(), { 'data-tool': 'redo' });
    this.layout.tools.append(undo, redo);
    this.historyButtons = { undo, redo };
  }

  private runFrame(now: number, ticks: number): void {
    const scene = this.scene;
    if (scene === null) return;
    const model = scene.model;
    const cost = this.cost;
    cost.begin();
    try {
      const world = model.worldSize();
      const v = this.viewport;
      const snap = world.snap ?? 0;
      if (v.worldWidth !== world.width || v.worldHeight !== world.height || v.snapUnit !== snap) {
        v.snapUnit = snap;
        v.setWorld(world.width, world.height);
        v.fit();
      }
      model.tick(now, ticks);
      const drawStart = performance.now();
      this.renderer.draw(model, now);
      cost.add('draw', performance.now() - drawStart);
      this.sidebar.update(now);
      const buttons = this.historyButtons;
      const history = model.history;
      if (buttons !== null && history !== undefined) {
        // Only on a change: a property set every frame costs a style pass.
        if (buttons.undo.disabled === history.canUndo) buttons.undo.disabled = !history.canUndo;
        if (buttons.redo.disabled === history.canRedo) buttons.redo.disabled = !history.canRedo;
      }
      if (this.dirty && model.busy?.() !== true) {
        this.dirty = false;
        this.link?.publish(model.state());
      }
      this.link?.tick(now);
    } catch (error) {
      this.report('drawing', error);
    }
    cost.end();
  }
}

/**
 * The scene's keys with the stepper's heard first: N, Shift+N, and Esc
 * while stepping (no scene has another use for N).
 */
function withStepperKeys(keys: KeyScene, stepper: StepperPanel | null): KeyScene {
  if (stepper === null) return keys;
  return {
    canvasKey: keys.canvasKey?.bind(keys),
    key: (e) => stepper.key(e) || keys.key?.(e) === true,
    keyUp: keys.keyUp?.bind(keys),
    command: keys.command?.bind(keys),
    undo: keys.undo?.bind(keys),
    redo: keys.redo?.bind(keys),
  };
}

/**
 * Builds a mode: the runtime first (layout, viewport, renderer, sidebar,
 * notice), then the scene from it; if building the scene throws, the
 * layout goes again and the error goes to the caller.
 */
export function runMode<M extends SceneModel>(host: HTMLElement, context: ModeContext, layout: LayoutOptions, view: View | undefined, build: (rt: ModeRuntime<M>) => Scene<M>): ModeHandle {
  const rt = new ModeRuntime<M>(host, context, layout);
  let scene: Scene<M>;
  try {
    scene = build(rt);
  } catch (error) {
    rt.destroy();
    throw error;
  }
  return rt.start(scene, view);
}
