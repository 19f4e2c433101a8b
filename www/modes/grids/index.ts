// The grids mode (Metanet's N tutorial B, section 4): the box scene's
// moving boxes under a normal or loose grid, the cells a selected object
// is stored in and the cells searched for its pairs, a cell-size control,
// and a table running every structure on a copy of the current scene.
//
// | file | job |
// |---|---|
// | `index.ts` | `createGridsMode`: the box scene with the grid's layers and panels |
// | `model.ts` | `GridsModel`: the comparison, run when asked or when the scene changes |
// | `compare.ts` | the comparison itself: every structure on a copy of the scene |
// | `compare-format.ts` | the table's numbers, each short enough for the narrowest panel column |
// | `layers.ts` | the grid's lines; the focused object's stored and searched cells |
// | `layout.ts` | the stage's label, help line and legend (shared with a lesson's first picture) |
// | `panels.ts` | the grid panel, the comparison table, keys |

import { addBoxTools } from '../../boxes/canvas-tools';
import { installDebugHandle } from '../../boxes/debug';
import { BoxesInput } from '../../boxes/input';
import { BackgroundLayer } from '../../boxes/layers/background';
import { BoxesLayer } from '../../boxes/layers/boxes';
import { QuadtreeLayer } from '../../boxes/layers/quadtree';
import { BoxesModel } from '../../boxes/model';
import { TeachLayer } from '../../boxes/teach/layer';
import { BoxesSteps } from '../../boxes/teach/steps';
import { ControlsPanel } from '../../boxes/panels/controls';
import { StatsPanel } from '../../boxes/panels/stats';
import { runMode } from '../../runtime/mode-runtime';
import type { ModeFactory } from '../../runtime/scene';
import { CellsLayer, GridLayer } from './layers';
import { GridsModel } from './model';
import { gridsLegend, LAYOUT } from './layout';
import { ComparePanel, GridPanel, keysPanel } from './panels';

export const createGridsMode: ModeFactory = (host, settings, context) =>
  runMode<BoxesModel>(host, context, LAYOUT, settings.view, (rt) => {
    const model = new BoxesModel(rt, settings, { camera: false });
    const grids = new GridsModel(model);
    const steps = new BoxesSteps(model, 'grids');
    model.steps = steps;
    const teach = new TeachLayer(steps);
    const tree = new QuadtreeLayer();
    const cells = new CellsLayer();
    rt.addLayers(new BackgroundLayer(), new BoxesLayer(), new GridLayer(), tree, cells, teach);
    addBoxTools(rt.layout.tools, model);
    // A lesson is what the reader came for: its stepper first.
    const lesson = settings.lesson !== undefined;
    if (lesson) rt.addStepper(steps);
    rt.sidebar.add(new ControlsPanel(model, { linesLabel: 'Show grid lines' }), 'control');
    rt.sidebar.add(new GridPanel(model, cells), 'control');
    rt.sidebar.add(new ComparePanel(grids), 'control');
    if (!lesson) rt.addStepper(steps);
    rt.sidebar.add(new StatsPanel(model, tree, { camera: false }));
    rt.sidebar.add(keysPanel(), 'control');
    rt.layout.legend.append(gridsLegend());
    grids.schedule();
    return {
      model,
      input: new BoxesInput(model, rt.layout.canvas, { drop: () => grids.schedule() }),
      debug: () =>
        installDebugHandle(model, rt, {
          grids: {
            /** What the cells layer drew last frame: { id, structure, stored, searched }. */
            get drawn() {
              return cells.drawn;
            },
            get compare() {
              return grids.result;
            },
            get comparing() {
              return grids.running;
            },
            runComparison: () => grids.start(),
            get teach() {
              return { drawn: teach.drawn, run: steps.run };
            },
            select(id: number) {
              model.selectObject(id);
            },
          },
        }),
      destroy: () => grids.destroy(),
    };
  });
