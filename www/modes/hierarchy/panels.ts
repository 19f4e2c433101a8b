// The hierarchy mode's side panels: the selection with attach / detach
// buttons (for touch, without Shift), the TREE (children derived from
// parentOf, roots without children as a row of chips), and the QUEUE
// (`order()` as id chips, parent before child). The selection and its
// subtree are highlighted in both.

import { h, panelSection, setText, type Panel } from '../../runtime/ui';
import type { HierarchyController } from './controller';
import { depthOf } from './model';

function chip(id: number, classes: string[], attrs: Record<string, string | number> = {}): HTMLElement {
  return h('button', { type: 'button', class: ['chip', ...classes].join(' '), 'data-id': id, ...attrs }, `#${id}`);
}

/**
 * A chip was clicked (or Enter / Space on it): while "attach selected
 * to…" waits for a target, that chip is the new parent; otherwise it
 * selects its box.
 */
function chipPressed(c: HierarchyController, id: number): void {
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

function subtreeClasses(c: HierarchyController, id: number): string[] {
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

  constructor(private readonly c: HierarchyController) {
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

  constructor(private readonly c: HierarchyController) {
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

  constructor(private readonly c: HierarchyController) {
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
