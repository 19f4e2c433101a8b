// The controls: structure, object count, layout and seed, quadtree limits,
// speed, pause / step. Each control calls a BoxesModel action; `sync`
// mirrors the settings back (keyboard shortcuts and the link change them too).

import { World } from '../../core/index';
import { checkedNumberField } from '../../runtime/number-field';
import type { BoxesModel } from '../model';
import { OBJECTS_MAX, SPEED_MAX } from '../../settings/limits';
import { h, hasFocus, panelSection, type Panel } from '../../runtime/ui';

const SLIDER_STEPS = 1000;
const COUNT_MIN = 1;
/** The slider's end and the Objects field's: the settings' object limit (the slider on a log scale). */
const COUNT_SLIDER_MAX = OBJECTS_MAX;
const COUNT_MAX = OBJECTS_MAX;

/** Slider position ↔ count on a log scale: 10, 100 000 and the maximum all reachable. */
function countFromSlider(position: number): number {
  const raw = 10 * Math.pow(COUNT_SLIDER_MAX / 10, position / SLIDER_STEPS);
  const unit = raw < 100 ? 1 : raw < 1000 ? 10 : raw < 10000 ? 100 : raw < 100000 ? 1000 : 5000;
  return Math.min(COUNT_SLIDER_MAX, Math.round(raw / unit) * unit);
}

function sliderFromCount(count: number): number {
  const c = Math.min(COUNT_SLIDER_MAX, Math.max(10, count));
  return Math.round((SLIDER_STEPS * Math.log(c / 10)) / Math.log(COUNT_SLIDER_MAX / 10));
}

function field(label: string, forId: string, ...controls: HTMLElement[]): HTMLElement {
  return h('div', { class: 'field' }, h('label', { for: forId }, label), h('div', { class: 'field-controls' }, ...controls));
}

/** Which controls a mode shows (all by default). */
export interface ControlsOptions {
  structure?: boolean;
  count?: boolean;
  layout?: boolean;
  limits?: boolean;
  /** Label of the "show the structure's lines" box; null hides it. */
  linesLabel?: string | null;
}

export class ControlsPanel implements Panel {
  readonly element: HTMLElement;
  private readonly structure = h('select', { id: 'structure' });
  private readonly countRange = h('input', { id: 'count-range', type: 'range', min: 0, max: SLIDER_STEPS, 'aria-label': 'Objects (slider)' });
  private readonly count = h('input', { id: 'count', type: 'number', min: COUNT_MIN, max: COUNT_MAX, step: 1, inputmode: 'numeric' });
  private readonly layout = h('select', { id: 'layout' });
  private readonly seed = h('input', { id: 'seed', type: 'number', min: 0, max: 0xffffffff, step: 1 });
  private readonly newSeed = h('button', { type: 'button', id: 'new-seed', title: 'A new random seed', 'aria-label': 'New random seed' }, '⚄');
  private readonly reset = h('button', { type: 'button', id: 'reset', 'aria-keyshortcuts': 'R', title: 'Rebuild from the seed (R)' }, 'Reset');
  private readonly limits = h('fieldset', { class: 'limits' });
  private readonly maxObjects = h('input', { id: 'max-objects', type: 'range', min: 1, max: 32, step: 1 });
  private readonly maxObjectsOut = h('output', { for: 'max-objects' });
  private readonly maxLevels = h('input', { id: 'max-levels', type: 'range', min: 0, max: 12, step: 1 });
  private readonly maxLevelsOut = h('output', { for: 'max-levels' });
  private readonly speed = h('input', { id: 'speed', type: 'range', min: 0, max: SPEED_MAX, step: 0.05 });
  private readonly speedOut = h('output', { for: 'speed' });
  private readonly pause = h('button', { type: 'button', id: 'pause', class: 'primary', 'aria-keyshortcuts': 'Space' });
  private readonly step = h('button', { type: 'button', id: 'step', 'aria-keyshortcuts': '. S', title: 'Advance one step (. or S)' }, 'Step');
  private readonly fit = h('button', { type: 'button', id: 'fit', 'aria-keyshortcuts': 'F', title: 'Fit the world in view (F)' }, 'Fit view');
  private readonly tree = h('input', { id: 'show-tree', type: 'checkbox' });

  private readonly countField: { message: HTMLElement; valid: () => boolean };
  private readonly seedField: { message: HTMLElement; valid: () => boolean };

  constructor(private readonly model: BoxesModel, options: ControlsOptions = {}) {
    this.countField = checkedNumberField(this.count, { what: 'Objects', min: COUNT_MIN, max: COUNT_MAX, integer: true }, (n) => model.setCount(n));
    this.seedField = checkedNumberField(this.seed, { what: 'Seed', min: 0, max: 0xffff_ffff, integer: true }, (n) => model.setSeed(n));
    for (const name of model.structures) this.structure.append(h('option', { value: name }, name));
    for (const name of World.layouts()) this.layout.append(h('option', { value: name }, name));
    this.limits.append(
      h('legend', {}, 'Quadtree limits'),
      field('Max objects per node', 'max-objects', this.maxObjects, this.maxObjectsOut),
      field('Max levels', 'max-levels', this.maxLevels, this.maxLevelsOut),
    );
    this.element = panelSection(
      'controls',
      'Simulation',
      h('div', { class: 'buttons' }, this.pause, this.step, this.fit),
      (options.structure ?? true) && field('Structure', 'structure', this.structure),
      (options.count ?? true) && field('Objects', 'count', this.countRange, this.count, this.countField.message),
      (options.layout ?? true) && field('Layout', 'layout', this.layout),
      field('Seed', 'seed', this.seed, this.newSeed, this.reset, this.seedField.message),
      (options.limits ?? true) && this.limits,
      field('Speed', 'speed', this.speed, this.speedOut),
      options.linesLabel !== null && h('label', { class: 'check' }, this.tree, options.linesLabel ?? 'Show tree splits'),
    );
    this.wire();
  }

  private wire(): void {
    const model = this.model;
    this.structure.addEventListener('change', () => model.setStructure(this.structure.value));
    this.countRange.addEventListener('input', () => model.setCount(countFromSlider(Number(this.countRange.value))));
    this.layout.addEventListener('change', () => model.setLayout(this.layout.value));
    this.newSeed.addEventListener('click', () => model.setSeed(Math.floor(Math.random() * 1_000_000)));
    this.reset.addEventListener('click', () => model.reset());
    const limits = () => model.setQuadtreeLimits(Number(this.maxObjects.value), Number(this.maxLevels.value));
    this.maxObjects.addEventListener('input', limits);
    this.maxLevels.addEventListener('input', limits);
    this.speed.addEventListener('input', () => model.setSpeed(Number(this.speed.value)));
    this.pause.addEventListener('click', () => model.togglePause());
    this.step.addEventListener('click', () => model.stepOnce());
    this.fit.addEventListener('click', () => model.fitView());
    this.tree.addEventListener('change', () => model.setFlag('tree', this.tree.checked));
  }

  sync(): void {
    const s = this.model.settings;
    this.structure.value = s.structure;
    // Leave a box alone while it is being typed in.
    // Leave a refused value shown (it is flagged) until the user fixes it.
    if (!hasFocus(this.count) && this.countField.valid()) this.count.value = String(s.count);
    this.countRange.value = String(sliderFromCount(s.count));
    this.countRange.setAttribute('aria-valuetext', `${s.count.toLocaleString('en-US')} objects`);
    this.layout.value = s.layout;
    if (!hasFocus(this.seed) && this.seedField.valid()) this.seed.value = String(s.seed);
    this.maxObjects.value = String(s.maxObjects);
    this.maxObjectsOut.value = String(s.maxObjects);
    this.maxLevels.value = String(s.maxLevels);
    this.maxLevelsOut.value = String(s.maxLevels);
    this.speed.value = String(s.speed);
    this.speedOut.value = `${s.speed.toFixed(2)}×`;
    this.speed.setAttribute('aria-valuetext', `${s.speed.toFixed(2)} times real time`);
    this.pause.textContent = s.paused ? 'Play' : 'Pause';
    this.pause.title = s.paused ? 'Play (Space)' : 'Pause (Space)';
    this.pause.setAttribute('aria-pressed', String(s.paused));
    this.pause.classList.toggle('paused', s.paused);
    this.tree.checked = s.tree;
    // The limits only mean something to a quadtree: shown only while one is the structure.
    this.limits.hidden = !this.model.sim.quadtreeActive;
  }
}
