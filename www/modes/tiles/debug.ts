// `window.__broadphaseTiles`: a small handle on the tile editor for tests
// and the devtools console.
//
//   world                   the mode's wasm World (tile(), edge(), touchedCells(), pushOut(), …)
//   editor                  the TileEditor: state and guarded actions (setTile, cycleDoor,
//                           moveBox, resizeBox, resolve, loadPreset, setShape, rotate, …)
//   boxes()                 [{ name, x, y, w, h }] of the draggable boxes, world units
//   selected                index of the box the arrow keys move
//   keyStep                 world units one arrow key press moves or resizes a box by
//   highlightedCells(i)     [col, row, …] the last frame painted as box i's touched cells
//   readout(i)              box i's readout as shown: { count, cells } (cells: "(c,r) (c,r) …")
//   pushShown(i)            [dx, dy] of the push-out arrow the last frame drew for box i, or null
//   drawnEdges, drawnDoors  edges (solid + interesting) and doors the last frame drew
//   cellsRedrawn            map cells repainted by the last map change (a paint: 1)
//   frame                   frames drawn (the canvas redraws only when something changed)
//   worldToScreen(x, y)     → { x, y } client CSS px, for page.mouse
//   screenToWorld(x, y)     → { x, y } world units
//   notice()                the text of the notice on screen, or null

import type { World } from '../../../pkg/broadphase.js';
import type { TileEditor } from './editor';
import type { TilesRenderer } from './render';
import type { TileView } from './view';

export interface TilesDebugHandle {
  readonly world: World;
  readonly editor: TileEditor;
  boxes(): { name: string; x: number; y: number; w: number; h: number }[];
  readonly selected: number;
  readonly keyStep: number;
  highlightedCells(i: number): number[];
  readout(i: number): { count: string; cells: string } | null;
  pushShown(i: number): [number, number] | null;
  readonly drawnEdges: number;
  readonly drawnDoors: number;
  readonly cellsRedrawn: number;
  readonly frame: number;
  worldToScreen(x: number, y: number): { x: number; y: number };
  screenToWorld(x: number, y: number): { x: number; y: number };
  notice(): string | null;
}

declare global {
  interface Window {
    __broadphaseTiles?: TilesDebugHandle;
  }
}

interface Parts {
  editor: TileEditor;
  renderer: TilesRenderer;
  view: TileView;
  canvas: HTMLCanvasElement;
  readoutRoot: HTMLElement;
  noticeElement: HTMLElement;
  keyStep: () => number;
}

/** Installs the handle; the returned function removes it (if still ours). */
export function installTilesDebugHandle(p: Parts): () => void {
  const { editor, renderer, view: v, canvas } = p;
  const handle: TilesDebugHandle = {
    get world() {
      return editor.world;
    },
    editor,
    boxes: () => editor.boxes.map(({ name, x, y, w, h }) => ({ name, x, y, w, h })),
    get selected() {
      return editor.selected;
    },
    get keyStep() {
      return p.keyStep();
    },
    highlightedCells: (i) => [...(renderer.highlighted[i] ?? [])],
    readout(i) {
      const row = p.readoutRoot.querySelector(`[data-box="${i}"]`);
      if (row === null) return null;
      return {
        count: row.querySelector('.tiles-box-count')?.textContent ?? '',
        cells: row.querySelector('.tiles-cells')?.textContent ?? '',
      };
    },
    pushShown: (i) => {
      const shown = renderer.pushShown[i];
      return shown ? [shown[0], shown[1]] : null;
    },
    get drawnEdges() {
      return renderer.drawnEdges;
    },
    get drawnDoors() {
      return renderer.drawnDoors;
    },
    get cellsRedrawn() {
      return renderer.cellsRedrawn;
    },
    get frame() {
      return renderer.frame;
    },
    worldToScreen(x, y) {
      const r = canvas.getBoundingClientRect();
      return { x: r.left + v.toCssX(x), y: r.top + v.toCssY(y) };
    },
    screenToWorld(x, y) {
      const r = canvas.getBoundingClientRect();
      return { x: v.toWorldX(x - r.left), y: v.toWorldY(y - r.top) };
    },
    notice: () => (p.noticeElement.hidden ? null : p.noticeElement.textContent),
  };
  window.__broadphaseTiles = handle;
  return () => {
    if (window.__broadphaseTiles === handle) delete window.__broadphaseTiles;
  };
}
