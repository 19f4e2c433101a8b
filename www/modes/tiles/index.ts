// The tile editor mode (the N-style tile grid): paint N's tile shapes on a
// grid, see the cell-edge states the core keeps (solid red, interesting
// grey), put doors on cell sides, and drag boxes to see the cells they
// touch and how the core would push them out of the tiles. A scene of the
// mode runtime (runtime/mode-runtime.ts): its frame loop, its layer stack
// (the shared tile-map layer first), its viewport, its input layer.
//
// | file | job |
// |---|---|
// | `editor.ts` | the editor's own state (tool, shape, selection) and guarded actions on the core |
// | `shapes.ts` | the palette's catalogue, from the core's static shape functions |
// | `layers.ts` | touched cells, hover, boxes with handles and push-out arrows |
// | `input.ts` | what a press, a drag and the keys do (the runtime's input layer calls it) |
// | `panels.ts` | palette, map, touched-cells readout, keys, legend |
// | `colours.ts` | the mode's colours, shared with the CSS |
// | `debug.ts` | `window.__broadphaseTiles` for tests and the console |

import { toolButton } from '../../runtime/canvas-tools';
import { TileGrid, World } from '../../core/index';
import { TileMapLayer } from '../../layers/tile-map';
import { runMode, sceneHistory } from '../../runtime/mode-runtime';
import { h, setText } from '../../runtime/ui';
import type { ModeFactory, SomeSettings } from '../types';
import { publishTileColours } from './colours';
import { installTilesDebugHandle } from './debug';
import { TileEditor } from './editor';
import { TilesInput } from './input';
import { createHover, editBoxesLayer, HoverLayer, TouchedCellsLayer, type TilesModel } from './layers';
import { AboutPanel, KeysPanel, MapPanel, PalettePanel, readoutPanel, tilesLegend } from './panels';
import { buildCatalogue } from './shapes';
import { RulersLayer, rulersButton } from '../../layers/rulers';

export const createTilesMode: ModeFactory = (host, values, context) => {
  const catalogue = buildCatalogue();
  const presets = TileGrid.presets();
  const { preset, shape } = values;

  const layout = {
    canvasLabel: 'Tile editor: the tile map with its cell-edge states, and draggable boxes with the cells they touch',
    help: 'Click or drag to paint · right-drag erases · R turns the shape · drag a box, its edges resize · Shift-drag draws a box · Ctrl+Z undoes · middle-drag or Space-drag pans, two fingers zoom · on touch, one finger scrolls unless “Edit by touch” is on',
    colophon: 'Rust core compiled to WebAssembly · <code>tiles.setTile()</code>, <code>changedCellsSince()</code>, <code>touchedCells()</code>, <code>pushOut()</code>',
  };
  return runMode<TilesModel>(host, context, layout, values.view, (rt) => {
    rt.layout.stage.classList.add('tiles-stage');
    rt.layout.sidebar.classList.add('tiles-sidebar');
    publishTileColours(rt.layout.stage);
    publishTileColours(rt.layout.sidebar);

    // The scene: a world whose rectangle is the map, its boxes the editor's boxes.
    const world = new World(1, 1);
    const tiles = world.tiles;
    let editor: TileEditor;
    try {
      editor = new TileEditor(world, tiles, catalogue, presets, {
        preset,
        shape,
        map: values.tiles,
        boxes: values.boxes,
      }, (text) => rt.notice.show(text));
    } catch (error) {
      world.free();
      throw error;
    }
    const snapButton = toolButton('Snap', 'Snap box edges to cell lines; arrows move by whole cells (Alt while dragging flips it)', () => editor.setSnap(!editor.snap), { 'data-tool': 'snap', 'aria-pressed': 'false' });
    const rulers = new RulersLayer();
    rt.layout.tools.append(snapButton, rulersButton(rulers));
    // The cell under the pointer: where it is, its tile, its four edge states.
    const hoverLine = h('output', { id: 'tiles-hover', class: 'tiles-hover', 'aria-live': 'off', hidden: true });
    rt.layout.stage.append(hoverLine);
    let hoverShown = '';
    const mapLayer = new TileMapLayer();
    const touched = new TouchedCellsLayer();
    const boxesLayer = editBoxesLayer();
    rt.addLayers(mapLayer, touched, new HoverLayer(), boxesLayer, rulers);
    const model: TilesModel = { tiles, editor, hover: createHover() };
    const input = new TilesInput(rt.layout.canvas, rt.viewport, editor, model.hover);

    const readout = readoutPanel(editor);
    rt.sidebar.add(new AboutPanel(), 'control');
    rt.sidebar.add(new PalettePanel(editor), 'control');
    rt.sidebar.add(readout);
    rt.sidebar.add(new MapPanel(editor, (name) => editor.loadPreset(name)), 'control');
    rt.sidebar.add(new KeysPanel(), 'control');
    rt.layout.legend.append(tilesLegend());

    /** The settings in force: the preset or the map itself, the shape, hand-placed boxes. */
    const state = (): SomeSettings => ({
      // 'custom' (a map from text) is no preset name: the map itself goes along.
      preset: editor.preset === 'custom' ? undefined : editor.preset,
      shape: editor.shape,
      // An edited map and hand-placed boxes go along, so a link (or an embed's state) keeps them.
      tiles: editor.preset === 'custom' || editor.mapEdited ? tiles.ascii() : undefined,
      boxes: editor.boxesEdited ? editor.boxes().flatMap((b) => [b.x, b.y, b.w, b.h, 0, 0]) : undefined,
    });
    let synced = '';
    let written = '';
    const tick = (): void => {
      const cell = model.hover.cell;
      const hovered = cell === null ? '' : `${cell[0]},${cell[1]}:${tiles.revision}`;
      if (hovered !== hoverShown) {
        hoverShown = hovered;
        const text = cell === null ? null : editor.describeCell(cell[0], cell[1]);
        hoverLine.hidden = text === null;
        setText(hoverLine, text ?? '');
      }
      // Panels and the address follow the editor and the map, once per change.
      const version = `${editor.version}:${tiles.revision}:${editor.history.version}`;
      if (version === synced) return;
      synced = version;
      rt.sidebar.sync();
      snapButton.setAttribute('aria-pressed', String(editor.snap));
      const scene = JSON.stringify(state());
      if (scene !== written) {
        written = scene;
        rt.changed();
      }
    };

    return {
      model,
      world: () => ({ width: editor.mapWidth, height: editor.mapHeight, snap: tiles.tileSize }),
      tick,
      state,
      pointer: input,
      keys: input,
      history: sceneHistory(editor.history, () => editor.undo(), () => editor.redo()),
      busy: () => editor.history.inGesture,
      debug: () =>
        installTilesDebugHandle({
          editor,
          mapLayer,
          touched,
          boxes: boxesLayer,
          viewport: rt.viewport,
          rulers,
          canvas: rt.layout.canvas,
          readoutRoot: readout.element,
          noticeElement: rt.layout.notice,
          keyStep: () => input.keyStep,
          frame: () => rt.frame,
        }),
      destroy() {
        input.destroy();
        world.free();
      },
    };
  });
};
