// The palette's view of the tile shapes, read from the core's static
// functions (no map needed): names in code order, families, each shape's
// unit outline and the side states a lone tile of it gives (the icons).

import { TileGrid, World } from '../../core/index';

/** A cell side, as the core names it. */
export type Side = 'left' | 'right' | 'top' | 'bottom';

export type Corner = 'tl' | 'tr' | 'bl' | 'br';
const CORNERS: readonly Corner[] = ['tl', 'tr', 'bl', 'br'];

/** A shape's look in a unit tile: its solid polygon and its sides' states. */
export interface ShapeInfo {
  readonly name: string;
  readonly family: string;
  /** `[x0, y0, x1, y1, …]` in `[0, 1]²`, arcs as segments; empty for `empty`. */
  readonly outline: Float64Array;
  /** The state each side of a lone tile of this shape gives. */
  readonly sides: Record<Side, string>;
}

export interface ShapeCatalogue {
  /** Every shape, in code order. */
  readonly shapes: readonly ShapeInfo[];
  /** Families in the core's order, each with its shapes (`empty` stands with `full`). */
  readonly families: readonly { family: string; shapes: readonly ShapeInfo[] }[];
  byName(name: string): ShapeInfo | undefined;
}

const ICON_SEGMENTS = 16;

export function buildCatalogue(): ShapeCatalogue {
  const states = World.edgeStates();
  const sideNames = TileGrid.sides() as Side[];
  const shapes: ShapeInfo[] = TileGrid.shapes().map((name) => {
    const codes = TileGrid.shapeSides(name);
    const sides = Object.fromEntries(sideNames.map((side, i) => [side, states[codes[i]]])) as Record<Side, string>;
    return { name, family: TileGrid.shapeFamily(name), outline: TileGrid.shapeOutline(name, ICON_SEGMENTS), sides };
  });
  const families = TileGrid.shapeFamilies()
    .filter((family) => family !== 'empty')
    .map((family) => {
      const members = shapes.filter((s) => s.family === family || (family === 'full' && s.family === 'empty'));
      // Within a family, the corners as they sit in a tile.
      const corner = (s: ShapeInfo) =>
        s.family === 'full' ? -2 : s.family === 'empty' ? -1 : CORNERS.indexOf(s.name.slice(s.name.lastIndexOf('-') + 1) as Corner);
      return { family, shapes: members.sort((a, b) => corner(a) - corner(b)) };
    });
  const lookup = new Map(shapes.map((s) => [s.name, s]));
  return { shapes, families, byName: (name) => lookup.get(name) };
}
