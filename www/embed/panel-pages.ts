// A panel taller than the room the embed's layout gives it is shown a page
// at a time, never scrolled inside the element (a reader's swipe over an
// embed scrolls the article, and a scroller inside a scroller loses it).
// The panel's content flows into as many columns as its width holds
// (CSS columns, the room's height); what does not fit goes to the next
// page, whole rows at a time: a block taller than the room is split into
// its children (a list into its items, a table into its rows). Off-page
// rows are not drawn at all (display: none), so nothing lies outside the
// element, and "‹ 1 / 3 ›" under the panel turns the pages. Any panel a
// mode adds is paged the same way: only the DOM is read. The pages are
// worked out again when the room changes, another tab is chosen, or the
// panel's content changes (at most a few times a second).

import { h } from '../runtime/ui';

/** The attribute that takes a row off the page on show. */
const OFF = 'data-off-page';
/** Elements never split across pages. */
const CONTROLS = 'button, select, input, label, canvas, svg';
/** Content changes re-page at most this often, ms. */
const CONTENT_MS = 300;
/** A row this much taller than the room is cut off; slightly taller rows are let through (subpixel rounding). */
const SLACK_PX = 0.5;

export class PanelPages {
  private readonly pager: HTMLElement;
  private readonly label: HTMLElement;
  private readonly back: HTMLButtonElement;
  private readonly next: HTMLButtonElement;
  private readonly resize: ResizeObserver;
  private readonly mutations: MutationObserver;
  /** The panel being paged, the rows of its pages and the page on show. */
  private panel: HTMLElement | null = null;
  private pages: HTMLElement[][] = [];
  private page = 0;
  private frame = 0;
  private contentTimer = 0;
  private enabled = false;
  /** Off screen (see setVisible), and whether a layout waits for it to show. */
  private hidden = false;
  private waiting = false;
  /** Rows changed while the reader's focus was in the panel: re-page once it leaves. */
  private stale = false;
  /** Whether the pending content check re-pages whatever it finds. */
  private full = false;

  constructor(private readonly panels: HTMLElement) {
    this.back = h('button', { type: 'button', class: 'panel-page-turn', 'data-turn': 'back', 'aria-label': 'Previous page of this panel' }, '‹');
    this.next = h('button', { type: 'button', class: 'panel-page-turn', 'data-turn': 'next', 'aria-label': 'Next page of this panel' }, '›');
    this.label = h('span', { class: 'panel-page-label', 'aria-live': 'polite' });
    this.pager = h('div', { class: 'panel-pager', hidden: true }, this.back, this.label, this.next);
    this.back.addEventListener('click', () => this.turn(-1));
    this.next.addEventListener('click', () => this.turn(1));
    panels.append(this.pager);
    // The room changed (the tab strip wrapped anew, the element resized):
    // paged again before this frame paints, so no frame shows the pages
    // of the old room (paging changes what is inside the area, not its size).
    this.resize = new ResizeObserver(() => this.now());
    this.resize.observe(panels);
    this.mutations = new MutationObserver((records) => {
      // A tab chosen or a panel shown or hidden: now. Rows added, taken
      // away, shown or hidden: in a moment. Only text changing: in a
      // moment, if a row no longer fits its page.
      const theirs = records.filter((r) => !this.pager.contains(r.target));
      if (theirs.some((r) => r.type === 'attributes' && r.target.parentElement === panels)) this.soon();
      else if (theirs.some((r) => r.type === 'attributes' || [...r.addedNodes, ...r.removedNodes].some((n) => n instanceof Element))) this.later(true);
      else if (theirs.length > 0) this.later(false);
    });
    // Rows are not re-paged under a reader's focus (a hidden field would lose it): once it leaves.
    panels.addEventListener('focusout', () => {
      if (this.stale) this.later(true);
    });
    this.mutations.observe(panels, { attributes: true, attributeFilter: ['data-current', 'hidden'], childList: true, characterData: true, subtree: true });
  }

  /**
   * Far from the viewport the pages wait (a page of fifty embeds pages
   * only those a reader is near), and the panels show nothing meanwhile
   * (unpaged, they would not fit); near it again, they are worked out.
   */
  setNear(near: boolean): void {
    this.hidden = !near;
    if (near && this.waiting) {
      this.waiting = false;
      this.soon();
    }
  }

  /** Whether pages are in use (the embed's layout gives the panels a fixed room); off: every row shows. */
  setEnabled(on: boolean): void {
    if (on === this.enabled) return;
    this.enabled = on;
    this.soon();
  }

  /** Stops observing; every row shows again. */
  destroy(): void {
    cancelAnimationFrame(this.frame);
    clearTimeout(this.contentTimer);
    this.resize.disconnect();
    this.mutations.disconnect();
    this.reset();
    this.panels.removeAttribute('data-pages-waiting');
    this.pager.remove();
  }

  /** Works the pages out again in the next frame. */
  soon(): void {
    if (this.frame !== 0) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      if (this.hidden) {
        this.waiting = true;
        this.panels.setAttribute('data-pages-waiting', '');
      } else {
        this.panels.removeAttribute('data-pages-waiting');
        this.layout();
      }
    });
  }

  /** Works the pages out again at once where they are shown, else as soon() does. */
  private now(): void {
    if (this.hidden) return this.soon();
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.layout();
  }

  /** After a content change: re-pages in a moment if rows changed (`full`) or one no longer fits. */
  private later(full: boolean): void {
    this.full ||= full;
    if (this.contentTimer !== 0) return;
    this.contentTimer = window.setTimeout(() => {
      this.contentTimer = 0;
      const full = this.full;
      this.full = false;
      const panel = this.panel;
      if (!full && (panel === null || this.pageFits(panel))) return;
      if (panel !== null && panel.contains((panel.getRootNode() as Document | ShadowRoot).activeElement)) {
        this.stale = true;
        return;
      }
      this.stale = false;
      this.soon();
    }, CONTENT_MS);
  }

  /** Whether the rows on show still fit the page (and the panel, unpaged, still fits its room). */
  private pageFits(panel: HTMLElement): boolean {
    if (this.pages.length === 0) return panel.offsetHeight <= innerHeight(this.panels) + SLACK_PX;
    const box = contentBox(panel);
    return (this.pages[this.page] ?? []).every((row) => fits(row, box));
  }

  private turn(step: number): void {
    if (this.pages.length < 2) return;
    this.page = Math.min(this.pages.length - 1, Math.max(0, this.page + step));
    this.show();
  }

  /** The one panel on show, when it alone fills the panel area. */
  private current(): HTMLElement | null {
    const shown = [...this.panels.children].filter((el): el is HTMLElement => el instanceof HTMLElement && el.classList.contains('panel') && !el.hidden);
    if (shown.length === 1) return shown[0];
    return shown.find((p) => p.hasAttribute('data-current')) ?? null;
  }

  private reset(): void {
    for (const el of this.panels.querySelectorAll(`[${OFF}]`)) el.removeAttribute(OFF);
    for (const el of this.panels.querySelectorAll<HTMLElement>('.panel.paged, .panel.page-measure')) {
      el.classList.remove('paged', 'page-measure');
      el.style.removeProperty('--bp-page-height');
      el.style.removeProperty('--bp-column-width');
    }
    this.pager.hidden = true;
    this.pages = [];
  }

  /** Pages the panel on show into the room the panel area has now. */
  private layout(): void {
    const panel = this.enabled ? this.current() : null;
    const keep = panel === this.panel ? this.page : 0;
    this.reset();
    this.panel = panel;
    if (panel === null || panel.offsetParent === null) return;
    const room = innerHeight(this.panels);
    if (room <= 0 || panel.offsetHeight <= room + SLACK_PX) return;
    // Paged: the pager under the panel, the panel's rows in columns of the rest.
    this.pager.hidden = false;
    const height = room - this.pager.offsetHeight - parseFloat(getComputedStyle(this.panels).rowGap || '0');
    panel.style.setProperty('--bp-page-height', `${Math.max(0, height)}px`);
    // Rows are found at one column's width, unpaged: a block taller than a page is split.
    panel.style.setProperty('--bp-column-width', `${columnWidth(contentBox(panel).width)}px`);
    panel.classList.add('page-measure');
    const rows = pageRows(panel, height - (panel.offsetHeight - contentBox(panel).height));
    panel.classList.remove('page-measure');
    panel.classList.add('paged');
    const pages: HTMLElement[][] = [];
    let start = 0;
    while (start < rows.length) {
      // Everything before this page off; the rows that still fit are this page.
      showOnly(panel, rows, start, rows.length);
      const box = contentBox(panel);
      let end = start;
      while (end < rows.length) {
        if (fits(rows[end], box)) {
          end += 1;
          continue;
        }
        // A stack that does not fit whole fills the rest of the page with its first rows.
        const parts = stackedRows(rows[end]);
        if (parts !== null) {
          rows[end].removeAttribute('data-page-row');
          rows[end].setAttribute('data-page-block', '');
          for (const part of parts) part.setAttribute('data-page-row', '');
          rows.splice(end, 1, ...parts);
          continue;
        }
        // A row that fits no page goes on one of its own.
        if (end === start) end += 1;
        break;
      }
      // Checked as it will show (the rows after it gone too): a row that
      // then falls off the page goes to the next one.
      while (end > start + 1) {
        showOnly(panel, rows, start, end);
        const shown = contentBox(panel);
        if (rows.slice(start, end).every((row) => fits(row, shown))) break;
        end -= 1;
      }
      pages.push(rows.slice(start, end));
      start = end;
    }
    this.pages = pages;
    this.page = Math.min(keep, pages.length - 1);
    this.show();
  }

  /** Shows the rows of the page on show (and the blocks holding them), hides the rest. */
  private show(): void {
    const rows = this.pages.flat();
    const start = this.pages.slice(0, this.page).reduce((n, p) => n + p.length, 0);
    if (this.panel !== null) showOnly(this.panel, rows, start, start + (this.pages[this.page]?.length ?? 0));
    const count = this.pages.length;
    this.label.textContent = `${this.page + 1} / ${count}`;
    this.back.disabled = this.page === 0;
    this.next.disabled = this.page === count - 1;
    this.pager.hidden = count < 2;
  }
}

/** Shows rows [start, end) of `panel` and the blocks holding them; hides every other row, and blocks with none on show. */
function showOnly(panel: HTMLElement, rows: readonly HTMLElement[], start: number, end: number): void {
  rows.forEach((row, i) => row.toggleAttribute(OFF, i < start || i >= end));
  for (const block of panel.querySelectorAll<HTMLElement>('[data-page-block]')) {
    const inner = [...block.querySelectorAll<HTMLElement>('[data-page-row]')];
    block.toggleAttribute(OFF, inner.length > 0 && inner.every((r) => r.hasAttribute(OFF)));
  }
}

/**
 * The panel's rows, in order: its blocks, and for a block taller than the
 * page or split across columns, its own rows (a list's items, a table's
 * rows), down to blocks that fit or have nothing inside to split.
 */
function pageRows(panel: HTMLElement, limit: number): HTMLElement[] {
  for (const el of panel.querySelectorAll('[data-page-row], [data-page-block]')) {
    el.removeAttribute('data-page-row');
    el.removeAttribute('data-page-block');
  }
  const rows: HTMLElement[] = [];
  const visit = (el: HTMLElement): void => {
    for (const child of el.children) {
      if (!(child instanceof HTMLElement) || (child.offsetParent === null && getComputedStyle(child).display === 'none')) continue;
      const tall = child.getBoundingClientRect().height > limit + SLACK_PX;
      const inner = [...child.children].some((c) => c instanceof HTMLElement);
      if (tall && inner && !child.matches(CONTROLS)) {
        child.setAttribute('data-page-block', '');
        visit(child);
      } else {
        child.setAttribute('data-page-row', '');
        rows.push(child);
      }
    }
  };
  visit(panel);
  return rows;
}

/** The columns a paged panel's content flows into: at least this wide, this far apart (embed.css). */
const COLUMN = { min: 240, gap: 20 };

/** The width of each column in a content box `width` px wide. */
function columnWidth(width: number): number {
  const n = Math.max(1, Math.floor((width + COLUMN.gap) / (COLUMN.min + COLUMN.gap)));
  return (width + COLUMN.gap) / n - COLUMN.gap;
}

/** The height inside an element's padding. */
function innerHeight(el: HTMLElement): number {
  const cs = getComputedStyle(el);
  return el.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
}

/** The panel's content box, in the viewport. */
function contentBox(panel: HTMLElement): DOMRect {
  const r = panel.getBoundingClientRect();
  const cs = getComputedStyle(panel);
  const left = r.left + parseFloat(cs.borderLeftWidth) + parseFloat(cs.paddingLeft);
  const top = r.top + parseFloat(cs.borderTopWidth) + parseFloat(cs.paddingTop);
  const right = r.right - parseFloat(cs.borderRightWidth) - parseFloat(cs.paddingRight);
  const bottom = r.bottom - parseFloat(cs.borderBottomWidth) - parseFloat(cs.paddingBottom);
  return new DOMRect(left, top, right - left, bottom - top);
}

/**
 * The rows of a block laid out as a vertical stack of three or more (a
 * list, a group of groups), or null: a row to keep whole (two stacked
 * parts are a caption and what it captions).
 */
function stackedRows(el: HTMLElement): HTMLElement[] | null {
  if (el.matches(CONTROLS)) return null;
  // A flex row that wraps is one line of things, not a stack.
  const cs = getComputedStyle(el);
  if (/flex/.test(cs.display) && !cs.flexDirection.startsWith('column')) return null;
  const parts = [...el.children].filter((c): c is HTMLElement => c instanceof HTMLElement && rectsOf(c).length > 0);
  if (parts.length < 3) return null;
  const tops = parts.map((c) => rectsOf(c)[0].top);
  return tops.every((t) => Math.abs(t - tops[0]) < 1) ? null : parts;
}

/** An element's boxes; one laid out as its children (`display: contents`, a label and its value in a grid) has theirs. */
function rectsOf(el: Element): DOMRect[] {
  const own = [...el.getClientRects()];
  if (own.length > 0 || getComputedStyle(el).display !== 'contents') return own;
  return [...el.children].flatMap(rectsOf);
}

/** Whether every piece of `row` lies in the first columns of the box (overflowing columns go to its right). */
function fits(row: HTMLElement, box: DOMRect): boolean {
  for (const r of rectsOf(row)) {
    if (r.width === 0 && r.height === 0) continue;
    if (r.right > box.right + SLACK_PX || r.bottom > box.bottom + SLACK_PX || r.top < box.top - SLACK_PX) return false;
  }
  return true;
}
