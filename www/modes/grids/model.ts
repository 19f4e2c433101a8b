// The grids mode's model over the box scene's: the comparison of every
// structure on a copy of the current scene (compare.ts runs it), started
// when asked or, while automatic runs are on, a moment after the scene
// changes. It keeps the last result, whether a run is under way and a
// sentence on what it is doing, and tells the panel when any changes. No DOM.

import type { BoxesModel } from '../../boxes/model';
import type { SettingValues } from '../../settings/table';
import { formatInt } from '../../runtime/ui';
import { COMPARE_FRAMES, compareStructures, snapshotWorld, type CompareResult } from './compare';

/** Quiet time after the last scene change before an automatic re-run, ms. */
const AUTO_DELAY_MS = 400;
/**
 * Above this many objects the comparison runs only when asked: copying the
 * scene into a World per structure and a frame of each are long tasks
 * there, which a page running at 60 fps must not take on its own.
 */
export const AUTO_MAX = 50_000;

/** What, when changed, makes an earlier comparison stale. */
function sceneKey(s: SettingValues): string {
  return [s.count, s.seed, s.layout, s.cellSize ?? 'auto', s.maxObjects, s.maxLevels].join('|');
}

export class GridsModel {
  /** The last comparison, or null before the first. */
  result: CompareResult | null = null;
  running = false;
  /** Whether a change of the scene re-runs the comparison. */
  auto = true;
  /** What the comparison is doing or did, in words ('' before it ran). */
  status = '';
  /** Bumps on every run started; a finished run that is not the latest is dropped. */
  private generation = 0;
  private destroyed = false;
  private autoTimer: ReturnType<typeof setTimeout> | undefined;
  private lastKey: string;
  private readonly listeners = new Set<() => void>();

  constructor(readonly boxes: BoxesModel) {
    this.lastKey = sceneKey(boxes.settings);
    boxes.onChange(() => {
      const next = sceneKey(boxes.settings);
      if (next !== this.lastKey) {
        this.lastKey = next;
        this.schedule();
      }
    });
    boxes.onRebuild(() => this.schedule());
  }

  /** Called when the result, the status or `running` changed. */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  setAuto(on: boolean): void {
    this.auto = on;
    if (on) this.schedule();
  }

  /** The scene changed: re-run soon if automatic runs are on. */
  schedule(): void {
    if (!this.auto || this.destroyed) return;
    clearTimeout(this.autoTimer);
    if (this.boxes.sim.world.count > AUTO_MAX) {
      if (!this.running) this.say(`Above ${formatInt(AUTO_MAX)} objects the comparison runs when asked: press Compare (the page stalls for a moment per structure).`);
      return;
    }
    this.autoTimer = setTimeout(() => void this.start(), AUTO_DELAY_MS);
  }

  /** Runs the comparison on the scene as it is now. */
  async start(): Promise<CompareResult | null> {
    clearTimeout(this.autoTimer);
    const generation = ++this.generation;
    const snap = snapshotWorld(this.boxes.sim.world, this.boxes.settings);
    const count = snap.boxes.length / 4;
    this.running = true;
    this.say(`Running ${COMPARE_FRAMES} frames of each structure on a copy of these ${formatInt(count)} boxes…`);
    try {
      const result = await compareStructures(snap, this.boxes.structures, () => this.destroyed || generation !== this.generation);
      if (result === null || generation !== this.generation) return null;
      this.result = result;
      this.say(`${formatInt(result.count)} boxes · ${result.frames} frames of step(1/60) + pairs() per structure, each in its own World · ${(result.wallMillis / 1000).toFixed(2)} s`);
      return result;
    } catch (error) {
      this.say(`The comparison failed: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    } finally {
      if (generation === this.generation) {
        this.running = false;
        this.emit();
      }
    }
  }

  destroy(): void {
    this.destroyed = true;
    clearTimeout(this.autoTimer);
    this.listeners.clear();
  }

  private say(status: string): void {
    this.status = status;
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
