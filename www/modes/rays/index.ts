// The rays mode (Metanet's N tutorial B, section 5): a ray walks an N-style tile map cell by cell
// (Amanatides–Woo), stops at the exact first tile or box it touches, and an
// enemy checks its line of sight to the player. Assembles the pieces:
//
// | file            | job |
// |-----------------|-----|
// | `index.ts`      | `createRaysMode`: layout, panels, input, debug handle |
// | `mode.ts`       | `RaysMode`: frame loop and the actions keys/panels share |
// | `model.ts`      | the world (map + bouncing boxes), handles; per-frame walk, hit, sight |
// | `drawn.ts`      | the boxes the user draws (the shared box store; at rest, hit by the ray) |
// | `trace.ts`      | pure: `traceSteps` records, crossings, the DDA's next move |
// | `layers.ts`     | the canvas layers above the shared tile map |
// | `input.ts`      | pointer drags, pan / zoom, keyboard |
// | `panels.ts`     | sidebar panels and the legend |
// | `state.ts`      | hover / drag / selection / step-through state |
// | `colours.ts`    | palette, published as `--r-*` CSS variables |
// | `values.ts`     | the scene to and from the typed setting values |
// | `debug.ts`      | `window.__broadphaseRays` for tests and the console |
// | `rays.css`      | the mode's own styles |

import { buildModeLayout } from '../../runtime/stage';
import { rulersButton } from '../../layers/rulers';
import { addZoomButtons, toolButton } from '../../runtime/canvas-tools';
import type { ModeFactory } from '../types';
import { publishRayColours } from './colours';
import { installRaysDebugHandle } from './debug';
import { RaysInput } from './input';
import { RaysMode } from './mode';
import { drawnBoxesPanel, KeysPanel, raysLegend, RayPanel, SceneControls, SightPanel, StepPanel } from './panels';

export const createRaysMode: ModeFactory = (host, values, context) => {
  const layout = buildModeLayout(host, {
    canvasLabel: 'Tile map with a ray A to B: the cells it passes through shaded in order, its first hit and normal; an enemy and a player with their line of sight',
    help: 'Drag A, B, the enemy or the player · Shift-drag (or the Box tool) draws a box the ray can hit · Tab picks one on the canvas, arrows move it · N steps the DDA · Ctrl+Z undoes · wheel zooms, drag empty space to pan',
    colophon: 'Rust core compiled to WebAssembly · <code>traceCells</code>, <code>traceSteps</code>, <code>castRay</code> and <code>lineOfSight</code> every frame',
  });
  layout.stage.classList.add('rays-stage');
  layout.sidebar.classList.add('rays-sidebar');
  publishRayColours(layout.stage, layout.sidebar);
  let mode: RaysMode;
  try {
    mode = new RaysMode(layout, values, context);
  } catch (error) {
    layout.remove();
    throw error;
  }
  mode.sidebar.add(new RayPanel(mode));
  mode.sidebar.add(new StepPanel(mode), 'control');
  mode.sidebar.add(new SightPanel(mode));
  const drawnPanel = drawnBoxesPanel(mode);
  mode.sidebar.add(drawnPanel);
  mode.sidebar.add(new SceneControls(mode, mode.structures), 'control');
  mode.sidebar.add(new KeysPanel(), 'control');
  layout.legend.append(raysLegend());
  const input = new RaysInput(mode, layout.canvas, context.keyRoot);
  addZoomButtons(layout.tools, mode.viewport);
  const snap = toolButton('Snap', 'Snap ray ends to cell lines and corners (Alt while dragging flips it)', () => {
    mode.setSnap(!mode.snap);
    snap.setAttribute('aria-pressed', String(mode.snap));
  }, { 'data-tool': 'snap', 'aria-pressed': 'false' });
  const boxTool = toolButton('Box', 'Box tool: drag on empty space to draw a box the ray can hit (B; Shift-drag works with any tool)', () => mode.setBoxTool(!mode.boxTool), { 'data-tool': 'box', 'aria-pressed': 'false', 'aria-keyshortcuts': 'B' });
  layout.tools.append(
    toolButton('↶', 'Undo (Ctrl/Cmd+Z)', () => mode.undo(), { 'data-tool': 'undo' }),
    toolButton('↷', 'Redo (Shift+Ctrl/Cmd+Z)', () => mode.redo(), { 'data-tool': 'redo' }),
    boxTool,
    snap,
    rulersButton(mode.rulers),
  );
  mode.onBoxTool = () => boxTool.setAttribute('aria-pressed', String(mode.boxTool));
  const uninstall = context.debug === false ? () => {} : installRaysDebugHandle(mode, layout.canvas, layout.panels);
  mode.start();
  return {
    panels: mode.sidebar.describe(),
    get frame() {
      return mode.frame;
    },
    setVisible: (visible) => mode.setVisible(visible),
    destroy() {
      uninstall();
      input.destroy();
      mode.destroy();
      layout.remove();
    },
  };
};
