// mount(element, options): one playground in `element`'s shadow root. The
// mode is one of the page's own, given the checked options as the URL
// parameters it reads and a context that keeps its side effects inside the
// instance: settings go to this instance (not the address bar), shortcuts
// are heard on the shadow root, no window debug handles. Every option is
// checked against the settings table; a refused or clamped one keeps the
// default (or the clamp) and says so, in the console and in a dismissible
// notice inside the embed. The embed is exactly as tall as its element:
// the page's own CSS height when it sets one, else the `height` option.
// While the wasm loads a placeholder of that height shows; if it cannot
// load, an error box of that height says what was tried and how to fix it.

import { findMode, modeStyles } from '../modes/index';
import type { ModeHandle } from '../modes/types';
import { publishTheme } from '../runtime/theme';
import type { PanelInfo } from '../runtime/ui';
import { defaultSettings, optionsOf, readMode, readSettings, warnAll, type Problem } from '../settings/read';
import { appliesTo, settingBy, type ModeName, type SettingSpec, type SettingValues, type SomeSettings } from '../settings/table';
import pageCss from '../style.css?inline';
import embedCss from './embed.css?inline';
import { loadWasm, wasmUrlFor, WasmLoadError, whenWasmReady } from './load-wasm';
import type { PlaygroundOptions, PlaygroundState } from './options';

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
}

/** The handle the custom element holds: also takes attribute texts, so a problem names the attribute. */
export interface EmbedHandle extends PlaygroundHandle {
  /** Like setState, with attribute texts keyed by option (undefined: the attribute was removed). */
  setAttributes(partial: Readonly<Record<string, string | undefined>>): void;
}

/** Below this width the panels go under the canvas. */
const STACK_BELOW_PX = 560;
const DEFAULT_HEIGHT = 520;

/** The page's stylesheet, with its `:root` rules applied to the shadow host instead, and every mode's styles. */
const SHADOW_CSS = [pageCss.replace(/:root\b/g, ':host'), modeStyles(), embedCss].join('\n');
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

/** Settings that are not part of the scene: changing them re-styles, it does not re-create the mode. */
const LOOK_OPTIONS = new Set(['panels', 'controls', 'legend', 'height', 'wasmUrl']);

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
  publishTheme(frameEl);
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
  let host: HTMLElement | null = null;
  let visible = true;
  let destroyed = false;

  const report = (found: readonly Problem[]): void => {
    if (found.length === 0) return;
    problems.push(...found);
    warnAll(found, `<${element.localName}${element.id ? `#${element.id}` : ''}>`);
    showProblems();
  };

  const showProblems = (): void => {
    const list = document.createElement('ul');
    for (const p of problems) list.append(Object.assign(document.createElement('li'), { textContent: p.message }));
    const close = Object.assign(document.createElement('button'), { type: 'button', className: 'bp-problems-close', textContent: '×', title: 'Dismiss' });
    close.setAttribute('aria-label', 'Dismiss these notes');
    close.addEventListener('click', () => {
      notices.hidden = true;
    });
    const title = Object.assign(document.createElement('p'), { className: 'bp-problems-title', textContent: 'Some settings were not used as written:' });
    notices.replaceChildren(close, title, list);
    notices.hidden = false;
  };

  /** A setting that needs no core (height, wasm-url): the read value, or before reading, the raw one checked quietly (the full read reports it). */
  const early = <K extends 'height' | 'wasmUrl'>(option: K): SomeSettings[K] => {
    if (read) return given[option];
    const value = rawSettings[option];
    if (value === undefined) return undefined;
    const kind = (settingBy('option', option) as SettingSpec).kind;
    const checked = names === 'attribute' && typeof value === 'string' ? kind.parse(value, mode, 'default') : kind.check(value, mode, 'default');
    return checked.ok ? (checked.value as SomeSettings[K]) : undefined;
  };

  /** Every value in force for the mode: what was given, then what the mode published, over its defaults. */
  const inForce = (): SettingValues => ({ ...defaultSettings(mode), ...given, ...published }) as SettingValues;

  const applyHeight = (): void => {
    const h = early('height') ?? DEFAULT_HEIGHT;
    // The host's height comes from :host { height: var(--bp-height) } unless the page's CSS sets one.
    element.style.setProperty('--bp-height', typeof h === 'number' ? `${h}px` : String(h));
  };

  const applyLook = (): void => {
    applyHeight();
    frameEl.classList.toggle('no-legend', given.legend === false);
    if (host === null || current === null) return;
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
  };

  const create = (): void => {
    current?.destroy();
    current = null;
    published = null;
    host = document.createElement('div');
    host.className = 'mode-host';
    host.dataset.mode = mode;
    body.replaceChildren(host);
    try {
      current = findMode(mode).create(host, inForce(), {
        publish: (values) => {
          published = { ...values };
          element.dispatchEvent(new CustomEvent('statechange', { detail: handle.getState() }));
        },
        publishAtStart: true,
        keyRoot: root,
        debug: false,
      });
    } catch (error) {
      showFailure(error);
      return;
    }
    applyLook();
    if (!visible) current.setVisible?.(false);
  };

  /** Reads every raw setting (the core is loaded: names can be checked) and builds the mode. */
  const start = (): void => {
    if (destroyed) return;
    if (!read) {
      const found = readSettings(withoutMode(rawSettings), mode, names);
      given = found.given;
      read = true;
      report(found.problems);
    }
    create();
  };

  const placeholder = (text: string, kind: 'loading' | 'error'): void => {
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
  // The element's width picks the layout: side by side, or the panels under the canvas.
  const resize = new ResizeObserver((entries) => {
    const width = entries[entries.length - 1]?.contentRect.width ?? STACK_BELOW_PX;
    const stacked = width < STACK_BELOW_PX;
    frameEl.classList.toggle('stacked', stacked);
    element.toggleAttribute('data-stacked', stacked);
  });
  resize.observe(element);

  mode = readModeFrom(rawSettings, report);
  applyHeight();
  placeholder('Loading the broadphase playground…', 'loading');
  let stopWaiting = (): void => {};
  const ready = loadWasm(wasmUrlFor(early('wasmUrl'))).then(start, (error: unknown) => {
    showFailure(error);
    // Another element may load the core from a better URL: then this one starts too.
    stopWaiting = whenWasmReady(start);
    throw error;
  });
  // The promise is for callers; an unhandled rejection here would only repeat the message on screen.
  ready.catch(() => {});

  /** Merges raw settings (script values, or attribute texts) into those in force; a scene change re-creates the mode. */
  const apply = (partial: Readonly<Record<string, unknown>>, source: 'attribute' | 'option'): void => {
    if (destroyed) return;
    const nextMode = partial.mode !== undefined ? readModeFrom(partial, report) : mode;
    if (!read) {
      // Not read yet (the core is loading): the new raw settings are read with the rest.
      rawSettings = Object.fromEntries(Object.entries({ ...rawSettings, ...partial, mode: nextMode }).filter(([, v]) => v !== undefined));
      mode = nextMode;
      applyHeight();
      return;
    }
    const found = readSettings(withoutMode(partial), nextMode, source);
    report(found.problems);
    // Start from the live scene, so a reader's edits survive an unrelated change; a new mode starts from its own defaults.
    const before = inForce();
    const kept = (k: string) => LOOK_OPTIONS.has(k) || (nextMode === mode && isScene(k, mode));
    const base: Record<string, unknown> = Object.fromEntries(Object.entries({ ...given, ...published }).filter(([k]) => kept(k)));
    // An option set to undefined (an attribute removed) goes back to its default.
    for (const [key, value] of Object.entries(partial)) if (value === undefined) delete base[key];
    const next = { ...base, ...found.given } as SomeSettings;
    const sceneChanged = nextMode !== mode || sceneKey({ ...defaultSettings(nextMode), ...next }, nextMode) !== sceneKey(before, mode);
    mode = nextMode;
    given = next;
    published = null;
    if (current !== null && sceneChanged) create();
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
      intersection.disconnect();
      resize.disconnect();
      current?.destroy();
      current = null;
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
  };
  return handle;
}

function withoutMode(settings: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { mode: _mode, ...rest } = settings;
  return rest;
}

/** Whether `option` is part of `mode`'s scene (a setting of that mode that a link carries). */
function isScene(option: string, mode: ModeName): boolean {
  const spec = settingBy('option', option);
  return spec !== undefined && spec.param !== null && option !== 'mode' && appliesTo(spec, mode);
}

/** The scene's values, comparable: a change re-creates the mode. */
function sceneKey(values: SomeSettings, mode: ModeName): string {
  return JSON.stringify(Object.entries(values).filter(([k, v]) => v !== undefined && isScene(k, mode)).sort(([a], [b]) => (a < b ? -1 : 1)));
}

function readModeFrom(settings: Readonly<Record<string, unknown>>, report: (p: Problem[]) => void): ModeName {
  const found: Problem[] = [];
  const mode = readMode(settings.mode, found);
  report(found);
  return mode;
}
