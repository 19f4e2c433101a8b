// Every playground mode, in tab order: its `#mode=` name, the tab's label,
// the header's one-line description, how to load the factory that mounts
// it, and its stylesheet (the page adds it to the document, an embed to
// each shadow root: neither needs to know which modes have one). Each
// mode's code is loaded when first wanted (its own chunk in the page
// build), so a page downloads only the modes it shows before its first
// frame.

import type { ModeFactory } from '../runtime/scene';
import type { ModeName } from '../settings/mode-names';
import raysCss from './rays/rays.css?inline';
import tilesCss from './tiles/tiles.css?inline';
import playCss from './play/play.css?inline';
import boxListCss from '../box-editing/box-list.css?inline';

export interface ModeEntry {
  readonly id: ModeName;
  readonly label: string;
  readonly blurb: string;
  /** The mode's factory, once its code has loaded (the same promise every time). */
  readonly load: () => Promise<ModeFactory>;
  /** CSS text of the mode's own styles ('' for none). */
  readonly styles: string;
}

export const MODES: readonly ModeEntry[] = [
  {
    id: 'quadtree',
    label: 'Quadtree',
    blurb: 'Which boxes touch? A quadtree finds every overlapping pair without testing them all; a brute-force scan checks it live.',
    load: () => import('./quadtree/index').then((m) => m.createQuadtreeMode),
    styles: '',
  },
  {
    id: 'grids',
    label: 'Grids',
    blurb: 'A normal grid files a box in every cell it touches; a loose grid in one cell, then searches five. Compare all structures on one scene.',
    load: () => import('./grids/index').then((m) => m.createGridsMode),
    styles: '',
  },
  {
    id: 'hierarchy',
    label: 'Hierarchy',
    blurb: 'Attach boxes to boxes: children ride along, and a flat queue keeps every parent before its children, repaired step by step.',
    load: () => import('./hierarchy/index').then((m) => m.createHierarchyMode),
    styles: '',
  },
  {
    id: 'tiles',
    label: 'Tiles',
    blurb: 'An N-style tile grid: paint tiles, and every shared cell side becomes empty, solid or interesting.',
    load: () => import('./tiles/index').then((m) => m.createTilesMode),
    styles: tilesCss + boxListCss,
  },
  {
    id: 'rays',
    label: 'Rays',
    blurb: 'Amanatides–Woo: a ray walks the grid cell by cell, stops at the first solid edge and tests interesting tiles exactly.',
    load: () => import('./rays/index').then((m) => m.createRaysMode),
    styles: raysCss + boxListCss,
  },
  {
    id: 'play',
    label: 'Play',
    blurb: 'Run through an N-style level: the tile grid and its edges under your feet, gold and mines in a loose grid, drones that look with the DDA.',
    load: () => import('./play/index').then((m) => m.createPlayMode),
    styles: playCss,
  },
];

export const DEFAULT_MODE = MODES[0].id;

export function findMode(id: string | null): ModeEntry {
  return MODES.find((m) => m.id === id) ?? MODES[0];
}

/** Every mode's styles, in one stylesheet. */
export function modeStyles(): string {
  return MODES.map((m) => m.styles).join('\n');
}
