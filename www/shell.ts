// The page around the modes: header tabs (an ARIA tablist, arrow keys move
// between tabs), the mode and its scene in the URL (hash first, then the
// older query; see settings/address.ts) with back / forward support, and the swap
// itself: the old mode is destroyed before the new one is created, so
// exactly one frame loop runs.

import { init } from './core/index';
import { findMode, MODES, type ModeEntry } from './modes/index';
import type { ModeHandle } from './runtime/scene';
import { addressIsShown, cancelPendingWrites, needsUnpacking, noteShownAddress, readPageParams, unpackParams, writeAddress } from './settings/address';
import { tabListMove } from './runtime/keys';
import { h, setText } from './runtime/ui';
import { readLink, warnAll, writeParams, type Problem } from './settings/read';
import type { SomeSettings } from './settings/table';

/** A core that stops again this soon after a restart (ms) is not restarted again. */
const RESTART_AGAIN_AFTER_MS = 10_000;

export class Shell {
  private current: ModeHandle | null = null;
  private active: ModeEntry | null = null;
  /** Counts calls to show(), so a slow unpack does not overwrite a later navigation. */
  private shows = 0;
  /** Whether the mode being mounted takes the focus (its tab was clicked). */
  private focusOnMount = false;
  private readonly tabs = new Map<string, HTMLAnchorElement>();
  /** A note shown above the address's problems at the next mount (the core was restarted). */
  private pendingNote: string | null = null;
  /** When the core was last restarted (`performance.now()`), or null. */
  private restartedAt: number | null = null;
  /** A picture held in the host until the first mode mounts over it (see holdPicture). */
  private picture: { destroy(): void } | null = null;

  constructor(
    tablist: HTMLElement,
    private readonly host: HTMLElement,
    private readonly blurb: HTMLElement,
    /** Where settings the address asked for but could not have are listed. */
    private readonly notice: HTMLElement,
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
        const again = mode.id === this.active?.id;
        this.select(mode.id, true);
        // A tab chosen by pointer hands the keys to the mode (the arrows move Play's
        // player), once its code has loaded; chosen from the keyboard, focus stays in the tab list.
        if (again) this.focusMode();
        else this.focusOnMount = true;
      });
      this.tabs.set(mode.id, tab);
      tablist.append(tab);
    }
    tablist.addEventListener('keydown', this.key);
    // Back / forward, or a hash typed or pasted into the address bar; a
    // fragment navigation fires both events, and neither is news when the
    // address is the one the shell itself just wrote.
    const follow = () => {
      if (!addressIsShown()) this.show(readPageParams());
    };
    window.addEventListener('popstate', follow);
    window.addEventListener('hashchange', follow);
  }

  get modeId(): string | null {
    return this.active?.id ?? null;
  }

  /**
   * Mounts the mode named in `raw` (default: the first), with `raw`'s
   * settings checked: what is refused, clamped or ignored is listed on the
   * page and warned in the console, and the address is rewritten to the
   * values in force.
   */
  show(raw: URLSearchParams): void {
    // A link with packed values (a tile map, many boxes) is unpacked first,
    // once: what does not unpack is left out and said, never unpacked again.
    const ticket = ++this.shows;
    this.focusOnMount = false;
    noteShownAddress();
    // The old mode goes first, so it cannot write its settings over the new address while this one unpacks.
    this.unmount();
    cancelPendingWrites();
    if (needsUnpacking(raw)) {
      void unpackParams(raw).then(
        (plain) => {
          if (ticket === this.shows) this.mount(plain.params, plain.problems);
        },
        (error: unknown) => this.onError(error),
      );
      return;
    }
    this.mount(raw, []);
  }

  /** Mounts the mode `raw` names with its settings read; `linkProblems` are the link's own (values that did not unpack). */
  private mount(raw: URLSearchParams, linkProblems: readonly Problem[]): void {
    const ticket = this.shows;
    const read = readLink(raw);
    const problems: Problem[] = [...linkProblems, ...read.problems];
    const mode = findMode(read.mode);
    this.showProblems(problems, this.pendingNote);
    this.pendingNote = null;
    // The values in force, as a hash: an old ?query link is read once and rewritten.
    if (problems.length > 0 || location.search !== '') writeAddress(mode.id, writeParams(read.given, mode.id));
    this.unmount();
    this.active = mode;
    this.showTab(mode);
    // The mode's values go into the address (long ones packed), rewritten in place.
    const publish = (values: SomeSettings) => writeAddress(mode.id, writeParams(values, mode.id));
    // A lesson picked: a new address (Back returns to the scene before it), the mode built from it.
    const restart = (values: SomeSettings) => this.navigate(mode.id, writeParams(values, mode.id));
    mode.load().then((create) => {
      // A later navigation won while this mode's code was loading.
      if (ticket !== this.shows) return;
      // The mode's first frame takes the picture's place in the same task: no empty frame between.
      this.dropPicture();
      try {
        // Share links come back to this page, with the scene in the hash.
        const share = { mode: mode.id, playgroundUrl: new URL(location.pathname, location.href).href, embedded: false };
        this.current = create(this.host, read.values, { publish, share, restart });
      } catch (error) {
        this.onError(error);
      }
      if (this.focusOnMount) this.focusMode();
      this.focusOnMount = false;
    }, (error: unknown) => {
      this.dropPicture();
      this.onError(error);
    });
  }

  /**
   * Shows what `draw` puts in the host (the first picture, drawn before the
   * core has arrived) until the first mode mounts and replaces it; nothing
   * once a mode has been chosen.
   */
  holdPicture(mode: ModeEntry, draw: (host: HTMLElement) => { destroy(): void }): void {
    if (this.active !== null || this.picture !== null) return;
    // The header as the mode will have it (its tab, its line), so nothing under it moves when the mode mounts.
    this.showTab(mode);
    this.host.replaceChildren();
    this.host.dataset.picture = '';
    this.picture = draw(this.host);
  }

  /** The mode's tab selected, its line under the tabs, the host labelled by it. */
  private showTab(mode: ModeEntry): void {
    this.host.dataset.mode = mode.id;
    this.host.setAttribute('aria-labelledby', `tab-${mode.id}`);
    for (const [id, tab] of this.tabs) {
      const on = id === mode.id;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
    }
    setText(this.blurb, mode.blurb);
    document.title = `broadphase · ${mode.label.toLowerCase()}`;
  }

  private dropPicture(): void {
    const picture = this.picture;
    if (picture === null) return;
    this.picture = null;
    delete this.host.dataset.picture;
    try {
      picture.destroy();
    } finally {
      this.host.replaceChildren();
    }
  }

  private focusMode(): void {
    this.host.querySelector<HTMLElement>('#world')?.focus({ preventScroll: true });
  }

  private unmount(): void {
    const current = this.current;
    this.current = null;
    try {
      current?.destroy();
    } finally {
      // A picture held stays until the mode's code has loaded (mount drops it).
      if (this.picture === null) this.host.replaceChildren();
    }
  }

  /**
   * After the core stopped (a trap in the wasm, which loses every World in
   * it): the mode on screen is dropped, a fresh core started, and the
   * scene mounted again from the address, with a note saying so. A core
   * that stops again soon after a restart is not restarted in a loop:
   * the page's error box says so instead.
   */
  async recoverCore(stopped: Error): Promise<void> {
    console.error(stopped);
    const now = performance.now();
    if (this.restartedAt !== null && now - this.restartedAt < RESTART_AGAIN_AFTER_MS) {
      this.unmount();
      this.onError(new Error(`${stopped.message}. It stopped again soon after a restart: reload the page, or try another link.`));
      return;
    }
    this.restartedAt = now;
    // The mode's World is gone: it frees nothing and draws no more.
    try {
      this.unmount();
    } catch (error) {
      console.warn('broadphase: the stopped mode did not close cleanly', error);
    }
    try {
      await init();
    } catch (error) {
      this.onError(error);
      return;
    }
    const why = stopped.message.split(';')[0];
    this.pendingNote = `${why.charAt(0).toUpperCase()}${why.slice(1)}. A fresh core was started and the scene rebuilt from the address: changes not in the address are lost.`;
    console.warn(`broadphase: ${this.pendingNote}`);
    this.show(readPageParams());
  }

  private showProblems(problems: readonly Problem[], note: string | null = null): void {
    const n = this.notice;
    if (problems.length === 0 && note === null) {
      n.hidden = true;
      n.replaceChildren();
      return;
    }
    if (problems.length > 0) warnAll(problems, 'address');
    const close = h('button', { type: 'button', class: 'settings-notice-close', 'aria-label': 'Dismiss these notes', title: 'Dismiss' }, '×');
    close.addEventListener('click', () => {
      n.hidden = true;
    });
    n.replaceChildren(close);
    if (note !== null) n.append(h('p', { class: 'settings-notice-title', 'data-core-restarted': '' }, note));
    if (problems.length > 0) {
      n.append(
        h('p', { class: 'settings-notice-title' }, 'Some settings in the address were not used as written:'),
        h('ul', {}, ...problems.map((p) => h('li', {}, p.message))),
      );
    }
    n.hidden = false;
  }

  /** Switches to a mode with its defaults; `push` adds a history entry. */
  select(id: string, push: boolean): void {
    if (id === this.active?.id) return;
    this.navigate(id, new URLSearchParams(), push);
  }

  /** Shows mode `id` with `params` as a new address (`push`: a history entry, so Back returns). */
  private navigate(id: string, params: URLSearchParams, push = true): void {
    const next = new URLSearchParams({ mode: id });
    for (const [key, value] of params) next.append(key, value);
    // Only the hash: the older query is read once, for old links, never written.
    const url = `${location.pathname}#${next.toString()}`;
    if (push) history.pushState(null, '', url);
    else history.replaceState(null, '', url);
    this.show(next);
  }

  private readonly key = (e: KeyboardEvent): void => {
    const ids: readonly string[] = MODES.map((m) => m.id);
    const at = ids.indexOf((e.target as HTMLElement).dataset.mode ?? '');
    if (at < 0) return;
    // Enter and Space choose the focused tab; the arrows, Home and End move and choose.
    const next = e.key === 'Enter' || e.key === ' ' ? at : tabListMove(e.key, at, ids.length);
    if (next === null) return;
    // Claimed here, so a mode's own shortcuts (Space pauses) stay out of it.
    e.preventDefault();
    this.select(ids[next], true);
    this.tabs.get(ids[next])?.focus();
  };
}
