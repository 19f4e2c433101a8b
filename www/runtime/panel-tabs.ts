// In a narrow column the sidebar's panels take turns: a row of tabs (an
// ARIA tablist; arrows move between tabs) shows one panel at a time under
// the canvas instead of a tall stack. The tabs follow the panels shown (an
// embed hides some by option): rebuilt whenever a panel appears or hides.
// Whether the tabs are in use is the stylesheet's call (`.tabbed` on the
// sidebar only matters where the embed's layout turns tabs on). Where the
// embed opens panels over the canvas it marks the sidebar
// `data-collapsible`: then no panel is open at first, and choosing the
// open panel's tab again (or Esc) closes it.

import { tabListMove } from './keys';
import { h } from './ui';

/** Words a shortened tab name must not end on ("See the" says nothing). */
const DANGLING = new Set(['a', 'an', 'the', 'of', 'to', 'in', 'on', 'by', 'and', 'or']);

/** A panel's title as a tab: up to its first comma, and when long its first two words (more if they end on "the", "of"…). */
export function tabLabel(title: string): string {
  const head = title.split(',')[0].trim();
  if (head.length <= 18) return head;
  const words = head.split(/\s+/);
  let n = 2;
  while (n < words.length && DANGLING.has(words[n - 1].toLowerCase())) n += 1;
  return words.slice(0, n).join(' ');
}

export class PanelTabs {
  readonly element = h('div', { class: 'panel-tabs', role: 'tablist', 'aria-label': 'Panels' });
  private current = '';
  private readonly observer: MutationObserver;

  constructor(
    private readonly sidebar: HTMLElement,
    private readonly panels: HTMLElement,
  ) {
    this.element.addEventListener('keydown', this.key);
    this.observer = new MutationObserver((records) => {
      // Becoming collapsible closes the panel; no longer: one is open again.
      if (records.some((r) => r.attributeName === 'data-collapsible')) this.current = '';
      this.refresh();
    });
    this.observer.observe(panels, { childList: true, attributes: true, attributeFilter: ['hidden'], subtree: false });
    this.observer.observe(sidebar, { attributes: true, attributeFilter: ['data-collapsible'] });
    panels.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.collapsible && this.current !== '') {
        e.stopPropagation();
        const id = this.current;
        this.select('', false);
        this.element.querySelector<HTMLElement>(`[data-panel="${CSS.escape(id)}"]`)?.focus();
      }
    });
    this.refresh();
  }

  /** Whether no panel may be open (the embed opens them over the canvas). */
  private get collapsible(): boolean {
    return this.sidebar.hasAttribute('data-collapsible');
  }

  destroy(): void {
    this.observer.disconnect();
  }

  /** The panels on show (not hidden by the embed), in order. */
  private shown(): HTMLElement[] {
    return [...this.panels.children].filter((el): el is HTMLElement => el instanceof HTMLElement && el.classList.contains('panel') && !el.hidden);
  }

  /** Rebuilds the tabs from the panels on show; one panel or none needs no tabs. */
  refresh(): void {
    const shown = this.shown();
    const collapsible = this.collapsible;
    this.sidebar.classList.toggle('tabbed', shown.length > 1 || (collapsible && shown.length > 0));
    if (!shown.some((p) => p.id === this.current) && !(collapsible && this.current === '')) this.current = collapsible ? '' : (shown[0]?.id ?? '');
    const reachable = this.current === '' ? shown[0]?.id : this.current;
    const tabs = shown.map((panel) => {
      const title = panel.querySelector('.panel-title')?.textContent ?? panel.id;
      const on = panel.id === this.current;
      const tab = h('button', { type: 'button', role: 'tab', class: 'panel-tab', id: `${panel.id}-tab`, title, 'aria-controls': panel.id, 'aria-selected': String(on), tabindex: panel.id === reachable ? 0 : -1, 'data-panel': panel.id }, tabLabel(title));
      tab.addEventListener('click', () => this.select(this.collapsible && panel.id === this.current ? '' : panel.id, false));
      return tab;
    });
    this.element.replaceChildren(...tabs);
    this.mark(shown);
  }

  /** Shows panel `id` in the tab area ('' none, where panels may be closed); `focus` moves focus to its tab (keyboard use). */
  select(id: string, focus: boolean): void {
    this.current = id;
    const shown = this.shown();
    const reachable = id === '' ? shown[0]?.id : id;
    for (const tab of this.element.querySelectorAll<HTMLElement>('[role="tab"]')) {
      const on = tab.dataset.panel === id;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = tab.dataset.panel === reachable ? 0 : -1;
      if (on && focus) tab.focus();
    }
    this.mark(shown);
  }

  private mark(shown: readonly HTMLElement[]): void {
    for (const panel of shown) panel.toggleAttribute('data-current', panel.id === this.current);
  }

  private readonly key = (e: KeyboardEvent): void => {
    const ids = this.shown().map((p) => p.id);
    const at = ids.indexOf(this.current);
    const next = tabListMove(e.key, at < 0 ? 0 : at, ids.length);
    if (next === null) return;
    e.preventDefault();
    e.stopPropagation();
    this.select(ids[next], true);
  };
}
