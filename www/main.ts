// Bootstrap: load the wasm, read settings from the URL, assemble the
// playground (layers, panels, input) and start the frame loop.

import init, { World } from '../pkg/broadphase.js';
import { installDebugHandle } from './debug';
import { Input } from './input';
import { Notice } from './notice';
import { ControlsPanel } from './panels/controls';
import { KeysPanel, LegendPanel } from './panels/legend';
import { StatsPanel } from './panels/stats';
import { Playground } from './playground';
import type { Settings } from './state';
import { publishTheme } from './theme';
import { readSettings } from './url';
import './style.css';

function element<T extends HTMLElement>(id: string, type: new () => T): T {
  const el = document.getElementById(id);
  if (!(el instanceof type)) throw new Error(`index.html lacks #${id}`);
  return el;
}

async function main(): Promise<void> {
  publishTheme(document.documentElement);
  await init();
  const structures = World.structures();
  // The core's own defaults for the tree limits, so the page shows them.
  const probe = new World(1, 1);
  const defaults: Settings = {
    count: 800,
    seed: 1,
    layout: 'uniform',
    structure: structures.includes('quadtree') ? 'quadtree' : structures[0],
    maxObjects: probe.maxObjects,
    maxLevels: Math.min(probe.maxLevels, 12),
    speed: 1,
    running: true,
    showTree: true,
  };
  probe.free();
  const settings = readSettings(defaults, structures);
  const canvas = element('world', HTMLCanvasElement);
  const playground = new Playground(canvas, element('panels', HTMLElement), settings, structures);
  playground.sidebar.add(new ControlsPanel(playground));
  playground.sidebar.add(new StatsPanel(playground));
  playground.sidebar.add(new KeysPanel());
  element('stage-legend', HTMLElement).append(new LegendPanel().element);
  const notice = new Notice(element('notice', HTMLElement));
  playground.onNotice((text) => notice.show(text));
  new Input(playground, canvas);
  installDebugHandle(playground, canvas);
  playground.start();
}

main().catch((error: unknown) => {
  console.error(error);
  const box = document.getElementById('load-error');
  if (box !== null) {
    box.hidden = false;
    box.textContent = `The playground could not start: ${error instanceof Error ? error.message : String(error)}`;
  }
});
