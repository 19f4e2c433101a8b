// The tile editor mode (seed 004 §2–3): paint N's tile shapes on a grid, see
// the cell-edge states the core keeps (solid red, interesting grey), put
// doors on cell sides, and drag boxes to see the cells they touch and how
// the core would push them out of the tiles. Assembles the editor, its view,
// drawing, input and panels inside the mode's host, and takes them all down
// again in destroy().
//
// | file | job |
// |---|---|
// | `shapes.ts` | shape names, quarter turns, icon geometry read from the core |
// | `editor.ts` | state and guarded actions: the World, tools, doors, boxes |
// | `view.ts` | world ↔ canvas at whole device pixels per tile |
// | `render.ts` | the cached map, edges, doors, touched cells, boxes, arrows |
// | `input.ts` | pointer (mouse, pen, touch) and keyboard |
// | `panels.ts` | palette, map, touched-cells readout, keys, legend |
// | `colours.ts` | the mode's colours, shared with the CSS |
// | `debug.ts` | `window.__broadphaseTiles` for tests and the console |

import { World } from '../../../pkg/broadphase.js';
import { Notice } from '../../runtime/notice';
import { Sidebar } from '../../runtime/ui';
import { buildModeLayout } from '../../runtime/stage';
import type { ModeFactory } from '../types';
import { replaceModeQuery } from '../url';
import { publishTileColours } from './colours';
import { installTilesDebugHandle } from './debug';
import { TileEditor } from './editor';
import { TilesInput } from './input';
import { AboutPanel, KeysPanel, MapPanel, PalettePanel, ReadoutPanel, tilesLegend } from './panels';
import { createHover, TilesRenderer } from './render';
import { buildCatalogue } from './shapes';
import { TileView } from './view';
import './tiles.css';

const DEFAULT_PRESET = 'n-level';
const DEFAULT_SHAPE = 'slope45-br';

export const createTilesMode: ModeFactory = (host, params, context = {}) => {
  const catalogue = buildCatalogue();
  const presets = World.tilePresets();
  const wanted = params.get('preset');
  const preset = wanted !== null && presets.includes(wanted) ? wanted : presets.includes(DEFAULT_PRESET) ? DEFAULT_PRESET : (presets[0] ?? 'empty');
  const shapeParam = params.get('shape');
  const shape = shapeParam !== null && shapeParam !== 'empty' && catalogue.byName(shapeParam) ? shapeParam : DEFAULT_SHAPE;

  const layout = buildModeLayout(host, {
    canvasLabel: 'Tile editor: the tile map with its cell-edge states, and draggable boxes with the cells they touch',
    help: 'Click or drag to paint · right-drag erases · R turns the shape · drag a box, its corner resizes · arrows move the selected box',
    colophon: 'Rust core compiled to WebAssembly · <code>setTile()</code>, <code>tileEdges()</code>, <code>touchedCells()</code>, <code>pushOut()</code>',
  });
  layout.stage.classList.add('tiles-stage');
  layout.sidebar.classList.add('tiles-sidebar');
  publishTileColours(layout.stage);
  publishTileColours(layout.sidebar);

  // Only the World's tile grid is used here; its object world stays empty.
  const world = new World(1, 1);
  const notice = new Notice(layout.notice);
  const editor = new TileEditor(world, catalogue, presets, { preset, shape });
  const stopNotices = editor.onNotice((text) => notice.show(text));
  // An embed's own map, as ASCII (`tiles=`), over the preset.
  const ascii = params.get('tiles');
  if (ascii !== null && ascii.trim() !== '') editor.loadAscii(ascii);

  const view = new TileView();
  const hover = createHover();
  const renderer = new TilesRenderer(layout.canvas, view, editor, hover);
  const input = new TilesInput(layout.canvas, view, editor, hover, renderer, context.keyRoot);

  const sidebar = new Sidebar(layout.panels);
  const readout = new ReadoutPanel(editor);
  sidebar.add(new AboutPanel());
  sidebar.add(new PalettePanel(editor));
  sidebar.add(readout);
  sidebar.add(new MapPanel(editor, (name) => editor.loadPreset(name)));
  sidebar.add(new KeysPanel());
  layout.legend.append(tilesLegend());

  const install = context.debug === false ? () => () => {} : installTilesDebugHandle;
  const uninstall = install({
    editor,
    renderer,
    view,
    canvas: layout.canvas,
    readoutRoot: readout.element,
    noticeElement: layout.notice,
    keyStep: () => input.keyStep,
  });

  let syncedVersion = -1;
  let writtenQuery = '';
  let frameRequest = 0;
  let frame = 0;
  let hidden = false;
  const publish = context.publish ?? replaceModeQuery;
  const tick = (): void => {
    frameRequest = hidden ? 0 : requestAnimationFrame(tick);
    frame += 1;
    renderer.tick();
    if (editor.version === syncedVersion) return;
    syncedVersion = editor.version;
    sidebar.sync();
    const query = new URLSearchParams({ preset: editor.preset, shape: editor.shape });
    // A custom map goes along, so an embed's state (or a link) keeps it.
    if (editor.preset === 'custom') query.set('tiles', editor.world.tileAscii());
    if (query.toString() !== writtenQuery) {
      writtenQuery = query.toString();
      publish(query);
    }
  };
  frameRequest = requestAnimationFrame(tick);

  return {
    get frame() {
      return frame;
    },
    setVisible(visible) {
      hidden = !visible;
      if (!visible) {
        cancelAnimationFrame(frameRequest);
        frameRequest = 0;
      } else if (frameRequest === 0) {
        frameRequest = requestAnimationFrame(tick);
      }
    },
    destroy() {
      hidden = true;
      cancelAnimationFrame(frameRequest);
      uninstall();
      input.destroy();
      stopNotices();
      notice.destroy();
      layout.remove();
      world.free();
    },
  };
};
