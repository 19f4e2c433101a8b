// The grids mode (Metanet's N tutorial B, section 4): the quadtree demo's moving boxes under a
// normal or loose grid, the cells a selected object is stored in and the
// cells searched for its pairs, a cell-size control, and a table running
// every structure on a copy of the current scene.

import { addDemoTools } from '../../boxes/canvas-tools';
import { World } from '../../core/index';
import { installDebugHandle } from '../../boxes/debug';
import { Input } from '../../boxes/input';
import { Notice } from '../../runtime/notice';
import { ControlsPanel } from '../../boxes/panels/controls';
import { key, swatch } from '../../boxes/panels/legend';
import { StatsPanel } from '../../boxes/panels/stats';
import { BoxDemo } from '../../boxes/demo';
import type { Settings } from '../../boxes/settings';
import { h, panelSection } from '../../runtime/ui';
import { boxSettings } from '../../boxes/values';
import { buildModeLayout } from '../../runtime/stage';
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
  const layout = buildModeLayout(host, {
    canvasLabel: 'Simulation: moving boxes in a grid; the selected box’s stored and searched cells',
    help: 'Click a box to select it, drag to move it · click empty space to deselect · scroll to zoom, drag empty space to pan',
  });
  const pg = new BoxDemo(layout.canvas, layout.panels, settings, structures, { camera: false, treeLayers: false, publish: context.publish, publishAtStart: context.publishAtStart, view: values.view });
  addDemoTools(layout.tools, pg);
  const cells = new CellsLayer();
  pg.renderer.add(new GridLayer());
  pg.renderer.add(pg.quadtreeLayer);
  pg.renderer.add(cells);
  const compare = new ComparePanel(pg);
  pg.sidebar.add(new ControlsPanel(pg, { linesLabel: 'Show grid lines' }), 'control');
  pg.sidebar.add(new GridPanel(pg, cells), 'control');
  pg.sidebar.add(compare, 'control');
  pg.sidebar.add(new StatsPanel(pg, { camera: false }));
  pg.sidebar.add({
    element: panelSection(
      'keys',
      'Hands on',
      h(
        'ul',
        { class: 'keys-list' },
        key(['click'], 'a box to select it: its cells stay shown'),
        key(['drag'], 'a box to move it; watch its cells change'),
        key(['wheel'], 'zoom; drag empty space to pan (touch: two fingers)'),
        key(['Tab'], 'on the canvas: select the boxes in view one by one (Esc: none)'),
        key(['←', '↑', '→', '↓'], 'move the selected box (Shift: farther)'),
        key(['Space'], 'pause / play'),
        key(['.', 'S'], 'single step'),
        key(['R'], 'reset from seed'),
        key(['T'], 'grid lines on / off'),
        key(['+', '−', 'F'], 'zoom in, out, fit'),
      ),
    ),
  }, 'control');

  layout.legend.append(
    h(
      'ul',
      { class: 'legend', 'aria-label': 'Legend' },
      swatch('box', 'box'),
      swatch('overlap', 'in an overlapping pair'),
      swatch('grid-line', 'grid cell'),
      swatch('stored-cell', 'cells the object is stored in'),
      swatch('searched-cell', 'cells searched for its pairs'),
    ),
  );
  const notice = new Notice(layout.notice);
  pg.onNotice((text) => notice.show(text));
  let lastKey = sceneKey(settings);
  pg.onChange(() => {
    const next = sceneKey(pg.state.settings);
    if (next !== lastKey) {
      lastKey = next;
      compare.schedule();
    }
  });
  pg.onRebuild(() => compare.schedule());
  const input = new Input(pg, layout.canvas, { drop: () => compare.schedule() }, context.keyRoot);
  const install = context.debug === false ? () => () => {} : installDebugHandle;
  const uninstall = install(pg, layout.canvas, 'grids', {
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
  });
  pg.start();
  compare.schedule();
  return {
    panels: pg.sidebar.describe(),
    get frame() {
      return pg.frame;
    },
    setVisible: (visible) => pg.setVisible(visible),
    destroy() {
      uninstall();
      input.destroy();
      compare.destroy();
      notice.destroy();
      pg.destroy();
      layout.remove();
    },
  };
};
