// The kinds of value a setting can hold — numbers in a range, a name from
// a list, true/false, a few numbers, a list of boxes, a tile map, a CSS
// length, panel ids, a URL — each knowing how to read its text (a URL
// parameter, an attribute), check a value given from script, say what is
// allowed, and write itself back. The table (table.ts) gives every
// setting one of these; nothing else reads a setting's text.

import { MAP_CELLS_MAX, ZOOM_MAX, ZOOM_MIN } from './limits';
import { mapSize, type ListRead } from './lists';
import type { ModeName } from './mode-names';

/** What reading or checking a value gives: the value to use, perhaps with a note (it was clamped or cut), or why it was refused. */
export type Checked<T> = { ok: true; value: T; note?: string } | { ok: false; reason: string };

/** How an out-of-range value is treated: a link clamps it (and says so), an embed keeps the default (and says so). */
export type RangePolicy = 'clamp' | 'default';

/** A kind of value: `T` as a mode receives it, `Given` as script gives it and `getState()` reports it (a list as its text). */
export interface Kind<T, Given = T> {
  /** What is allowed in `mode`, in words (for warnings and the docs). */
  allowed(mode: ModeName): string;
  /** For the docs, when the limits differ by mode: what each of `modes` allows. */
  allowedInAll?(modes: readonly ModeName[]): string;
  /** Reads a text (a URL parameter or an attribute). */
  parse(raw: string, mode: ModeName, policy: RangePolicy): Checked<T>;
  /** Checks a value given from script (`mount()` options, `setState`). */
  check(value: unknown, mode: ModeName, policy: RangePolicy): Checked<T>;
  /** The value as a URL parameter's text. */
  format(value: T): string;
  /** The value as `getState()` reports it (default: the value itself). */
  option?(value: T): Given;
  /** For true/false: the value a link leaves unsaid (`paused` is written only when true, `tree=0` only when false). */
  readonly unsaid?: T;
}

const refuse = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });
const shown = (v: unknown) => JSON.stringify(v);
const grouped = (n: number) => n.toLocaleString('en-US');

/** A number rounded to `digits` significant digits, written as briefly as JS can. */
export function significant(n: number, digits: number): string {
  return String(Number(n.toPrecision(digits)));
}

// --- numbers --------------------------------------------------------------

export interface NumberRange {
  integer: boolean;
  range(mode: ModeName): [number, number];
  /** Whether the minimum itself is refused (a size must be above 0). */
  exclusiveMin?: boolean;
}

function checkNumber(kind: NumberRange, value: number, mode: ModeName, policy: RangePolicy, text: string): Checked<number> {
  const [lo, hi] = kind.range(mode);
  if (!Number.isFinite(value)) return refuse(`${text} is not a finite number`);
  if (kind.integer && !Number.isInteger(value)) return refuse(`${text} is not a whole number`);
  const tooLow = kind.exclusiveMin ? value <= lo : value < lo;
  if (!tooLow && value <= hi) return { ok: true, value };
  // A size at or below its exclusive minimum has no nearest allowed value.
  if (policy === 'default' || (tooLow && kind.exclusiveMin)) return refuse(`${text} is out of range`);
  const clamped = tooLow ? lo : hi;
  return { ok: true, value: clamped, note: `clamped to ${grouped(clamped)}` };
}

/** A number in a range (per mode); a link clamps one outside it. */
export function numberIn(kind: NumberRange, format: (v: number) => string = String): Kind<number> {
  return {
    allowed: (mode) => {
      const [lo, hi] = kind.range(mode);
      return `${kind.integer ? 'a whole number' : 'a number'}, ${kind.exclusiveMin ? `above ${lo}` : grouped(lo)} to ${grouped(hi)}`;
    },
    parse: (raw, mode, policy) => (raw.trim() === '' ? refuse('is empty') : checkNumber(kind, Number(raw), mode, policy, `"${raw}"`)),
    check: (value, mode, policy) => (typeof value === 'number' ? checkNumber(kind, value, mode, policy, String(value)) : refuse(`${shown(value)} is not a number`)),
    format,
  };
}

/** `count` numbers separated by `_` or `,` (a camera rectangle, a ray's ends, a point), each within ±1e9. */
export function numbers<N extends number[]>(count: N['length'], what: string, digits = 2): Kind<N> {
  const read = (raw: string): Checked<N> => {
    const parts = raw.split(/[_,]/).map((s) => (s.trim() === '' ? NaN : Number(s)));
    if (parts.length !== count) return refuse(`"${raw}" is not ${count} numbers`);
    if (!parts.every(Number.isFinite)) return refuse(`"${raw}" has a number that is not finite`);
    if (!parts.every((p) => Math.abs(p) <= 1e9)) return refuse(`"${raw}" has a number beyond ±1e9`);
    return { ok: true, value: parts as N };
  };
  const factor = 10 ** digits;
  return {
    allowed: () => `${count} finite numbers ${what}, separated by _ or ,`,
    parse: read,
    check: (value) => (Array.isArray(value) ? read(value.join('_')) : typeof value === 'string' ? read(value) : refuse(`${shown(value)} is not a list of numbers`)),
    // World units to a hundredth: finer than any zoom shows.
    format: (v) => v.map((n) => String(Math.round(n * factor) / factor)).join('_'),
  };
}

/** The page view: zoom, and the canvas centre as fractions of the world's width and height. */
export type View = [zoom: number, fx: number, fy: number];

/**
 * `zoom_fx_fy`. Out of range: clamped (and said) in a link, refused in an
 * embed. Written to 9 significant digits: a reload puts the view back
 * within a ten-thousandth of a device pixel at the largest zoom, and the
 * link stays short.
 */
export function view(): Kind<View> {
  const ranges: [string, number, number][] = [
    ['zoom', ZOOM_MIN, ZOOM_MAX],
    ['centre x', 0, 1],
    ['centre y', 0, 1],
  ];
  const read = (raw: string, policy: RangePolicy): Checked<View> => {
    const parts = raw.split(/[_,]/).map((t) => (t.trim() === '' ? NaN : Number(t)));
    if (parts.length !== 3) return refuse(`"${raw}" is not 3 numbers`);
    if (!parts.every(Number.isFinite)) return refuse(`"${raw}" has a number that is not finite`);
    const notes: string[] = [];
    const value = parts.map((n, i) => {
      const [what, lo, hi] = ranges[i];
      const c = Math.min(hi, Math.max(lo, n));
      if (c !== n) notes.push(`${what} ${n} to ${c}`);
      return c;
    }) as View;
    if (notes.length === 0) return { ok: true, value };
    if (policy === 'default') return refuse(`"${raw}" is out of range (${notes.map((n) => n.replace(/ to .*/, '')).join(', ')})`);
    return { ok: true, value, note: `clamped: ${notes.join(', ')}` };
  };
  return {
    allowed: () => `3 numbers zoom, centre x, centre y separated by _ or ,: zoom ${ZOOM_MIN} to ${ZOOM_MAX}, the centre as fractions of the world's width and height, 0 to 1`,
    parse: (raw, _mode, policy) => read(raw, policy),
    check: (value, _mode, policy) => (Array.isArray(value) ? read(value.join('_'), policy) : typeof value === 'string' ? read(value, policy) : refuse(`${shown(value)} is not 3 numbers`)),
    format: (v) => v.map((n) => significant(n, 9)).join('_'),
  };
}

// --- names and flags --------------------------------------------------------

/** One name of `values()` (asked when read: the core lists its structures, presets, shapes). */
export function oneOf(values: () => readonly string[]): Kind<string> {
  const test = (v: string): Checked<string> => (values().includes(v) ? { ok: true, value: v } : refuse(`"${v}" is not one of them`));
  return {
    allowed: () => values().join(', '),
    parse: (raw) => test(raw.trim()),
    check: (value) => (typeof value === 'string' ? test(value) : refuse(`${shown(value)} is not a string`)),
    format: String,
  };
}

/**
 * `true`/`false` (attributes: present, or `false`/`off`/`no`/`0`). A link
 * writes only the value other than `unsaid`: `paused`, `tree=0`.
 */
export function flag(unsaid: boolean): Kind<boolean> {
  const words: Record<string, boolean> = { '': true, true: true, on: true, yes: true, '1': true, false: false, off: false, no: false, '0': false };
  return {
    allowed: () => 'true or false (an attribute with no value is true)',
    parse: (raw) => {
      const word = raw.trim().toLowerCase();
      return word in words ? { ok: true, value: words[word] } : refuse(`"${raw}" is not true or false`);
    },
    check: (value) => (typeof value === 'boolean' ? { ok: true, value } : refuse(`${shown(value)} is not true or false`)),
    format: (v) => (v ? '' : '0'),
    unsaid,
  };
}

// --- lists and text -----------------------------------------------------------

/**
 * A `;`-separated list (boxes, hand-placed boxes, links) read by `read`,
 * at most `max(mode)` entries: a link keeps the first ones and says so, an
 * embed refuses the list (its author sees why and writes fewer). Script
 * gives the text too, and `getState()` reports it.
 */
export function list(read: (text: string, max: number) => ListRead, noun: string, max: (mode: ModeName) => number, format: (v: readonly number[]) => string, what: string): Kind<number[], string> {
  const parse = (raw: string, mode: ModeName, policy: RangePolicy): Checked<number[]> => {
    const limit = max(mode);
    const got = read(raw, limit);
    if (!got.ok) return got;
    if (got.total <= limit) return { ok: true, value: got.value };
    if (policy === 'default') return refuse(`has ${grouped(got.total)} ${noun}, more than ${grouped(limit)} (the most the ${mode} mode holds)`);
    return { ok: true, value: got.value, note: `cut to the first ${grouped(limit)} of ${grouped(got.total)} ${noun}` };
  };
  return {
    allowed: (mode) => `${what}; at most ${grouped(max(mode))}`,
    allowedInAll: (modes) => {
      const limits = [...new Set(modes.map((m) => grouped(max(m))))];
      return `${what}; at most ${limits.length === 1 ? limits[0] : modes.map((m) => `${m} ${grouped(max(m))}`).join(', ')}`;
    },
    parse,
    check: (value, mode, policy) => (typeof value === 'string' ? parse(value, mode, policy) : refuse(`${shown(value)} is not a string`)),
    format,
    option: format,
  };
}

/** An ASCII tile map: the core checks what it says; here its length and its cells are held to their limits first. */
export function tileMap(maxLength: number): Kind<string> {
  const read = (raw: string): Checked<string> => {
    if (raw.trim() === '') return refuse('is empty');
    if (raw.length > maxLength) return refuse(`is ${grouped(raw.length)} characters, more than ${grouped(maxLength)}`);
    const { rows, cols } = mapSize(raw);
    if (rows * cols > MAP_CELLS_MAX) return refuse(`is ${cols} × ${rows} = ${grouped(rows * cols)} cells, more than ${grouped(MAP_CELLS_MAX)}`);
    return { ok: true, value: raw };
  };
  return {
    allowed: () => `an ASCII map of at most ${grouped(MAP_CELLS_MAX)} cells (checked by the core when it loads)`,
    parse: read,
    check: (value) => (typeof value === 'string' ? read(value) : refuse(`${shown(value)} is not a string`)),
    format: String,
  };
}

/** A CSS length: a number of px, or a number with px, em, rem, vh, svh, dvh or %. */
export function cssLength(): Kind<number | string> {
  const read = (raw: string): Checked<number | string> => {
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
    check: (value) => (typeof value === 'number' ? read(String(value)) : typeof value === 'string' ? read(value) : refuse(`${shown(value)} is not a length`)),
    format: String,
  };
}

/** Which panels: `all`, `none`, or panel ids (checked against the mode's panels once it is built). */
export type PanelChoice = 'all' | 'none' | string[];

export function panelList(): Kind<PanelChoice> {
  const read = (raw: string): Checked<PanelChoice> => {
    const t = raw.trim();
    if (t === '' || t === 'all') return { ok: true, value: 'all' };
    if (t === 'none') return { ok: true, value: 'none' };
    const ids = t.split(/[\s,]+/).filter((s) => s !== '');
    return ids.every((id) => /^[a-z][a-z0-9-]*$/.test(id)) ? { ok: true, value: ids } : refuse(`"${raw}" is not a list of panel ids`);
  };
  return {
    allowed: () => '"all", "none", or panel ids separated by spaces or commas (see the panel table)',
    parse: read,
    check: (value) => (Array.isArray(value) ? read(value.join(' ')) : typeof value === 'string' ? read(value) : refuse(`${shown(value)} is not a list of panel ids`)),
    format: (v) => (Array.isArray(v) ? v.join(',') : v),
  };
}

/** A URL, relative to the page or absolute (script may give a `URL`). */
export function url(): Kind<string, string | URL> {
  const read = (raw: string): Checked<string> => {
    try {
      return { ok: true, value: new URL(raw, typeof document === 'undefined' ? undefined : document.baseURI).href };
    } catch {
      return refuse(`"${raw}" is not a URL`);
    }
  };
  return {
    allowed: () => 'a URL, relative to the page or absolute',
    parse: read,
    check: (value) => (typeof value === 'string' || value instanceof URL ? read(String(value)) : refuse(`${shown(value)} is not a URL`)),
    format: String,
    option: (v) => v,
  };
}

// --- a cell side -----------------------------------------------------------------

/** A tile cell's side: column, row, and the side's name. */
export type CellSide = [col: number, row: number, side: string];

/** `col_row_side` (or with commas): a cell of the map and one of `sides()`. */
export function cellSide(sides: () => readonly string[]): Kind<CellSide> {
  const read = (raw: string): Checked<CellSide> => {
    const parts = raw.split(/[_,]/).map((s) => s.trim());
    if (parts.length !== 3) return refuse(`"${raw}" is not a column, a row and a side`);
    const [col, row] = parts.slice(0, 2).map((s) => (s === '' ? NaN : Number(s)));
    if (![col, row].every((n) => Number.isInteger(n) && n >= 0 && n <= 1_000_000)) return refuse(`"${raw}" has a column or a row that is not a whole number from 0`);
    if (!sides().includes(parts[2])) return refuse(`"${parts[2]}" is not a side (${sides().join(', ')})`);
    return { ok: true, value: [col, row, parts[2]] };
  };
  return {
    allowed: () => `a column and a row (whole numbers from 0) and a side (${sides().join(', ')}), separated by _ or ,`,
    parse: read,
    check: (value) => (Array.isArray(value) ? read(value.join('_')) : typeof value === 'string' ? read(value) : refuse(`${shown(value)} is not a cell side`)),
    format: (v) => v.join('_'),
  };
}
