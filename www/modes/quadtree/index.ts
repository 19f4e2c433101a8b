// The quadtree mode (the classic quadtree tutorials): bouncing boxes, the tree's splits,
// the draggable culling camera, live stats and the brute-force check.
// Assembles the shared playground (playground.ts) with its layers, panels
// and input inside the mode's host.

import { addDemoTools } from '../../boxes/canvas-tools';
import { World } from '../../core/index';
import { installDebugHandle } from '../../boxes/debug';
import { Input } from '../../boxes/input';
import { Notice } from '../../runtime/notice';
import { ControlsPanel } from '../../boxes/panels/controls';
import { KeysPanel, LegendPanel } from '../../boxes/panels/legend';
import { StatsPanel } from '../../boxes/panels/stats';
import { BoxDemo } from '../../boxes/demo';
import { boxSettings } from '../../boxes/values';
import { buildModeLayout } from '../../runtime/stage';
import type { ModeFactory } from '../types';

export const createQuadtreeMode: ModeFactory = (host, values, context) => {
  const structures = World.structures();
  const settings = boxSettings(values);
  const layout = buildModeLayout(host, {
    canvasLabel: "Simulation: moving boxes, the quadtree's splits and the dashed camera",
    help: 'Drag a box · drag the camera by its tab, resize it at the corner · scroll to zoom, drag empty space to pan',
  });
  const playground = new BoxDemo(layout.canvas, layout.panels, settings, structures, { publish: context.publish, publishAtStart: context.publishAtStart, view: values.view });
  addDemoTools(layout.tools, playground);
  playground.sidebar.add(new ControlsPanel(playground), 'control');
  playground.sidebar.add(new StatsPanel(playground));
  playground.sidebar.add(new KeysPanel(), 'control');
  layout.legend.append(new LegendPanel().element);
  const notice = new Notice(layout.notice);
  playground.onNotice((text) => notice.show(text));
  const input = new Input(playground, layout.canvas, {}, context.keyRoot);
  const uninstall = context.debug === false ? () => {} : installDebugHandle(playground, layout.canvas, 'quadtree');
  playground.start();
  return {
    panels: playground.sidebar.describe(),
    get frame() {
      return playground.frame;
    },
    setVisible: (visible) => playground.setVisible(visible),
    destroy() {
      uninstall();
      input.destroy();
      notice.destroy();
      playground.destroy();
      layout.remove();
    },
  };
};
