// The rays mode's scene to and from the typed setting values: the ray's
// ends, the enemy, the player, the structure, paused, and the drawn boxes.
// No text is read here (www/settings/ reads and writes the link).

import type { SettingValues, SomeSettings } from '../../settings/table';
import type { RaysState } from './model';

/** The values given over `defaults` (the scene's own starting places). */
export function raysState(defaults: RaysState, v: SettingValues): RaysState {
  const s: RaysState = { ...defaults, ray: { ...defaults.ray }, enemy: { ...defaults.enemy }, player: { ...defaults.player } };
  if (v.ray !== undefined) [s.ray.x0, s.ray.y0, s.ray.x1, s.ray.y1] = v.ray;
  if (v.enemy !== undefined) [s.enemy.x, s.enemy.y] = v.enemy;
  if (v.player !== undefined) [s.player.x, s.player.y] = v.player;
  s.structure = v.structure;
  s.running = !v.paused;
  return s;
}

/** The scene as values to publish; `boxes` the drawn boxes' x, y, w, h (null: none drawn, none written). */
export function raysValues(s: RaysState, boxes: readonly { x: number; y: number; w: number; h: number }[] | null): SomeSettings {
  return {
    ray: [s.ray.x0, s.ray.y0, s.ray.x1, s.ray.y1],
    enemy: [s.enemy.x, s.enemy.y],
    player: [s.player.x, s.player.y],
    structure: s.structure,
    paused: !s.running,
    // No drawn boxes is the default: nothing to write.
    boxes: boxes === null || boxes.length === 0 ? undefined : boxes.flatMap((b) => [b.x, b.y, b.w, b.h, 0, 0]),
  };
}
