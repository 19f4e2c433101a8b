// mount(element, options): one playground in `element`'s shadow root. The
// mode is one of the page's own, given the checked options as the typed
// settings it reads and a context that keeps its side effects inside the
// instance: settings go to this instance (not the address bar), shortcuts
// are heard on the shadow root, no window debug handles. Every option is
// checked against the settings table; a refused or clamped one keeps the
// default (or the clamp) and says so, in the console and in a dismissible
// notice inside the embed. The embed is exactly as tall as its element:
// the page's own CSS height when it sets one, else the `height` option,
// else a height picked from the width. Its size and its world's shape pick
// the layout (see layout.ts and embed.css): panels beside the canvas, or
// under it behind tabs, a panel too tall for its room shown a page at a
// time (panel-pages.ts). While the wasm loads a placeholder of that
// height shows (or, for an embed the page recorded at build time, the
// picture of its first moment, laid out as the mode will be and replaced
// in place: first-pictures.ts); if it cannot load, an error box of that
// height says what was tried and how to fix it.

import { init, World } from '../core/index';
import { findMode, modeStyles } from '../modes/index';
import { LIVE_SETTINGS, type ModeHandle, type StepState } from '../runtime/scene';
import { useTheme } from '../runtime/theme';
import type { PanelInfo } from '../runtime/ui';
import { defaultSettings, optionsOf, readMode, readSettings, warnAll, type Problem } from '../settings/read';
import { appliesTo, settingBy, type ModeName, type PlaygroundOptions, type PlaygroundState, type SettingSpec, type SettingValues, type SomeSettings } from '../settings/table';
import pageCss from '../style.css?inline';
import embedCss from './embed.css?inline';
import { chooseLayout, NARROW_MAX_PX, provisionalHeight } from './layout';
import { firstPictureFor, type EmbedPicture } from './first-pictures';
import { measurePanels, measureTools } from './measure';
import { PanelPages } from './panel-pages';
import lightCss from './light.css?inline';
import { loadWasm, wasmUrlFor, WasmLoadError, whenWasmReady } from './load-wasm';
import { startInTurn } from './start-queue';
import { followTheme } from './theme-follow';

/** Where the stepper is: what the `stepchange` event carries and `stepState` gives. */
export interface PlaygroundStep extends StepState {
  /** The lesson on (undefined: the live scene). */
  readonly lesson: string | undefined;
  /** The object selected (undefined: none). */
  readonly selected: number | undefined;
}

export interface PlaygroundHandle {
  /** The options in force, with the scene as it is now (what the reader changed included). */
  getState(): PlaygroundState;
  /** Merges `partial` into the options (checked like the first ones); scene changes re-create the mode. */
  setState(partial: Partial<PlaygroundOptions>): void;
  /** Stops the frame loop, frees the wasm worlds, empties the shadow root. */
  destroy(): void;
  /** Resolves once the wasm is loaded and the mode is drawing; rejects (a `WasmLoadError`) if the wasm cannot be loaded. */
  readonly ready: Promise<void>;
  /** Frames drawn by the current mode (0 before it starts). */
  readonly frame: number;
  /** Whether the instance is on screen (and so running frames). */
  readonly visible: boolean;
  /** Every option refused, clamped or ignored so far, with what happened. */
  readonly problems: readonly Problem[];
  /** The current mode's panels: id, title, and whether it is a control or a readout. */
  readonly panels: readonly PanelInfo[];
  /** Shows step `step` of the stepper (1 is the first; beyond the last, the last), or the whole picture (null). */
  goToStep(step: number | null): void;
  /** One step on, or back. */
  nextStep(): void;
  previousStep(): void;
  /** Plays the steps to the end at a readable pace (with reduced motion: the last step at once); pause stops it. */
  play(): void;
  pause(): void;
  /** Selects object `id` (0: none), whose query, pair search or push-out the stepper then walks. */
  select(id: number): void;
  /** Loads a lesson of the mode by name (null: back to the live scene). */
  loadLesson(name: string | null): void;
  /** Where the stepper is (null in a mode without one, or before the mode is drawing). */
  readonly stepState: PlaygroundStep | null;
}

/** The handle the custom element holds: also takes attribute texts, so a problem names the attribute. */
export interface EmbedHandle extends PlaygroundHandle {
  /** Like setState, with attribute texts keyed by option (undefined: the attribute was removed). */
  setAttributes(partial: Readonly<Record<string, string | undefined>>): void;
}

/** A core that stops again this soon after a restart (ms) is not restarted again. */
const RESTART_AGAIN_AFTER_MS = 10_000;
/** Replacing a first picture, the mode's first frame is awaited at most this many animation frames. */
const FIRST_FRAME_WAIT = 30;
/** Lower than this, the legend and help fold behind "?". */
const COMPACT_BELOW_PX = 500;

/** The page's stylesheet, with its `:root` rules applied to the shadow host instead, and every mode's styles. */
const SHADOW_CSS = [pageCss.replace(/:root\b/g, ':host'), modeStyles(), embedCss, lightCss].join('\n');
let sheet: CSSStyleSheet | null = null;
function adoptStyles(root: ShadowRoot): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    if (sheet === null) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(SHADOW_CSS);
    }
    root.adoptedStyleSheets = [sheet];
  } else {
    const style = document.createElement('style');
    style.textContent = SHADOW_CSS;
    root.append(style);
  }
}

/** Settings that make another seeded scene, and what a reader did to the old one (dropped with it). */
const NEW_SCENE = ['count', 'seed', 'layout', 'boxes'];
const HAND_EDITS = ['moved', 'links', 'tick', 'edits'];

/** Settings that are not part of the scene: changing them re-styles, it does not re-create the mode. */
const LOOK_OPTIONS = new Set(['panels', 'controls', 'legend', 'height', 'wasmUrl', 'theme', 'playgroundUrl']);

export function mount(element: HTMLElement, options: PlaygroundOptions = {}): PlaygroundHandle {
  return createEmbed(element, { ...options }, 'option');
}

/**
 * An embed from raw settings: `mount()` options (`names: 'option'`) or an
 * element's attribute texts keyed by option (`names: 'attribute'`), so a
 * problem names what the author wrote.
 */
export function createEmbed(element: HTMLElement, raw: Record<string, unknown>, names: 'attribute' | 'option'): EmbedHandle {
  const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  root.replaceChildren();
  adoptStyles(root);
  const frameEl = document.createElement('div');
  frameEl.className = 'bp-embed';
  frameEl.setAttribute('part', 'frame');
  const notices = document.createElement('div');
  notices.className = 'bp-problems';
  notices.setAttribute('role', 'status');
  notices.hidden = true;
  const body = document.createElement('div');
  body.className = 'bp-body';
  frameEl.append(body, notices);
  root.append(frameEl);

  /** The settings as written (attribute texts or script values), until the core is loaded and they can be read. */
  let rawSettings: Record<string, unknown> = { ...raw };
  let mode: ModeName = 'quadtree';
  /** Whether the raw settings have been read (the core is loaded); from then on `given` is the truth. */
  let read = false;
  /** The settings given and accepted, typed (the mode's defaults fill the rest). */
  let given: SomeSettings = {};
  const problems: Problem[] = [];
  /** What the mode last published (its whole scene), or null before it published. */
  let published: SomeSettings | null = null;
  let current: ModeHandle | null = null;
  /** The first picture on show until the mode replaces it (a page's recording of this embed), or null. */
  let picture: EmbedPicture | null = null;
  let host: HTMLElement | null = null;
  let visible = true;
  let destroyed = false;

  const report = (found: readonly Problem[]): void => {
    if (found.length === 0) return;
    problems.push(...found);
    warnAll(found, `<${element.localName}${element.id ? `#${element.id}` : ''}>`);
    showProblems();
  };

  /** A note above the problems (the core was restarted), or null. */
  let note: string | null = null;
  const showProblems = (): void => {
    const close = Object.assign(document.createElement('button'), { type: 'button', className: 'bp-problems-close', textContent: '×', title: 'Dismiss' });
    close.setAttribute('aria-label', 'Dismiss these notes');
    close.addEventListener('click', () => {
      notices.hidden = true;
    });
    notices.replaceChildren(close);
    if (note !== null) {
      const p = Object.assign(document.createElement('p'), { className: 'bp-problems-title', textContent: note });
      p.dataset.coreRestarted = '';
      notices.append(p);
    }
    if (problems.length > 0) {
      const list = document.createElement('ul');
      for (const p of problems) list.append(Object.assign(document.createElement('li'), { textContent: p.message }));
      const title = Object.assign(document.createElement('p'), { className: 'bp-problems-title', textContent: 'Some settings were not used as written:' });
      notices.append(title, list);
    }
    notices.hidden = false;
  };

  /** A setting that needs no core (height, wasm-url, theme): the read value, or before reading, the raw one checked quietly (the full read reports it). */
  const early = <K extends 'height' | 'wasmUrl' | 'theme'>(option: K): SomeSettings[K] => {
    if (read) return given[option];
    const value = rawSettings[option];
    if (value === undefined) return undefined;
    const kind = (settingBy('name', option) as SettingSpec).kind;
    const checked = names === 'attribute' && typeof value === 'string' ? kind.parse(value, mode, 'default') : kind.check(value, mode, 'default');
    return checked.ok ? (checked.value as SomeSettings[K]) : undefined;
  };

  // The palette: the theme setting, or the page's look. A switch only
  // re-colours (the canvas reads its palette each frame, the panels theirs
  // through CSS variables): the mode, the reader's scene and the undo
  // history stay as they are.
  const themes = followTheme(element, frameEl, () => early('theme') ?? 'auto');

  /** The lesson in force (its values are the scene's defaults). */
  const lesson = (): string | undefined => (published !== null && 'lesson' in published ? published.lesson : given.lesson);
  /**
   * Every value in force for the mode: what was given, then what the mode
   * published, over its defaults (a lesson's values among them); with
   * `now`, the scene as it is this moment instead (a running scene's tick,
   * which it publishes only with a change or a pause, so getState() is not
   * new every frame).
   */
  const inForce = (now = false): SettingValues => ({ ...defaultSettings(mode, lesson()), ...given, ...((now ? current?.state?.() : undefined) ?? published) }) as SettingValues;
  /**
   * What the mode is built from: the values in force, where one the mode
   * published as unset (a tile map's `preset` when the map itself is
   * carried) leaves that setting at its default rather than building from
   * `undefined`.
   */
  const buildValues = (): SettingValues => {
    const values: Record<string, unknown> = { ...defaultSettings(mode, lesson()) };
    for (const [key, value] of Object.entries({ ...given, ...published })) if (value !== undefined) values[key] = value;
    return values as SettingValues;
  };

  const setVar = (el: HTMLElement, name: string, value: string): void => {
    if (el.style.getPropertyValue(name) !== value) el.style.setProperty(name, value);
  };
  /**
   * The element's width, as the resize observer reports it (its first report
   * comes before the first paint; reading it here instead would lay the
   * page out once per element, and a page may have fifty).
   */
  let width = 0;
  /**
   * Whether the page's own CSS sizes the element (then --bp-height has no
   * say): tried by moving it, once, and again when the element's height
   * changes by something other than us.
   */
  let pageSizedSeen: boolean | null = null;
  const pageSized = (): boolean => {
    if (pageSizedSeen !== null) return pageSizedSeen;
    const ours = element.style.getPropertyValue('--bp-height');
    element.style.setProperty('--bp-height', '3px');
    const a = element.getBoundingClientRect().height;
    element.style.setProperty('--bp-height', '5px');
    const b = element.getBoundingClientRect().height;
    element.style.setProperty('--bp-height', ours);
    pageSizedSeen = a === b;
    return pageSizedSeen;
  };
  /** The height we last gave the element, CSS px (NaN: a CSS length, or none). */
  let ownHeight = NaN;
  const setHeight = (css: string): void => {
    ownHeight = css.endsWith('px') && !Number.isNaN(Number(css.slice(0, -2))) ? Number(css.slice(0, -2)) : NaN;
    setVar(element, '--bp-height', css);
  };
  /** The last height picked from the width, and for what (width, mode, panels): it only grows while those stay, once the mode has settled. */
  let picked = { key: '', height: 0 };
  /** Whether the mode's first frames have filled its panels in (before that a height may shrink). */
  let settled = false;
  let pages: PanelPages | null = null;
  /** Sizes the element and places its panels (see layout.ts). */
  const applyLayout = (): void => {
    const wanted = early('height');
    // The first picture is laid out as the mode will be, so the mode replaces it without a jump.
    const shown = current ?? picture;
    if (shown === null || host === null || width <= 0) {
      const h = wanted ?? provisionalHeight(width);
      setHeight(typeof h === 'number' ? `${h}px` : String(h));
      return;
    }
    if (wanted !== undefined) setHeight(typeof wanted === 'number' ? `${wanted}px` : String(wanted));
    // A height the author or the page set wins: read it as laid out (a CSS length, the page's rule).
    const set = wanted !== undefined || pageSized() ? element.getBoundingClientRect().height : null;
    const panelsShown = [...host.querySelectorAll<HTMLElement>('#panels > .panel')].filter((p) => !p.hidden).length;
    const layout = chooseLayout({
      width,
      height: set,
      aspect: shown.aspect ?? 1,
      tools: (w) => measureTools(host as HTMLElement, w),
      panels: host.classList.contains('no-sidebar') ? 0 : panelsShown,
      measure: (w, placement) => measurePanels(host as HTMLElement, w, placement),
    });
    if (set === null) {
      // Panels whose numbers change width must not make the article under a
      // reader's finger jump: for one width and one set of panels the height
      // never shrinks back.
      const key = `${Math.round(width)}:${mode}:${JSON.stringify(given.panels ?? 'all')}:${given.controls !== false}`;
      picked = { key, height: key === picked.key && settled ? Math.max(picked.height, layout.height) : layout.height };
      setHeight(`${picked.height}px`);
    }
    const below = layout.placement === 'below';
    frameEl.classList.toggle('below', below);
    frameEl.classList.toggle('tabs-on', layout.tabs);
    frameEl.classList.toggle('sheet', layout.sheet);
    frameEl.classList.toggle('compact', width <= NARROW_MAX_PX || (set ?? picked.height) < COMPACT_BELOW_PX);
    element.toggleAttribute('data-narrow', below);
    // A kept, taller height gives the canvas the difference.
    const extra = set === null ? picked.height - layout.height : 0;
    setVar(frameEl, '--bp-canvas-height', below && layout.canvas !== null ? `${layout.canvas + extra}px` : '');
    setVar(frameEl, '--bp-sidebar', below ? '' : `${layout.sidebar}px`);
    setVar(frameEl, '--bp-sheet-height', layout.sheet ? `${layout.sheetHeight}px` : '');
    const sidebar = host.querySelector<HTMLElement>('.sidebar');
    sidebar?.toggleAttribute('data-collapsible', layout.sheet);
    if (sidebar !== null && pages === null) {
      pages = new PanelPages(host.querySelector<HTMLElement>('#panels') as HTMLElement);
      pages.setNear(near);
    }
    pages?.setEnabled(layout.tabs || panelsShown === 1);
  };
  /** Lays out again in the next frame, once however many observers asked in this one. */
  let layoutFrame = 0;
  const layoutSoon = (): void => {
    if (layoutFrame !== 0) return;
    layoutFrame = requestAnimationFrame(() => {
      layoutFrame = 0;
      if (!destroyed) applyLayout();
    });
  };

  const applyLook = (): void => {
    themes.update();
    frameEl.classList.toggle('no-legend', given.legend === false);
    if (host === null || current === null) {
      applyLayout();
      return;
    }
    const wanted = given.panels ?? 'all';
    const known = new Set(current.panels.map((p) => p.id));
    if (Array.isArray(wanted)) {
      const unknown = wanted.filter((id: string) => !known.has(id));
      if (unknown.length > 0) {
        report([{ name: 'panels', value: unknown.join(', '), message: `panels: no panel ${unknown.map((u: string) => `"${u}"`).join(', ')} in the ${mode} mode; its panels are ${[...known].join(', ')}.` }]);
      }
    }
    let shown = 0;
    for (const info of current.panels) {
      const panel = host.querySelector<HTMLElement>(`#${CSS.escape(info.id)}`);
      if (panel === null) continue;
      const listed = wanted === 'all' ? true : wanted === 'none' ? false : (wanted as string[]).includes(info.id);
      const named = Array.isArray(wanted) && wanted.includes(info.id);
      const hide = !listed || (given.controls === false && info.role === 'control' && !named);
      panel.hidden = hide;
      if (!hide) shown += 1;
    }
    host.classList.toggle('no-sidebar', shown === 0);
    applyLayout();
  };

  /** Counts create() calls: a mode whose code arrives after a newer create() is dropped. */
  let creates = 0;
  let started = false;
  /**
   * (Re)builds the mode from the values in force, once its code has loaded.
   * `inTwo`: the build and the first layout in two tasks (a page of many
   * embeds starts them in turn; see start-queue.ts), the new mode hidden
   * until it is laid out.
   */
  const create = (inTwo = false): Promise<void> => {
    contentResize.disconnect();
    pages?.destroy();
    pages = null;
    current?.destroy();
    current = null;
    published = null;
    const ticket = ++creates;
    return findMode(mode)
      .load()
      .then(async (factory) => {
        if (ticket !== creates || destroyed) return;
        const built = document.createElement('div');
        host = built;
        built.className = 'mode-host';
        built.dataset.mode = mode;
        if (inTwo) {
          built.classList.add('bp-building');
          body.append(built);
        } else {
          body.replaceChildren(built);
          dropPicture();
        }
        // Colours a mode reads while it is built (CSS variables for its legend) are its embed's.
        useTheme(themes.name);
        try {
          current = factory(built, buildValues(), {
            publish: (values) => {
              published = { ...values };
              element.dispatchEvent(new CustomEvent('statechange', { detail: handle.getState() }));
            },
            // A lesson picked in the embed's own picker: the scene starts again from the lesson's defaults.
            restart: (values) => apply(values, 'option'),
            stepChanged: () => {
              const detail = handle.stepState;
              // Bubbles out of the shadow root: an article's script (or its prose controls) hears it on the element or the document.
              if (detail !== null) element.dispatchEvent(new CustomEvent('stepchange', { detail, bubbles: true, composed: true }));
            },
            publishAtStart: true,
            keyRoot: root,
            gestures: 'cooperative',
            debug: false,
            share: {
              mode,
              embedded: true,
              // The full playground: the author's, else index.html beside the page (the tutorial's own playground).
              get playgroundUrl() {
                return given.playgroundUrl ?? new URL('index.html', document.baseURI).href;
              },
            },
          });
        } catch (error) {
          showFailure(error);
          return;
        }
        if (!visible) current.setVisible?.(false);
        if (inTwo) {
          await new Promise((resolve) => setTimeout(resolve, 0));
          if (ticket !== creates || destroyed) return;
          // Replacing a first picture: the mode draws its first frame unseen, which fills its panels
          // (the stepper's step), so it is laid out as the picture was and lands at its size.
          if (picture !== null) await firstFrameOf(current);
          if (ticket !== creates || destroyed || current === null) return;
        }
        settled = false;
        applyLook();
        if (inTwo) {
          built.classList.remove('bp-building');
          body.replaceChildren(built);
        }
        dropPicture();
        for (const panel of built.querySelectorAll('#panels > .panel')) contentResize.observe(panel);
        // Two frames in, the panels show the scene: from then on the picked height only grows.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            settled = true;
            applyLayout();
          }),
        );
      }, showFailure);
  };

  /** Reads every raw setting (the core is loaded: names can be checked) and builds the mode. */
  const start = (): Promise<void> => {
    if (destroyed) return Promise.resolve();
    if (!read) {
      const found = readSettings(withoutMode(rawSettings), mode, names);
      given = found.given;
      read = true;
      report(found.problems);
    }
    started = true;
    return create(true);
  };

  /**
   * Resolves once `built` has drawn a frame (an instance out of view draws
   * none: then at once, as after a few frames that never came).
   */
  const firstFrameOf = (built: ModeHandle): Promise<void> =>
    new Promise((resolve) => {
      let frames = 0;
      const check = (): void => {
        if ((built.frame ?? 0) >= 1 || !visible || destroyed || ++frames > FIRST_FRAME_WAIT) resolve();
        else requestAnimationFrame(check);
      };
      check();
    });

  /** Takes the first picture off (the mode replaced it, or a placeholder does). */
  const dropPicture = (): void => {
    if (picture === null) return;
    picture.destroy();
    picture = null;
  };

  const placeholder = (text: string, kind: 'loading' | 'error'): void => {
    dropPicture();
    const box = document.createElement('div');
    box.className = `bp-${kind}`;
    if (kind === 'error') box.setAttribute('role', 'alert');
    box.textContent = text;
    body.replaceChildren(box);
  };

  const showFailure = (error: unknown): void => {
    console.error(error);
    if (error instanceof WasmLoadError) {
      const fix = 'Put broadphase_bg.wasm beside broadphase-embed.js, or point to it with the wasm-url attribute (the wasmUrl option of mount(), or window.BROADPHASE_WASM_URL for the whole page).';
      placeholder(`The playground could not start: it tried to load ${error.url} and ${error.reason}. ${fix}`, 'error');
    } else {
      placeholder(`The playground could not start: ${error instanceof Error ? error.message : String(error)}`, 'error');
    }
  };

  // Off-screen: no frames at all. Back on screen: the loop resumes.
  const intersection = new IntersectionObserver((entries) => {
    const entry = entries[entries.length - 1];
    if (entry === undefined || entry.isIntersecting === visible) return;
    visible = entry.isIntersecting;
    current?.setVisible?.(visible);
    element.toggleAttribute('data-offscreen', !visible);
  });
  intersection.observe(element);
  // Within a viewport of the reader: its panels are paged (panel-pages.ts).
  let near = true;
  const nearness = new IntersectionObserver(
    (entries) => {
      const entry = entries[entries.length - 1];
      if (entry === undefined) return;
      near = entry.isIntersecting;
      pages?.setNear(near);
    },
    { rootMargin: '100% 0px 100% 0px' },
  );
  nearness.observe(element);
  // The element's width picks the layout (side by side, or the panels under
  // the canvas) and, without a `height`, the height; a low one folds the legend.
  const resize = new ResizeObserver((entries) => {
    const box = entries[entries.length - 1]?.contentRect;
    if (box === undefined) return;
    if (width === 0) {
      // An embed in or near view gets its mode's code while the wasm downloads;
      // one further down waits until the wasm is in, leaving it the bandwidth.
      const at = element.getBoundingClientRect();
      if (at.top < innerHeight * 1.5 && at.bottom > -innerHeight * 0.5) {
        findMode(mode)
          .load()
          .catch(() => {});
      }
    }
    // Our own height arriving needs no new layout; any other change of size does.
    const ours = Math.abs(box.height - ownHeight) < 0.5;
    if (box.width === width && ours && current !== null) return;
    if (!ours) pageSizedSeen = null;
    width = box.width;
    if (current === null) applyLayout();
    else layoutSoon();
  });
  resize.observe(element);
  // The panels fill in on the first frames, and change as the scene does:
  // the layout follows them (a paged panel's own changes are panel-pages.ts's).
  const contentResize = new ResizeObserver(() => layoutSoon());

  /** The page's first picture of this embed, if it recorded one for these settings as written (first-pictures.ts). */
  const showPicture = (): boolean => {
    const draw = names === 'attribute' ? firstPictureFor(element, rawSettings) : null;
    if (draw === null) return false;
    const pictureHost = document.createElement('div');
    pictureHost.className = 'mode-host';
    pictureHost.dataset.mode = mode;
    body.replaceChildren(pictureHost);
    useTheme(themes.name);
    try {
      picture = draw(pictureHost, root);
    } catch (error) {
      // A picture that cannot be drawn is only the placeholder instead.
      console.warn('broadphase: the first picture was not drawn', error);
      return false;
    }
    host = pictureHost;
    applyLook();
    return true;
  };

  mode = readModeFrom(rawSettings, report);
  applyLayout();
  if (!showPicture()) placeholder('Loading the broadphase playground…', 'loading');
  let stopWaiting = (): void => {};
  // Started in turn with the page's other embeds (start-queue.ts), once the core is in.
  let turn: { cancel: () => void } | null = null;
  const inTurn = (): Promise<void> => {
    const queued = startInTurn(element, start);
    turn = queued;
    return queued.started;
  };
  const ready = loadWasm(wasmUrlFor(early('wasmUrl'))).then(inTurn, (error: unknown) => {
    showFailure(error);
    // Another element may load the core from a better URL: then this one starts too.
    stopWaiting = whenWasmReady(() => void inTurn());
    throw error;
  });
  // The promise is for callers; an unhandled rejection here would only repeat the message on screen.
  ready.catch(() => {});

  // A core that traps loses every World in it, this instance's too (all
  // embeds of a page share one core): a fresh core is started (once, for
  // all of them) and the scene rebuilt as it was last published, with a
  // note saying so. One that stops again soon after is left stopped.
  let restartedAt: number | null = null;
  const stopListening = World.onCoreStopped((stopped) => {
    if (destroyed || !started) return;
    const previous = current;
    current = null;
    try {
      previous?.destroy();
    } catch (error) {
      console.warn('broadphase: the stopped mode did not close cleanly', error);
    }
    const now = performance.now();
    if (restartedAt !== null && now - restartedAt < RESTART_AGAIN_AFTER_MS) {
      showFailure(new Error(`${stopped.message}. It stopped again soon after a restart: reload the page.`));
      return;
    }
    restartedAt = now;
    placeholder('The broadphase core stopped; starting a fresh one…', 'loading');
    given = { ...given, ...published } as SomeSettings;
    const why = stopped.message.split(';')[0];
    note = `${why.charAt(0).toUpperCase()}${why.slice(1)}. A fresh core was started and this playground rebuilt from its settings.`;
    console.warn(`broadphase: ${note}`);
    init().then(() => {
      if (destroyed) return;
      showProblems();
      return create();
    }, showFailure);
  });

  /** Merges raw settings (script values, or attribute texts) into those in force; a scene change re-creates the mode. */
  const apply = (partial: Readonly<Record<string, unknown>>, source: 'attribute' | 'option'): void => {
    if (destroyed) return;
    const nextMode = partial.mode !== undefined ? readModeFrom(partial, report) : mode;
    if (!read) {
      // Not read yet (the core is loading): the new raw settings are read with the rest.
      rawSettings = Object.fromEntries(Object.entries({ ...rawSettings, ...partial, mode: nextMode }).filter(([, v]) => v !== undefined));
      mode = nextMode;
      // The picture was of the settings as first written: another scene waits as a placeholder.
      if (picture !== null && firstPictureFor(element, rawSettings) === null) {
        host = null;
        placeholder('Loading the broadphase playground…', 'loading');
      }
      applyLayout();
      return;
    }
    const found = readSettings(withoutMode(partial), nextMode, source);
    report(found.problems);
    // Start from the live scene, so a reader's edits survive an unrelated change; a new mode, or a new lesson, starts from its own defaults.
    const before = inForce(true);
    const newLesson = 'lesson' in partial && found.given.lesson !== before.lesson;
    const kept = (k: string) => LOOK_OPTIONS.has(k) || (nextMode === mode && !newLesson && isScene(k, mode));
    const base: Record<string, unknown> = Object.fromEntries(Object.entries({ ...given, ...(current?.state?.() ?? published) }).filter(([k]) => kept(k)));
    // An option set to undefined (an attribute removed) goes back to its default.
    for (const [key, value] of Object.entries(partial)) if (value === undefined) delete base[key];
    // Another seeded scene starts clean at tick 0, as the page's does: the hand edits and the moment were the old scene's.
    const asked = found.given as Record<string, unknown>;
    const old = before as unknown as Record<string, unknown>;
    if (NEW_SCENE.some((k) => k in asked && JSON.stringify(asked[k]) !== JSON.stringify(old[k]))) for (const k of HAND_EDITS) delete base[k];
    const next = { ...base, ...found.given } as SomeSettings;
    const after = { ...defaultSettings(nextMode, next.lesson), ...next } as SomeSettings;
    const sceneChanged = nextMode !== mode || sceneKey(after, nextMode) !== sceneKey(before, mode);
    // Only where the stepper is, or what it is about, changed: the running mode takes it without being built again.
    const live = nextMode === mode && sceneKey(after, mode, LIVE) === sceneKey(before, mode, LIVE);
    const liveValues = Object.fromEntries(LIVE_SETTINGS.filter((k) => k in partial).map((k) => [k, (after as Record<string, unknown>)[k]]));
    mode = nextMode;
    given = next;
    if (started && sceneChanged && live && current !== null && current.adopt(liveValues)) {
      applyLook();
      return;
    }
    published = null;
    if (started && sceneChanged) void create();
    else applyLook();
  };

  const handle: EmbedHandle = {
    getState() {
      // Before the core is loaded nothing is read yet (the defaults come from the core): only the mode is known.
      if (!read) return { mode } as PlaygroundState;
      // The scene as the mode has it now, and the look as given: typed values as options.
      const scene = Object.fromEntries(Object.entries(inForce()).filter(([k]) => isScene(k, mode)));
      const look = Object.fromEntries(Object.entries(given).filter(([k]) => LOOK_OPTIONS.has(k)));
      return { ...optionsOf({ ...look, ...scene }), mode } as PlaygroundState;
    },
    setState(partial) {
      apply(partial as Record<string, unknown>, 'option');
    },
    setAttributes(partial) {
      apply(partial, 'attribute');
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      stopWaiting();
      turn?.cancel();
      stopListening();
      themes.stop();
      intersection.disconnect();
      nearness.disconnect();
      resize.disconnect();
      contentResize.disconnect();
      cancelAnimationFrame(layoutFrame);
      pages?.destroy();
      current?.destroy();
      current = null;
      dropPicture();
      root.replaceChildren();
    },
    ready,
    get frame() {
      return current?.frame ?? 0;
    },
    get visible() {
      return visible;
    },
    get problems() {
      return [...problems];
    },
    get panels() {
      return current?.panels ?? [];
    },
    goToStep(step) {
      apply({ step: step ?? undefined }, 'option');
    },
    nextStep() {
      current?.stepper?.goTo((current.stepper.state.step ?? 0) + 1);
    },
    previousStep() {
      const at = current?.stepper?.state.step;
      current?.stepper?.goTo(at === null || at === undefined ? Number.MAX_SAFE_INTEGER : Math.max(1, at - 1));
    },
    play() {
      current?.stepper?.play();
    },
    pause() {
      current?.stepper?.pause();
    },
    select(id) {
      apply({ selected: id === 0 ? undefined : id }, 'option');
    },
    loadLesson(name) {
      apply({ lesson: name ?? undefined, step: undefined, selected: undefined }, 'option');
    },
    get stepState() {
      const stepper = current?.stepper;
      if (stepper === undefined) return null;
      // The scene this moment (the selection a click just made is published at the end of the frame).
      const values = inForce(true);
      return { ...stepper.state, lesson: values.lesson, selected: values.selected };
    },
  };
  return handle;
}

function withoutMode(settings: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { mode: _mode, ...rest } = settings;
  return rest;
}

/** Whether `option` is part of `mode`'s scene (a setting of that mode that a link carries). */
function isScene(option: string, mode: ModeName): boolean {
  const spec = settingBy('name', option);
  return spec !== undefined && spec.inLink && option !== 'mode' && appliesTo(spec, mode);
}

const LIVE = new Set(LIVE_SETTINGS);

/** The scene's values, comparable: a change re-creates the mode (`leaving` out: those compared apart). */
function sceneKey(values: SomeSettings, mode: ModeName, leaving: ReadonlySet<string> = new Set()): string {
  return JSON.stringify(Object.entries(values).filter(([k, v]) => v !== undefined && isScene(k, mode) && !leaving.has(k)).sort(([a], [b]) => (a < b ? -1 : 1)));
}

function readModeFrom(settings: Readonly<Record<string, unknown>>, report: (p: Problem[]) => void): ModeName {
  const found: Problem[] = [];
  const mode = readMode(settings.mode, found);
  report(found);
  return mode;
}
