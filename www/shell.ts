// The page around the modes: header tabs (an ARIA tablist, arrow keys move
// between tabs), the mode and its scene in the URL (hash first, then the
// older query; see modes/url.ts) with back / forward support, and the swap
// itself: the old mode is destroyed before the new one is created, so
// exactly one frame loop runs.

import { findMode, MODES, type ModeEntry } from './modes/index';
import type { ModeHandle } from './modes/types';
import { readPageParams } from './modes/url';
import { prefersReducedMotion } from './runtime/motion';
import { h, setText } from './runtime/ui';

export class Shell {
  private current: ModeHandle | null = null;
  private active: ModeEntry | null = null;
  private readonly tabs = new Map<string, HTMLAnchorElement>();

  constructor(
    tablist: HTMLElement,
    private readonly host: HTMLElement,
    private readonly blurb: HTMLElement,
    private readonly onError: (error: unknown) => void,
  ) {
    for (const mode of MODES) {
      const tab = h(
        'a',
        { role: 'tab', id: `tab-${mode.id}`, href: `?mode=${mode.id}`, 'aria-controls': host.id, 'aria-selected': 'false', tabindex: -1, 'data-mode': mode.id },
        mode.label,
      );
      tab.addEventListener('click', (e) => {
        // Let modified clicks open a new tab, as a link does.
        if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        this.select(mode.id, true);
      });
      this.tabs.set(mode.id, tab);
      tablist.append(tab);
    }
    tablist.addEventListener('keydown', this.key);
    window.addEventListener('popstate', () => this.show(readPageParams()));
    // A hash typed or pasted into the address bar (replaceState fires no event).
    window.addEventListener('hashchange', () => this.show(readPageParams()));
  }

  get modeId(): string | null {
    return this.active?.id ?? null;
  }

  /** Mounts the mode named in `params` (default: the first), with `params`. */
  show(params: URLSearchParams): void {
    const mode = findMode(params.get('mode'));
    // Reduced motion: start still; Space or the play button starts it (`play` in the URL overrides).
    if (prefersReducedMotion() && !params.has('play')) params.set('paused', '');
    this.current?.destroy();
    this.current = null;
    this.host.replaceChildren();
    this.active = mode;
    this.host.dataset.mode = mode.id;
    this.host.setAttribute('aria-labelledby', `tab-${mode.id}`);
    for (const [id, tab] of this.tabs) {
      const on = id === mode.id;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
    }
    setText(this.blurb, mode.blurb);
    document.title = `broadphase · ${mode.label.toLowerCase()}`;
    try {
      this.current = mode.create(this.host, params);
    } catch (error) {
      this.onError(error);
    }
  }

  /** Switches to a mode with its defaults; `push` adds a history entry. */
  select(id: string, push: boolean): void {
    if (id === this.active?.id) return;
    const params = new URLSearchParams({ mode: id });
    const url = `${location.pathname}?${params.toString()}#${params.toString()}`;
    if (push) history.pushState(null, '', url);
    else history.replaceState(null, '', url);
    this.show(params);
  }

  private readonly key = (e: KeyboardEvent): void => {
    const ids = MODES.map((m) => m.id);
    const at = ids.indexOf((e.target as HTMLElement).dataset.mode ?? '');
    if (at < 0) return;
    let next: number;
    switch (e.key) {
      case 'ArrowLeft':
        next = (at + ids.length - 1) % ids.length;
        break;
      case 'ArrowRight':
        next = (at + 1) % ids.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = ids.length - 1;
        break;
      case 'Enter':
      case ' ':
        next = at;
        break;
      default:
        return;
    }
    // Claimed here, so a mode's own shortcuts (Space pauses) stay out of it.
    e.preventDefault();
    this.select(ids[next], true);
    this.tabs.get(ids[next])?.focus();
  };
}
