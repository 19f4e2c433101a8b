// What the frame benchmarks (scaling.mjs, frame_parts.mjs, frame_spread.mjs, frame_age.mjs)
// share: a build loaded in its own module instance, and a World holding the
// shared scene (www/bench/scene.ts, the scene bench.html runs) past its
// warm-up frames, so every one of them times the same frames.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runnerImport } from 'vite';

const root = new URL('..', import.meta.url).pathname;
const { module: sceneModule } = await runnerImport('/www/bench/scene.ts', { root, logLevel: 'error' });
const { Scene } = sceneModule;
/** The shared scene's warm-up frames. */
export const WARM_FRAMES = sceneModule.FRAMES;

/** One build: its own module instance and memory, behind its tree's façade when it has one. */
export async function loadBuild(dir, label) {
  const raw = await import(`${pathToFileURL(resolve(dir, 'broadphase.js')).href}?build=${label}`);
  const facadeFile = resolve(dir, '../www/core/facade.js');
  const core = existsSync(facadeFile) ? (await import(pathToFileURL(facadeFile).href)).facade(raw) : raw;
  core.initSync({ module: readFileSync(resolve(dir, 'broadphase_bg.wasm')) });
  return { label, World: core.World };
}

/** A World holding the shared scene's `n` boxes with their velocities, past `warm` frames (the scene's warm-up unless told). */
export function makeWorld(World, structure, n, warm = WARM_FRAMES) {
  const scene = new Scene(n);
  const world = new World(scene.side, scene.side);
  world.setStructure(structure);
  const b = scene.boxes, v = scene.velocities;
  for (let i = 0; i < n; i++) {
    const id = world.insert(b[i * 4], b[i * 4 + 1], b[i * 4 + 2], b[i * 4 + 3]);
    world.setVelocity(id, v[i * 2], v[i * 2 + 1]);
  }
  for (let k = 0; k < warm; k++) {
    world.step(1 / 60);
    world.pairs();
  }
  return world;
}
