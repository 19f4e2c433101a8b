// Which palette an embed wears: its `theme` setting, `light` or `dark`, or
// `auto` (the default), which follows the page. The page's look is read the
// way a reader sees it: a `color-scheme` of just `light` or `dark` on the
// element (what most sites' light/dark toggles set, Docusaurus's among
// them), else the brightness of the first background behind the element
// (a toggle that only swaps colours, as VitePress's and mdBook's do), else,
// on a page that paints no background of its own, what the browser paints
// there: white, unless the page opts into dark with `color-scheme` (then
// the reader's preference decides). One watcher per page notices a toggle
// (any attribute change on <html> or <body>: sites mark their theme with a
// class, a style or attributes of their own, MkDocs Material's
// `data-md-color-scheme` among them; and the colour-scheme preference),
// and each auto embed re-reads its theme, at most once a frame. A switch
// only re-colours: the embed's mode, its scene and its history stay.

import { luminance, parseColour } from '../runtime/contrast';
import { publishTheme, type ThemeName } from '../runtime/theme';

export type ThemeSetting = ThemeName | 'auto';

/**
 * What pageTheme found for each parent element in this task: a page of
 * many embeds reads its look once per column, not once per embed (each
 * read after another embed's set-up would restyle the page again).
 */
const seenThisTask = new Map<Element, ThemeName>();

/** The theme the page around `host` shows; `probe` is a hidden element of the embed's own (see canvasTheme). */
export function pageTheme(host: Element, probe: HTMLElement): ThemeName {
  // The parent's: the element's own is the embed stylesheet's.
  const around = host.parentElement ?? document.documentElement;
  const seen = seenThisTask.get(around);
  if (seen !== undefined) return seen;
  if (seenThisTask.size === 0) setTimeout(() => seenThisTask.clear(), 0);
  const found = readPageTheme(around, probe);
  seenThisTask.set(around, found);
  return found;
}

function readPageTheme(around: Element, probe: HTMLElement): ThemeName {
  const scheme = getComputedStyle(around).colorScheme.replace(/\bonly\b/, '').trim();
  if (scheme === 'dark' || scheme === 'light') return scheme;
  for (let el: Element | null = around; el !== null; el = el.parentElement ?? (el.getRootNode() as ShadowRoot).host ?? null) {
    const rgba = parseColour(getComputedStyle(el).backgroundColor);
    if (rgba !== null && rgba[3] > 0.5) return luminance(rgba) < 0.4 ? 'dark' : 'light';
  }
  return canvasTheme(probe);
}

/**
 * What the browser paints behind a page with no background of its own:
 * the `Canvas` system colour in the root's colour scheme (its
 * `color-scheme`, or the page's `<meta name="color-scheme">` when that is
 * `normal`), which is white unless the page allows dark and the reader
 * prefers it. Read from `probe` given the root's scheme, as the browser
 * resolves it, rather than re-deriving the rules.
 */
function canvasTheme(probe: HTMLElement): ThemeName {
  probe.style.colorScheme = getComputedStyle(document.documentElement).colorScheme;
  const rgba = parseColour(getComputedStyle(probe).backgroundColor);
  return rgba !== null && luminance(rgba) < 0.4 ? 'dark' : 'light';
}

const followers = new Set<() => void>();
let stopWatching: (() => void) | null = null;

/** One watcher for the page's look, while any auto embed needs it. */
function watchPage(): () => void {
  // However many attributes change in a frame, the look is read once, in the next.
  let frame = 0;
  const soon = () => {
    if (frame !== 0) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      // The page changed since anything was read in this task.
      seenThisTask.clear();
      for (const follow of [...followers]) follow();
    });
  };
  // Again once a toggle's colour transition has run its course (one timer
  // at a time, however often the page restyles its root).
  let later = 0;
  const again = () => {
    soon();
    clearTimeout(later);
    later = window.setTimeout(soon, 700);
  };
  const observer = new MutationObserver(again);
  // Every attribute: a site's theme marker can have any name.
  observer.observe(document.documentElement, { attributes: true });
  if (document.body !== null) observer.observe(document.body, { attributes: true });
  const scheme = matchMedia('(prefers-color-scheme: dark)');
  scheme.addEventListener('change', again);
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(later);
    observer.disconnect();
    scheme.removeEventListener('change', again);
  };
}

export interface ThemeFollower {
  /** The theme in force. */
  readonly name: ThemeName;
  /** Reads the setting (and the page) again; publishes the palette if the theme is now another. */
  update(): void;
  stop(): void;
}

/**
 * Keeps `frame` (inside `host`'s shadow root) in the theme `setting()` asks
 * for, following the page while that is `auto`. A switch publishes the
 * palette on `frame` (its CSS variables and `data-theme`, which the canvas
 * reads each frame, and every colour a mode derives from it follows).
 */
export function followTheme(host: HTMLElement, frame: HTMLElement, setting: () => ThemeSetting): ThemeFollower {
  let name: ThemeName = 'dark';
  // A hidden element of the embed's own that resolves the browser's canvas colour (never the page's DOM).
  const probe = document.createElement('span');
  probe.className = 'bp-canvas-probe';
  probe.style.cssText = 'display: none; background-color: Canvas';
  frame.append(probe);
  const resolve = (): ThemeName => {
    const wanted = setting();
    return wanted === 'auto' ? pageTheme(host, probe) : wanted;
  };
  const update = (): void => {
    const next = resolve();
    const auto = setting() === 'auto';
    if (auto && !followers.has(update)) {
      followers.add(update);
      stopWatching ??= watchPage();
    } else if (!auto && followers.delete(update) && followers.size === 0) {
      stopWatching?.();
      stopWatching = null;
    }
    if (next === name && frame.hasAttribute('data-theme')) return;
    name = next;
    publishTheme(frame, name);
  };
  update();
  return {
    get name() {
      return name;
    },
    update,
    stop() {
      followers.delete(update);
      if (followers.size === 0) {
        stopWatching?.();
        stopWatching = null;
      }
    },
  };
}
