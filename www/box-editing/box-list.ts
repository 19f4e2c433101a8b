// The list of drawn boxes in a side panel, the same in every mode that
// draws boxes: per box its name (a button that selects it), its touched
// cells as the core lists them, where it is, Copy (duplicate) and ×
// (delete), and whatever the mode adds (the tile editor: push-out and
// Resolve). Rows follow the store's boxes; `sync()` rewrites only text.
// Class names carry the mode's prefix (`tiles-…`, `rays-…`) for the
// mode's tests and the shared `box-list-…` for the shared styles.

import { h, panelSection, setText, type Panel } from '../runtime/ui';
import type { DrawnBox } from './box-store';

/** 12.5 → "12.5", -3 → "−3", 0.04 → "0.040": one decimal, a real minus. */
export function num(n: number): string {
  const text = n !== 0 && Math.abs(n) < 0.1 ? n.toPrecision(2) : String(Math.round(n * 10) / 10);
  return text.replace('-', '−');
}

/** A box's row lists at most this many cells (then how many more): a panel never scrolls. */
const LISTED_CELLS = 24;

/** `(col,row) (col,row) …` for a `[col, row, …]` list; past `limit` cells, how many more. */
export function cellList(cells: ArrayLike<number>, limit = Infinity): string {
  const parts: string[] = [];
  const n = Math.floor(cells.length / 2);
  for (let i = 0; i < Math.min(n, limit); i += 1) parts.push(`(${cells[2 * i]},${cells[2 * i + 1]})`);
  if (n > limit) parts.push(`… and ${n - limit} more`);
  return parts.join(' ');
}

/** What a mode adds to a row: buttons in its head, a fact after where the box is, and how they follow the box. */
export interface RowExtras<B> {
  readonly buttons: HTMLElement[];
  readonly fact: HTMLElement | null;
  update(box: B): void;
}

export interface BoxListOptions<B extends DrawnBox> {
  /** The panel's id and title. */
  readonly panelId: string;
  readonly title: string;
  /** The mode's class prefix (`tiles`, `rays`). */
  readonly prefix: string;
  /** Said under the list (e.g. the limit and how to draw one). */
  readonly note?: string;
  /** What the list says with no boxes. */
  readonly empty: string;
  boxes(): readonly B[];
  selected(): number;
  select(id: number): void;
  duplicate(id: number): void;
  remove(id: number): void;
  /** Box `id`'s colour (its swatch): a CSS colour, best a `var(…)` the mode re-publishes when the theme changes. */
  colour(id: number): string;
  extras?(box: B): RowExtras<B>;
  /**
   * For a mode whose sidebar calls `update()` every frame: a key that
   * changes whenever the list would (then `update()` syncs once per change).
   */
  version?(): string;
}

interface Row<B> {
  name: HTMLButtonElement;
  where: HTMLElement;
  count: HTMLElement;
  cells: HTMLElement;
  row: HTMLElement;
  extras: RowExtras<B> | null;
}

export class BoxListPanel<B extends DrawnBox> implements Panel {
  readonly element: HTMLElement;
  private readonly list: HTMLElement;
  private readonly emptyText: HTMLElement;
  private rows = new Map<number, Row<B>>();
  private shownVersion: string | null = null;

  constructor(private readonly o: BoxListOptions<B>) {
    const p = o.prefix;
    this.list = h('div', { class: `${p}-readout-list box-list`, role: 'status', 'aria-live': 'polite' });
    this.emptyText = h('p', { class: `${p}-readout-empty box-list-empty`, hidden: true }, o.empty);
    const parts: HTMLElement[] = [this.list, this.emptyText];
    if (o.note !== undefined) parts.push(h('p', { class: `${p}-readout-note box-list-note` }, o.note));
    this.element = panelSection(o.panelId, o.title, ...parts);
  }

  private rowFor(b: B, index: number): Row<B> {
    const { o } = this;
    const p = o.prefix;
    const { id, name } = b;
    const key = String(index + 1);
    const swatch = h('span', { class: 'swatch', 'aria-hidden': 'true' });
    // Through the CSSOM, not a style attribute: a page's style-src policy may refuse those.
    swatch.style.background = o.colour(id);
    const label = h('button', { type: 'button', class: `${p}-box-name box-list-name`, 'aria-keyshortcuts': key, title: `Select box ${name}: the arrow keys move it (${key})` }, swatch, `box ${name}`);
    label.addEventListener('click', () => o.select(id));
    const copy = h('button', { type: 'button', class: `${p}-duplicate box-list-small`, 'aria-label': `Duplicate box ${name}`, title: `Duplicate box ${name} (Ctrl/Cmd+D)` }, 'Copy');
    copy.addEventListener('click', () => o.duplicate(id));
    const remove = h('button', { type: 'button', class: `${p}-delete box-list-small`, 'aria-label': `Delete box ${name}`, title: `Delete box ${name} (Delete)` }, '×');
    remove.addEventListener('click', () => o.remove(id));
    const extras = o.extras?.(b) ?? null;
    const where = h('span', { class: `${p}-box-where` });
    const count = h('span', { class: `${p}-box-count box-list-count` });
    const cells = h('p', { class: `${p}-cells box-list-cells` });
    const facts = h('p', { class: `${p}-box-facts box-list-facts` }, where);
    if (extras?.fact) facts.append(' · ', extras.fact);
    const row = h(
      'div',
      { class: `${p}-readout-box box-list-row`, 'data-box': id },
      h('div', { class: `${p}-readout-head box-list-head` }, label, count, ...(extras?.buttons ?? []), copy, remove),
      cells,
      facts,
    );
    return { name: label, where, count, cells, row, extras };
  }

  /** Every frame: syncs when `version()` changed. */
  update(): void {
    const version = this.o.version?.();
    if (version === undefined || version === this.shownVersion) return;
    this.shownVersion = version;
    this.sync();
  }

  sync(): void {
    const boxes = this.o.boxes();
    const selected = this.o.selected();
    const next = new Map<number, Row<B>>();
    boxes.forEach((b, i) => next.set(b.id, this.rows.get(b.id) ?? this.rowFor(b, i)));
    if (next.size !== this.rows.size || [...next.keys()].some((id) => !this.rows.has(id))) this.list.replaceChildren(...[...next.values()].map((r) => r.row));
    this.rows = next;
    this.emptyText.hidden = boxes.length > 0;
    for (const b of boxes) {
      const r = next.get(b.id) as Row<B>;
      const n = b.cells.length / 2;
      r.name.setAttribute('aria-pressed', String(b.id === selected));
      r.row.classList.toggle('selected', b.id === selected);
      setText(r.where, `${num(b.w)}×${num(b.h)} at (${num(b.x)}, ${num(b.y)})`);
      setText(r.count, `${n} ${n === 1 ? 'cell' : 'cells'}`);
      setText(r.cells, n === 0 ? 'none (off the grid)' : cellList(b.cells, LISTED_CELLS));
      r.extras?.update(b);
    }
  }
}
