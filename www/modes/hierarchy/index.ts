// The hierarchy mode: a few dozen boxes, some moving and some at
// rest; attach one to another (Shift-drag, or the buttons) and it rides
// along. The tree, the queue (`order()`) and a step-through of the queue's
// segment repair sit in the side panel.

import { addDemoTools } from '../../boxes/canvas-tools';
import { World } from '../../core/index';
import { installDebugHandle } from '../../boxes/debug';
import { Input } from '../../boxes/input';
import { ControlsPanel } from '../../boxes/panels/controls';
import { swatch } from '../../boxes/panels/legend';
import { BoxDemo, type BoxesModel } from '../../boxes/demo';
import type { Settings } from '../../boxes/settings';
import { h, key, panelSection } from '../../runtime/ui';
import { boxSettings } from '../../boxes/values';
import { runMode, sceneHistory, type ModeRuntime, type Scene } from '../../runtime/mode-runtime';
import type { ModeFactory } from '../types';
import { HierarchyController } from './controller';
import { dropTargetAt, LinksLayer } from './links-layer';
import { depthOf, readRepair } from './model';
import { AttachPanel, QueuePanel, TreePanel } from './panels';
import { RepairPanel } from './repair-panel';

/**
 * Gives the scene its shape: every third box at rest, and one small family
 * (a parent near the middle carrying two children, one with a child of its
 * own) so the tree is not flat on arrival.
 */
function prepare(world: World): void {
  const ids = Array.from(world.slotIds()).filter((id) => id !== 0);
  for (const id of ids) if (id % 3 === 0) world.setVelocity(id, 0, 0);
  if (ids.length < 8) return;
  // The family's parent: the box nearest the middle, so its children fit around it.
  const mid = world.width / 2;
  const distance = (id: number) => {
    const [x, y, w, hh] = world.box(id);
    return Math.hypot(x + w / 2 - mid, y + hh / 2 - mid);
  };
  const root = ids.slice(4).reduce((best, id) => (distance(id) < distance(best) ? id : best));
  const [a, b, c] = [ids[1], ids[2], ids[3]];
  const [rx, ry, rw, rh] = world.box(root);
  const place = (id: number, dx: number, dy: number) => {
    const [, , w, hh] = world.box(id);
    world.update(id, Math.min(Math.max(rx + dx, 0), world.width - w), Math.min(Math.max(ry + dy, 0), world.height - hh), w, hh);
    world.setVelocity(id, 0, 0);
  };
  place(a, rw + 12, -6);
  place(b, -18, rh + 12);
  place(c, rw + 30, rh + 14);
  world.setParent(a, root);
  world.setParent(b, root);
  world.setParent(c, a);
}

export const createHierarchyMode: ModeFactory = (host, values, context) => {
  const structures = World.structures();
  const settings = boxSettings(values);
  const layout = {
    canvasLabel: 'Simulation: boxes linked to their parents; attached boxes move with them',
    help: 'Shift-drag (or Alt-drag) a box onto another to attach it, onto empty space to detach · drag to move · click to select',
    colophon: 'Rust core compiled to WebAssembly · <code>setParent</code>, <code>parentOf</code>, <code>order()</code>, <code>lastRepair()</code>',
  };
  return runMode<BoxesModel>(host, context, layout, values.view, (rt) => buildHierarchy(rt, settings, structures));
};

/** The hierarchy scene: the box demo with links, the tree, the queue and its repair. */
function buildHierarchy(rt: ModeRuntime<BoxesModel>, settings: Settings, structures: readonly string[]): Scene<BoxesModel> {
  const pg = new BoxDemo(rt, settings, structures, { camera: false, treeLayers: false, prepare });
  addDemoTools(rt.layout.tools, pg);
  const c = new HierarchyController(pg);
  const links = new LinksLayer(c);
  pg.renderer.add(links);
  const repairPanel = new RepairPanel(c);
  rt.sidebar.add(new AttachPanel(c), 'control');
  rt.sidebar.add(new TreePanel(c));
  rt.sidebar.add(new QueuePanel(c));
  rt.sidebar.add(repairPanel, 'control');
  rt.sidebar.add(new ControlsPanel(pg, { structure: false, count: false, layout: false, limits: false, linesLabel: 'Show links to parents' }), 'control');
  rt.sidebar.add({
    element: panelSection(
      'keys',
      'Hands on',
      h(
        'ul',
        { class: 'keys-list' },
        key(['Shift', 'drag'], 'onto a box: attach; onto empty space: detach'),
        key(['drag'], 'move a box; its subtree follows'),
        key(['Esc'], 'cancel “attach selected to…”'),
        key(['Ctrl', 'Z'], 'undo an attach, a detach or a box drag (Shift+Ctrl+Z redo; Cmd on a Mac)'),
        key(['Space'], 'pause / play'),
        key(['.', 'S'], 'single step'),
        key(['R'], 'reset from seed'),
        key(['T'], 'links on / off'),
      ),
    ),
  }, 'control');

  rt.layout.legend.append(
    h(
      'ul',
      { class: 'legend', 'aria-label': 'Legend' },
      swatch('box', 'box'),
      swatch('overlap', 'overlapping'),
      swatch('began', 'its pair just began'),
      swatch('link', 'child → parent'),
      swatch('subtree', 'selected subtree'),
      swatch('drop', 'attach target (Shift-drag)'),
    ),
  );
  const input = new Input(pg, rt.layout.canvas, {
    picking: () => c.picking,
    press(id) {
      if (!c.picking) return false;
      const child = c.selected;
      c.cancelPick();
      if (id !== 0 && child !== 0) c.attach(child, id);
      return true;
    },
    // The child is drawn over its parent, so it is what a press picks.
    rank: (id) => depthOf(c.forest, id),
    // A drag (with the attach its drop may do) is one undo step.
    grab: (id) => c.beginDrag(id),
    release: (id, moved) => c.endDrag(id, moved),
    drop(id, x, y, attach) {
      if (!attach) return;
      const target = dropTargetAt(pg.sim, pg.viewport, x, y, id);
      if (target !== 0) c.attach(id, target);
      else if (pg.sim.world.parentOf(id) !== 0) c.attach(id, 0);
    },
    escape() {
      if (!c.picking) return false;
      c.cancelPick();
      return true;
    },
    undo: () => c.undo(),
    redo: () => c.redo(),
  });
  return pg.scene({
    input,
    // Attach, detach and drags are the controller's steps.
    history: sceneHistory(c.history, () => c.undo(), () => c.redo()),
    debug: () =>
      installDebugHandle(pg, rt.layout.canvas, 'hierarchy', {
        hierarchy: {
          /** The ids shown in the queue panel, in order. */
          shownQueue: () => Array.from(rt.layout.panels.querySelectorAll<HTMLElement>('#queue > li')).map((el) => Number(el.dataset.id)),
          get forest() {
            return { queue: c.forest.queue, parents: Object.fromEntries(c.forest.parent) };
          },
          get repair() {
            return c.repair;
          },
          get repairStep() {
            return c.repairStep;
          },
          lastRepair: () => readRepair(pg.sim.world),
          attach: (child: number, parent: number) => c.attach(child, parent),
          select: (id: number) => c.select(id),
        },
      }),
    destroy() {
      repairPanel.destroy();
      c.destroy();
    },
  });
}
