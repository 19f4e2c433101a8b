// The grid's own controls and readout: the cell size (the core's automatic
// choice shown until the user sets one), and for the focused object how many
// cells it is stored in and how many are searched for its pairs, with one
// sentence on why for the active structure.

import { checkedNumberField } from '../../runtime/number-field';
import type { BoxDemo } from '../../boxes/demo';
import { h, hasFocus, panelSection, setText, type Panel } from '../../runtime/ui';
import type { CellsLayer } from './cells-layer';

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
    private readonly pg: BoxDemo,
    private readonly cells: CellsLayer,
  ) {
    const counts = h(
      'ul',
      { class: 'cell-counts' },
      h('li', {}, h('span', { class: 'swatch swatch-stored-cell', 'aria-hidden': 'true' }), 'stored in ', this.storedCount),
      h('li', {}, h('span', { class: 'swatch swatch-searched-cell', 'aria-hidden': 'true' }), 'searched ', this.searchedCount),
    );
    this.numberField = checkedNumberField(this.number, { what: 'Cell size', min: CELL_MIN, max: () => this.maxCell() }, (size) => pg.setCellSize(size));
    this.element = panelSection('grid', 'Grid', field('Cell size', 'cell-size', this.range, this.number, this.auto, this.numberField.message), this.state, this.focus, counts, this.explain);
    this.range.addEventListener('input', () => pg.setCellSize(this.fromSlider(Number(this.range.value))));
    this.auto.addEventListener('click', () => pg.autoCellSize());
  }

  private maxCell(): number {
    return Math.max(CELL_MIN * 2, this.pg.sim.side / 4);
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
    const set = this.pg.state.settings.cellSize;
    this.auto.disabled = set === undefined;
    this.update();
  }

  update(): void {
    const sim = this.pg.sim;
    const set = this.pg.state.settings.cellSize;
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
