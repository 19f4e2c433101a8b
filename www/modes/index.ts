// Every playground mode, in tab order: its `#mode=` name, the tab's label,
// the header's one-line description, the factory that mounts it, and its
// stylesheet (the page adds it to the document, an embed to each shadow
// root: neither needs to know which modes have one).

import { createGridsMode } from './grids/index';
import { createPlayMode } from './play/index';
import { createHierarchyMode } from './hierarchy/index';
import { createQuadtreeMode } from './quadtree/index';
import { createRaysMode } from './rays/index';
import { createTilesMode } from './tiles/index';
import type { ModeFactory } from './types';
import type { ModeName } from '../settings/mode-names';
import raysCss from './rays/rays.css?inline';
import tilesCss from './tiles/tiles.css?inline';
import playCss from './play/play.css?inline';
import boxListCss from '../box-editing/box-list.css?inline';

export interface ModeEntry {
  readonly id: ModeName;
  readonly label: string;
  readonly blurb: string;
  readonly create: ModeFactory;
  /** CSS text of the mode's own styles ('' for none). */
  readonly styles: string;
}

export const MODES: readonly ModeEntry[] = [
  {
    id: 'quadtree',
    label: 'Quadtree',
    blurb: 'Which boxes touch? A quadtree finds every overlapping pair without testing them all; a brute-force scan checks it live.',
    create: createQuadtreeMode,
    styles: '',
  },
  {
    id: 'grids',
    label: 'Grids',
    blurb: 'A normal grid files a box in every cell it touches; a loose grid in one cell, then searches five. Compare all structures on one scene.',
    create: createGridsMode,
    styles: '',
  },
  {
    id: 'hierarchy',
    label: 'Hierarchy',
    blurb: 'Attach boxes to boxes: children ride along, and a flat queue keeps every parent before its children, repaired step by step.',
    create: createHierarchyMode,
    styles: '',
  },
  {
    id: 'tiles',
    label: 'Tiles',
    blurb: 'An N-style tile grid: paint tiles, and every shared cell side becomes empty, solid or interesting.',
    create: createTilesMode,
    styles: tilesCss + boxListCss,
  },
  {
    id: 'rays',
    label: 'Rays',
    blurb: 'Amanatides–Woo: a ray walks the grid cell by cell, stops at the first solid edge and tests interesting tiles exactly.',
    create: createRaysMode,
    styles: raysCss + boxListCss,
  },
  {
    id: 'play',
    label: 'Play',
    blurb: 'Run through an N-style level: the tile grid and its edges under your feet, gold and mines in a loose grid, drones that look with the DDA.',
    create: createPlayMode,
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
