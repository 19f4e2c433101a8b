// The grids mode (Metanet's N tutorial B, section 4): the quadtree demo's moving boxes under a
// normal or loose grid, the cells a selected object is stored in and the
// cells searched for its pairs, a cell-size control, and a table running
// every structure on a copy of the current scene.

import { addDemoTools } from '../../boxes/canvas-tools';
import { World } from '../../core/index';
import { installDebugHandle } from '../../boxes/debug';
import { Input } from '../../boxes/input';
import { ControlsPanel } from '../../boxes/panels/controls';
import { swatch } from '../../boxes/panels/legend';
import { StatsPanel } from '../../boxes/panels/stats';
import { BoxDemo, type BoxesModel } from '../../boxes/demo';
import type { Settings } from '../../boxes/settings';
import { h, key, panelSection } from '../../runtime/ui';
import { boxSettings } from '../../boxes/values';
import { runMode, type ModeRuntime, type Scene } from '../../runtime/mode-runtime';
import type { ModeFactory } from '../types';
import { CellsLayer } from './cells-layer';
import { ComparePanel } from './compare-panel';
import { GridLayer } from './grid-layer';
import { GridPanel } from './grid-panel';

/** What, when changed, makes an earlier comparison stale. */
function sceneKey(s: Settings): string {
  return [s.count, s.seed, s.layout, s.cellSize ?? 'auto', s.maxObjects, s.maxLevels].join('|');
}

export const createGridsMode: ModeFactory = (host, values, context) => {
  const structures = World.structures();
  const settings = boxSettings(values);
  const layout = {
    canvasLabel: 'Simulation: moving boxes in a grid; the selected box’s stored and searched cells',
    help: 'Click a box to select it, drag to move it · click empty space to deselect · drag empty space to pan',
  };
  return runMode<BoxesModel>(host, context, layout, values.view, (rt) => buildGrids(rt, settings, structures));
};

/** The grids scene: the box demo with the grid's layers, the cell-size and comparison panels. */
function buildGrids(rt: ModeRuntime<BoxesModel>, settings: Settings, structures: readonly string[]): Scene<BoxesModel> {
  const pg = new BoxDemo(rt, settings, structures, { camera: false, treeLayers: false });
  addDemoTools(rt.layout.tools, pg);
  const cells = new CellsLayer();
  rt.addLayers(new GridLayer(), pg.quadtreeLayer, cells);
  const compare = new ComparePanel(pg);
  rt.sidebar.add(new ControlsPanel(pg, { linesLabel: 'Show grid lines' }), 'control');
  rt.sidebar.add(new GridPanel(pg, cells), 'control');
  rt.sidebar.add(compare, 'control');
  rt.sidebar.add(new StatsPanel(pg, { camera: false }));
  rt.sidebar.add({
    element: panelSection(
      'keys',
      'Hands on',
      h(
        'ul',
        { class: 'keys-list' },
        key(['click'], 'a box to select it: its cells stay shown'),
        key(['drag'], 'a box to move it; watch its cells change'),
        key(['wheel'], 'zoom once the canvas has focus, or with Ctrl; drag empty space to pan (touch: two fingers)'),
        key(['Enter'], 'on the canvas: select the boxes in view one by one (Esc: none)'),
        key(['←', '↑', '→', '↓'], 'move the selected box (Shift: farther)'),
        key(['Ctrl', 'Z'], 'undo a drag or a move (Shift+Ctrl+Z redo; Cmd on a Mac)'),
        key(['Space'], 'pause / play'),
        key(['.', 'S'], 'single step'),
        key(['R'], 'reset from seed'),
        key(['T'], 'grid lines on / off'),
        key(['+', '−', 'F'], 'zoom in, out, fit'),
      ),
    ),
  }, 'control');

  rt.layout.legend.append(
    h(
      'ul',
      { class: 'legend', 'aria-label': 'Legend' },
      swatch('box', 'box'),
      swatch('overlap', 'in an overlapping pair'),
      swatch('began', 'its pair just began (pairsBegan)'),
      swatch('grid-line', 'grid cell'),
      swatch('stored-cell', 'cells the object is stored in'),
      swatch('searched-cell', 'cells searched for its pairs'),
    ),
  );
  let lastKey = sceneKey(settings);
  pg.onChange(() => {
    const next = sceneKey(pg.state.settings);
    if (next !== lastKey) {
      lastKey = next;
      compare.schedule();
    }
  });
  pg.onRebuild(() => compare.schedule());
  compare.schedule();
  return pg.scene({
    input: new Input(pg, rt.layout.canvas, { drop: () => compare.schedule() }),
    debug: () =>
      installDebugHandle(pg, rt.layout.canvas, 'grids', {
        grids: {
          /** What the cells layer drew last frame: { id, structure, stored, searched, searchedFallback }. */
          get drawn() {
            return cells.drawn;
          },
          get compare() {
            return compare.result;
          },
          get comparing() {
            return compare.running;
          },
          runComparison: () => compare.start(),
          select(id: number) {
            pg.state.interaction.selectedId = id;
          },
        },
      }),
    destroy: () => compare.destroy(),
  });
}
