// The quadtree mode (the classic quadtree tutorials): bouncing boxes, the
// tree's splits, the draggable culling camera, live stats and the
// brute-force check: the box demo's scene (boxes/demo.ts) with its panels
// and input, run by the mode runtime.

import { addDemoTools } from '../../boxes/canvas-tools';
import { World } from '../../core/index';
import { installDebugHandle } from '../../boxes/debug';
import { Input } from '../../boxes/input';
import { ControlsPanel } from '../../boxes/panels/controls';
import { KeysPanel, LegendPanel } from '../../boxes/panels/legend';
import { StatsPanel } from '../../boxes/panels/stats';
import { BoxDemo, type BoxesModel } from '../../boxes/demo';
import { boxSettings } from '../../boxes/values';
import { runMode } from '../../runtime/mode-runtime';
import type { ModeFactory } from '../types';

export const createQuadtreeMode: ModeFactory = (host, values, context) => {
  const structures = World.structures();
  const settings = boxSettings(values);
  const layout = {
    canvasLabel: "Simulation: moving boxes, the quadtree's splits and the dashed camera",
    help: 'Drag a box · drag the camera by its tab, resize it at the corner · drag empty space to pan',
  };
  return runMode<BoxesModel>(host, context, layout, values.view, (rt) => {
    const playground = new BoxDemo(rt, settings, structures);
    addDemoTools(rt.layout.tools, playground);
    rt.sidebar.add(new ControlsPanel(playground), 'control');
    rt.sidebar.add(new StatsPanel(playground));
    rt.sidebar.add(new KeysPanel(), 'control');
    rt.layout.legend.append(new LegendPanel().element);
    return playground.scene({
      input: new Input(playground, rt.layout.canvas),
      debug: () => installDebugHandle(playground, rt.layout.canvas, 'quadtree'),
    });
  });
};
