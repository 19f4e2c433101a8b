// The quadtree mode (the classic quadtree tutorials): bouncing boxes, the
// tree's splits, the draggable culling camera, live stats and the
// brute-force check. Its model, layers, input and most panels are the box
// scenes' (../../boxes/); this folder adds its legend and keys.

import { addBoxTools } from '../../boxes/canvas-tools';
import { installDebugHandle } from '../../boxes/debug';
import { BoxesInput } from '../../boxes/input';
import { BackgroundLayer } from '../../boxes/layers/background';
import { BoxesLayer } from '../../boxes/layers/boxes';
import { CameraLayer } from '../../boxes/layers/camera';
import { FocusLayer } from '../../boxes/layers/focus';
import { QuadtreeLayer } from '../../boxes/layers/quadtree';
import { BoxesModel } from '../../boxes/model';
import { TeachLayer } from '../../boxes/teach/layer';
import { BoxesSteps } from '../../boxes/teach/steps';
import { ControlsPanel } from '../../boxes/panels/controls';
import { StatsPanel } from '../../boxes/panels/stats';
import { runMode } from '../../runtime/mode-runtime';
import type { ModeFactory } from '../../runtime/scene';
import { KeysPanel, LegendPanel } from './panels';
import { LAYOUT } from './layout';

export const createQuadtreeMode: ModeFactory = (host, settings, context) =>
  runMode<BoxesModel>(host, context, LAYOUT, settings.view, (rt) => {
    const model = new BoxesModel(rt, settings);
    const steps = new BoxesSteps(model, 'quadtree');
    model.steps = steps;
    const tree = new QuadtreeLayer();
    const teach = new TeachLayer(steps);
    rt.addLayers(new BackgroundLayer(), new BoxesLayer(), tree, new FocusLayer(), new CameraLayer(), teach);
    addBoxTools(rt.layout.tools, model);
    // A lesson is what the reader came for: its stepper first.
    const lesson = settings.lesson !== undefined;
    if (lesson) rt.addStepper(steps);
    rt.sidebar.add(new ControlsPanel(model), 'control');
    if (!lesson) rt.addStepper(steps);
    rt.sidebar.add(new StatsPanel(model, tree));
    rt.sidebar.add(new KeysPanel(), 'control');
    rt.layout.legend.append(new LegendPanel().element);
    return {
      model,
      input: new BoxesInput(model, rt.layout.canvas),
      debug: () => installDebugHandle(model, rt, { teach: { get drawn() { return teach.drawn; }, get run() { return steps.run; } } }),
    };
  });
