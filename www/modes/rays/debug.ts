// `window.__broadphaseRays`: the rays mode's handle for tests and the
// devtools console.
//
//   world            the wasm World with the map and the boxes (castRay)
//   tiles            its TileGrid (traceSteps, lineOfSight, the sight
//                    line's tiles-only castRay)
//   map              the tile-map layer's counters (see layers/tile-map.ts)
//   ray              the segment {x0, y0, x1, y1} in world units (live:
//                    assign to it and the next frame re-traces)
//   enemy, player    {x, y} in world units (live)
//   shadedCells()    [col, row, …] the last frame painted with the visit
//                    gradient, in visit order (every traced cell, or those
//                    up to the current step in the step-through)
//   tracedRay()      the {x0, y0, x1, y1} those cells were traced for
//   steps()          the traceSteps records on screen (see trace.ts DdaStep),
//                    every cell of the segment (`visited` of them before the hit)
//   visited          how many cells the ray visits, to its first hit
//   hit()            what the readout shows: castRay's hit (plus the tile's
//                    shape) or null
//   sees()           the enemy's lineOfSight to the player, last frame
//   stepIndex        the step-through's visit, or null (whole ray)
//   paused           whether the boxes stand still (assign to pause / play)
//   frame            frames drawn so far
//   worldToScreen(x, y) → {x, y}  viewport (client) CSS px, for page.mouse
//   screenToWorld(x, y) → {x, y}  the inverse
//   drawnBoxes()     [{ id, name, x, y, w, h, cells }] of the drawn boxes
//                    (cells: touchedCells as the readout lists them)
//   drawnCells(i)    [col, row, …] the last frame tinted as drawn box i's cells
//   drawnReadout(i)  drawn box i's row as shown: { count, cells }
//   view             the viewport's { zoom, centreX, centreY }
//   rulers()         { firstCol, firstRow, step } the rulers labelled last frame, or null when off
//   model            the RaysModel, for actions (showVisit, setStructure, …)

import type { TileGrid, World } from '../../core/index';
import type { TileMapLayer } from '../../layers/tile-map';
import type { RulersLayer } from '../../layers/rulers';
import type { DrawnCellsLayer, TraceCellsLayer } from './layers';
import type { Hit, Point, Ray, RaysModel } from './model';
import type { DdaStep } from './trace';
import { screenMapping } from '../../runtime/keys';

export interface RaysDebugHandle {
  readonly world: World;
  readonly tiles: TileGrid;
  readonly map: { revision: number; cellsRedrawn: number; edgesRead: number; fullRepaints: number; partialRepaints: number };
  readonly ray: Ray;
  readonly enemy: Point;
  readonly player: Point;
  shadedCells(): number[];
  tracedRay(): Ray;
  steps(): DdaStep[];
  readonly visited: number;
  hit(): Hit | null;
  sees(): boolean;
  readonly stepIndex: number | null;
  paused: boolean;
  readonly frame: number;
  worldToScreen(x: number, y: number): { x: number; y: number };
  screenToWorld(x: number, y: number): { x: number; y: number };
  drawnBoxes(): { id: number; name: string; x: number; y: number; w: number; h: number; cells: number[] }[];
  drawnCells(i: number): number[];
  drawnReadout(i: number): { count: string; cells: string } | null;
  readonly view: { zoom: number; centreX: number; centreY: number };
  rulers(): { firstCol: number; firstRow: number; step: number } | null;
  readonly model: RaysModel;
}

declare global {
  interface Window {
    __broadphaseRays?: RaysDebugHandle;
  }
}

/** The layers whose last frame the handle reports. */
export interface RaysDebugLayers {
  readonly map: TileMapLayer;
  readonly cells: TraceCellsLayer;
  readonly drawnCells: DrawnCellsLayer;
  readonly rulers: RulersLayer;
}

/** Installs the handle; the returned function removes it (if still ours). */
export function installRaysDebugHandle(model: RaysModel, layers: RaysDebugLayers, canvas: HTMLCanvasElement, panelRoot: HTMLElement): () => void {
  const v = model.viewport;
  const handle: RaysDebugHandle = {
    world: model.world,
    tiles: model.tiles,
    get map() {
      const m = layers.map;
      return { revision: m.revision, cellsRedrawn: m.cellsRedrawn, edgesRead: m.edgesRead, fullRepaints: m.fullRepaints, partialRepaints: m.partialRepaints };
    },
    get ray() {
      return model.setup.ray;
    },
    get enemy() {
      return model.setup.enemy;
    },
    get player() {
      return model.setup.player;
    },
    shadedCells() {
      return [...layers.cells.shaded];
    },
    tracedRay() {
      return { ...model.traced };
    },
    steps() {
      return model.walk.map((s) => ({ ...s }));
    },
    get visited() {
      return model.visited;
    },
    hit() {
      return model.hit === null ? null : { ...model.hit };
    },
    sees() {
      return model.sight.clear;
    },
    get stepIndex() {
      return model.ui.stepIndex;
    },
    get paused() {
      return model.setup.paused;
    },
    set paused(on: boolean) {
      model.setPaused(on);
    },
    get frame() {
      return model.frame;
    },
    ...screenMapping(canvas, v),
    drawnBoxes: () => model.drawn.boxes().map(({ id, name, x, y, w, h, cells }) => ({ id, name, x, y, w, h, cells: Array.from(cells) })),
    drawnCells: (i) => [...(layers.drawnCells.highlighted.get(model.drawn.boxes()[i]?.id ?? 0) ?? [])],
    drawnReadout(i) {
      const row = panelRoot.querySelector(`.rays-readout-box[data-box="${model.drawn.boxes()[i]?.id ?? 0}"]`);
      if (row === null) return null;
      return { count: row.querySelector('.rays-box-count')?.textContent ?? '', cells: row.querySelector('.rays-cells')?.textContent ?? '' };
    },
    get view() {
      return { zoom: v.zoom, centreX: v.centreX, centreY: v.centreY };
    },
    rulers: () => (layers.rulers.enabled ? { ...layers.rulers.shown } : null),
    model,
  };
  window.__broadphaseRays = handle;
  return () => {
    if (window.__broadphaseRays === handle) delete window.__broadphaseRays;
  };
}
