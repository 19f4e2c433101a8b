// Every playground mode, in tab order: its `?mode=` name, the tab's label,
// the header's one-line description, and the factory that mounts it.

import { createGridsMode } from './grids/index';
import { createHierarchyMode } from './hierarchy/index';
import { createQuadtreeMode } from './quadtree/index';
import { createRaysMode } from './rays/index';
import { createTilesMode } from './tiles/index';
import type { ModeFactory } from './types';

export interface ModeEntry {
  readonly id: string;
  readonly label: string;
  readonly blurb: string;
  readonly create: ModeFactory;
}

export const MODES: readonly ModeEntry[] = [
  {
    id: 'quadtree',
    label: 'Quadtree',
    blurb: 'Which boxes touch? A quadtree finds every overlapping pair without testing them all; a brute-force scan checks it live.',
    create: createQuadtreeMode,
  },
  {
    id: 'grids',
    label: 'Grids',
    blurb: 'A normal grid files a box in every cell it touches; a loose grid in one cell, then searches five. Compare all structures on one scene.',
    create: createGridsMode,
  },
  {
    id: 'hierarchy',
    label: 'Hierarchy',
    blurb: 'Attach boxes to boxes: children ride along, and a flat queue keeps every parent before its children, repaired step by step.',
    create: createHierarchyMode,
  },
  {
    id: 'tiles',
    label: 'Tiles',
    blurb: 'An N-style tile grid: paint tiles, and every shared cell side becomes empty, solid or interesting.',
    create: createTilesMode,
  },
  {
    id: 'rays',
    label: 'Rays',
    blurb: 'Amanatides–Woo: a ray walks the grid cell by cell, stops at the first solid edge and tests interesting tiles exactly.',
    create: createRaysMode,
  },
];

export const DEFAULT_MODE = MODES[0].id;

export function findMode(id: string | null): ModeEntry {
  return MODES.find((m) => m.id === id) ?? MODES[0];
}
