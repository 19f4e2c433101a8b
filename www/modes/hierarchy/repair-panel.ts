// Step-through of the hierarchy's queue repair: after re-parenting an object
// (at P) under one later in the queue (at Q), the core walks the segment
// P..Q entry by entry and records each step (`lastRepair().steps`). T, the
// temporary queue, starts as [Q, P]; an entry whose parent is in T joins T
// (it belongs to the moved subtree), any other is pushed forward; finally T
// goes after the pushed entries. This panel shows the core's steps and puts
// them in words; it decides nothing itself.

import { h, panelSection, setText, type Panel } from '../../runtime/ui';
import type { HierarchyController } from './controller';
import { walk } from './model';

const PLAY_MS = 800;

function chips(ids: number[], mark: (id: number, i: number) => string[] = () => []): HTMLElement[] {
  return ids.map((id, i) => h('span', { class: ['chip', ...mark(id, i)].join(' '), 'data-id': id }, `#${id}`));
}

export class RepairPanel implements Panel {
  readonly element: HTMLElement;
  private readonly intro = h('p', { id: 'repair-intro', class: 'panel-note' }, '');
  private readonly body = h('div', { id: 'repair-body', class: 'repair-body' });
  private readonly segment = h('div', { id: 'repair-segment', class: 'chip-row' });
  private readonly forward = h('div', { id: 'repair-forward', class: 'chip-row' });
  private readonly temp = h('div', { id: 'repair-temp', class: 'chip-row' });
  private readonly result = h('div', { id: 'repair-result', class: 'chip-row' });
  private readonly caption = h('p', { id: 'repair-caption', class: 'repair-caption', 'aria-live': 'polite' }, '');
  private readonly counter = h('span', { id: 'repair-step', class: 'repair-step' }, '');
  private readonly prev = h('button', { type: 'button', id: 'repair-prev' }, 'Back');
  private readonly next = h('button', { type: 'button', id: 'repair-next', class: 'primary' }, 'Next');
  private readonly play = h('button', { type: 'button', id: 'repair-play' }, 'Play');
  private timer = 0;

  constructor(private readonly c: HierarchyController) {
    const row = (label: string, hint: string, content: HTMLElement) =>
      h('div', { class: 'repair-row' }, h('span', { class: 'repair-label', title: hint }, label), content);
    this.body.append(
      row('P..Q', 'The segment of the queue from the child (P) to its new parent (Q), before the repair', this.segment),
      row('forward', 'Entries whose parent is not in T: pushed forward in the segment, in order', this.forward),
      row('T', 'The temporary queue: starts as [Q, P], collects the moved subtree', this.temp),
      row('after', 'The repaired segment: the pushed entries, then T', this.result),
      this.caption,
      h('div', { class: 'buttons' }, this.prev, this.next, this.play, this.counter),
    );
    this.element = panelSection('repair', 'Queue repair, step by step', this.intro, this.body);
    this.next.addEventListener('click', () => this.go(1));
    this.prev.addEventListener('click', () => this.go(-1));
    this.play.addEventListener('click', () => this.togglePlay());
    c.onChange(() => this.render());
    this.render();
  }

  private go(delta: number): void {
    const r = this.c.repair;
    if (r === null) return;
    const total = walk(r, 0).total;
    this.c.setRepairStep(Math.max(0, Math.min(total - 1, this.c.repairStep + delta)));
  }

  private togglePlay(): void {
    if (this.timer !== 0) {
      this.stop();
      return;
    }
    const r = this.c.repair;
    if (r === null) return;
    if (this.c.repairStep >= walk(r, 0).total - 1) this.c.setRepairStep(0);
    this.timer = window.setInterval(() => {
      const rr = this.c.repair;
      if (rr === null || this.c.repairStep >= walk(rr, 0).total - 1) this.stop();
      else this.go(1);
    }, PLAY_MS);
    this.render();
  }

  private stop(): void {
    window.clearInterval(this.timer);
    this.timer = 0;
    this.render();
  }

  destroy(): void {
    window.clearInterval(this.timer);
  }

  private render(): void {
    const r = this.c.repair;
    if (r === null) {
      setText(this.intro, 'Attach an object to one that comes LATER in the queue: the core repairs only the segment between them. Each step of that repair shows here.');
      this.body.hidden = true;
      return;
    }
    this.body.hidden = false;
    const step = this.c.repairStep;
    const w = walk(r, step);
    setText(this.intro, `setParent(#${r.child}, #${r.parent}): the child #${r.child} sits at P = ${r.p}, its new parent #${r.parent} at Q = ${r.q}, later, so the segment P..Q (${r.q - r.p + 1} entries) is repaired.`);
    const last = r.before.length - 1;
    this.segment.replaceChildren(
      ...chips(r.before, (id, i) => {
        const marks: string[] = [];
        if (i === 0) marks.push('is-p');
        if (i === last) marks.push('is-q');
        if (i === w.cursor) marks.push('cursor');
        // What the core's steps have decided so far: T's founders at once, then one per step.
        if (i === 0 || i === last || w.temp.includes(id)) marks.push('to-temp');
        else if (w.forward.includes(id)) marks.push('pushed');
        return marks;
      }),
    );
    const just = w.record.kind;
    this.forward.replaceChildren(...chips(w.forward, (_, i) => (i === w.forward.length - 1 && just === 'forward' ? ['just'] : [])));
    this.temp.replaceChildren(...chips(w.temp, (_, i) => (i === w.temp.length - 1 && just === 'to-temp' ? ['just', 'to-temp'] : ['to-temp'])));
    this.result.replaceChildren(...(w.result === null ? [h('span', { class: 'pending' }, '…')] : chips(w.result, (id) => (w.temp.includes(id) ? ['to-temp'] : ['pushed']))));
    setText(this.caption, this.describe(step, w.total));
    setText(this.counter, `step ${step + 1} / ${w.total}`);
    this.prev.disabled = step === 0;
    this.next.disabled = step >= w.total - 1;
    this.play.textContent = this.timer !== 0 ? 'Pause' : 'Play';
    this.element.dataset.step = String(step);
    this.element.dataset.total = String(w.total);
  }

  private describe(step: number, total: number): string {
    const r = this.c.repair!;
    const w = walk(r, step);
    const record = w.record;
    const named = (id: number) => (id === 0 ? 'the root' : `#${id}`);
    switch (record.kind) {
      case 'repair-start':
        return `T starts as [Q, P] = [#${r.parent}, #${r.child}]: the new parent, then the moved child.`;
      case 'to-temp':
        return `#${record.id}: its parent ${named(record.parent)} is in T, so #${record.id} is part of the moved subtree and joins the end of T (${record.temp} in T).`;
      case 'forward':
        return `#${record.id}: its parent (${named(record.parent)}) is not in T, so #${record.id} is pushed forward and keeps its order (${record.forward} pushed so far).`;
      case 'splice': {
        const ok = [...w.forward, ...w.temp].every((id, i) => id === r.after[i]) && w.forward.length === record.forward && w.temp.length === record.temp;
        return `Done: the ${record.forward} pushed entries, then the ${record.temp} of T, fill P..Q: ${r.after.map((id) => `#${id}`).join(' ')}.${ok ? '' : ' (differs from the core’s result!)'}`;
      }
      case 'truncated':
        return `The core kept the first ${total - 1} steps of this repair; ${record.position} more were left out.`;
      default:
        return `(a step the panel does not know: ${record.kind})`;
    }
  }
}
