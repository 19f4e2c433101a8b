// The rays mode's sidebar and legend: the hit readout, the enemy's state,
// the drawn boxes, the scene controls and the keys (the DDA's steps are the
// runtime's stepper, over steps.ts). Panels only read the model each frame
// and call RaysModel actions.

import { h, key, panelSection, setText, type Panel } from '../../runtime/ui';
import { DRAWN_COLOURS } from './colours';
import { DRAWN_BOX_LIMIT, type RaysModel } from './model';
import { BoxListPanel } from '../../box-editing/box-list';
import type { DrawnBox } from '../../box-editing/box-store';

function stat(label: string, id: string, labelClass = ''): HTMLElement {
  return h('div', { class: 'stat' }, h('dt', { class: labelClass }, label), h('dd', { id }, '—'));
}

function child(parent: HTMLElement, id: string): HTMLElement {
  const el = parent.querySelector<HTMLElement>(`#${id}`);
  if (el === null) throw new Error(`rays panel lacks #${id}`);
  return el;
}

/** The readout format shared with e2e/rays.test.mjs. */
export const formatHit = {
  t: (t: number): string => t.toFixed(4),
  point: (x: number, y: number): string => `(${x.toFixed(2)}, ${y.toFixed(2)})`,
  normal: (x: number, y: number): string => `(${x.toFixed(3)}, ${y.toFixed(3)})`,
};

/** What the ray hit first, from `castRay`, and how many cells it passes through. */
export class RayPanel implements Panel {
  readonly element: HTMLElement;
  private readonly fields: Record<'hit' | 'shape' | 't' | 'point' | 'normal' | 'cells', HTMLElement>;

  constructor(private readonly mode: RaysModel) {
    const list = h(
      'dl',
      { class: 'stats' },
      stat('first hit', 'ray-hit'),
      stat('shape', 'ray-shape'),
      stat('t along A→B', 'ray-t'),
      stat('hit point', 'ray-point'),
      stat('normal', 'ray-normal'),
      stat('cells visited', 'ray-cells'),
    );
    this.element = panelSection(
      'rays-ray',
      'Ray A → B',
      h(
        'p',
        { class: 'rays-lede' },
        'Amanatides–Woo walks the grid one cell at a time: it always crosses whichever grid line comes first along the ray, so it visits exactly the cells the segment passes through, in order, until the first hit stops it.',
      ),
      list,
    );
    const get = (id: string) => child(list, id);
    this.fields = {
      hit: get('ray-hit'),
      shape: get('ray-shape'),
      t: get('ray-t'),
      point: get('ray-point'),
      normal: get('ray-normal'),
      cells: get('ray-cells'),
    };
  }

  update(): void {
    const { hit, visited } = this.mode;
    const f = this.fields;
    setText(f.cells, String(visited));
    if (hit === null) {
      setText(f.hit, 'nothing');
      for (const el of [f.shape, f.t, f.point, f.normal]) setText(el, '—');
      return;
    }
    setText(f.hit, this.mode.hitName(hit));
    setText(f.shape, hit.shape ?? 'box');
    setText(f.t, formatHit.t(hit.t));
    setText(f.point, formatHit.point(hit.x, hit.y));
    setText(f.normal, formatHit.normal(hit.normalX, hit.normalY));
  }
}

/** The enemy's view of the player: `lineOfSight`, and where a blocked line stops. */
export class SightPanel implements Panel {
  readonly element: HTMLElement;
  private readonly state = h('span', { id: 'sight-state', class: 'sight-state' });
  private readonly detail = h('p', { id: 'sight-detail', class: 'rays-hint' });

  constructor(private readonly mode: RaysModel) {
    this.element = panelSection(
      'rays-sight',
      'Enemy sees the player?',
      h('p', { class: 'sight-line', 'aria-live': 'polite' }, 'The enemy ', this.state),
      this.detail,
      h('p', { class: 'rays-note' }, 'lineOfSight asks only the tiles (touching one blocks); boxes do not hide the player. Drag the player behind a wall.'),
    );
  }

  update(): void {
    const { sight } = this.mode;
    this.state.dataset.sees = String(sight.clear);
    setText(this.state, sight.clear ? 'sees you' : 'lost you');
    const b = sight.block;
    setText(
      this.detail,
      sight.clear
        ? 'Clear: no tile touches the line from the enemy to the player.'
        : b === null
          ? 'Blocked.'
          : `Blocked by tile (${b.col}, ${b.row}) at t ${b.t.toFixed(3)} of the way.`,
    );
  }
}

/** Boxes running or paused, the structure filing them, the view. */
export class SceneControls implements Panel {
  readonly element: HTMLElement;
  private readonly pause = h('button', { type: 'button', id: 'rays-pause', class: 'primary', 'aria-keyshortcuts': 'Space' });
  private readonly structure = h('select', { id: 'rays-structure' });
  private readonly fit = h('button', { type: 'button', id: 'rays-fit', 'aria-keyshortcuts': 'F', title: 'Fit the map in view (F)' }, 'Fit view');

  constructor(private readonly mode: RaysModel, structures: readonly string[]) {
    for (const name of structures) this.structure.append(h('option', { value: name }, name));
    this.element = panelSection(
      'rays-scene',
      'Boxes',
      h('div', { class: 'buttons' }, this.pause, this.fit),
      h('div', { class: 'field' }, h('label', { for: 'rays-structure' }, 'Filed in'), h('div', { class: 'field-controls' }, this.structure)),
      h('p', { class: 'rays-note' }, 'castRay asks the structure for boxes along the ray piece by piece, so every structure finds the same first hit, even a box whose centre cell the ray never visits.'),
    );
    this.pause.addEventListener('click', () => mode.setPaused(!mode.setup.paused));
    this.structure.addEventListener('change', () => mode.setStructure(this.structure.value));
    this.fit.addEventListener('click', () => mode.fitView());
  }

  sync(): void {
    const s = this.mode.setup;
    setText(this.pause, s.paused ? 'Play boxes' : 'Pause boxes');
    this.pause.classList.toggle('paused', s.paused);
    this.pause.setAttribute('aria-pressed', String(s.paused));
    if (this.structure.value !== s.structure) this.structure.value = s.structure;
  }

  update(): void {
    this.sync();
  }
}

/** The drawn boxes: each with its touched cells (the core's touchedCells), Copy and ×. */
export function drawnBoxesPanel(mode: RaysModel): BoxListPanel<DrawnBox> {
  const d = mode.drawn;
  return new BoxListPanel<DrawnBox>({
    panelId: 'rays-drawn',
    title: 'Drawn boxes',
    prefix: 'rays',
    empty: 'None yet: Shift-drag on empty space (or turn on the Box tool, B) to draw a box the ray can hit.',
    note: `Drawn boxes stand still; the others keep bouncing. At most ${DRAWN_BOX_LIMIT}.`,
    boxes: () => d.boxes(),
    selected: () => (mode.ui.selected === null ? d.selected : 0),
    select: (id) => {
      mode.ui.selected = null;
      d.select(id);
    },
    duplicate: (id) => d.duplicate(id),
    remove: (id) => d.delete(id),
    colour: (id) => `var(--r-box${(id - 1) % DRAWN_COLOURS})`,
    version: () => `${d.version}:${mode.tiles.revision}:${mode.ui.selected}`,
  });
}

export class KeysPanel implements Panel {
  readonly element = panelSection(
    'rays-keys',
    'Hands on',
    h(
      'ul',
      { class: 'keys-list' },
      key(['drag'], 'A, B, the enemy, the player or a drawn box (its edges resize it); empty space pans'),
      key(['Shift', 'drag'], 'draw a box on empty space (B: the Box tool, no Shift needed)'),
      key(['Delete'], 'delete the selected drawn box (Ctrl/Cmd+D copies it)'),
      key(['Ctrl', 'Z'], 'undo (Shift+Ctrl+Z redo); Cmd on a Mac'),
      key(['Enter'], 'on the canvas: pick A, B, enemy, player in turn (Tab leaves the canvas)'),
      key(['←', '↑', '→', '↓'], 'move the picked one (Shift: a whole tile), or the selected drawn box (Shift: resize)'),
      key(['I'], 'on the canvas: draw a box in the middle of the view (Insert too); the arrows then move it, Shift+arrows resize it'),
      key(['N'], 'the stepper: one cell forward (Shift+N: back)'),
      key(['Esc'], 'the whole walk again'),
      key(['Space'], 'pause / play the boxes'),
      key(['wheel', '+', '−', 'F'], 'zoom in, out, fit'),
    ),
  );
}

function swatch(kind: string, text: string): HTMLElement {
  return h('li', {}, h('span', { class: `swatch rays-swatch-${kind}`, 'aria-hidden': 'true' }), text);
}

export function raysLegend(): HTMLElement {
  return h(
    'ul',
    { class: 'legend rays-legend', 'aria-label': 'Legend' },
    swatch('solid', 'solid edge'),
    swatch('interesting', 'interesting edge'),
    swatch('box', 'box'),
    swatch('drawn', 'drawn box, its touched cells'),
    swatch('cells', 'cells visited, first → last'),
    swatch('cross-x', 'entered across a vertical line'),
    swatch('cross-y', 'across a horizontal line'),
    swatch('cross-corner', 'through a corner'),
    swatch('normal', 'hit and its normal'),
    swatch('sight-clear', 'sight clear'),
    swatch('sight-blocked', 'sight blocked'),
  );
}
