// Tile shape names (`empty`, `full`, `<family>-<corner>`, the corner being
// the one holding the solid part, y down) and what the editor derives from
// them: families for the palette, the quarter turn behind the R key, and
// each shape's unit outline and lone-tile side states for the icons.

import { World } from '../../../pkg/broadphase.js';

export type Corner = 'tl' | 'tr' | 'bl' | 'br';
export const CORNERS: readonly Corner[] = ['tl', 'tr', 'bl', 'br'];

/** A cell side, as `edge` and `setDoor` name it. */
export type Side = 'left' | 'right' | 'top' | 'bottom';
export const SIDES: readonly Side[] = ['left', 'right', 'top', 'bottom'];

/** `0` empty, `1` solid, `2` interesting: the numbers `tileEdges()` uses. */
export type EdgeCode = 0 | 1 | 2;

export interface ShapeName {
  family: string;
  corner: Corner | null;
}

export function parseShape(name: string): ShapeName {
  const cut = name.lastIndexOf('-');
  const tail = cut < 0 ? '' : name.slice(cut + 1);
  if ((CORNERS as readonly string[]).includes(tail)) return { family: name.slice(0, cut), corner: tail as Corner };
  return { family: name, corner: null };
}

// A quarter turn clockwise on screen (y down) takes the top-left corner to
// the top-right, and so on round.
const CLOCKWISE: Record<Corner, Corner> = { tl: 'tr', tr: 'br', br: 'bl', bl: 'tl' };
const ANTICLOCKWISE: Record<Corner, Corner> = { tl: 'bl', bl: 'br', br: 'tr', tr: 'tl' };
// Turned a quarter, a 1:2 shallow half is a 2:1 steep half and back.
const TURNED_FAMILY: Record<string, string> = {
  'shallow-small': 'steep-small',
  'steep-small': 'shallow-small',
  'shallow-large': 'steep-large',
  'steep-large': 'shallow-large',
};

/**
 * The shape turned a quarter clockwise (`clockwise = false`: the other way).
 * A real rotation of the solid region, so `shallow-small-br` becomes
 * `steep-small-bl`; shapes without a corner stay as they are.
 */
export function rotateShape(name: string, clockwise = true): string {
  const { family, corner } = parseShape(name);
  if (corner === null) return name;
  const next = (clockwise ? CLOCKWISE : ANTICLOCKWISE)[corner];
  return `${TURNED_FAMILY[family] ?? family}-${next}`;
}

/** A shape's look in a unit tile: its solid polygon and its sides' states. */
export interface ShapeInfo {
  readonly name: string;
  readonly index: number;
  readonly family: string;
  readonly corner: Corner | null;
  /** `[x0, y0, x1, y1, …]` in `[0, 1]²`, arcs as segments; empty for `empty`. */
  readonly outline: Float64Array;
  /** The state of each side of a lone tile of this shape, in `SIDES` order. */
  readonly sides: Record<Side, EdgeCode>;
}

export interface ShapeCatalogue {
  /** Every shape, in `World.tileShapes()` order (so `tileIndices()` indexes it). */
  readonly shapes: readonly ShapeInfo[];
  /** Families in first-seen order, each with its shapes (`full` alone). */
  readonly families: readonly { family: string; shapes: readonly ShapeInfo[] }[];
  byName(name: string): ShapeInfo | undefined;
}

const ICON_SEGMENTS = 16;

/**
 * Reads every shape's geometry from the core itself, on a scratch 3 × 3
 * world (the tile alone in the middle), so the icons draw exactly what
 * `setTile` makes.
 */
export function buildCatalogue(): ShapeCatalogue {
  const names = World.tileShapes();
  const scratch = new World(3, 3);
  const states: Record<string, EdgeCode> = { empty: 0, solid: 1, interesting: 2 };
  const shapes: ShapeInfo[] = [];
  try {
    scratch.setTileGrid(3, 3, 1);
    names.forEach((name, index) => {
      scratch.setTile(1, 1, name);
      const world = scratch.tileOutline(1, 1, ICON_SEGMENTS);
      const outline = world.map((v) => v - 1);
      const sides = {} as Record<Side, EdgeCode>;
      for (const side of SIDES) sides[side] = states[scratch.edge(1, 1, side)] ?? 0;
      shapes.push({ name, index, ...parseShape(name), outline, sides });
    });
  } finally {
    scratch.free();
  }
  const families: { family: string; shapes: ShapeInfo[] }[] = [];
  for (const s of shapes) {
    if (s.name === 'empty') continue;
    const group = families.find((f) => f.family === s.family);
    if (group) group.shapes.push(s);
    else families.push({ family: s.family, shapes: [s] });
  }
  // Palette order within a family: the corners as they sit in a tile.
  for (const f of families) f.shapes.sort((a, b) => CORNERS.indexOf(a.corner ?? 'tl') - CORNERS.indexOf(b.corner ?? 'tl'));
  const lookup = new Map(shapes.map((s) => [s.name, s]));
  return { shapes, families, byName: (name) => lookup.get(name) };
}
