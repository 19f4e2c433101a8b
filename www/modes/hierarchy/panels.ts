// The hierarchy mode's side panels: the selection with attach / detach
// buttons (for touch, without Shift), the TREE (children derived from
// parentOf, roots without children as a row of chips), the QUEUE
// (`order()` as id chips, parent before child), the queue's repair step by
// step, what the keys do, and the legend. The selection and its subtree
// are highlighted in the tree and the queue.

import { swatch } from '../../boxes/panels/legend';
import { h, key, panelSection, setText, type Panel } from '../../runtime/ui';
import { depthOf, walk } from './forest';
import type { HierarchyModel } from './model';

function chip(id: number, classes: string[], attrs: Record<string, string | number> = {}): HTMLElement {
  return h('button', { type: 'button', class: ['chip', ...classes].join(' '), 'data-id': id, ...attrs }, `#${id}`);
}

/**
 * A chip was clicked (or Enter / Space on it): while "attach selected
 * to…" waits for a target, that chip is the new parent; otherwise it
 * selects its box.
 */
function chipPressed(c: HierarchyModel, id: number): void {
  if (!c.picking) {
    c.select(id);
    return;
  }
  const child = c.selected;
  c.cancelPick();
  if (child !== 0 && id !== child) c.attach(child, id);
}

/** Re-renders `list` and gives focus back to the chip of the same id, so keyboard users keep their place. */
function keepingFocus(list: HTMLElement, render: () => void): void {
  const root = list.getRootNode() as Document | ShadowRoot;
  const focused = root.activeElement instanceof HTMLElement && list.contains(root.activeElement) ? root.activeElement.dataset.id : undefined;
  render();
  if (focused !== undefined) list.querySelector<HTMLElement>(`.chip[data-id="${focused}"]`)?.focus();
}

function subtreeClasses(c: HierarchyModel, id: number): string[] {
  return id === c.selected ? ['selected'] : c.subtree.has(id) ? ['in-subtree'] : [];
}

export class AttachPanel implements Panel {
  readonly element: HTMLElement;
  private readonly info = h('p', { id: 'selection-info', class: 'panel-note' }, '');
  private readonly pick = h('button', { type: 'button', id: 'attach-pick' }, 'Attach selected to…');
  private readonly detach = h('button', { type: 'button', id: 'detach' }, 'Detach');
  private readonly undo = h('button', { type: 'button', id: 'hierarchy-undo', 'aria-keyshortcuts': 'Control+Z Meta+Z', title: 'Undo the last attach or detach (Ctrl/Cmd+Z)' }, '↶ Undo');
  private readonly redo = h('button', { type: 'button', id: 'hierarchy-redo', 'aria-keyshortcuts': 'Control+Shift+Z Meta+Shift+Z', title: 'Redo (Shift+Ctrl/Cmd+Z)' }, '↷ Redo');
  private readonly action = h('p', { id: 'last-action', class: 'panel-note' }, '');

  constructor(private readonly c: HierarchyModel) {
    this.element = panelSection(
      'attach',
      'Attach',
      this.info,
      h('div', { class: 'buttons' }, this.pick, this.detach, this.undo, this.redo),
      h('p', { class: 'panel-note' }, 'Or drag a box onto another with Shift (or Alt) held; Shift-drop on empty space detaches.'),
      this.action,
    );
    this.pick.addEventListener('click', () => (c.picking ? c.cancelPick() : c.startPick()));
    this.detach.addEventListener('click', () => {
      if (c.selected !== 0) c.attach(c.selected, 0);
    });
    this.undo.addEventListener('click', () => c.undo());
    this.redo.addEventListener('click', () => c.redo());
    c.onChange(() => this.render());
    this.render();
  }

  private render(): void {
    const c = this.c;
    const id = c.selected;
    const f = c.forest;
    if (id === 0 || !f.parent.has(id)) {
      setText(this.info, 'Click a box (or a chip below) to select it.');
    } else {
      const parent = f.parent.get(id) ?? 0;
      const below = c.subtree.size - 1;
      setText(
        this.info,
        `#${id}: ${parent === 0 ? 'a root' : `child of #${parent}`}, depth ${depthOf(f, id)}, queue position ${f.position.get(id)}, ${below} ${below === 1 ? 'descendant' : 'descendants'}.`,
      );
    }
    this.pick.disabled = id === 0;
    this.pick.textContent = c.picking ? 'Cancel (Esc)' : 'Attach selected to…';
    this.pick.setAttribute('aria-pressed', String(c.picking));
    this.detach.disabled = id === 0 || (f.parent.get(id) ?? 0) === 0;
    this.undo.disabled = !c.history.canUndo;
    this.redo.disabled = !c.history.canRedo;
    setText(this.action, c.picking ? `Now click the box (or press a chip below) to attach #${id} to; Esc cancels.` : c.lastAction);
  }
}

export class TreePanel implements Panel {
  readonly element: HTMLElement;
  private readonly tree = h('ul', { id: 'tree', class: 'tree', role: 'tree', 'aria-label': 'Simulation tree' });

  constructor(private readonly c: HierarchyModel) {
    this.element = panelSection('tree-panel', 'Tree', this.tree);
    this.tree.addEventListener('click', (e) => {
      const id = Number((e.target as HTMLElement).closest<HTMLElement>('[data-id]')?.dataset.id ?? 0);
      if (id > 0) chipPressed(c, id);
    });
    c.onChange(() => keepingFocus(this.tree, () => this.render()));
    this.render();
  }

  private render(): void {
    const c = this.c;
    const f = c.forest;
    const node = (id: number): HTMLElement => {
      const kids = f.children.get(id) ?? [];
      const li = h('li', { role: 'treeitem', 'data-node': id, class: kids.length > 0 ? 'has-children' : '' }, chip(id, subtreeClasses(c, id)));
      if (kids.length > 0) {
        li.setAttribute('aria-expanded', 'true');
        li.append(h('ul', { role: 'group' }, ...kids.map(node)));
      }
      return li;
    };
    // Families first (they need the width), then lone roots as one row.
    const roots = f.children.get(0) ?? [];
    const families = roots.filter((id) => (f.children.get(id) ?? []).length > 0);
    const lone = roots.filter((id) => (f.children.get(id) ?? []).length === 0);
    this.tree.replaceChildren(...families.map(node), ...lone.map(node));
  }
}

export class QueuePanel implements Panel {
  readonly element: HTMLElement;
  private readonly queue = h('ol', { id: 'queue', class: 'queue', 'aria-label': 'Queue: every parent before its children' });
  private readonly segmentNote = h('p', { class: 'panel-note segment-note', hidden: true }, '');

  constructor(private readonly c: HierarchyModel) {
    this.element = panelSection(
      'queue-panel',
      'Queue',
      h('p', { class: 'panel-note' }, 'order(): one forward pass computes world transforms, every parent before its children.'),
      this.queue,
      this.segmentNote,
    );
    this.queue.addEventListener('click', (e) => {
      const id = Number((e.target as HTMLElement).closest<HTMLElement>('[data-id]')?.dataset.id ?? 0);
      if (id > 0) chipPressed(c, id);
    });
    c.onChange(() => keepingFocus(this.queue, () => this.render()));
    this.render();
  }

  private render(): void {
    const c = this.c;
    const r = c.repair;
    // The last repair's segment P..Q stays bracketed in the queue.
    const segment = r !== null && r.after.every((id, i) => c.forest.queue[r.p + i] === id) ? [r.p, r.q] : null;
    this.segmentNote.hidden = segment === null;
    if (segment !== null) setText(this.segmentNote, `Underlined: positions ${segment[0]}..${segment[1]}, the segment P..Q the last repair rewrote; nothing else moved.`);
    this.queue.replaceChildren(
      ...c.forest.queue.map((id, i) => {
        const classes = subtreeClasses(c, id);
        if (segment !== null && i >= segment[0] && i <= segment[1]) classes.push('segment');
        const parent = c.forest.parent.get(id) ?? 0;
        return h('li', { 'data-id': id, title: `position ${i}${parent ? ` · parent #${parent}` : ' · root'}` }, chip(id, classes, { 'aria-label': `#${id}, position ${i}` }));
      }),
    );
  }
}

// --- the queue's repair, step by step ---------------------------------------------

function chips(ids: number[], mark: (id: number, i: number) => string[] = () => []): HTMLElement[] {
  return ids.map((id, i) => h('span', { class: ['chip', ...mark(id, i)].join(' '), 'data-id': id }, `#${id}`));
}

/**
 * The picture of the queue repair's step on the runtime's stepper: after
 * re-parenting an object (at P) under one later in the queue (at Q), the
 * core walks the segment P..Q entry by entry and records each step
 * (`lastRepair().steps`). T, the temporary queue, starts as [Q, P]; an
 * entry whose parent is in T joins T (it belongs to the moved subtree), any
 * other is pushed forward; finally T goes after the pushed entries. This
 * panel shows where the core's steps have got to; the stepper (steps.ts)
 * says them in words. It decides nothing.
 */
export class RepairPanel implements Panel {
  readonly element: HTMLElement;
  private readonly intro = h('p', { id: 'repair-intro', class: 'panel-note' }, '');
  private readonly body = h('div', { id: 'repair-body', class: 'repair-body' });
  private readonly segment = h('div', { id: 'repair-segment', class: 'chip-row' });
  private readonly forward = h('div', { id: 'repair-forward', class: 'chip-row' });
  private readonly temp = h('div', { id: 'repair-temp', class: 'chip-row' });
  private readonly result = h('div', { id: 'repair-result', class: 'chip-row' });

  constructor(private readonly c: HierarchyModel) {
    const row = (label: string, hint: string, content: HTMLElement) =>
      h('div', { class: 'repair-row' }, h('span', { class: 'repair-label', title: hint }, label), content);
    this.body.append(
      row('P..Q', 'The segment of the queue from the child (P) to its new parent (Q), before the repair', this.segment),
      row('forward', 'Entries whose parent is not in T: pushed forward in the segment, in order', this.forward),
      row('T', 'The temporary queue: starts as [Q, P], collects the moved subtree', this.temp),
      row('after', 'The repaired segment: the pushed entries, then T', this.result),
    );
    this.element = panelSection('repair', 'Queue repair', this.intro, this.body);
    c.onChange(() => this.render());
    this.render();
  }

  destroy(): void {}

  private render(): void {
    const r = this.c.repair;
    if (r === null) {
      setText(this.intro, 'Attach an object to one that comes LATER in the queue: the core repairs only the segment between them. The stepper walks that repair.');
      this.body.hidden = true;
      return;
    }
    this.body.hidden = false;
    // The whole picture (no step on screen) is the repair done.
    const step = this.c.repairStep ?? r.steps.length - 1;
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
    this.element.dataset.step = String(step);
    this.element.dataset.total = String(w.total);
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
        key(['Shift', 'drag'], 'onto a box: attach; onto empty space: detach'),
        key(['drag'], 'move a box; its subtree follows'),
        key(['Esc'], 'cancel “attach selected to…”'),
        key(['N'], 'the last queue repair, one step on (Shift+N back; Esc the whole picture)'),
        key(['Ctrl', 'Z'], 'undo an attach, a detach or a box drag (Shift+Ctrl+Z redo; Cmd on a Mac)'),
        key(['Space'], 'pause / play'),
        key(['.', 'S'], 'single step'),
        key(['R'], 'reset from seed'),
        key(['T'], 'links on / off'),
      ),
    ),
  };
}

export function hierarchyLegend(): HTMLElement {
  return h(
    'ul',
    { class: 'legend', 'aria-label': 'Legend' },
    swatch('box', 'box'),
    swatch('overlap', 'overlapping'),
    swatch('began', 'its pair just began'),
    swatch('link', 'child → parent'),
    swatch('subtree', 'selected subtree'),
    swatch('drop', 'attach target (Shift-drag)'),
  );
}
