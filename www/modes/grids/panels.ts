// The grids mode's panels: the grid's own controls and readout (the cell
// size, the core's automatic choice shown until the reader sets one; for
// the focused object how many cells it is stored in and how many are
// searched, with one sentence on why for the active structure), the table
// comparing every structure on this scene and what the keys do (the legend
// is the stage's: layout.ts). The controls and the live stats are the box scenes'.

import type { BoxesModel } from '../../boxes/model';
import { checkedNumberField } from '../../runtime/number-field';
import { formatInt, h, hasFocus, key, panelSection, setText, type Panel } from '../../runtime/ui';
import { BRUTE_FORCE_MAX, COMPARE_FRAMES } from './compare';
import { compactCount, exactMicros, formatMicros, formatRatio } from './compare-format';
import type { CellsLayer } from './layers';
import type { GridsModel } from './model';

// --- the grid ---------------------------------------------------------------------

export const CELL_MIN = 2;
const SLIDER_STEPS = 400;

function field(label: string, forId: string, ...controls: HTMLElement[]): HTMLElement {
  return h('div', { class: 'field' }, h('label', { for: forId }, label), h('div', { class: 'field-controls' }, ...controls));
}

const EXPLAIN: Record<string, string> = {
  grid: 'Normal grid: the object is listed in every cell it touches, and pairs() searches exactly those cells (a pair met in two cells is reported once).',
  'loose-grid':
    'Loose grid: the object is listed only in the cell holding its centre; pairs() searches that cell and four forward neighbours (east, south-west, south, south-east), which with their opposites cover all eight.',
};

export class GridPanel implements Panel {
  readonly element: HTMLElement;
  private readonly range = h('input', { id: 'cell-size-range', type: 'range', min: 0, max: SLIDER_STEPS, 'aria-label': 'Cell size (slider)' });
  private readonly number = h('input', { id: 'cell-size', type: 'number', min: CELL_MIN, step: 'any', inputmode: 'decimal' });
  private readonly numberField: { message: HTMLElement; valid: () => boolean };
  private readonly auto = h('button', { type: 'button', id: 'cell-auto', title: 'Let the core choose from the boxes’ sizes (rebuilds the sim from its seed)' }, 'Auto');
  private readonly state = h('p', { id: 'cell-size-state', class: 'panel-note' }, '');
  private readonly focus = h('p', { id: 'grid-focus', class: 'grid-focus' }, '');
  private readonly storedCount = h('strong', { id: 'grid-stored-count' }, '—');
  private readonly searchedCount = h('strong', { id: 'grid-searched-count' }, '—');
  private readonly explain = h('p', { id: 'grid-explain', class: 'panel-note' }, '');

  constructor(
    private readonly boxes: BoxesModel,
    private readonly cells: CellsLayer,
  ) {
    const counts = h(
      'ul',
      { class: 'cell-counts' },
      h('li', {}, h('span', { class: 'swatch swatch-stored-cell', 'aria-hidden': 'true' }), 'stored in ', this.storedCount),
      h('li', {}, h('span', { class: 'swatch swatch-searched-cell', 'aria-hidden': 'true' }), 'searched ', this.searchedCount),
    );
    this.numberField = checkedNumberField(this.number, { what: 'Cell size', min: CELL_MIN, max: () => this.maxCell() }, (size) => boxes.setCellSize(size));
    this.element = panelSection('grid', 'Grid', field('Cell size', 'cell-size', this.range, this.number, this.auto, this.numberField.message), this.state, this.focus, counts, this.explain);
    this.range.addEventListener('input', () => boxes.setCellSize(this.fromSlider(Number(this.range.value))));
    this.auto.addEventListener('click', () => boxes.autoCellSize());
  }

  private maxCell(): number {
    return Math.max(CELL_MIN * 2, this.boxes.sim.side / 4);
  }

  /** Log scale: small cells get as much travel as big ones. */
  private fromSlider(position: number): number {
    const size = CELL_MIN * Math.pow(this.maxCell() / CELL_MIN, position / SLIDER_STEPS);
    return size < 10 ? Math.round(size * 10) / 10 : Math.round(size);
  }

  private toSlider(size: number): number {
    return Math.round((SLIDER_STEPS * Math.log(size / CELL_MIN)) / Math.log(this.maxCell() / CELL_MIN));
  }

  sync(): void {
    const set = this.boxes.settings.cellSize;
    this.auto.disabled = set === undefined;
    this.update();
  }

  update(): void {
    const sim = this.boxes.sim;
    const set = this.boxes.settings.cellSize;
    const size = sim.world.cellSize;
    const shown = set ?? size;
    if (Number.isFinite(shown)) this.range.setAttribute('aria-valuetext', `cell size ${+shown.toFixed(2)}`);
    if (!hasFocus(this.number) && this.numberField.valid()) this.number.value = Number.isFinite(shown) ? String(+shown.toFixed(2)) : '';
    if (!hasFocus(this.range) && Number.isFinite(shown)) this.range.value = String(this.toSlider(shown));
    setText(
      this.state,
      set !== undefined
        ? `Set to ${+set.toFixed(2)}. Auto goes back to the core's choice.`
        : Number.isFinite(size)
          ? `Automatic: ${size.toFixed(2)}, chosen by the core from the boxes' sizes.`
          : 'Automatic: the core chooses when a grid structure is active.',
    );
    const structure = sim.world.structure;
    setText(this.explain, EXPLAIN[structure] ?? 'Pick grid or loose-grid to see cells; the comparison below runs every structure.');
    const d = this.cells.drawn;
    if (d === null || !sim.gridActive) {
      setText(this.focus, sim.gridActive ? 'Click or drag a box to see its cells.' : 'No grid in this structure.');
      setText(this.storedCount, '—');
      setText(this.searchedCount, '—');
      this.element.dataset.focus = '';
      return;
    }
    const stored = d.stored.length / 4;
    const searched = d.searched.length / 4;
    const oversize = structure === 'loose-grid' && stored === 0;
    setText(this.focus, oversize ? `#${d.id} is oversize: kept in a separate list, not in a cell.` : `#${d.id} (${structure}):`);
    setText(this.storedCount, `${stored} ${stored === 1 ? 'cell' : 'cells'}`);
    setText(this.searchedCount, `${searched} ${searched === 1 ? 'cell' : 'cells'}`);
    this.element.dataset.focus = String(d.id);
  }
}

// --- the comparison ---------------------------------------------------------------

/** The comparison table: a button (and an automatic re-run when the scene changes) that runs every structure on a copy of the current scene, and per structure its candidate tests, pairs, mean µs per frame, time relative to brute force and whether its pairs equal the reference's. */
export class ComparePanel implements Panel {
  readonly element: HTMLElement;
  private readonly run = h('button', { type: 'button', id: 'compare-run', class: 'primary' }, 'Compare');
  private readonly auto = h('input', { type: 'checkbox', id: 'compare-auto', checked: true });
  private readonly status = h('p', { id: 'compare-status', class: 'compare-status', role: 'status' }, '');
  private readonly body = h('tbody', {});
  private readonly note = h('p', { id: 'compare-note', class: 'compare-note' }, '');
  /** The result the rows show. */
  private shown: GridsModel['result'] | undefined = undefined;

  constructor(private readonly model: GridsModel) {
    const head = h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Structure'),
        h('th', { scope: 'col', title: 'Box-versus-box tests pairs() made on the last frame' }, 'Tests'),
        h('th', { scope: 'col', title: 'Overlapping pairs on the last frame' }, 'Pairs'),
        h('th', { scope: 'col', title: `Mean µs per frame of step(1/60) + pairs(), over at least ${COMPARE_FRAMES} frames and 20 ms of them` }, 'µs'),
        h('th', { scope: 'col', title: 'Mean time relative to brute force' }, 'vs BF'),
        h('th', { scope: 'col', title: 'Same pair set as the reference on every frame' }, '='),
      ),
    );
    const table = h('table', { id: 'compare-table', class: 'compare-table' }, head, this.body);
    this.element = panelSection(
      'compare',
      'All structures, this sim',
      h('div', { class: 'compare-bar' }, this.run, h('label', { class: 'check' }, this.auto, 'Re-run on changes')),
      this.status,
      table,
      this.note,
    );
    this.run.addEventListener('click', () => void model.start());
    this.auto.addEventListener('change', () => model.setAuto(this.auto.checked));
    model.onChange(() => this.render());
    this.render();
  }

  private render(): void {
    this.run.disabled = this.model.running;
    setText(this.status, this.model.status);
    if (this.shown !== this.model.result) this.renderRows();
  }

  private renderRows(): void {
    const r = this.model.result;
    this.shown = r;
    const rows = this.model.boxes.structures.map((structure) => {
      const row = r?.rows.find((x) => x.structure === structure);
      const tr = h('tr', { 'data-structure': structure });
      const name = h('th', { scope: 'row' }, structure);
      if (row?.detail) name.append(h('small', {}, row.detail));
      tr.append(name);
      if (row === undefined) {
        tr.append(h('td', { colspan: 5, class: 'pending' }, '…'));
        return tr;
      }
      if (row.skipped !== null) {
        tr.dataset.same = '';
        tr.append(h('td', { colspan: 5, class: 'skipped', 'data-col': 'skipped' }, row.skipped));
        return tr;
      }
      tr.dataset.same = String(row.same);
      // The reference is named under its name, so the last column holds one mark: the table fits a 300 px column.
      if (row.reference) name.append(h('small', { class: 'reference' }, 'reference'));
      tr.append(
        h('td', { 'data-col': 'tests', title: `${formatInt(row.tests)} tests` }, compactCount(row.tests)),
        h('td', { 'data-col': 'pairs', title: `${formatInt(row.pairs)} pairs` }, compactCount(row.pairs)),
        h('td', { 'data-col': 'us', title: `${exactMicros(row.meanMicros)} µs, the mean of ${formatInt(row.timedFrames)} frames` }, formatMicros(row.meanMicros)),
        row.reference && row.structure === 'brute-force'
          ? h('td', { 'data-col': 'ratio' }, '1×')
          : h('td', { 'data-col': 'ratio', title: row.ratio === null ? 'no brute-force run to compare with' : `${row.ratio.toPrecision(3)} × brute force's time` }, formatRatio(row.ratio)),
        h('td', { 'data-col': 'same', title: row.reference ? 'the reference' : row.same ? 'same pairs as the reference' : 'different pairs from the reference' }, row.same ? '✓' : '✗'),
      );
      return tr;
    });
    this.body.replaceChildren(...rows);
    const skipped = r !== null && r.reference !== 'brute-force';
    setText(
      this.note,
      r === null
        ? `Brute force runs up to ${formatInt(BRUTE_FORCE_MAX)} objects.`
        : skipped
          ? `Brute force skipped above ${formatInt(BRUTE_FORCE_MAX)} objects (too slow): pair sets compared with ${r.reference}'s.`
          : 'Pair sets compared with brute force on every frame; ✓ = identical.',
    );
  }
}

// --- keys and legend --------------------------------------------------------------

export function keysPanel(): Panel {
  return {
    element: panelSection(
      'keys',
      'Hands on',
      h(
        'ul',
        { class: 'keys-list' },
        key(['click'], 'a box to select it: its cells stay shown'),
        key(['drag'], 'a box to move it; watch its cells change'),
        key(['wheel'], 'zoom once the canvas has focus, or with Ctrl; drag empty space to pan (touch: two fingers)'),
        key(['Enter'], 'on the canvas: select the boxes in view one by one (Esc: none)'),
        key(['←', '↑', '→', '↓'], 'move the selected box (Shift: farther)'),
        key(['N'], 'the lesson, or the selected box’s pair search, one step on (Shift+N back; Esc the whole picture)'),
        key(['Ctrl', 'Z'], 'undo a drag or a move (Shift+Ctrl+Z redo; Cmd on a Mac)'),
        key(['Space'], 'pause / play'),
        key(['.', 'S'], 'single step'),
        key(['R'], 'reset from seed'),
        key(['T'], 'grid lines on / off'),
        key(['+', '−', 'F'], 'zoom in, out, fit'),
      ),
    ),
  };
}
