// Settings in the address bar, so a scene can be shared or bookmarked:
// ?n=3000&seed=7&structure=quadtree&layout=uniform&mo=8&ml=8&speed=1&cell=20&paused

import { replaceModeQuery } from '../modes/url';
import { OBJECTS_MAX } from '../settings/limits';
import { readLinkList, readMovedList } from '../settings/lists';
import { COUNT_MAX, COUNT_MIN, LAYOUTS, SPEED_MAX, type Layout, type Settings } from './settings';

function intParam(params: URLSearchParams, key: string, lo: number, hi: number): number | undefined {
  const raw = params.get(key);
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value)) return undefined;
  return Math.min(hi, Math.max(lo, Math.round(value)));
}

/** Settings from the URL over `defaults`; unknown or bad values are ignored. */
export function readSettings(defaults: Settings, structures: readonly string[], params: URLSearchParams): Settings {
  const s = { ...defaults };
  s.count = intParam(params, 'n', COUNT_MIN, COUNT_MAX) ?? s.count;
  s.seed = intParam(params, 'seed', 0, 0xffff_ffff) ?? s.seed;
  s.maxObjects = intParam(params, 'mo', 1, 256) ?? s.maxObjects;
  s.maxLevels = intParam(params, 'ml', 0, 48) ?? s.maxLevels;
  const structure = params.get('structure');
  if (structure !== null && structures.includes(structure)) s.structure = structure;
  const layout = params.get('layout');
  if (layout !== null && (LAYOUTS as readonly string[]).includes(layout)) s.layout = layout as Layout;
  const speed = Number(params.get('speed'));
  if (params.has('speed') && Number.isFinite(speed)) s.speed = Math.min(SPEED_MAX, Math.max(0, speed));
  if (params.has('paused')) s.running = false;
  if (params.get('tree') === '0') s.showTree = false;
  const boxes = parseBoxes(params.get('boxes'));
  if (boxes !== undefined) {
    s.boxes = boxes;
    s.count = boxes.length / 6;
  }
  const moved = readMovedList(params.get('moved') ?? '', OBJECTS_MAX);
  if (moved.ok) s.moved = moved.value;
  const links = params.has('links') ? readLinkList(params.get('links') ?? '', OBJECTS_MAX) : null;
  if (links?.ok) s.links = links.value;
  const camera = (params.get('camera') ?? '').split(/[_,]/).map(Number);
  if (camera.length === 4 && camera.every(Number.isFinite)) s.camera = { x: camera[0], y: camera[1], w: camera[2], h: camera[3] };
  const cell = Number(params.get('cell'));
  if (params.has('cell') && Number.isFinite(cell) && cell > 0) s.cellSize = Math.min(1e6, cell);
  return s;
}

/**
 * Hands the settings, as query parameters, to `publish` (default: rewrite
 * the address bar in place, no history entry per slider tick).
 */
export function writeSettings(s: Settings, publish: (params: URLSearchParams) => void = replaceModeQuery): void {
  publish(settingsParams(s));
}

/** The settings as query parameters. */
export function settingsParams(s: Settings): URLSearchParams {
  const params = new URLSearchParams();
  params.set('n', String(s.count));
  params.set('seed', String(s.seed));
  params.set('structure', s.structure);
  params.set('layout', s.layout);
  params.set('mo', String(s.maxObjects));
  params.set('ml', String(s.maxLevels));
  if (s.boxes !== undefined) params.set('boxes', formatBoxes(s.boxes));
  if (s.speed !== 1) params.set('speed', String(s.speed));
  if (!s.running) params.set('paused', '');
  if (!s.showTree) params.set('tree', '0');
  if (s.cellSize !== undefined && s.cellSize > 0) params.set('cell', String(+s.cellSize.toPrecision(6)));
  if (s.moved !== undefined && s.moved.length > 0) params.set('moved', formatMoved(s.moved));
  if (s.links !== undefined) params.set('links', formatLinks(s.links));
  if (s.camera !== undefined) params.set('camera', [s.camera.x, s.camera.y, s.camera.w, s.camera.h].map((n) => String(Math.round(n * 100) / 100)).join('_'));
  return params;
}

/**
 * `x,y,w,h[,vx,vy];…` → six numbers a box, or undefined when the text is
 * missing or any box is malformed (then the seeded scene is used instead).
 */
export function parseBoxes(text: string | null): number[] | undefined {
  if (text === null || text.trim() === '') return undefined;
  const out: number[] = [];
  for (const group of text.split(';')) {
    if (group.trim() === '') continue;
    const v = group.split(',').map((t) => Number(t.trim()));
    const [x, y, w, h, vx = 0, vy = 0] = v;
    const ok = (v.length === 4 || v.length === 6) && [x, y, w, h, vx, vy].every(Number.isFinite) && w > 0 && h > 0;
    if (!ok) return undefined;
    out.push(x, y, w, h, vx, vy);
  }
  return out.length > 0 && out.length / 6 <= COUNT_MAX ? out : undefined;
}

/** The inverse of `parseBoxes`. */
export function formatBoxes(boxes: readonly number[]): string {
  const groups: string[] = [];
  for (let i = 0; i < boxes.length; i += 6) groups.push(boxes.slice(i, i + 6).join(','));
  return groups.join(';');
}

/** Seven numbers a box → `id:x,y,w,h,vx,vy;…` (numbers as JS prints them, so they read back exactly). */
export function formatMoved(moved: readonly number[]): string {
  const groups: string[] = [];
  for (let i = 0; i + 6 < moved.length; i += 7) groups.push(`${moved[i]}:${moved.slice(i + 1, i + 7).join(',')}`);
  return groups.join(';');
}

/** Pairs → `child:parent;…`. */
export function formatLinks(links: readonly number[]): string {
  const groups: string[] = [];
  for (let i = 0; i + 1 < links.length; i += 2) groups.push(`${links[i]}:${links[i + 1]}`);
  return groups.join(';');
}
