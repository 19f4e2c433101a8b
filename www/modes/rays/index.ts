// The rays mode (Metanet's N tutorial B, section 5): a ray walks an N-style tile map cell by cell
// (Amanatides–Woo), stops at the exact first tile or box it touches, and an
// enemy checks its line of sight to the player. Assembles the pieces:
//
// | file            | job |
// |-----------------|-----|
// | `index.ts`      | `createRaysMode`: layout, panels, input, debug handle |
// | `mode.ts`       | `RaysMode`: the scene the mode runtime runs, and the actions keys/panels share |
// | `model.ts`      | the world (map + bouncing boxes), handles; per-frame walk, hit, sight |
// | `drawn.ts`      | the boxes the user draws (the shared box store; at rest, hit by the ray) |
// | `trace.ts`      | pure: `traceSteps` records, crossings, the DDA's next move |
// | `layers.ts`     | the canvas layers above the shared tile map |
// | `input.ts`      | what a press, a drag and the keys do (the runtime's input layer calls it) |
// | `panels.ts`     | sidebar panels and the legend |
// | `state.ts`      | hover / drag / selection / step-through state |
// | `colours.ts`    | palette, published as `--r-*` CSS variables |
// | `values.ts`     | the scene to and from the typed setting values |
// | `debug.ts`      | `window.__broadphaseRays` for tests and the console |
// | `rays.css`      | the mode's own styles |

import { runMode } from '../../runtime/mode-runtime';
import { rulersButton } from '../../layers/rulers';
import { toolButton } from '../../runtime/canvas-tools';
import type { ModeFactory } from '../types';
import { publishRayColours } from './colours';
import { installRaysDebugHandle } from './debug';
import { RaysInput } from './input';
import { RaysMode } from './mode';
import type { RaysDrawModel } from './layers';
import { drawnBoxesPanel, KeysPanel, raysLegend, RayPanel, SceneControls, SightPanel, StepPanel } from './panels';

export const createRaysMode: ModeFactory = (host, values, context) => {
  const layout = {
    canvasLabel: 'Tile map with a ray A to B: the cells it passes through shaded in order, its first hit and normal; an enemy and a player with their line of sight',
    help: 'Drag A, B, the enemy or the player · Shift-drag (or the Box tool) draws a box the ray can hit · Enter picks one on the canvas, arrows move it · N steps the DDA · Ctrl+Z undoes · drag empty space to pan',
    colophon: 'Rust core compiled to WebAssembly · <code>traceCells</code>, <code>traceSteps</code>, <code>castRay</code> and <code>lineOfSight</code> every frame',
  };
  return runMode<RaysDrawModel>(host, context, layout, values.view, (rt) => {
    rt.layout.stage.classList.add('rays-stage');
    rt.layout.sidebar.classList.add('rays-sidebar');
    publishRayColours(rt.layout.stage, rt.layout.sidebar);
    const mode = new RaysMode(rt, values);
    rt.sidebar.add(new RayPanel(mode));
    rt.sidebar.add(new StepPanel(mode), 'control');
    rt.sidebar.add(new SightPanel(mode));
    rt.sidebar.add(drawnBoxesPanel(mode));
    rt.sidebar.add(new SceneControls(mode, mode.structures), 'control');
    rt.sidebar.add(new KeysPanel(), 'control');
    rt.layout.legend.append(raysLegend());
    const snap = toolButton('Snap', 'Snap ray ends to cell lines and corners (Alt while dragging flips it)', () => {
      mode.setSnap(!mode.snap);
      snap.setAttribute('aria-pressed', String(mode.snap));
    }, { 'data-tool': 'snap', 'aria-pressed': 'false' });
    const boxTool = toolButton('Box', 'Box tool: drag on empty space to draw a box the ray can hit (B; Shift-drag works with any tool)', () => mode.setBoxTool(!mode.boxTool), { 'data-tool': 'box', 'aria-pressed': 'false', 'aria-keyshortcuts': 'B' });
    rt.layout.tools.append(boxTool, snap, rulersButton(mode.rulers));
    mode.onBoxTool = () => boxTool.setAttribute('aria-pressed', String(mode.boxTool));
    const input = new RaysInput(mode, rt.layout.canvas);
    return mode.scene(input, {
      debug: () => installRaysDebugHandle(mode, rt.layout.canvas, rt.layout.panels),
      destroy: () => input.destroy(),
    });
  });
};
