// The tile editor mode (the N-style tile grid): paint N's tile shapes on a
// grid, see the cell-edge states the core keeps (solid red, interesting
// grey), put doors on cell sides, and drag boxes to see the cells they
// touch and how the core would push them out of the tiles. Built on the
// page runtime every mode shares: one frame loop, the layer stack (the
// shared tile-map layer first), one viewport.
//
// | file | job |
// |---|---|
// | `editor.ts` | the editor's own state (tool, shape, selection) and guarded actions on the core |
// | `shapes.ts` | the palette's catalogue, from the core's static shape functions |
// | `layers.ts` | touched cells, hover, boxes with handles and push-out arrows |
// | `input.ts` | pointer (mouse, pen, touch), wheel and keyboard |
// | `panels.ts` | palette, map, touched-cells readout, keys, legend |
// | `colours.ts` | the mode's colours, shared with the CSS |
// | `debug.ts` | `window.__broadphaseTiles` for tests and the console |

import { addZoomButtons, toolButton } from '../../runtime/canvas-tools';
import { TileGrid, World } from '../../core/index';
import { TileMapLayer } from '../../layers/tile-map';
import { FrameLoop } from '../../runtime/frame-loop';
import { Notice } from '../../runtime/notice';
import { Renderer } from '../../runtime/renderer';
import { buildModeLayout } from '../../runtime/stage';
import { h, setText, Sidebar } from '../../runtime/ui';
import { Viewport } from '../../runtime/viewport';
import type { ModeFactory, SomeSettings } from '../types';
import { publishTileColours } from './colours';
import { installTilesDebugHandle } from './debug';
import { TileEditor } from './editor';
import { TilesInput } from './input';
import { createHover, EditBoxesLayer, HoverLayer, TouchedCellsLayer, type TilesModel } from './layers';
import { AboutPanel, KeysPanel, MapPanel, PalettePanel, readoutPanel, tilesLegend } from './panels';
import { buildCatalogue } from './shapes';
import { applyView, ViewLink } from '../../runtime/view-link';
import { RulersLayer, rulersButton } from '../../layers/rulers';

export const createTilesMode: ModeFactory = (host, values, context) => {
  const catalogue = buildCatalogue();
  const presets = TileGrid.presets();
  const { preset, shape } = values;

  const layout = buildModeLayout(host, {
    canvasLabel: 'Tile editor: the tile map with its cell-edge states, and draggable boxes with the cells they touch',
    help: 'Click or drag to paint · right-drag erases · R turns the shape · drag a box, its edges resize · Shift-drag draws a box · Ctrl+Z undoes · wheel or two fingers zoom · on touch, one finger scrolls unless “Edit by touch” is on',
    colophon: 'Rust core compiled to WebAssembly · <code>tiles.setTile()</code>, <code>changedCellsSince()</code>, <code>touchedCells()</code>, <code>pushOut()</code>',
  });
  layout.stage.classList.add('tiles-stage');
  layout.sidebar.classList.add('tiles-sidebar');
  publishTileColours(layout.stage);
  publishTileColours(layout.sidebar);

  // The scene: a world whose rectangle is the map, its boxes the editor's boxes.
  const world = new World(1, 1);
  const tiles = world.tiles;
  const notice = new Notice(layout.notice);
  let editor: TileEditor;
  try {
    editor = new TileEditor(world, tiles, catalogue, presets, {
      preset,
      shape,
      map: values.tiles,
      boxes: values.boxes,
    }, (text) => notice.show(text));
  } catch (error) {
    world.free();
    layout.remove();
    throw error;
  }

  const viewport = new Viewport();
  viewport.snapUnit = tiles.tileSize;
  viewport.setWorld(editor.mapWidth, editor.mapHeight);
  viewport.fit();
  applyView(viewport, values.view);
  const renderer = new Renderer<TilesModel>(layout.canvas, viewport);
  addZoomButtons(layout.tools, viewport);
  const snapButton = toolButton('Snap', 'Snap box edges to cell lines; arrows move by whole cells (Alt while dragging flips it)', () => editor.setSnap(!editor.snap), { 'data-tool': 'snap', 'aria-pressed': 'false' });
  const undoButton = toolButton('↶', 'Undo (Ctrl/Cmd+Z)', () => editor.undo(), { 'data-tool': 'undo' });
  const redoButton = toolButton('↷', 'Redo (Shift+Ctrl/Cmd+Z)', () => editor.redo(), { 'data-tool': 'redo' });
  const rulers = new RulersLayer();
  layout.tools.append(undoButton, redoButton, snapButton, rulersButton(rulers));
  // The cell under the pointer: where it is, its tile, its four edge states.
  const hoverLine = h('output', { id: 'tiles-hover', class: 'tiles-hover', 'aria-live': 'off', hidden: true });
  layout.stage.append(hoverLine);
  let hoverShown = '';
  const mapLayer = new TileMapLayer();
  const touched = new TouchedCellsLayer();
  const boxesLayer = new EditBoxesLayer();
  renderer.add(mapLayer);
  renderer.add(touched);
  renderer.add(new HoverLayer());
  renderer.add(boxesLayer);
  renderer.add(rulers);
  const model: TilesModel = { tiles, editor, hover: createHover() };
  const input = new TilesInput(layout.canvas, viewport, editor, model.hover, context.keyRoot);

  const sidebar = new Sidebar(layout.panels);
  const readout = readoutPanel(editor);
  sidebar.add(new AboutPanel(), 'control');
  sidebar.add(new PalettePanel(editor), 'control');
  sidebar.add(readout);
  sidebar.add(new MapPanel(editor, (name) => editor.loadPreset(name)), 'control');
  sidebar.add(new KeysPanel(), 'control');
  layout.legend.append(tilesLegend());

  // Every write carries the page view; a zoom or a pan alone writes too (after the first write, on the first frame).
  const link = new ViewLink(viewport, context.publish);
  const publish = link.publish;
  let synced = '';
  let written = '';
  const loop = new FrameLoop((now) => {
    if (viewport.worldWidth !== editor.mapWidth || viewport.worldHeight !== editor.mapHeight || viewport.snapUnit !== tiles.tileSize) {
      viewport.snapUnit = tiles.tileSize;
      viewport.setWorld(editor.mapWidth, editor.mapHeight);
      viewport.fit();
    }
    renderer.draw(model, now);
    link.tick(now);
    const cell = model.hover.cell;
    const hovered = cell === null ? '' : `${cell[0]},${cell[1]}:${tiles.revision}`;
    if (hovered !== hoverShown) {
      hoverShown = hovered;
      const text = cell === null ? null : editor.describeCell(cell[0], cell[1]);
      hoverLine.hidden = text === null;
      setText(hoverLine, text ?? '');
    }
    // Panels and the address follow the editor and the map, once per change.
    const state = `${editor.version}:${tiles.revision}:${editor.history.version}`;
    if (state === synced) return;
    synced = state;
    sidebar.sync();
    snapButton.setAttribute('aria-pressed', String(editor.snap));
    undoButton.disabled = !editor.history.canUndo;
    redoButton.disabled = !editor.history.canRedo;
    // 'custom' (a map from text) is no preset name: the map itself goes along.
    // An edited map and hand-placed boxes go along, so a link (or an embed's state) keeps them.
    const scene: SomeSettings = {
      preset: editor.preset === 'custom' ? undefined : editor.preset,
      shape: editor.shape,
      tiles: editor.preset === 'custom' || editor.mapEdited ? tiles.ascii() : undefined,
      boxes: editor.boxesEdited ? editor.boxes().flatMap((b) => [b.x, b.y, b.w, b.h, 0, 0]) : undefined,
    };
    const sceneKey = JSON.stringify(scene);
    if (sceneKey !== written) {
      written = sceneKey;
      publish(scene);
    }
  });

  const install = context.debug === false ? () => () => {} : installTilesDebugHandle;
  const uninstall = install({
    editor,
    mapLayer,
    touched,
    boxes: boxesLayer,
    viewport,
    rulers,
    canvas: layout.canvas,
    readoutRoot: readout.element,
    noticeElement: layout.notice,
    keyStep: () => input.keyStep,
    frame: () => loop.frame,
  });
  loop.start();

  return {
    panels: sidebar.describe(),
    get frame() {
      return loop.frame;
    },
    setVisible: (visible) => loop.setVisible(visible),
    destroy() {
      loop.stop();
      uninstall();
      input.destroy();
      notice.destroy();
      layout.remove();
      world.free();
    },
  };
};
