// The rays mode (Metanet's N tutorial B, section 5): a ray walks an
// N-style tile map cell by cell (Amanatides–Woo), stops at the exact first
// tile or box it touches, and an enemy checks its line of sight to the
// player.
//
// | file            | job |
// |-----------------|-----|
// | `index.ts`      | `createRaysMode`: the model, the layers (the shared tile map first), panels, tools, input |
// | `model.ts`      | `RaysModel`: the world (map, bouncing and drawn boxes), the handles, the walk, hit and sight each frame, the step-through, undo |
// | `trace.ts`      | pure: `traceSteps` records, crossings, the DDA's next move, the cells visited before the hit |
// | `steps.ts`      | the walk in words for the runtime's stepper |
// | `layers.ts`     | the canvas layers above the shared tile map |
// | `input.ts`      | what a press, a drag and the keys do (the runtime's input layer calls it) |
// | `panels.ts`     | sidebar panels and the legend |
// | `colours.ts`    | palette, published as `--r-*` CSS variables |
// | `debug.ts`      | `window.__broadphaseRays` for tests and the console |
// | `rays.css`      | the mode's own styles |

import { TileMapLayer } from '../../layers/tile-map';
import { RulersLayer, rulersButton } from '../../layers/rulers';
import { toolButton } from '../../runtime/canvas-tools';
import { runMode } from '../../runtime/mode-runtime';
import type { ModeFactory } from '../../runtime/scene';
import { publishRayColours } from './colours';
import { installRaysDebugHandle } from './debug';
import { RaysInput } from './input';
import { drawnBoxesLayer, DrawnCellsLayer, HandlesLayer, RayBoxesLayer, RayLayer, SightLayer, StepLayer, TraceCellsLayer } from './layers';
import { RaysModel } from './model';
import { drawnBoxesPanel, KeysPanel, raysLegend, RayPanel, SceneControls, SightPanel } from './panels';

const LAYOUT = {
  canvasLabel: 'Tile map with a ray A to B: the cells it passes through shaded in order, its first hit and normal; an enemy and a player with their line of sight',
  help: 'Drag A, B, the enemy or the player · Shift-drag (or the Box tool) draws a box the ray can hit · Enter picks one on the canvas, arrows move it · I draws a box (then arrows, Shift+arrows) · N steps the DDA · Ctrl+Z undoes · drag empty space to pan',
  touchHelp: 'press Box, then draw with one finger · tap a box to pick it, then drag it with one finger (or press and hold)',
  colophon: 'Rust core compiled to WebAssembly · <code>traceCells</code>, <code>traceSteps</code>, <code>castRay</code> and <code>lineOfSight</code> every frame',
};

export const createRaysMode: ModeFactory = (host, settings, context) =>
  runMode<RaysModel>(host, context, LAYOUT, settings.view, (rt) => {
    rt.layout.stage.classList.add('rays-stage');
    rt.layout.sidebar.classList.add('rays-sidebar');
    publishRayColours(rt.layout.stage, rt.layout.sidebar);
    const model = new RaysModel(rt, settings);

    const layers = { map: new TileMapLayer(), cells: new TraceCellsLayer(), drawnCells: new DrawnCellsLayer(), rulers: new RulersLayer() };
    rt.addLayers(layers.map, layers.cells, layers.drawnCells, new RayBoxesLayer(), drawnBoxesLayer(), new StepLayer(), new RayLayer(), new SightLayer(), new HandlesLayer(), layers.rulers);

    rt.sidebar.add(new RayPanel(model));
    rt.addStepper(model.steps);
    rt.sidebar.add(new SightPanel(model));
    rt.sidebar.add(drawnBoxesPanel(model));
    rt.sidebar.add(new SceneControls(model, model.structures), 'control');
    rt.sidebar.add(new KeysPanel(), 'control');
    rt.layout.legend.append(raysLegend());

    const snap = toolButton('Snap', 'Snap ray ends to cell lines and corners (Alt while dragging flips it)', () => model.setSnap(!model.snap), { 'data-tool': 'snap', 'aria-pressed': 'false' });
    const boxTool = toolButton('Box', 'Box tool: drag on empty space to draw a box the ray can hit (B; Shift-drag works with any tool)', () => model.setBoxTool(!model.boxTool), { 'data-tool': 'box', 'aria-pressed': 'false', 'aria-keyshortcuts': 'B' });
    rt.layout.tools.append(boxTool, snap, rulersButton(layers.rulers));
    rt.sidebar.follow({
      sync: () => {
        snap.setAttribute('aria-pressed', String(model.snap));
        boxTool.setAttribute('aria-pressed', String(model.boxTool));
      },
    });

    const input = new RaysInput(model, rt.layout.canvas);
    return {
      model,
      input,
      debug: () => installRaysDebugHandle(model, layers, rt.layout.canvas, rt.layout.panels),
      destroy: () => input.destroy(),
    };
  });
