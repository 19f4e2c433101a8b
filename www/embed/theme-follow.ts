// Which palette an embed wears: its `theme` setting, `light` or `dark`, or
// `auto` (the default), which follows the page. The page's look is read the
// way a reader sees it: a `color-scheme` of just `light` or `dark` on the
// element (what most sites' light/dark toggles set, Docusaurus's among
// them), else the brightness of the first background behind the element
// (a toggle that only swaps colours, as VitePress's and mdBook's do), else
// the reader's `prefers-color-scheme`. One watcher per page notices a
// toggle (class, style or data-* attribute changes on <html> and <body>,
// the colour-scheme preference) and each auto embed re-reads its theme.

import { publishTheme, type ThemeName } from '../runtime/theme';

export type ThemeSetting = ThemeName | 'auto';

/** The theme the page around `host` shows. */
export function pageTheme(host: Element): ThemeName {
  // The parent's: the element's own is the embed stylesheet's.
  const around = host.parentElement ?? document.documentElement;
  const scheme = getComputedStyle(around).colorScheme.replace(/\bonly\b/, '').trim();
  if (scheme === 'dark' || scheme === 'light') return scheme;
  for (let el: Element | null = around; el !== null; el = el.parentElement ?? (el.getRootNode() as ShadowRoot).host ?? null) {
    const rgba = parseRgb(getComputedStyle(el).backgroundColor);
    if (rgba !== null && rgba[3] > 0.5) return luminance(rgba) < 0.4 ? 'dark' : 'light';
  }
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function parseRgb(css: string): [number, number, number, number] | null {
  const m = /rgba?\(\s*([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)/.exec(css);
  if (m === null) return null;
  const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
  return [Number(m[1]), Number(m[2]), Number(m[3]), alpha];
}

/** Relative luminance (sRGB), 0 black to 1 white. */
function luminance([r, g, b]: readonly number[]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

const followers = new Set<() => void>();
let stopWatching: (() => void) | null = null;

/** One watcher for the page's look, while any auto embed needs it. */
function watchPage(): () => void {
  const now = () => {
    for (const follow of [...followers]) follow();
  };
  // Again once a toggle's colour transition has run its course (one timer
  // at a time, however often the page restyles its root).
  let later = 0;
  const again = () => {
    now();
    clearTimeout(later);
    later = window.setTimeout(now, 700);
  };
  const observer = new MutationObserver(again);
  const watched = { attributes: true, attributeFilter: ['class', 'style', 'data-theme', 'data-color-scheme', 'data-mode'] };
  observer.observe(document.documentElement, watched);
  if (document.body !== null) observer.observe(document.body, watched);
  const scheme = matchMedia('(prefers-color-scheme: dark)');
  scheme.addEventListener('change', again);
  return () => {
    clearTimeout(later);
    observer.disconnect();
    scheme.removeEventListener('change', again);
  };
}

export interface ThemeFollower {
  /** The theme in force. */
  readonly name: ThemeName;
  /** Reads the setting (and the page) again; calls `changed` if the theme is now another. */
  update(): void;
  stop(): void;
}

/**
 * Keeps `frame` (inside `host`'s shadow root) in the theme `setting()` asks
 * for, following the page while that is `auto`; `changed` runs after each
 * switch (the embed redraws what it painted in the old colours).
 */
export function followTheme(host: HTMLElement, frame: HTMLElement, setting: () => ThemeSetting, changed: () => void): ThemeFollower {
  let name: ThemeName = 'dark';
  const resolve = (): ThemeName => {
    const wanted = setting();
    return wanted === 'auto' ? pageTheme(host) : wanted;
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
    changed();
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
