// Every setting a playground takes, in one table. Each has one name: the
// `mount()` option and `getState()` key, and the name of the typed value a
// mode reads, written in kebab-case as the embed attribute and the link
// parameter (`maxObjects` is `max-objects="4"` and `#max-objects=4`). A row
// also gives its kind of value (kinds.ts: how it is read, checked and
// written), its default per mode, the modes that read it, whether a link
// carries it, the older link names still read as it, and its
// documentation. The page's address, the embed's attributes and options,
// their TypeScript types (`PlaygroundOptions`), the values every mode
// receives (`SettingValues`) and docs/EMBED.md (checked by a test) all
// come from here.
//
// Adding a setting: a row here (the unit tests read and write its
// example); the mode that uses it reads `settings.<name>` and keeps it in
// the settings it publishes.

import { TileGrid, World } from '../core/index';
import { prefersReducedMotion } from './motion';
import { cellSide, cssLength, flag, list, numberIn, numbers, oneOf, panelList, tileMap, url, view, type Kind } from './kinds';
import { lessonName } from './lessons';
import { boxesMax, objectsMax, SPEED_MAX } from './limits';
import { editLog, TICK_MAX } from './edit-log';
import { formatBoxList, formatLinkList, formatMovedList, readBoxList, readLinkList, readMovedList } from './lists';
import { BOX_MODES, MODE_NAMES, STEPPER_MODES, type ModeName } from './mode-names';

export { MODE_NAMES, type ModeName } from './mode-names';

/** One row of the table. */
export interface SettingSpec {
  /**
   * The setting's one name: the `mount()` option, the `getState()` key and
   * the typed value modes receive; in kebab-case (`attributeOf`), the
   * `<broadphase-playground>` attribute and the link parameter.
   */
  readonly name: string;
  /** Whether the page's address (and so a share link) carries it; embed-only settings do not. */
  readonly inLink: boolean;
  /** Link parameters of older links, still read as this setting (links written before every setting had one name). */
  readonly aliases?: readonly string[];
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
  readonly kind: Kind<any, any>;
  /** The value when the setting is not given, per mode; absent when the mode picks it from its scene (a cell size, a ray). */
  readonly fallback?: (mode: ModeName) => unknown;
}

/** A name the core knows, else the core's first (a build without that structure, preset…). */
const available = (names: readonly string[], wanted: string) => (names.includes(wanted) ? wanted : names[0]);

export const SETTINGS = [
  {
    name: 'mode',
    example: 'tiles',
    inLink: true,
    type: 'name',
    defaultText: 'quadtree',
    modes: 'all',
    doc: 'Which playground: the quadtree, the grids and their comparison, the hierarchy, the tile editor, rays, or the game.',
    kind: oneOf(() => MODE_NAMES) as Kind<ModeName>,
    fallback: (): ModeName => 'quadtree',
  },
  {
    name: 'count',
    example: '300',
    inLink: true,
    aliases: ['n'],
    type: 'whole number',
    defaultText: '800 (hierarchy: 36)',
    modes: BOX_MODES,
    doc: 'Objects in the seeded scene.',
    kind: numberIn({ integer: true, range: (mode) => [1, objectsMax(mode)] }),
    fallback: (mode: ModeName) => (mode === 'hierarchy' ? 36 : 800),
  },
  {
    name: 'seed',
    example: '7',
    inLink: true,
    type: 'whole number',
    defaultText: '1 (hierarchy: 3)',
    modes: [...BOX_MODES, 'play'],
    doc: "The scene's seed: the same seed gives the same scene.",
    kind: numberIn({ integer: true, range: () => [0, 0xffff_ffff] }),
    fallback: (mode: ModeName) => (mode === 'hierarchy' ? 3 : 1),
  },
  {
    name: 'layout',
    example: 'clustered',
    inLink: true,
    type: 'name',
    defaultText: 'uniform',
    modes: BOX_MODES,
    doc: 'How the seeded boxes are spread: evenly, in clusters, or with a few big ones mixed in.',
    kind: oneOf(() => World.layouts()),
    fallback: () => 'uniform',
  },
  {
    name: 'structure',
    example: 'grid',
    inLink: true,
    type: 'name',
    defaultText: 'quadtree (grids and rays: loose-grid)',
    modes: ['quadtree', 'grids', 'hierarchy', 'rays'],
    doc: 'The broad-phase structure the world uses.',
    kind: oneOf(() => World.structures()),
    fallback: (mode: ModeName) => available(World.structures(), mode === 'grids' || mode === 'rays' ? 'loose-grid' : 'quadtree'),
  },
  {
    name: 'maxObjects',
    example: '4',
    inLink: true,
    aliases: ['mo'],
    type: 'whole number',
    defaultText: '16',
    modes: BOX_MODES,
    doc: 'Quadtree: objects a node holds before it splits.',
    kind: numberIn({ integer: true, range: () => [1, 256] }),
    fallback: () => World.defaultQuadtreeLimits()[0],
  },
  {
    name: 'maxLevels',
    example: '6',
    inLink: true,
    aliases: ['ml'],
    type: 'whole number',
    defaultText: '8',
    modes: BOX_MODES,
    doc: 'Quadtree: the deepest level a node may be at (the root is 0).',
    kind: numberIn({ integer: true, range: () => [0, 48] }),
    fallback: () => Math.min(World.defaultQuadtreeLimits()[1], 12),
  },
  {
    name: 'cellSize',
    example: '12.5',
    inLink: true,
    aliases: ['cell'],
    type: 'number',
    defaultText: "picked from the boxes' sizes",
    modes: BOX_MODES,
    doc: 'Grids: the cell size in world units.',
    kind: numberIn({ integer: false, range: () => [0, 1e6], exclusiveMin: true }, (v) => String(+v.toPrecision(6))),
  },
  {
    name: 'speed',
    example: '0.5',
    inLink: true,
    type: 'number',
    defaultText: '1',
    modes: BOX_MODES,
    doc: 'Simulation speed: multiplies time (0 freezes motion but keeps drawing).',
    kind: numberIn({ integer: false, range: () => [0, SPEED_MAX] }, (v) => String(+v.toPrecision(6))),
    fallback: () => 1,
  },
  {
    name: 'paused',
    example: '',
    inLink: true,
    type: 'true or false',
    defaultText: 'false (true when the reader prefers reduced motion)',
    modes: ['quadtree', 'grids', 'hierarchy', 'rays', 'play'],
    doc: 'Start paused.',
    kind: flag(false),
    fallback: () => prefersReducedMotion(),
  },
  {
    name: 'tree',
    example: '0',
    inLink: true,
    type: 'true or false',
    defaultText: 'true',
    modes: BOX_MODES,
    doc: "Draw the structure's lines: quadtree splits, grid cells, hierarchy links.",
    kind: flag(true),
    fallback: () => true,
  },
  {
    name: 'boxes',
    example: '1,2,3,4;5,6,7,8,1,-1',
    inLink: true,
    type: 'box list',
    defaultText: 'the seeded scene (tiles: three boxes; rays: none drawn)',
    modes: ['quadtree', 'grids', 'hierarchy', 'tiles', 'rays'],
    doc: 'Explicit boxes instead of a seeded scene, in world units from the origin; in the tile editor the boxes to drag (a box given a velocity bounces off the tiles, and the stepper walks its next step from contact to contact), in rays the drawn boxes (at rest, beside the bouncing ones, velocities ignored).',
    kind: list(readBoxList, 'boxes', boxesMax, formatBoxList, '"x,y,w,h[,vx,vy]; …" (finite, within ±1,000,000, w and h above 0)'),
  },
  {
    name: 'moved',
    example: '3:1,2,3,4,0.5,0',
    inLink: true,
    type: 'id:box list',
    defaultText: 'none',
    modes: BOX_MODES,
    doc: 'Boxes placed by hand over the seeded scene before it ran: "id:x,y,w,h,vx,vy; …" (what a share link records after a drag at tick 0; later ones are `edits`).',
    kind: list(readMovedList, 'boxes', objectsMax, formatMovedList, '"id:x,y,w,h[,vx,vy]; …" (ids from 1, finite numbers within ±1,000,000, w and h above 0)'),
  },
  {
    name: 'links',
    example: '2:1;3:1',
    inLink: true,
    type: 'child:parent list',
    defaultText: 'a small starting family',
    modes: ['hierarchy'],
    doc: 'Every parent link of the hierarchy before it ran, replacing the starting family: "child:parent; …" (empty: all at the root; links made later are `edits`).',
    kind: list(readLinkList, 'links', objectsMax, formatLinkList, '"child:parent; …" with object ids (whole numbers from 1), no box its own parent'),
  },
  {
    name: 'tick',
    example: '412',
    inLink: true,
    type: 'whole number',
    defaultText: '0',
    modes: BOX_MODES,
    doc: 'The moment shown: how many fixed ticks (1/60 s of simulated time each) the scene has run since it was built, with `edits` replayed on the way (what a share link records; a large tick catches up over a few frames).',
    kind: numberIn({ integer: true, range: () => [0, TICK_MAX] }),
    fallback: () => 0,
  },
  {
    name: 'edits',
    example: '412:7:10.5,20.25,0,0;500:speed:0.5',
    inLink: true,
    type: 'tick:edit list',
    defaultText: 'none',
    modes: BOX_MODES,
    doc: 'What the reader did while the scene ran, each with its tick: boxes placed ("tick:id:x,y,vx,vy", with ",w,h" when resized) or given a velocity ("tick:id:vx,vy"), the speed changed ("tick:speed:s"), objects attached ("tick:child@parent"), inserted or removed (what a share link records after tick 0).',
    kind: editLog(),
  },
  {
    name: 'camera',
    example: '10_20_30_40',
    inLink: true,
    type: '4 numbers',
    defaultText: 'a window on the middle',
    modes: ['quadtree', 'grids'],
    doc: "The culling camera's rectangle x, y, w, h in world units (kept in the world).",
    kind: numbers<[x: number, y: number, w: number, h: number]>(4, 'x, y, w, h'),
  },
  {
    name: 'preset',
    example: 'slopes',
    inLink: true,
    type: 'name',
    defaultText: 'n-level',
    modes: ['tiles'],
    doc: 'The tile map to start from.',
    kind: oneOf(() => TileGrid.presets()),
    fallback: () => available(TileGrid.presets(), 'n-level'),
  },
  {
    name: 'tiles',
    example: '..##\n##..',
    inLink: true,
    type: 'ASCII map',
    defaultText: 'the preset',
    modes: ['tiles'],
    doc: 'A tile map as text (two characters a cell, rows on lines, door lines after; see docs/API.md, TileGrid.ascii). In HTML, write it in the attribute over several lines (indentation is ignored) or in a child <template data-tiles>.',
    kind: tileMap(2_000_000),
  },
  {
    name: 'shape',
    example: 'full',
    inLink: true,
    type: 'name',
    defaultText: 'slope45-br',
    modes: ['tiles'],
    doc: 'The tile shape in hand.',
    kind: oneOf(() => TileGrid.shapes().filter((s) => s !== 'empty')),
    fallback: () => 'slope45-br',
  },
  {
    name: 'ray',
    example: '1_2_3_4',
    inLink: true,
    type: '4 numbers',
    defaultText: 'a ray across the map',
    modes: ['rays'],
    doc: "The ray's ends x0, y0, x1, y1 in world units (kept on the map).",
    kind: numbers<[x0: number, y0: number, x1: number, y1: number]>(4, 'x0, y0, x1, y1'),
  },
  {
    name: 'enemy',
    example: '5,6',
    inLink: true,
    type: '2 numbers',
    defaultText: 'on a ledge',
    modes: ['rays'],
    doc: "The enemy's position x, y in world units.",
    kind: numbers<[x: number, y: number]>(2, 'x, y'),
  },
  {
    name: 'player',
    example: '7_8',
    inLink: true,
    type: '2 numbers',
    defaultText: 'in the open',
    modes: ['rays'],
    doc: "The player's position x, y in world units.",
    kind: numbers<[x: number, y: number]>(2, 'x, y'),
  },
  {
    name: 'lesson',
    example: 'threshold-1',
    inLink: true,
    type: 'name',
    defaultText: 'none (the live scene)',
    modes: STEPPER_MODES,
    doc: "A named teaching scene of the mode (the stepper's picker lists them): its values are the scene's defaults, so another setting given beside it wins.",
    kind: lessonName(),
  },
  {
    name: 'step',
    example: '4',
    inLink: true,
    type: 'whole number',
    defaultText: 'none (the whole picture; a lesson opens at step 1)',
    modes: STEPPER_MODES,
    doc: 'The step the stepper shows, numbered as on screen (1 is the first); beyond the last, the last (and a notice says so).',
    kind: numberIn({ integer: true, range: () => [1, 1_000_000] }),
  },
  {
    name: 'selected',
    example: '7',
    inLink: true,
    type: 'whole number',
    defaultText: 'none',
    modes: ['quadtree', 'grids', 'hierarchy', 'tiles'],
    doc: 'The selected object, whose query (quadtree), pair search (grids) or push-out (tiles) the stepper walks: its id; in the tiles mode its place in the boxes list (1 is box A).',
    kind: numberIn({ integer: true, range: () => [1, 0xffff_ffff] }),
  },
  {
    name: 'edge',
    example: '4_2_right',
    inLink: true,
    type: 'cell side',
    defaultText: 'none',
    modes: ['tiles'],
    doc: 'The cell side whose state the stepper explains from the two tiles that share it: column, row, side.',
    kind: cellSide(() => TileGrid.sides()),
  },
  {
    name: 'view',
    example: '2_0.25_0.75',
    inLink: true,
    type: '3 numbers',
    defaultText: 'the whole world fitted',
    modes: 'all',
    doc: "The page view: zoom over the fitted view, and the point at the canvas centre as fractions of the world's width and height (what a share link records after a zoom or a pan).",
    kind: view(),
  },
  {
    name: 'panels',
    example: 'stats',
    inLink: false,
    type: 'panel ids',
    defaultText: 'all',
    modes: 'all',
    doc: 'The side panels to show (ids in the panel table), "all" or "none".',
    kind: panelList(),
  },
  {
    name: 'controls',
    example: 'false',
    inLink: false,
    type: 'true or false',
    defaultText: 'true',
    modes: 'all',
    doc: 'false hides the control panels (settings, tools, keys) unless `panels` names them.',
    kind: flag(true),
  },
  {
    name: 'legend',
    example: 'false',
    inLink: false,
    type: 'true or false',
    defaultText: 'true',
    modes: 'all',
    doc: 'The colour legend and help line under the canvas.',
    kind: flag(true),
  },
  {
    name: 'theme',
    example: 'light',
    inLink: false,
    type: 'name',
    defaultText: 'auto',
    modes: 'all',
    doc: 'The colours: "light", "dark", or "auto", which follows the page (its color-scheme, else the background behind the element, else the reader\'s light/dark preference) and changes with the page\'s own toggle.',
    kind: oneOf(() => ['auto', 'light', 'dark']) as Kind<'auto' | 'light' | 'dark'>,
    fallback: () => 'auto',
  },
  {
    name: 'height',
    example: '400',
    inLink: false,
    type: 'CSS length',
    defaultText: 'from the width',
    modes: 'all',
    doc: "The embed's height when the page does not size the element itself (a CSS height on the element wins); without one, a height from the width and the panels shown.",
    kind: cssLength(),
  },
  {
    name: 'playgroundUrl',
    example: 'https://example.com/broadphase/',
    inLink: false,
    type: 'URL',
    defaultText: 'index.html beside the page',
    modes: 'all',
    doc: 'Where the full playground is: the embed\'s "Open in the full playground" link and its Share links go there, with the scene in the hash.',
    kind: url(),
  },
  {
    name: 'wasmUrl',
    example: 'https://cdn.example.com/broadphase_bg.wasm',
    inLink: false,
    type: 'URL',
    defaultText: 'broadphase_bg.wasm beside the module',
    modes: 'all',
    doc: 'Where the wasm file is, when it is not beside broadphase-embed.js (or set window.BROADPHASE_WASM_URL once for the page).',
    kind: url(),
  },
] as const satisfies readonly SettingSpec[];

type Row = (typeof SETTINGS)[number];
type ValueOf<R> = R extends { kind: Kind<infer T, any> } ? T : never;
type GivenOf<R> = R extends { kind: Kind<any, infer G> } ? G : never;

/**
 * Every setting's typed value, by name: those with a default are always
 * there (the mode's default when not given), the others only when given
 * or published (a mode picks them from its scene).
 */
export type SettingValues = { -readonly [R in Row as R extends { fallback: unknown } ? R['name'] : never]: ValueOf<R> } & {
  -readonly [R in Row as R extends { fallback: unknown } ? never : R['name']]?: ValueOf<R>;
};

/** Some settings' values: what a mode publishes, what was given. */
export type SomeSettings = Partial<SettingValues>;

/** The true/false settings a link carries (`paused`, `tree`): a mode keeps and publishes them as they are. */
export type FlagName = Extract<Row, { inLink: true; kind: Kind<boolean, any> }>['name'];

/**
 * The settings as script gives them to `mount()` and `setState()`, and
 * `getState()` reports them: each by its name, of the type its kind takes
 * from script (a list as its text, a ray as its four numbers). What each
 * does is in docs/EMBED.md's table, generated from the rows above.
 */
export type PlaygroundOptions = { -readonly [R in Row as R['name']]?: GivenOf<R> };

/** What `getState()` returns: the options in force, with the scene as the reader left it. */
export type PlaygroundState = PlaygroundOptions & { mode: ModeName };

const ROWS = SETTINGS as readonly SettingSpec[];

/** A setting's name as an attribute and a link parameter: `maxObjects` → `max-objects`. */
export function attributeOf(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** The setting with this name (option), attribute, or link parameter (its attribute, or an older alias, for a setting a link carries). */
export function settingBy(key: 'name' | 'attribute' | 'link', text: string): SettingSpec | undefined {
  switch (key) {
    case 'name':
      return ROWS.find((s) => s.name === text);
    case 'attribute':
      return ROWS.find((s) => attributeOf(s.name) === text);
    case 'link':
      return ROWS.find((s) => s.inLink && (attributeOf(s.name) === text || s.aliases?.includes(text) === true));
  }
}

/** Whether a mode reads a setting. */
export function appliesTo(spec: SettingSpec, mode: ModeName): boolean {
  return spec.modes === 'all' || spec.modes.includes(mode);
}
