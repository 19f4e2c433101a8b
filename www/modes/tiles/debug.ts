// `window.__broadphaseTiles`: a small handle on the tile editor for tests
// and the devtools console.
//
//   world, tiles            the mode's wasm World and its TileGrid (tile(), edge(), edges(), …)
//   editor                  the TilesModel: state and guarded actions (setTile, cycleDoor,
//                           moveBox, resizeBox, resolve, loadPreset, setShape, rotate, …)
//   boxes()                 [{ id, name, x, y, w, h }] of the boxes (the world's objects)
//   selected                position in boxes() of the box the arrow keys move (-1: none)
//   keyStep                 world units one arrow key press moves or resizes a box by
//   highlightedCells(i)     [col, row, …] the last frame painted as box i's touched cells
//                           (i: the box's position in boxes())
//   readout(i)              box i's readout as shown: { count, cells } (cells: "(c,r) (c,r) …")
//   pushShown(i)            [dx, dy] of the push-out arrow the last frame drew for box i, or null
//   map                     the tile-map layer's counters: revision (of the map it shows),
//                           cellsRedrawn, edgesRead (by the last cache update), fullRepaints,
//                           partialRepaints
//   frame                   frames drawn
//   worldToScreen(x, y)     → { x, y } client CSS px, for page.mouse
//   screenToWorld(x, y)     → { x, y } world units
//   notice()                the text of the notice on screen, or null
//   rulers()                { firstCol, firstRow, step } the rulers labelled last frame, or null when off
//   cursor()                the keyboard's tile cursor [col, row], or null before the first key
//   shape                   the shape in hand

import type { TileGrid, World } from '../../core/index';
import type { TileMapLayer } from '../../layers/tile-map';
import type { Viewport } from '../../runtime/viewport';
import type { TouchedCellsLayer } from './layers';
import type { TilesModel } from './model';
import type { DrawnBoxesLayer } from '../../box-editing/layer';
import { screenMapping } from '../../runtime/keys';
import type { RulersLayer } from '../../layers/rulers';

export interface TilesDebugHandle {
  readonly world: World;
  readonly tiles: TileGrid;
  readonly editor: TilesModel;
  boxes(): { id: number; name: string; x: number; y: number; w: number; h: number }[];
  readonly selected: number;
  readonly keyStep: number;
  highlightedCells(i: number): number[];
  readout(i: number): { count: string; cells: string } | null;
  pushShown(i: number): [number, number] | null;
  readonly map: { revision: number; cellsRedrawn: number; edgesRead: number; fullRepaints: number; partialRepaints: number };
  readonly frame: number;
  readonly stepDrawn: { step: number | null; cell: string };
  worldToScreen(x: number, y: number): { x: number; y: number };
  screenToWorld(x: number, y: number): { x: number; y: number };
  notice(): string | null;
  /** What the rulers showed last frame (firstCol, firstRow, step), or null when they are off. */
  rulers(): { firstCol: number; firstRow: number; step: number } | null;
  /** The keyboard's tile cursor [col, row], or null before the first key. */
  cursor(): [number, number] | null;
  /** The shape in hand. */
  readonly shape: string;
}

declare global {
  interface Window {
    __broadphaseTiles?: TilesDebugHandle;
  }
}

interface Parts {
  editor: TilesModel;
  mapLayer: TileMapLayer;
  touched: TouchedCellsLayer;
  boxes: DrawnBoxesLayer<TilesModel>;
  viewport: Viewport;
  canvas: HTMLCanvasElement;
  readoutRoot: HTMLElement;
  noticeElement: HTMLElement;
  rulers: RulersLayer;
  keyStep: () => number;
  frame: () => number;
  step: () => { step: number | null; cell: string };
}

/** Installs the handle; the returned function removes it (if still ours). */
export function installTilesDebugHandle(p: Parts): () => void {
  const { editor, viewport: v, canvas } = p;
  const idOf = (i: number) => editor.boxes()[i]?.id ?? 0;
  const handle: TilesDebugHandle = {
    world: editor.world,
    tiles: editor.tiles,
    editor,
    boxes: () => editor.boxes().map(({ id, name, x, y, w, h }) => ({ id, name, x, y, w, h })),
    cursor: () => (editor.hover.cursor === null ? null : [...editor.hover.cursor]),
    get shape() {
      return editor.shape;
    },
    get selected() {
      return editor.boxes().findIndex((b) => b.id === editor.selected);
    },
    get keyStep() {
      return p.keyStep();
    },
    highlightedCells: (i) => [...(p.touched.highlighted.get(idOf(i)) ?? [])],
    readout(i) {
      const row = p.readoutRoot.querySelector(`[data-box="${idOf(i)}"]`);
      if (row === null) return null;
      return {
        count: row.querySelector('.tiles-box-count')?.textContent ?? '',
        cells: row.querySelector('.tiles-cells')?.textContent ?? '',
      };
    },
    pushShown: (i) => {
      const shown = p.boxes.pushShown.get(idOf(i));
      return shown ? [shown[0], shown[1]] : null;
    },
    get map() {
      const m = p.mapLayer;
      return { revision: m.revision, cellsRedrawn: m.cellsRedrawn, edgesRead: m.edgesRead, fullRepaints: m.fullRepaints, partialRepaints: m.partialRepaints };
    },
    get frame() {
      return p.frame();
    },
    /** What the stepper's layer drew last frame: the step and the cell it outlined. */
    get stepDrawn() {
      return p.step();
    },
    ...screenMapping(canvas, v),
    notice: () => (p.noticeElement.hidden ? null : p.noticeElement.textContent),
    rulers: () => (p.rulers.enabled ? { ...p.rulers.shown } : null),
  };
  window.__broadphaseTiles = handle;
  return () => {
    if (window.__broadphaseTiles === handle) delete window.__broadphaseTiles;
  };
}
