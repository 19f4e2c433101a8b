// `window.__broadphase`: a small handle for tests and the devtools console,
// installed by the active box mode (modes add their own members: see
// modes/grids and modes/hierarchy).
//
//   mode             the active mode's name
//   world            the live wasm World (replaced on rebuild: re-read it)
//   camera           the culling rectangle {x, y, w, h} in world units
//                    (live; mutate it and call playground.cameraChanged())
//   worldToScreen(x, y) → {x, y}  viewport (client) CSS px, for page.mouse
//   screenToWorld(x, y) → {x, y}  the inverse
//   frame            frames drawn so far
//   version          bumps on every pairs() recompute
//   steps            step() calls since the world was built (a link's replay not counted)
//   tick             fixed ticks since the world was built: the moment a link names
//   catchingUp       whether the world is still replaying a link's edits to its tick
//   check            last brute-force result (see CheckResult in check.ts)
//                    or null; compare its `version` with `version`
//   cameraHits()     ids the camera query found this frame, ascending
//   stepMicros       mean µs of step + pairs over the last 60 steps
//   settings         the settings in force, by their names in the settings
//                    table (read-only by convention)
//   playground       the BoxesModel, for actions (setStructure, …)
//   renderer         the mode's renderer (its backend, picture())

import type { World } from '../core/index';
import type { CheckResult } from './check';
import type { Rect } from '../runtime/geometry';
import type { BoxesModel } from './model';
import type { ModeRuntime } from '../runtime/mode-runtime';
import type { Renderer } from '../runtime/renderer';
import type { SettingValues } from '../settings/table';
import { screenMapping } from '../runtime/keys';

export interface DebugHandle {
  /** The active mode's name (`#mode=`). */
  readonly mode: string;
  readonly world: World;
  readonly camera: Rect;
  worldToScreen(x: number, y: number): { x: number; y: number };
  screenToWorld(x: number, y: number): { x: number; y: number };
  readonly frame: number;
  readonly version: number;
  readonly steps: number;
  readonly tick: number;
  readonly catchingUp: boolean;
  readonly check: CheckResult | null;
  cameraHits(): number[];
  readonly stepMicros: number;
  readonly settings: SettingValues;
  readonly playground: BoxesModel;
  readonly renderer: Renderer<BoxesModel>;
}

declare global {
  interface Window {
    __broadphase?: DebugHandle;
  }
}

/**
 * Installs the handle, with a mode's own members (`extra`, getters kept);
 * the returned function removes it (if still ours).
 */
export function installDebugHandle(model: BoxesModel, rt: ModeRuntime<BoxesModel>, extra: object = {}): () => void {
  const handle: DebugHandle = {
    mode: model.settings.mode,
    get world() {
      return model.sim.world;
    },
    get camera() {
      return model.camera;
    },
    ...screenMapping(rt.layout.canvas, rt.viewport),
    get frame() {
      return model.frame;
    },
    get version() {
      return model.sim.version;
    },
    get steps() {
      return model.sim.steps;
    },
    get tick() {
      return model.currentTick;
    },
    get catchingUp() {
      return model.catchingUp;
    },
    get check() {
      return model.check.result;
    },
    cameraHits() {
      return Array.from(model.sim.cameraHits());
    },
    get stepMicros() {
      return model.sim.stepMicros.mean;
    },
    get settings() {
      return model.settings;
    },
    playground: model,
    renderer: rt.renderer,
  };
  Object.defineProperties(handle, Object.getOwnPropertyDescriptors(extra));
  window.__broadphase = handle;
  return () => {
    if (window.__broadphase === handle) delete window.__broadphase;
  };
}
