// The hierarchy mode: a few dozen boxes, some moving and some at rest;
// attach one to another (Shift-drag, or the buttons) and it rides along.
// The tree, the queue (`order()`) and a step-through of the queue's
// segment repair sit in the side panel.
//
// | file | job |
// |---|---|
// | `index.ts` | `createHierarchyMode`: the box scene with the hierarchy's layer, panels and input |
// | `model.ts` | `HierarchyModel`: the starting family, the forest, attach / detach, the pick, undo |
// | `forest.ts` | the hierarchy as the page needs it, read from the core (`order()`, `parentOf`, `lastRepair()`) |
// | `layers.ts` | links to parents, the selected subtree, the Shift-drag's target |
// | `panels.ts` | attach, tree, queue, the repair step by step, keys, legend |
// | `input.ts` | the box scene's input with the hierarchy's hooks |

import { addBoxTools } from '../../boxes/canvas-tools';
import { installDebugHandle } from '../../boxes/debug';
import { BackgroundLayer } from '../../boxes/layers/background';
import { BoxesLayer } from '../../boxes/layers/boxes';
import { BoxesModel } from '../../boxes/model';
import { ControlsPanel } from '../../boxes/panels/controls';
import { runMode } from '../../runtime/mode-runtime';
import type { ModeFactory } from '../../runtime/scene';
import { readRepair } from './forest';
import { hierarchyInput } from './input';
import { LinksLayer } from './layers';
import { HierarchyModel, prepareScene } from './model';
import { AttachPanel, hierarchyLegend, keysPanel, QueuePanel, RepairPanel, TreePanel } from './panels';

const LAYOUT = {
  canvasLabel: 'Simulation: boxes linked to their parents; attached boxes move with them',
  help: 'Shift-drag (or Alt-drag) a box onto another to attach it, onto empty space to detach · drag to move · click to select',
  colophon: 'Rust core compiled to WebAssembly · <code>setParent</code>, <code>parentOf</code>, <code>order()</code>, <code>lastRepair()</code>',
};

export const createHierarchyMode: ModeFactory = (host, settings, context) =>
  runMode<BoxesModel>(host, context, LAYOUT, settings.view, (rt) => {
    const boxes = new BoxesModel(rt, settings, { camera: false, prepare: prepareScene });
    const c = new HierarchyModel(boxes);
    const links = new LinksLayer(c);
    rt.addLayers(new BackgroundLayer(), new BoxesLayer(), links);
    addBoxTools(rt.layout.tools, boxes);
    const repairPanel = new RepairPanel(c);
    // A lesson is what the reader came for: its stepper and the repair first.
    const lesson = settings.lesson !== undefined;
    if (lesson) {
      rt.addStepper(c.steps);
      rt.sidebar.add(repairPanel, 'control');
    }
    rt.sidebar.add(new AttachPanel(c), 'control');
    rt.sidebar.add(new TreePanel(c));
    rt.sidebar.add(new QueuePanel(c));
    if (!lesson) {
      rt.addStepper(c.steps);
      rt.sidebar.add(repairPanel, 'control');
    }
    rt.sidebar.add(new ControlsPanel(boxes, { structure: false, count: false, layout: false, limits: false, linesLabel: 'Show links to parents' }), 'control');
    rt.sidebar.add(keysPanel(), 'control');
    rt.layout.legend.append(hierarchyLegend());
    return {
      model: boxes,
      input: hierarchyInput(boxes, c, rt.layout.canvas),
      debug: () =>
        installDebugHandle(boxes, rt, {
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
            /** The id labels the canvas drew last frame. */
            get labels() {
              return links.labels;
            },
            lastRepair: () => readRepair(boxes.sim.world),
            attach: (child: number, parent: number) => c.attach(child, parent),
            select: (id: number) => c.select(id),
          },
        }),
      destroy() {
        repairPanel.destroy();
        c.destroy();
      },
    };
  });
