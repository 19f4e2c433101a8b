// The rays mode's scene in the address bar, so a trace can be shared:
// ?mode=rays&ray=x0_y0_x1_y1&enemy=x_y&player=x_y&structure=grid&paused&boxes=x,y,w,h;…
// (`_` separates numbers because URLSearchParams would escape a comma;
// commas are read too).

import { replaceModeQuery } from '../url';
import type { RaysState } from './model';

function numbers(raw: string | null, count: number): number[] | null {
  if (raw === null) return null;
  const parts = raw.split(/[_,]/).map((s) => (s.trim() === '' ? NaN : Number(s)));
  return parts.length === count && parts.every(Number.isFinite) ? parts : null;
}

/** The URL's values over `defaults`; malformed ones are ignored. */
export function readRaysState(defaults: RaysState, structures: readonly string[], params: URLSearchParams): RaysState {
  const s: RaysState = { ...defaults, ray: { ...defaults.ray }, enemy: { ...defaults.enemy }, player: { ...defaults.player } };
  const ray = numbers(params.get('ray'), 4);
  if (ray !== null) [s.ray.x0, s.ray.y0, s.ray.x1, s.ray.y1] = ray;
  const enemy = numbers(params.get('enemy'), 2);
  if (enemy !== null) [s.enemy.x, s.enemy.y] = enemy;
  const player = numbers(params.get('player'), 2);
  if (player !== null) [s.player.x, s.player.y] = player;
  const structure = params.get('structure');
  if (structure !== null && structures.includes(structure)) s.structure = structure;
  if (params.has('paused')) s.running = false;
  return s;
}

const round = (v: number) => String(Math.round(v * 100) / 100);

/** Publishes the scene; `boxes` is the drawn boxes' "x,y,w,h;…" (null: none drawn, none written). */
export function writeRaysState(s: RaysState, defaultStructure: string, boxes: string | null, publish: (params: URLSearchParams) => void = replaceModeQuery): void {
  publish(raysParams(s, defaultStructure, boxes));
}

/** The scene as query parameters (see writeRaysState). */
export function raysParams(s: RaysState, defaultStructure: string, boxes: string | null): URLSearchParams {
  const params = new URLSearchParams();
  params.set('ray', [s.ray.x0, s.ray.y0, s.ray.x1, s.ray.y1].map(round).join('_'));
  params.set('enemy', [s.enemy.x, s.enemy.y].map(round).join('_'));
  params.set('player', [s.player.x, s.player.y].map(round).join('_'));
  if (s.structure !== defaultStructure) params.set('structure', s.structure);
  if (!s.running) params.set('paused', '');
  // No drawn boxes is the default: nothing to write.
  if (boxes !== null && boxes !== '') params.set('boxes', boxes);
  return params;
}
