// The tile editor mode (the N-style tile grid): paint N's tile shapes on a
// grid, see the cell-edge states the core keeps (solid red, interesting
// grey), put doors on cell sides, and drag boxes to see the cells they
// touch and how the core would push them out of the tiles.
//
// | file | job |
// |---|---|
// | `index.ts` | `createTilesMode`: the model, the layers (the shared tile map first), panels, tools, input |
// | `model.ts` | `TilesModel`: tool, shape, selection, hover, undo and guarded actions on the core |
// | `shapes.ts` | the palette's catalogue, from the core's static shape functions |
// | `layers.ts` | touched cells, hover, boxes with handles and push-out arrows |
// | `input.ts` | what a press, a drag and the keys do (the runtime's input layer calls it) |
// | `panels.ts` | palette, map, touched-cells readout, keys, legend |
// | `colours.ts` | the mode's colours, shared with the CSS |
// | `debug.ts` | `window.__broadphaseTiles` for tests and the console |

import { toolButton } from '../../runtime/canvas-tools';
import { TileMapLayer } from '../../layers/tile-map';
import { RulersLayer, rulersButton } from '../../layers/rulers';
import { runMode } from '../../runtime/mode-runtime';
import type { ModeFactory } from '../../runtime/scene';
import { h, setText } from '../../runtime/ui';
import { publishTileColours } from './colours';
import { installTilesDebugHandle } from './debug';
import { TilesInput } from './input';
import { editBoxesLayer, HoverLayer, StepLayer, TouchedCellsLayer } from './layers';
import { TilesModel } from './model';
import { AboutPanel, KeysPanel, MapPanel, PalettePanel, readoutPanel, tilesLegend } from './panels';

const LAYOUT = {
  canvasLabel: 'Tile editor: the tile map with its cell-edge states, and draggable boxes with the cells they touch',
  help: 'Click or drag to paint · right-drag erases · R turns the shape · drag a box, its edges resize · Shift-drag draws a box · Ctrl+Z undoes · middle-drag or Space-drag pans, two fingers zoom · keyboard: Esc lets go of the box, then the arrows move a tile cursor, Enter paints, I draws a box',
  touchHelp: 'one finger scrolls the page unless “Edit by touch” or Box is on (then it paints or draws) · tap a box to pick it, then drag it with one finger (or press and hold)',
  colophon: 'Rust core compiled to WebAssembly · <code>tiles.setTile()</code>, <code>changedCellsSince()</code>, <code>touchedCells()</code>, <code>pushOut()</code>',
};

export const createTilesMode: ModeFactory = (host, settings, context) =>
  runMode<TilesModel>(host, context, LAYOUT, settings.view, (rt) => {
    rt.layout.stage.classList.add('tiles-stage');
    rt.layout.sidebar.classList.add('tiles-sidebar');
    publishTileColours(rt.layout.stage);
    publishTileColours(rt.layout.sidebar);
    const model = new TilesModel(rt, settings);

    const mapLayer = new TileMapLayer();
    const touched = new TouchedCellsLayer();
    const boxesLayer = editBoxesLayer();
    const rulers = new RulersLayer();
    const stepLayer = new StepLayer();
    rt.addLayers(mapLayer, touched, new HoverLayer(), boxesLayer, stepLayer, rulers);

    const snapButton = toolButton('Snap', 'Snap box edges to cell lines; arrows move by whole cells (Alt while dragging flips it)', () => model.setSnap(!model.snap), { 'data-tool': 'snap', 'aria-pressed': 'false' });
    rt.layout.tools.append(snapButton, rulersButton(rulers));
    rt.sidebar.follow({ sync: () => snapButton.setAttribute('aria-pressed', String(model.snap)) });
    // The cell under the pointer: where it is, its tile, its four edge states.
    const hoverLine = h('output', { id: 'tiles-hover', class: 'tiles-hover', 'aria-live': 'off', hidden: true });
    rt.layout.stage.append(hoverLine);
    let hoverShown = '';
    rt.sidebar.follow({
      update: () => {
        // The cell under the pointer, else the keyboard's tile cursor on the focused map.
        const h = model.hover;
        const cell = h.cell ?? (h.focused && model.box(model.selected) === undefined ? h.cursor : null);
        const hovered = cell === null ? '' : `${cell[0]},${cell[1]}:${model.tiles.revision}`;
        if (hovered === hoverShown) return;
        hoverShown = hovered;
        const text = cell === null ? null : model.describeCell(cell[0], cell[1]);
        hoverLine.hidden = text === null;
        setText(hoverLine, text ?? '');
      },
    });

    const readout = readoutPanel(model);
    // A lesson is what the reader came for: its stepper first.
    const lesson = settings.lesson !== undefined;
    if (lesson) rt.addStepper(model.steps);
    rt.sidebar.add(new AboutPanel(), 'control');
    rt.sidebar.add(new PalettePanel(model), 'control');
    rt.sidebar.add(readout);
    if (!lesson) rt.addStepper(model.steps);
    rt.sidebar.add(new MapPanel(model, (name) => model.loadPreset(name)), 'control');
    rt.sidebar.add(new KeysPanel(), 'control');
    rt.layout.legend.append(tilesLegend());

    const input = new TilesInput(model, rt.layout.canvas, rt.viewport);
    return {
      model,
      input,
      debug: () =>
        installTilesDebugHandle({
          editor: model,
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
          step: () => stepLayer.drawn,
        }),
      destroy: () => input.destroy(),
    };
  });
