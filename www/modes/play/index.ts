// The play mode: run and jump through an N-style level while the
// structures do their jobs (see game.ts).
//
// | file | job |
// |---|---|
// | `index.ts` | `createPlayMode`: the model, the layers (the shared tile map first), panels, the touch pad, input |
// | `model.ts` | `PlayModel`: fixed ticks of the game, the buttons held, the overlays |
// | `game.ts` | the world, the rules, one tick; seeded and replayable |
// | `layers.ts` | objects, drones and sight lines; the machinery overlays |
// | `panels.ts` | the game's readouts and buttons; the machinery toggles |
// | `input.ts` | keys, the touch pad, a gamepad |
// | `debug.ts` | `window.__broadphasePlay` for tests and the console |
// | `play.css` | the mode's own styles |

import { TileMapLayer } from '../../layers/tile-map';
import { toolButton } from '../../runtime/canvas-tools';
import { runMode } from '../../runtime/mode-runtime';
import type { ModeFactory } from '../../runtime/scene';
import { installPlayDebugHandle } from './debug';
import { PlayInput } from './input';
import { MachineryLayer, ObjectsLayer } from './layers';
import { PlayModel } from './model';
import { machineryPanel, PlayPanel } from './panels';

const LAYOUT = {
  canvasLabel: 'A game on an N-style level: the player, gold, drifting mines, drones with sight lines, a moving platform',
  help: '← → or A D run · Space, Z, W or ↑ jump (again against a wall: wall jump) · P pauses · . steps one tick · R restarts · on touch: the buttons below',
  colophon: 'Rust core compiled to WebAssembly · tile-aware <code>step()</code>, <code>pairsBegan()</code>, <code>lineOfSight()</code>, <code>setParent()</code>',
};

export const createPlayMode: ModeFactory = (host, settings, context) =>
  runMode<PlayModel>(host, context, LAYOUT, settings.view, (rt) => {
    const model = new PlayModel(rt, settings);
    rt.addLayers(new TileMapLayer(), new MachineryLayer(), new ObjectsLayer());
    rt.sidebar.add(new PlayPanel(model), 'control');
    rt.sidebar.add(machineryPanel(model), 'control');
    const input = new PlayInput(model);
    rt.layout.stage.insertBefore(input.pad, rt.layout.stage.querySelector('.stage-footer'));
    rt.layout.tools.prepend(toolButton('Pause', 'Pause (P)', () => model.setPaused(!model.paused), { 'data-tool': 'pause' }));
    return {
      model,
      input,
      debug: () => installPlayDebugHandle(model, rt),
      destroy: () => input.destroy(),
    };
  });
