// The list values a link or an attribute carries — boxes, hand-placed
// boxes, hierarchy links — read into flat number arrays, and a tile map's
// size counted, each with a limit applied before the work: the groups are
// counted first and only the first `max` are read, so a link of 50,000
// boxes costs a count, not 50,000 parses. The one parser of these lists;
// the matching formatters write them back.

/** What reading a list gives: the numbers of its first `max` groups and how many groups it has in all, or why not. */
export type ListRead = { ok: true; value: number[]; total: number } | { ok: false; reason: string };

const refuse = (reason: string): ListRead => ({ ok: false, reason });

/** Largest coordinate or velocity a box may have. */
export const BOX_NUMBER_MAX = 1e6;

/**
 * The non-empty `;`-separated groups of `text`: the first `max`, and the
 * count of all of them (a scan, no split past `max`).
 */
export function firstGroups(text: string, max: number): { groups: string[]; total: number } {
  const groups: string[] = [];
  let total = 0;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && text.charCodeAt(i) !== 59 /* ; */) continue;
    const group = text.slice(start, i);
    start = i + 1;
    if (group.trim() === '') continue;
    total += 1;
    if (groups.length < max) groups.push(group);
  }
  return { groups, total };
}

const numberOf = (t: string) => (t.trim() === '' ? NaN : Number(t));
const isId = (n: number) => Number.isInteger(n) && n >= 1 && n <= 0xffff_ffff;

/** One `x,y,w,h[,vx,vy]` group → six numbers, or why not (`what` names the group). */
function readBox(group: string, what: string): number[] | string {
  const v = group.split(',').map(numberOf);
  if (v.length !== 4 && v.length !== 6) return `${what} ("${group.trim()}") is not x,y,w,h or x,y,w,h,vx,vy`;
  const [x, y, w, h, vx = 0, vy = 0] = v;
  const all = [x, y, w, h, vx, vy];
  if (!all.every(Number.isFinite)) return `${what} ("${group.trim()}") has a number that is not finite`;
  if (!all.every((n) => Math.abs(n) <= BOX_NUMBER_MAX)) return `${what} ("${group.trim()}") has a number beyond ±1,000,000`;
  if (!(w > 0 && h > 0)) return `${what} ("${group.trim()}") has a size that is not above 0`;
  return all;
}

/** `x,y,w,h[,vx,vy]; …` → six numbers a box (velocities 0 when left out). */
export function readBoxList(text: string, max: number): ListRead {
  const { groups, total } = firstGroups(text, max);
  if (total === 0) return refuse('has no box');
  const out: number[] = [];
  for (const [i, group] of groups.entries()) {
    const box = readBox(group, `box ${i + 1}`);
    if (typeof box === 'string') return refuse(box);
    out.push(...box);
  }
  return { ok: true, value: out, total };
}

/** `id:x,y,w,h,vx,vy; …` → seven numbers an entry (the object id first). */
export function readMovedList(text: string, max: number): ListRead {
  const { groups, total } = firstGroups(text, max);
  if (total === 0) return refuse('has no box');
  const out: number[] = [];
  for (const [i, group] of groups.entries()) {
    const colon = group.indexOf(':');
    const id = colon < 0 ? NaN : numberOf(group.slice(0, colon));
    if (!isId(id)) return refuse(`entry ${i + 1} ("${group.trim()}") does not start with an object id (a whole number from 1) and a colon`);
    const rest = group.slice(colon + 1);
    if (rest.includes(';') || rest.includes(':')) return refuse(`entry ${i + 1} (id ${id}) holds more than one box`);
    const box = readBox(rest, `entry ${i + 1} (id ${id})`);
    if (typeof box === 'string') return refuse(box.replace(/ \("[^"]*"\)/, ''));
    out.push(id, ...box);
  }
  return { ok: true, value: out, total };
}

/** `child:parent; …` → id pairs (empty: every object at the root). */
export function readLinkList(text: string, max: number): ListRead {
  const { groups, total } = firstGroups(text, max);
  const out: number[] = [];
  for (const [i, group] of groups.entries()) {
    const parts = group.split(':').map(numberOf);
    const [child, parent] = parts;
    if (parts.length !== 2 || !isId(child) || !isId(parent)) return refuse(`link ${i + 1} ("${group.trim()}") is not child:parent with object ids (whole numbers from 1)`);
    if (child === parent) return refuse(`link ${i + 1} attaches ${child} to itself`);
    out.push(child, parent);
  }
  return { ok: true, value: out, total };
}

/**
 * Six numbers a box → `x,y,w,h[,vx,vy];…`, velocities left out when both
 * are 0 (numbers as JS prints them, so a box reads back exactly where it was).
 */
export function formatBoxList(boxes: readonly number[]): string {
  const groups: string[] = [];
  for (let i = 0; i + 5 < boxes.length; i += 6) groups.push(boxes.slice(i, boxes[i + 4] === 0 && boxes[i + 5] === 0 ? i + 4 : i + 6).join(','));
  return groups.join(';');
}

/** Seven numbers an entry → `id:x,y,w,h,vx,vy;…`. */
export function formatMovedList(moved: readonly number[]): string {
  const groups: string[] = [];
  for (let i = 0; i + 6 < moved.length; i += 7) groups.push(`${moved[i]}:${moved.slice(i + 1, i + 7).join(',')}`);
  return groups.join(';');
}

/** Id pairs → `child:parent;…`. */
export function formatLinkList(links: readonly number[]): string {
  const groups: string[] = [];
  for (let i = 0; i + 1 < links.length; i += 2) groups.push(`${links[i]}:${links[i + 1]}`);
  return groups.join(';');
}

/**
 * A tile map's size as written (see TileGrid.ascii: two characters a cell,
 * rows on lines, `door …` lines after): rows and the widest row's cells.
 * A count, not a check: the core reads the map itself.
 */
export function mapSize(text: string): { rows: number; cols: number } {
  let rows = 0;
  let widest = 0;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && text.charCodeAt(i) !== 10 /* \n */) continue;
    const line = text.slice(start, i).trim();
    start = i + 1;
    if (line === '') continue;
    if (line.startsWith('door')) break;
    rows += 1;
    widest = Math.max(widest, Math.ceil(line.length / 2));
  }
  return { rows, cols: widest };
}
