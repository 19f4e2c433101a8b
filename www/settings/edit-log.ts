// The reader's edits of a running box scene, each with the tick it was
// made at: the `edits` setting, so a link replays a moment exactly (what
// was done before the first tick is the scene's `moved` and `links`).
// One entry a group, `;` between groups, ticks never going back:
//
//   412:7:10.5,20.25,0,0        box 7 placed at (10.5, 20.25), velocity (0, 0), at tick 412
//   412:7:10.5,20.25,0,0,3,4    … and resized to 3 × 4
//   415:7:12,-40                box 7's velocity set to (12, -40), where it was
//   500:speed:0.5               the simulation's speed from tick 500 on
//   520:5@2                     object 5 attached to 2 (5@0: detached)
//   600:insert:1,2,3,4          a box inserted (its id the next the World hands out)
//   610:remove:9                object 9 and its descendants removed
//
// The numbers are written as JS prints them, so they read back exactly.
// Reading is limited before the work: the groups are counted first and
// only the first `max` read.

import { BOX_NUMBER_MAX, firstGroups } from './lists';
import type { Checked, Kind, RangePolicy } from './kinds';
import { SPEED_MAX } from './limits';
import type { ModeName } from './mode-names';

/** The latest tick a link may name (about 4.6 hours of simulated time). */
export const TICK_MAX = 1_000_000;
/** Edits a link may carry. */
export const EDITS_MAX = 20_000;

/** One edit, at the tick it was made (after that many ticks had run). */
export type EditEntry =
  | { readonly tick: number; readonly kind: 'place'; readonly id: number; x: number; y: number; vx: number; vy: number; w?: number; h?: number }
  | { readonly tick: number; readonly kind: 'velocity'; readonly id: number; vx: number; vy: number }
  | { readonly tick: number; readonly kind: 'speed'; speed: number }
  | { readonly tick: number; readonly kind: 'parent'; readonly child: number; readonly parent: number }
  | { readonly tick: number; readonly kind: 'insert'; readonly x: number; readonly y: number; readonly w: number; readonly h: number }
  | { readonly tick: number; readonly kind: 'remove'; readonly id: number };

const isId = (n: number) => Number.isInteger(n) && n >= 1 && n <= 0xffff_ffff;
const isTick = (n: number) => Number.isInteger(n) && n >= 0 && n <= TICK_MAX;
const numberOf = (t: string) => (t.trim() === '' ? NaN : Number(t));
const inRange = (n: number) => Number.isFinite(n) && Math.abs(n) <= BOX_NUMBER_MAX;

/** One group's entry, or why not (`n` counts from 1). */
function readEntry(group: string, n: number): EditEntry | string {
  const text = group.trim();
  const colon = text.indexOf(':');
  const tick = colon < 0 ? NaN : numberOf(text.slice(0, colon));
  if (!isTick(tick)) return `edit ${n} ("${text}") does not start with a tick (a whole number from 0 to ${TICK_MAX.toLocaleString('en-US')}) and a colon`;
  const rest = text.slice(colon + 1);
  const bad = (why: string) => `edit ${n} ("${text}") ${why}`;
  const numbers = (list: string, count: readonly number[]): number[] | string => {
    const v = list.split(',').map(numberOf);
    if (!count.includes(v.length)) return bad(`is not ${count.join(' or ')} numbers after the colon`);
    if (!v.every(inRange)) return bad('has a number that is not finite or is beyond ±1,000,000');
    return v;
  };
  const word = /^([a-z]+):(.*)$/.exec(rest);
  if (word !== null) {
    const [, name, args] = word;
    if (name === 'speed') {
      const speed = numberOf(args);
      if (!(speed >= 0 && speed <= SPEED_MAX)) return bad(`has a speed that is not a number from 0 to ${SPEED_MAX}`);
      return { tick, kind: 'speed', speed };
    }
    if (name === 'insert') {
      const v = numbers(args, [4]);
      if (typeof v === 'string') return v;
      if (!(v[2] > 0 && v[3] > 0)) return bad('has a size that is not above 0');
      return { tick, kind: 'insert', x: v[0], y: v[1], w: v[2], h: v[3] };
    }
    if (name === 'remove') {
      const id = numberOf(args);
      return isId(id) ? { tick, kind: 'remove', id } : bad('does not name an object id (a whole number from 1)');
    }
    return bad(`names "${name}", which is not speed, insert or remove`);
  }
  const at = /^(\d+)@(\d+)$/.exec(rest);
  if (at !== null) {
    const [child, parent] = [Number(at[1]), Number(at[2])];
    if (!isId(child) || !(parent === 0 || isId(parent))) return bad('is not child@parent with object ids (the parent 0 to detach)');
    if (child === parent) return bad(`attaches ${child} to itself`);
    return { tick, kind: 'parent', child, parent };
  }
  const colon2 = rest.indexOf(':');
  const id = colon2 < 0 ? NaN : numberOf(rest.slice(0, colon2));
  if (!isId(id)) return bad('is not id:numbers, speed:, insert:, remove: or child@parent');
  const v = numbers(rest.slice(colon2 + 1), [2, 4, 6]);
  if (typeof v === 'string') return v;
  if (v.length === 2) return { tick, kind: 'velocity', id, vx: v[0], vy: v[1] };
  const [x, y, vx, vy, w, h] = v;
  if (v.length === 4) return { tick, kind: 'place', id, x, y, vx, vy };
  if (!(w > 0 && h > 0)) return bad('has a size that is not above 0');
  return { tick, kind: 'place', id, x, y, vx, vy, w, h };
}

/** What reading an edit list gives: its first `max` entries and how many it has, or why not. */
export type EditsRead = { ok: true; value: EditEntry[]; total: number } | { ok: false; reason: string };

/** Reads `text`'s first `max` entries; ticks must never go back. */
export function readEdits(text: string, max: number): EditsRead {
  const { groups, total } = firstGroups(text, max);
  const out: EditEntry[] = [];
  let last = 0;
  for (const [i, group] of groups.entries()) {
    const entry = readEntry(group, i + 1);
    if (typeof entry === 'string') return { ok: false, reason: entry };
    if (entry.tick < last) return { ok: false, reason: `edit ${i + 1} is at tick ${entry.tick}, before the edit ahead of it (tick ${last}): ticks never go back` };
    last = entry.tick;
    out.push(entry);
  }
  return { ok: true, value: out, total };
}

/** One entry as text. */
export function formatEdit(e: EditEntry): string {
  switch (e.kind) {
    case 'place':
      return `${e.tick}:${e.id}:${[e.x, e.y, e.vx, e.vy, ...(e.w === undefined || e.h === undefined ? [] : [e.w, e.h])].join(',')}`;
    case 'velocity':
      return `${e.tick}:${e.id}:${e.vx},${e.vy}`;
    case 'speed':
      return `${e.tick}:speed:${e.speed}`;
    case 'parent':
      return `${e.tick}:${e.child}@${e.parent}`;
    case 'insert':
      return `${e.tick}:insert:${e.x},${e.y},${e.w},${e.h}`;
    case 'remove':
      return `${e.tick}:remove:${e.id}`;
  }
}

export function formatEdits(entries: readonly EditEntry[]): string {
  return entries.map(formatEdit).join(';');
}

/** The kind of the `edits` setting: read as the lists are (a link keeps the first EDITS_MAX and says so; an embed refuses more). */
export function editLog(): Kind<EditEntry[], string> {
  const parse = (raw: string, mode: ModeName, policy: RangePolicy): Checked<EditEntry[]> => {
    const got = readEdits(raw, EDITS_MAX);
    if (!got.ok) return got;
    if (got.value.length === 0) return { ok: false, reason: 'has no edit' };
    if (got.total <= EDITS_MAX) return { ok: true, value: got.value };
    const total = got.total.toLocaleString('en-US');
    if (policy === 'default') return { ok: false, reason: `has ${total} edits, more than ${EDITS_MAX.toLocaleString('en-US')} (the most the ${mode} mode replays)` };
    return { ok: true, value: got.value, note: `cut to the first ${EDITS_MAX.toLocaleString('en-US')} of ${total} edits` };
  };
  return {
    allowed: () =>
      `"tick:id:x,y,vx,vy[,w,h]", "tick:id:vx,vy", "tick:speed:s", "tick:child@parent", "tick:insert:x,y,w,h" or "tick:remove:id", separated by ;, ticks never going back; at most ${EDITS_MAX.toLocaleString('en-US')}`,
    parse,
    check: (value, mode, policy) => (typeof value === 'string' ? parse(value, mode, policy) : { ok: false, reason: `${JSON.stringify(value)} is not a string` }),
    format: formatEdits,
    option: formatEdits,
  };
}
