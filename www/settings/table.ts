// Every setting a playground takes, in one table: its mount() option (the
// name of its typed value), its embed attribute, its URL parameter, its
// kind of value (kinds.ts: how it is read, checked and written), its
// default per mode, the modes that use it, and its documentation. The
// page's URL, the embed's attributes and options, the values every mode
// receives (`SettingValues`, derived from this table) and docs/EMBED.md
// (checked by a test) all come from here.
//
// Adding a setting: a row here (the unit tests read and write its
// example), then the mode that uses it reads `settings.<option>` and
// publishes it; an embed option also gets its typed field in
// ../embed/options.ts (tsc names it if it is missing).

import { TileGrid, World } from '../core/index';
import { prefersReducedMotion } from '../runtime/motion';
import { cssLength, flag, list, numberIn, numbers, oneOf, panelList, tileMap, url, view, type Kind } from './kinds';
import { boxesMax, objectsMax } from './limits';
import { formatBoxList, formatLinkList, formatMovedList, readBoxList, readLinkList, readMovedList } from './lists';
import { BOX_MODES, MODE_NAMES, type ModeName } from './mode-names';

export { MODE_NAMES, type ModeName } from './mode-names';

/** One row of the table. */
export interface SettingSpec {
  /** The `mount()` option, the `getState()` key, and the name of the typed value modes receive. */
  readonly option: string;
  /** The `<broadphase-playground>` attribute. */
  readonly attribute: string;
  /** The URL parameter (the page's hash); null for embed-only settings. */
  readonly param: string | null;
  /** For the docs: the kind of value. */
  readonly type: string;
  /** For the docs: what is used when the setting is absent. */
  readonly defaultText: string;
  /** The modes that read it (`'all'` for every mode). */
  readonly modes: readonly ModeName[] | 'all';
  /** For the docs: what it does. */
  readonly doc: string;
  /** A valid value as written in a link or an attribute (the tests read every setting from it). */
  readonly example: string;
  /** How its value is read, checked and written (any kind: each row's own type is kept by `SETTINGS`). */
  readonly kind: Kind<any>;
  /** The value when the setting is not given, per mode; absent when the mode picks it from its scene (a cell size, a ray). */
  readonly fallback?: (mode: ModeName) => unknown;
}

/** A name the core knows, else the core's first (a build without that structure, preset…). */
const available = (names: readonly string[], wanted: string) => (names.includes(wanted) ? wanted : names[0]);

export const SETTINGS = [
  {
    option: 'mode',
    example: 'tiles',
    attribute: 'mode',
    param: 'mode',
    type: 'name',
    defaultText: 'quadtree',
    modes: 'all',
    doc: 'Which playground: the quadtree demo, the grids comparison, the hierarchy, the tile editor, or rays.',
    kind: oneOf(() => MODE_NAMES) as Kind<ModeName>,
    fallback: (): ModeName => 'quadtree',
  },
  {
    option: 'count',
    example: '300',
    attribute: 'count',
    param: 'n',
    type: 'whole number',
    defaultText: '800 (hierarchy: 36)',
    modes: BOX_MODES,
    doc: 'Objects in the seeded scene.',
    kind: numberIn({ integer: true, range: (mode) => [1, objectsMax(mode)] }),
    fallback: (mode: ModeName) => (mode === 'hierarchy' ? 36 : 800),
  },
  {
    option: 'seed',
    example: '7',
    attribute: 'seed',
    param: 'seed',
    type: 'whole number',
    defaultText: '1 (hierarchy: 3)',
    modes: [...BOX_MODES, 'play'],
    doc: "The scene's seed: the same seed gives the same scene.",
    kind: numberIn({ integer: true, range: () => [0, 0xffff_ffff] }),
    fallback: (mode: ModeName) => (mode === 'hierarchy' ? 3 : 1),
  },
  {
    option: 'layout',
    example: 'clustered',
    attribute: 'layout',
    param: 'layout',
    type: 'name',
    defaultText: 'uniform',
    modes: BOX_MODES,
    doc: 'How the seeded boxes are spread: evenly, in clusters, or with a few big ones mixed in.',
    kind: oneOf(() => World.layouts()),
    fallback: () => 'uniform',
  },
  {
    option: 'structure',
    example: 'grid',
    attribute: 'structure',
    param: 'structure',
    type: 'name',
    defaultText: 'quadtree (grids and rays: loose-grid)',
    modes: ['quadtree', 'grids', 'hierarchy', 'rays'],
    doc: 'The broad-phase structure the world uses.',
    kind: oneOf(() => World.structures()),
    fallback: (mode: ModeName) => available(World.structures(), mode === 'grids' || mode === 'rays' ? 'loose-grid' : 'quadtree'),
  },
  {
    option: 'maxObjects',
    example: '4',
    attribute: 'max-objects',
    param: 'mo',
    type: 'whole number',
    defaultText: '16',
    modes: BOX_MODES,
    doc: 'Quadtree: objects a node holds before it splits.',
    kind: numberIn({ integer: true, range: () => [1, 256] }),
    fallback: () => World.defaultQuadtreeLimits()[0],
  },
  {
    option: 'maxLevels',
    example: '6',
    attribute: 'max-levels',
    param: 'ml',
    type: 'whole number',
    defaultText: '8',
    modes: BOX_MODES,
    doc: 'Quadtree: the deepest level a node may be at (the root is 0).',
    kind: numberIn({ integer: true, range: () => [0, 48] }),
    fallback: () => Math.min(World.defaultQuadtreeLimits()[1], 12),
  },
  {
    option: 'cellSize',
    example: '12.5',
    attribute: 'cell-size',
    param: 'cell',
    type: 'number',
    defaultText: "picked from the boxes' sizes",
    modes: BOX_MODES,
    doc: 'Grids: the cell size in world units.',
    kind: numberIn({ integer: false, range: () => [0, 1e6], exclusiveMin: true }, (v) => String(+v.toPrecision(6))),
  },
  {
    option: 'speed',
    example: '0.5',
    attribute: 'speed',
    param: 'speed',
    type: 'number',
    defaultText: '1',
    modes: BOX_MODES,
    doc: 'Simulation speed: multiplies time (0 freezes motion but keeps drawing).',
    kind: numberIn({ integer: false, range: () => [0, 4] }, (v) => String(+v.toPrecision(6))),
    fallback: () => 1,
  },
  {
    option: 'paused',
    example: '',
    attribute: 'paused',
    param: 'paused',
    type: 'true or false',
    defaultText: 'false (true when the reader prefers reduced motion)',
    modes: ['quadtree', 'grids', 'hierarchy', 'rays', 'play'],
    doc: 'Start paused.',
    kind: flag(false),
    fallback: () => prefersReducedMotion(),
  },
  {
    option: 'tree',
    example: '0',
    attribute: 'tree',
    param: 'tree',
    type: 'true or false',
    defaultText: 'true',
    modes: BOX_MODES,
    doc: "Draw the structure's lines: quadtree splits, grid cells, hierarchy links.",
    kind: flag(true),
    fallback: () => true,
  },
  {
    option: 'boxes',
    example: '1,2,3,4;5,6,7,8,1,-1',
    attribute: 'boxes',
    param: 'boxes',
    type: 'box list',
    defaultText: 'the seeded scene (tiles: three boxes; rays: none drawn)',
    modes: ['quadtree', 'grids', 'hierarchy', 'tiles', 'rays'],
    doc: 'Explicit boxes instead of a seeded scene, in world units from the origin; in the tile editor the boxes to drag, in rays the drawn boxes (at rest, beside the bouncing ones); velocities ignored in both.',
    kind: list(readBoxList, 'boxes', boxesMax, formatBoxList, '"x,y,w,h[,vx,vy]; …" (finite, within ±1,000,000, w and h above 0)'),
  },
  {
    option: 'moved',
    example: '3:1,2,3,4,0.5,0',
    attribute: 'moved',
    param: 'moved',
    type: 'id:box list',
    defaultText: 'none',
    modes: BOX_MODES,
    doc: 'Boxes placed by hand over the seeded scene: "id:x,y,w,h,vx,vy; …" (what a share link records after a drag).',
    kind: list(readMovedList, 'boxes', objectsMax, formatMovedList, '"id:x,y,w,h[,vx,vy]; …" (ids from 1, finite numbers within ±1,000,000, w and h above 0)'),
  },
  {
    option: 'links',
    example: '2:1;3:1',
    attribute: 'links',
    param: 'links',
    type: 'child:parent list',
    defaultText: 'a small starting family',
    modes: ['hierarchy'],
    doc: 'Every parent link of the hierarchy, replacing the starting family: "child:parent; …" (empty: all at the root).',
    kind: list(readLinkList, 'links', objectsMax, formatLinkList, '"child:parent; …" with object ids (whole numbers from 1), no box its own parent'),
  },
  {
    option: 'camera',
    example: '10_20_30_40',
    attribute: 'camera',
    param: 'camera',
    type: '4 numbers',
    defaultText: 'a window on the middle',
    modes: ['quadtree', 'grids'],
    doc: "The culling camera's rectangle x, y, w, h in world units (kept in the world).",
    kind: numbers<[x: number, y: number, w: number, h: number]>(4, 'x, y, w, h'),
  },
  {
    option: 'preset',
    example: 'slopes',
    attribute: 'preset',
    param: 'preset',
    type: 'name',
    defaultText: 'n-level',
    modes: ['tiles'],
    doc: 'The tile map to start from.',
    kind: oneOf(() => TileGrid.presets()),
    fallback: () => available(TileGrid.presets(), 'n-level'),
  },
  {
    option: 'tiles',
    example: '..##\n##..',
    attribute: 'tiles',
    param: 'tiles',
    type: 'ASCII map',
    defaultText: 'the preset',
    modes: ['tiles'],
    doc: 'A tile map as text (two characters a cell, rows on lines, door lines after; see docs/API.md, TileGrid.ascii). In HTML, write it in the attribute over several lines (indentation is ignored) or in a child <template data-tiles>.',
    kind: tileMap(2_000_000),
  },
  {
    option: 'shape',
    example: 'full',
    attribute: 'shape',
    param: 'shape',
    type: 'name',
    defaultText: 'slope45-br',
    modes: ['tiles'],
    doc: 'The tile shape in hand.',
    kind: oneOf(() => TileGrid.shapes().filter((s) => s !== 'empty')),
    fallback: () => 'slope45-br',
  },
  {
    option: 'ray',
    example: '1_2_3_4',
    attribute: 'ray',
    param: 'ray',
    type: '4 numbers',
    defaultText: 'a ray across the map',
    modes: ['rays'],
    doc: "The ray's ends x0, y0, x1, y1 in world units (kept on the map).",
    kind: numbers<[x0: number, y0: number, x1: number, y1: number]>(4, 'x0, y0, x1, y1'),
  },
  {
    option: 'enemy',
    example: '5,6',
    attribute: 'enemy',
    param: 'enemy',
    type: '2 numbers',
    defaultText: 'on a ledge',
    modes: ['rays'],
    doc: "The enemy's position x, y in world units.",
    kind: numbers<[x: number, y: number]>(2, 'x, y'),
  },
  {
    option: 'player',
    example: '7_8',
    attribute: 'player',
    param: 'player',
    type: '2 numbers',
    defaultText: 'in the open',
    modes: ['rays'],
    doc: "The player's position x, y in world units.",
    kind: numbers<[x: number, y: number]>(2, 'x, y'),
  },
  {
    option: 'view',
    example: '2_0.25_0.75',
    attribute: 'view',
    param: 'view',
    type: '3 numbers',
    defaultText: 'the whole world fitted',
    modes: 'all',
    doc: "The page view: zoom over the fitted view, and the point at the canvas centre as fractions of the world's width and height (what a share link records after a zoom or a pan).",
    kind: view(),
  },
  {
    option: 'panels',
    example: 'stats',
    attribute: 'panels',
    param: null,
    type: 'panel ids',
    defaultText: 'all',
    modes: 'all',
    doc: 'The side panels to show (ids in the panel table), "all" or "none".',
    kind: panelList(),
  },
  {
    option: 'controls',
    example: 'false',
    attribute: 'controls',
    param: null,
    type: 'true or false',
    defaultText: 'true',
    modes: 'all',
    doc: 'false hides the control panels (settings, tools, keys) unless `panels` names them.',
    kind: flag(true),
  },
  {
    option: 'legend',
    example: 'false',
    attribute: 'legend',
    param: null,
    type: 'true or false',
    defaultText: 'true',
    modes: 'all',
    doc: 'The colour legend and help line under the canvas.',
    kind: flag(true),
  },
  {
    option: 'theme',
    example: 'light',
    attribute: 'theme',
    param: null,
    type: 'name',
    defaultText: 'auto',
    modes: 'all',
    doc: 'The colours: "light", "dark", or "auto", which follows the page (its color-scheme, else the background behind the element, else the reader\'s light/dark preference) and changes with the page\'s own toggle.',
    kind: oneOf(() => ['auto', 'light', 'dark']) as Kind<'auto' | 'light' | 'dark'>,
    fallback: () => 'auto',
  },
  {
    option: 'height',
    example: '400',
    attribute: 'height',
    param: null,
    type: 'CSS length',
    defaultText: 'from the width',
    modes: 'all',
    doc: "The embed's height when the page does not size the element itself (a CSS height on the element wins); without one, a height from the width and the panels shown.",
    kind: cssLength(),
  },
  {
    option: 'wasmUrl',
    example: 'https://cdn.example.com/broadphase_bg.wasm',
    attribute: 'wasm-url',
    param: null,
    type: 'URL',
    defaultText: 'broadphase_bg.wasm beside the module',
    modes: 'all',
    doc: 'Where the wasm file is, when it is not beside broadphase-embed.js (or set window.BROADPHASE_WASM_URL once for the page).',
    kind: url(),
  },
] as const satisfies readonly SettingSpec[];

type Row = (typeof SETTINGS)[number];
type ValueOf<R> = R extends { kind: Kind<infer T> } ? T : never;

/**
 * Every setting's typed value, by option name: those with a default are
 * always there (the mode's default when not given), the others only when
 * given or published (a mode picks them from its scene).
 */
export type SettingValues = { -readonly [R in Row as R extends { fallback: unknown } ? R['option'] : never]: ValueOf<R> } & {
  -readonly [R in Row as R extends { fallback: unknown } ? never : R['option']]?: ValueOf<R>;
};

/** Some settings' values: what a mode publishes, what was given. */
export type SomeSettings = Partial<SettingValues>;


/** The setting with this option, attribute or parameter name. */
export function settingBy(key: 'attribute' | 'option' | 'param', name: string): SettingSpec | undefined {
  return (SETTINGS as readonly SettingSpec[]).find((s) => s[key] === name);
}

/** Whether a mode reads a setting. */
export function appliesTo(spec: SettingSpec, mode: ModeName): boolean {
  return spec.modes === 'all' || spec.modes.includes(mode);
}
