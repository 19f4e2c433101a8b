// Every setting a playground takes, in one table: its embed attribute, its
// mount() option, its URL parameter (the page's hash), its type, default
// and allowed values, the modes that use it, and how a raw value is read
// and checked. The embed's attributes and options, the page's URL hash and
// the documentation (docs/EMBED.md, checked by a test) all come from here,
// so what is validated and what is documented cannot drift apart.

import { TileGrid, World } from '../core/index';
import { ZOOM_MAX, ZOOM_MIN } from '../runtime/viewport';

/** The playground modes. */
export type ModeName = 'quadtree' | 'grids' | 'hierarchy' | 'tiles' | 'rays' | 'play';
export const MODE_NAMES: readonly ModeName[] = ['quadtree', 'grids', 'hierarchy', 'tiles', 'rays', 'play'];
/** Modes with the moving-box simulation. */
const BOX_MODES: readonly ModeName[] = ['quadtree', 'grids', 'hierarchy'];

/** What a value check says: the value to use, perhaps with a note (it was clamped), or why it was refused. */
export type Checked = { ok: true; value: unknown; note?: string } | { ok: false; reason: string };

/** How an out-of-range number is treated: URLs clamp it (and say so), the embed keeps the default (and says so). */
export type RangePolicy = 'clamp' | 'default';

export interface SettingSpec {
  /** The `<broadphase-playground>` attribute. */
  readonly attribute: string;
  /** The `mount()` option and `getState()` key. */
  readonly option: string;
  /** The URL parameter the modes read (the page's hash); null for embed-only settings. */
  readonly param: string | null;
  /** For the docs: the kind of value. */
  readonly type: string;
  /** For the docs: what is used when the setting is absent. */
  readonly defaultText: string;
  /** For the docs (and warnings): what is allowed. */
  allowed(mode: ModeName): string;
  /** The modes that read it (`'all'` for every mode). */
  readonly modes: readonly ModeName[] | 'all';
  /** For the docs: what it does. */
  readonly doc: string;
  /** Reads a raw text (an attribute or a URL parameter). */
  parse(raw: string, mode: ModeName, policy: RangePolicy): Checked;
  /** Checks a value given from script (`mount()` options, `setState`). */
  check(value: unknown, mode: ModeName, policy: RangePolicy): Checked;
  /** The value as the URL parameter's text. */
  format(value: unknown): string;
  /** For true/false settings: the value when absent (a URL writes only the other one). */
  readonly defaultValue?: boolean;
}

const refuse = (reason: string): Checked => ({ ok: false, reason });

// --- value kinds ----------------------------------------------------------

interface NumberKind {
  integer: boolean;
  range(mode: ModeName): [number, number];
  /** Whether the minimum itself is refused (a size must be above 0). */
  exclusiveMin?: boolean;
}

function checkNumber(kind: NumberKind, value: number, mode: ModeName, policy: RangePolicy, shown: string): Checked {
  const [lo, hi] = kind.range(mode);
  if (!Number.isFinite(value)) return refuse(`${shown} is not a finite number`);
  if (kind.integer && !Number.isInteger(value)) return refuse(`${shown} is not a whole number`);
  const tooLow = kind.exclusiveMin ? value <= lo : value < lo;
  if (!tooLow && value <= hi) return { ok: true, value };
  // A size at or below its exclusive minimum has no nearest allowed value.
  if (policy === 'default' || (tooLow && kind.exclusiveMin)) return refuse(`${shown} is out of range`);
  const clamped = tooLow ? lo : hi;
  return { ok: true, value: clamped, note: `clamped to ${clamped.toLocaleString('en-US')}` };
}

function numberSetting(kind: NumberKind, format: (v: number) => string = String) {
  return {
    allowed: (mode: ModeName) => {
      const [lo, hi] = kind.range(mode);
      const range = `${kind.exclusiveMin ? `above ${lo}` : lo.toLocaleString('en-US')} to ${hi.toLocaleString('en-US')}`;
      return `${kind.integer ? 'a whole number' : 'a number'}, ${range}`;
    },
    parse: (raw: string, mode: ModeName, policy: RangePolicy) =>
      raw.trim() === '' ? refuse('is empty') : checkNumber(kind, Number(raw), mode, policy, `"${raw}"`),
    check: (value: unknown, mode: ModeName, policy: RangePolicy) =>
      typeof value === 'number' ? checkNumber(kind, value, mode, policy, String(value)) : refuse(`${JSON.stringify(value)} is not a number`),
    format: (v: unknown) => format(v as number),
  };
}

function oneOf(values: () => readonly string[]) {
  const test = (v: string): Checked => (values().includes(v) ? { ok: true, value: v } : refuse(`"${v}" is not one of them`));
  return {
    allowed: () => values().join(', '),
    parse: (raw: string) => test(raw.trim()),
    check: (value: unknown) => (typeof value === 'string' ? test(value) : refuse(`${JSON.stringify(value)} is not a string`)),
    format: (v: unknown) => String(v),
  };
}

/**
 * `true`/`false` (attributes: present, or `false`/`off`/`no`/`0`). In a URL
 * only a value other than the default is written: `paused`, `tree=0`.
 */
function flag(defaultValue: boolean) {
  const words: Record<string, boolean> = { '': true, true: true, on: true, yes: true, '1': true, false: false, off: false, no: false, '0': false };
  return {
    allowed: () => 'true or false (an attribute with no value is true)',
    parse: (raw: string) => {
      const word = raw.trim().toLowerCase();
      return word in words ? { ok: true as const, value: words[word] } : refuse(`"${raw}" is not true or false`);
    },
    check: (value: unknown) => (typeof value === 'boolean' ? { ok: true as const, value } : refuse(`${JSON.stringify(value)} is not true or false`)),
    format: (v: unknown) => (v === defaultValue ? '' : v ? '' : '0'),
    defaultValue,
  };
}

/** A list of numbers separated by `_` or `,` (a URL's ray ends, points). */
function numberList(count: number, what: string) {
  const read = (raw: string): Checked => {
    const parts = raw.split(/[_,]/).map((s) => (s.trim() === '' ? NaN : Number(s)));
    if (parts.length !== count) return refuse(`"${raw}" is not ${count} numbers`);
    if (!parts.every(Number.isFinite)) return refuse(`"${raw}" has a number that is not finite`);
    if (!parts.every((p) => Math.abs(p) <= 1e9)) return refuse(`"${raw}" has a number beyond ±1e9`);
    return { ok: true, value: parts };
  };
  return {
    allowed: () => `${count} finite numbers ${what}, separated by _ or ,`,
    parse: read,
    check: (value: unknown) =>
      Array.isArray(value) ? read(value.join('_')) : typeof value === 'string' ? read(value) : refuse(`${JSON.stringify(value)} is not a list of numbers`),
    format: (v: unknown) => (v as number[]).map((n) => String(Math.round(n * 100) / 100)).join('_'),
  };
}

/**
 * The page view `zoom_fx_fy`: the zoom over the fitted view, and the point
 * at the canvas centre as fractions of the world's width and height. Out
 * of range: clamped (and said) in a URL, refused in the embed.
 */
function viewSetting() {
  const ranges: [string, number, number][] = [
    ['zoom', ZOOM_MIN, ZOOM_MAX],
    ['centre x', 0, 1],
    ['centre y', 0, 1],
  ];
  const read = (raw: string, policy: RangePolicy): Checked => {
    const parts = raw.split(/[_,]/).map((t) => (t.trim() === '' ? NaN : Number(t)));
    if (parts.length !== 3) return refuse(`"${raw}" is not 3 numbers`);
    if (!parts.every(Number.isFinite)) return refuse(`"${raw}" has a number that is not finite`);
    const notes: string[] = [];
    const value = parts.map((n, i) => {
      const [what, lo, hi] = ranges[i];
      const c = Math.min(hi, Math.max(lo, n));
      if (c !== n) notes.push(`${what} ${n} to ${c}`);
      return c;
    });
    if (notes.length === 0) return { ok: true, value };
    if (policy === 'default') return refuse(`"${raw}" is out of range (${notes.map((n) => n.replace(/ to .*/, '')).join(', ')})`);
    return { ok: true, value, note: `clamped: ${notes.join(', ')}` };
  };
  return {
    allowed: () => `3 numbers zoom, centre x, centre y separated by _ or ,: zoom ${ZOOM_MIN} to ${ZOOM_MAX}, the centre as fractions of the world's width and height, 0 to 1`,
    parse: (raw: string, _mode: ModeName, policy: RangePolicy) => read(raw, policy),
    check: (value: unknown, _mode: ModeName, policy: RangePolicy) =>
      Array.isArray(value) ? read(value.join('_'), policy) : typeof value === 'string' ? read(value, policy) : refuse(`${JSON.stringify(value)} is not 3 numbers`),
    format: (v: unknown) => (v as number[]).map(String).join('_'),
  };
}

/** Most explicit boxes a scene takes. */
export const MAX_BOXES = 200_000;

/** `x,y,w,h[,vx,vy]; …` → six numbers a box, or why not. */
export function parseBoxList(text: string): { boxes: number[] } | { reason: string } {
  const out: number[] = [];
  const groups = text.split(';').filter((g) => g.trim() !== '');
  if (groups.length === 0) return { reason: 'has no box' };
  if (groups.length > MAX_BOXES) return { reason: `has ${groups.length} boxes, more than ${MAX_BOXES}` };
  for (const [i, group] of groups.entries()) {
    const v = group.split(',').map((t) => (t.trim() === '' ? NaN : Number(t)));
    if (v.length !== 4 && v.length !== 6) return { reason: `box ${i + 1} ("${group.trim()}") is not x,y,w,h or x,y,w,h,vx,vy` };
    const [x, y, w, h, vx = 0, vy = 0] = v;
    if (![x, y, w, h, vx, vy].every(Number.isFinite)) return { reason: `box ${i + 1} ("${group.trim()}") has a number that is not finite` };
    if (![x, y, w, h, vx, vy].every((n) => Math.abs(n) <= 1e6)) return { reason: `box ${i + 1} ("${group.trim()}") has a number beyond ±1,000,000` };
    if (!(w > 0 && h > 0)) return { reason: `box ${i + 1} ("${group.trim()}") has a size that is not above 0` };
    out.push(x, y, w, h, vx, vy);
  }
  return { boxes: out };
}

function boxList() {
  const read = (raw: string): Checked => {
    const parsed = parseBoxList(raw);
    return 'reason' in parsed ? refuse(parsed.reason) : { ok: true, value: raw.trim() };
  };
  return {
    allowed: () => `boxes "x,y,w,h[,vx,vy]; …" (finite, within ±1,000,000, w and h above 0, at most ${MAX_BOXES.toLocaleString('en-US')})`,
    parse: read,
    check: (value: unknown) => (typeof value === 'string' ? read(value) : refuse(`${JSON.stringify(value)} is not a string`)),
    format: (v: unknown) => String(v),
  };
}

/** `id:x,y,w,h,vx,vy; …` → seven numbers an edited box, or why not. */
export function parseMovedList(text: string): { moved: number[] } | { reason: string } {
  const out: number[] = [];
  const groups = text.split(';').filter((g) => g.trim() !== '');
  if (groups.length === 0) return { reason: 'has no box' };
  if (groups.length > MAX_BOXES) return { reason: `has ${groups.length} boxes, more than ${MAX_BOXES}` };
  for (const [i, group] of groups.entries()) {
    const [idText, rest = ''] = group.split(':');
    const id = Number(idText);
    if (!Number.isInteger(id) || id < 1 || id > 0xffff_ffff) return { reason: `entry ${i + 1} ("${group.trim()}") does not start with an object id (a whole number from 1) and a colon` };
    const parsed = parseBoxList(rest);
    if ('reason' in parsed) return { reason: `entry ${i + 1} (id ${id}): ${parsed.reason.replace(/^box 1 /, '')}` };
    if (parsed.boxes.length !== 6) return { reason: `entry ${i + 1} (id ${id}) holds more than one box` };
    out.push(id, ...parsed.boxes);
  }
  return { moved: out };
}

/** `child:parent; …` → id pairs, or why not (a parent of 0 means none). */
export function parseLinkList(text: string): { links: number[] } | { reason: string } {
  const out: number[] = [];
  const groups = text.split(';').filter((g) => g.trim() !== '');
  if (groups.length > MAX_BOXES) return { reason: `has ${groups.length} links, more than ${MAX_BOXES}` };
  for (const [i, group] of groups.entries()) {
    const parts = group.split(':').map((t) => (t.trim() === '' ? NaN : Number(t)));
    const [child, parent] = parts;
    const id = (n: number) => Number.isInteger(n) && n >= 1 && n <= 0xffff_ffff;
    if (parts.length !== 2 || !id(child) || !id(parent)) return { reason: `link ${i + 1} ("${group.trim()}") is not child:parent with object ids (whole numbers from 1)` };
    if (child === parent) return { reason: `link ${i + 1} attaches ${child} to itself` };
    out.push(child, parent);
  }
  return { links: out };
}

function listOf(parse: (raw: string) => { reason: string } | object, what: string) {
  const read = (raw: string): Checked => {
    const parsed = parse(raw);
    return 'reason' in parsed ? refuse((parsed as { reason: string }).reason) : { ok: true, value: raw.trim() };
  };
  return {
    allowed: () => what,
    parse: read,
    check: (value: unknown) => (typeof value === 'string' ? read(value) : refuse(`${JSON.stringify(value)} is not a string`)),
    format: (v: unknown) => String(v),
  };
}

/** Any text the core checks itself (an ASCII map); here only that it is text and not huge. */
function text(maxLength: number, what: string) {
  const read = (raw: string): Checked =>
    raw.trim() === '' ? refuse('is empty') : raw.length > maxLength ? refuse(`is ${raw.length} characters, more than ${maxLength}`) : { ok: true, value: raw };
  return {
    allowed: () => what,
    parse: read,
    check: (value: unknown) => (typeof value === 'string' ? read(value) : refuse(`${JSON.stringify(value)} is not a string`)),
    format: (v: unknown) => String(v),
  };
}

/** A CSS length: a number of px, or a number with px, em, rem, vh, svh, dvh or %. */
function length() {
  const read = (raw: string): Checked => {
    const m = /^\s*(\d+(?:\.\d+)?)\s*(px|em|rem|vh|svh|dvh|%)?\s*$/.exec(raw);
    if (m === null) return refuse(`"${raw}" is not a length`);
    const n = Number(m[1]);
    const unit = m[2] ?? 'px';
    const max = unit === 'px' ? 10_000 : unit === 'em' || unit === 'rem' ? 600 : 100;
    if (!(n > 0) || n > max) return refuse(`"${raw}" is not above 0 and at most ${max}${unit}`);
    return { ok: true, value: unit === 'px' && m[2] === undefined ? n : `${n}${unit}` };
  };
  return {
    allowed: () => 'a length: a number of CSS px (above 0, at most 10,000), or a number with px, em, rem, vh, svh, dvh or %',
    parse: read,
    check: (value: unknown) => (typeof value === 'number' ? read(String(value)) : typeof value === 'string' ? read(value) : refuse(`${JSON.stringify(value)} is not a length`)),
    format: (v: unknown) => String(v),
  };
}

/** Panel ids (checked against the mode's panels once it is built), `all` or `none`. */
function panelList() {
  const read = (raw: string): Checked => {
    const t = raw.trim();
    if (t === '' || t === 'all') return { ok: true, value: 'all' };
    if (t === 'none') return { ok: true, value: 'none' };
    const ids = t.split(/[\s,]+/).filter((s) => s !== '');
    return ids.every((id) => /^[a-z][a-z0-9-]*$/.test(id)) ? { ok: true, value: ids } : refuse(`"${raw}" is not a list of panel ids`);
  };
  return {
    allowed: () => '"all", "none", or panel ids separated by spaces or commas (see the panel table)',
    parse: read,
    check: (value: unknown) =>
      Array.isArray(value) ? read(value.join(' ')) : typeof value === 'string' ? read(value) : refuse(`${JSON.stringify(value)} is not a list of panel ids`),
    format: (v: unknown) => (Array.isArray(v) ? v.join(',') : String(v)),
  };
}

/** A URL (relative to the page or absolute). */
function url() {
  const read = (raw: string): Checked => {
    try {
      return { ok: true, value: new URL(raw, document.baseURI).href };
    } catch {
      return refuse(`"${raw}" is not a URL`);
    }
  };
  return {
    allowed: () => 'a URL, relative to the page or absolute',
    parse: read,
    check: (value: unknown) => (typeof value === 'string' || value instanceof URL ? read(String(value)) : refuse(`${JSON.stringify(value)} is not a URL`)),
    format: (v: unknown) => String(v),
  };
}

// --- the table ------------------------------------------------------------

const countRange = (mode: ModeName): [number, number] => [1, mode === 'hierarchy' ? 200 : MAX_BOXES];

export const SETTINGS: readonly SettingSpec[] = [
  {
    attribute: 'mode',
    option: 'mode',
    param: 'mode',
    type: 'name',
    defaultText: 'quadtree',
    modes: 'all',
    doc: 'Which playground: the quadtree demo, the grids comparison, the hierarchy, the tile editor, or rays.',
    ...oneOf(() => MODE_NAMES),
  },
  {
    attribute: 'count',
    option: 'count',
    param: 'n',
    type: 'whole number',
    defaultText: '800 (hierarchy: 36)',
    modes: BOX_MODES,
    doc: 'Objects in the seeded scene.',
    ...numberSetting({ integer: true, range: countRange }),
  },
  {
    attribute: 'seed',
    option: 'seed',
    param: 'seed',
    type: 'whole number',
    defaultText: '1 (hierarchy: 3)',
    modes: [...BOX_MODES, 'play'],
    doc: 'The scene\'s seed: the same seed gives the same scene.',
    ...numberSetting({ integer: true, range: () => [0, 0xffff_ffff] }),
  },
  {
    attribute: 'layout',
    option: 'layout',
    param: 'layout',
    type: 'name',
    defaultText: 'uniform',
    modes: BOX_MODES,
    doc: 'How the seeded boxes are spread: evenly, in clusters, or with a few big ones mixed in.',
    ...oneOf(() => World.layouts()),
  },
  {
    attribute: 'structure',
    option: 'structure',
    param: 'structure',
    type: 'name',
    defaultText: 'quadtree (grids and rays: loose-grid)',
    modes: ['quadtree', 'grids', 'hierarchy', 'rays'],
    doc: 'The broad-phase structure the world uses.',
    ...oneOf(() => World.structures()),
  },
  {
    attribute: 'max-objects',
    option: 'maxObjects',
    param: 'mo',
    type: 'whole number',
    defaultText: '8',
    modes: BOX_MODES,
    doc: 'Quadtree: objects a node holds before it splits.',
    ...numberSetting({ integer: true, range: () => [1, 256] }),
  },
  {
    attribute: 'max-levels',
    option: 'maxLevels',
    param: 'ml',
    type: 'whole number',
    defaultText: '8',
    modes: BOX_MODES,
    doc: 'Quadtree: the deepest level a node may be at (the root is 0).',
    ...numberSetting({ integer: true, range: () => [0, 48] }),
  },
  {
    attribute: 'cell-size',
    option: 'cellSize',
    param: 'cell',
    type: 'number',
    defaultText: 'picked from the boxes\' sizes',
    modes: BOX_MODES,
    doc: 'Grids: the cell size in world units.',
    ...numberSetting({ integer: false, range: () => [0, 1e6], exclusiveMin: true }, (v) => String(+v.toPrecision(6))),
  },
  {
    attribute: 'speed',
    option: 'speed',
    param: 'speed',
    type: 'number',
    defaultText: '1',
    modes: BOX_MODES,
    doc: 'Simulation speed: multiplies time (0 freezes motion but keeps drawing).',
    ...numberSetting({ integer: false, range: () => [0, 4] }),
  },
  {
    attribute: 'paused',
    option: 'paused',
    param: 'paused',
    type: 'true or false',
    defaultText: 'false (true when the reader prefers reduced motion)',
    modes: ['quadtree', 'grids', 'hierarchy', 'rays', 'play'],
    doc: 'Start paused.',
    ...flag(false),
  },
  {
    attribute: 'tree',
    option: 'tree',
    param: 'tree',
    type: 'true or false',
    defaultText: 'true',
    modes: BOX_MODES,
    doc: 'Draw the structure\'s lines: quadtree splits, grid cells, hierarchy links.',
    ...flag(true),
  },
  {
    attribute: 'boxes',
    option: 'boxes',
    param: 'boxes',
    type: 'box list',
    defaultText: 'the seeded scene (tiles: three boxes; rays: none drawn)',
    modes: ['quadtree', 'grids', 'hierarchy', 'tiles', 'rays'],
    doc: 'Explicit boxes instead of a seeded scene, in world units from the origin; in the tile editor the boxes to drag, in rays the drawn boxes (at rest, beside the bouncing ones; at most 32); velocities ignored in both.',
    ...boxList(),
  },
  {
    attribute: 'moved',
    option: 'moved',
    param: 'moved',
    type: 'id:box list',
    defaultText: 'none',
    modes: BOX_MODES,
    doc: 'Boxes placed by hand over the seeded scene: "id:x,y,w,h,vx,vy; …" (what a share link records after a drag).',
    ...listOf(parseMovedList, `"id:x,y,w,h[,vx,vy]; …" (ids from 1, finite numbers within ±1,000,000, w and h above 0)`),
  },
  {
    attribute: 'links',
    option: 'links',
    param: 'links',
    type: 'child:parent list',
    defaultText: 'a small starting family',
    modes: ['hierarchy'],
    doc: 'Every parent link of the hierarchy, replacing the starting family: "child:parent; …" (empty: all at the root).',
    ...listOf(parseLinkList, '"child:parent; …" with object ids (whole numbers from 1), no box its own parent'),
  },
  {
    attribute: 'camera',
    option: 'camera',
    param: 'camera',
    type: '4 numbers',
    defaultText: 'a window on the middle',
    modes: ['quadtree', 'grids'],
    doc: 'The culling camera\'s rectangle x, y, w, h in world units (kept in the world).',
    ...numberList(4, 'x, y, w, h'),
  },
  {
    attribute: 'preset',
    option: 'preset',
    param: 'preset',
    type: 'name',
    defaultText: 'n-level',
    modes: ['tiles'],
    doc: 'The tile map to start from.',
    ...oneOf(() => TileGrid.presets()),
  },
  {
    attribute: 'tiles',
    option: 'tiles',
    param: 'tiles',
    type: 'ASCII map',
    defaultText: 'the preset',
    modes: ['tiles'],
    doc: 'A tile map as text (two characters a cell, rows on lines, door lines after; see docs/API.md, TileGrid.ascii). In HTML, put it in a child <script type="text/plain" data-tiles>.',
    ...text(2_000_000, 'an ASCII map (checked by the core when it loads)'),
  },
  {
    attribute: 'shape',
    option: 'shape',
    param: 'shape',
    type: 'name',
    defaultText: 'slope45-br',
    modes: ['tiles'],
    doc: 'The tile shape in hand.',
    ...oneOf(() => TileGrid.shapes().filter((s) => s !== 'empty')),
  },
  {
    attribute: 'ray',
    option: 'ray',
    param: 'ray',
    type: '4 numbers',
    defaultText: 'a ray across the map',
    modes: ['rays'],
    doc: 'The ray\'s ends x0, y0, x1, y1 in world units (kept on the map).',
    ...numberList(4, 'x0, y0, x1, y1'),
  },
  {
    attribute: 'enemy',
    option: 'enemy',
    param: 'enemy',
    type: '2 numbers',
    defaultText: 'on a ledge',
    modes: ['rays'],
    doc: 'The enemy\'s position x, y in world units.',
    ...numberList(2, 'x, y'),
  },
  {
    attribute: 'player',
    option: 'player',
    param: 'player',
    type: '2 numbers',
    defaultText: 'in the open',
    modes: ['rays'],
    doc: 'The player\'s position x, y in world units.',
    ...numberList(2, 'x, y'),
  },
  {
    attribute: 'view',
    option: 'view',
    param: 'view',
    type: '3 numbers',
    defaultText: 'the whole world fitted',
    modes: 'all',
    doc: 'The page view: zoom over the fitted view, and the point at the canvas centre as fractions of the world\'s width and height (what a share link records after a zoom or a pan).',
    ...viewSetting(),
  },
  {
    attribute: 'panels',
    option: 'panels',
    param: null,
    type: 'panel ids',
    defaultText: 'all',
    modes: 'all',
    doc: 'The side panels to show (ids in the panel table), "all" or "none".',
    ...panelList(),
  },
  {
    attribute: 'controls',
    option: 'controls',
    param: null,
    type: 'true or false',
    defaultText: 'true',
    modes: 'all',
    doc: 'false hides the control panels (settings, tools, keys) unless `panels` names them.',
    ...flag(true),
  },
  {
    attribute: 'legend',
    option: 'legend',
    param: null,
    type: 'true or false',
    defaultText: 'true',
    modes: 'all',
    doc: 'The colour legend and help line under the canvas.',
    ...flag(true),
  },
  {
    attribute: 'height',
    option: 'height',
    param: null,
    type: 'CSS length',
    defaultText: '520 (px)',
    modes: 'all',
    doc: 'The embed\'s height when the page does not size the element itself (a CSS height on the element wins).',
    ...length(),
  },
  {
    attribute: 'wasm-url',
    option: 'wasmUrl',
    param: null,
    type: 'URL',
    defaultText: 'broadphase_bg.wasm beside the module',
    modes: 'all',
    doc: 'Where the wasm file is, when it is not beside broadphase-embed.js (or set window.BROADPHASE_WASM_URL once for the page).',
    ...url(),
  },
];

/** The setting with this attribute, option or parameter name. */
export function settingBy(key: 'attribute' | 'option' | 'param', name: string): SettingSpec | undefined {
  return SETTINGS.find((s) => s[key] === name);
}

/** Whether a mode reads a setting. */
export function appliesTo(spec: SettingSpec, mode: ModeName): boolean {
  return spec.modes === 'all' || spec.modes.includes(mode);
}
