// mount(element, options): one playground in `element`'s shadow root. The
// mode is one of the page's own factories, given the options as the query
// parameters it already reads and a context that keeps its side effects
// inside the instance: settings go to this instance (not the address bar),
// shortcuts are heard on the shadow root (not the document), no window
// debug handles. Off-screen instances run no frames (IntersectionObserver);
// the canvas follows the container's size (ResizeObserver) at the screen's
// devicePixelRatio (the renderers size their backing store every frame).

import { init } from '../core/index';
import { findMode, modeStyles } from '../modes/index';
import type { ModeHandle } from '../modes/types';
import { prefersReducedMotion } from '../runtime/motion';
import { publishTheme } from '../runtime/theme';
import pageCss from '../style.css?inline';
import embedCss from './embed.css?inline';
import { fromParams, modeOf, SCENE_KEYS, toParams, type PlaygroundOptions, type PlaygroundState } from './options';

export interface PlaygroundHandle {
  /** The options with the scene as it is now (what the reader changed included). */
  getState(): PlaygroundState;
  /** Merges `partial` into the state; scene changes re-create the mode. */
  setState(partial: Partial<PlaygroundOptions>): void;
  /** Stops the frame loop, frees the wasm worlds, empties the shadow root. */
  destroy(): void;
  /** Resolves once the wasm is loaded and the mode is drawing (rejects if it cannot start). */
  readonly ready: Promise<void>;
  /** Frames drawn by the current mode (0 before it starts). */
  readonly frame: number;
  /** Whether the instance is on screen (and so running frames). */
  readonly visible: boolean;
}

/** Below this width the sidebar goes under the canvas. */
const NARROW_PX = 760;

let wasm: Promise<unknown> | null = null;
function loadWasm(url?: string | URL): Promise<unknown> {
  wasm ??= url === undefined ? init() : init({ module_or_path: url });
  return wasm;
}

/** The page's stylesheet, with its `:root` rules applied to the shadow host instead. */
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

export function mount(element: HTMLElement, options: PlaygroundOptions = {}): PlaygroundHandle {
  const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  root.replaceChildren();
  adoptStyles(root);
  const frameEl = document.createElement('div');
  frameEl.className = 'bp-embed';
  frameEl.setAttribute('part', 'frame');
  publishTheme(frameEl);
  root.append(frameEl);

  let opts: PlaygroundOptions = { ...options };
  /** What the mode last published (its whole scene), or null before any change. */
  let published: URLSearchParams | null = null;
  let mode: ModeHandle | null = null;
  let host: HTMLElement | null = null;
  let visible = true;
  let destroyed = false;

  const params = (): URLSearchParams => toParams(opts, prefersReducedMotion());

  const applyLook = (): void => {
    const h = opts.height ?? 520;
    frameEl.style.setProperty('--bp-height', typeof h === 'number' ? `${h}px` : h);
    frameEl.classList.toggle('no-legend', opts.legend === false);
    if (host === null) return;
    const panels = opts.panels ?? 'all';
    let shown = 0;
    // The mode says which panels it built and which are controls.
    for (const info of mode?.panels ?? []) {
      const panel = host.querySelector<HTMLElement>(`#${CSS.escape(info.id)}`);
      if (panel === null) continue;
      const listed = panels === 'all' ? true : panels === 'none' ? false : panels.includes(info.id);
      const hide = !listed || (opts.controls === false && info.role === 'control' && !(Array.isArray(panels) && panels.includes(info.id)));
      panel.hidden = hide;
      if (!hide) shown += 1;
    }
    host.classList.toggle('no-sidebar', shown === 0);
  };

  const create = (): void => {
    mode?.destroy();
    mode = null;
    published = null;
    const id = modeOf(opts);
    host = document.createElement('div');
    host.className = 'mode-host';
    host.dataset.mode = id;
    frameEl.replaceChildren(host);
    try {
      mode = findMode(id).create(host, params(), {
        publish: (p) => {
          published = new URLSearchParams(p);
          element.dispatchEvent(new CustomEvent('statechange', { detail: handle.getState() }));
        },
        keyRoot: root,
        debug: false,
      });
    } catch (error) {
      showError(error);
      return;
    }
    // Sidebar panels are built by now: show only the wanted ones.
    applyLook();
    if (!visible) mode.setVisible?.(false);
  };

  const showError = (error: unknown): void => {
    console.error(error);
    const box = document.createElement('div');
    box.className = 'load-error';
    box.setAttribute('role', 'alert');
    box.textContent = `The playground could not start: ${error instanceof Error ? error.message : String(error)}`;
    frameEl.replaceChildren(box);
  };

  // Off-screen: no frames at all. Back on screen: the loop resumes.
  const intersection = new IntersectionObserver((entries) => {
    const entry = entries[entries.length - 1];
    if (entry === undefined || entry.isIntersecting === visible) return;
    visible = entry.isIntersecting;
    mode?.setVisible?.(visible);
    element.toggleAttribute('data-offscreen', !visible);
  });
  intersection.observe(element);
  // The container's width picks the layout (side by side, or stacked).
  const resize = new ResizeObserver((entries) => {
    const width = entries[entries.length - 1]?.contentRect.width ?? NARROW_PX;
    frameEl.classList.toggle('narrow', width < NARROW_PX);
  });
  resize.observe(element);

  const ready = loadWasm(opts.wasmUrl).then(() => {
    if (!destroyed) create();
  });
  ready.catch(showError);

  const handle: PlaygroundHandle = {
    getState() {
      const scene = published === null ? {} : fromParams(published);
      const state: PlaygroundState = { ...opts, ...scene, mode: modeOf(opts) };
      // Reduced motion starts a scene paused without the author asking: say so.
      // (The tile editor has no motion and publishes none: its option stands.)
      state.running = !(published !== null && state.mode !== 'tiles' ? published : params()).has('paused');
      return state;
    },
    setState(partial) {
      if (destroyed) return;
      // Start from the live scene, so a reader's edits survive an unrelated change.
      const current = handle.getState();
      const next: PlaygroundOptions = { ...current, ...partial };
      // A new mode starts from its own defaults, not the old mode's scene.
      if (partial.mode !== undefined && partial.mode !== current.mode) {
        for (const key of SCENE_KEYS) if (key !== 'mode' && !(key in partial)) delete (next as Record<string, unknown>)[key];
      }
      const reduced = prefersReducedMotion();
      const changed = toParams(next, reduced).toString() !== toParams(current, reduced).toString();
      opts = next;
      if (changed && mode !== null) create();
      else applyLook();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      intersection.disconnect();
      resize.disconnect();
      mode?.destroy();
      mode = null;
      root.replaceChildren();
    },
    ready,
    get frame() {
      return mode?.frame ?? 0;
    },
    get visible() {
      return visible;
    },
  };
  return handle;
}
