// The box scenes' steps for the runtime's stepper (quadtree and grids): a
// lesson's build insert by insert, its removals and the selected box's
// search, or on the live scene the selected box's search alone, each step
// a record the core wrote (run.ts), in words (words.ts). The trace is
// taken when stepping begins (the live scene pauses, so the picture stays
// the one traced) and again when what it depends on changes.

import type { BoxesModel } from '../model';
import type { StepSource, StepWords } from '../../runtime/scene';
import { lessonsOf } from '../../settings/lessons';
import { ZOOM_MAX } from '../../settings/limits';
import type { ModeName } from '../../settings/mode-names';
import { lessonOf, lessonRun, liveRun, searchOf, type TeachRun, type TeachStep } from './run';
import { stepWords } from './words';

/** How wide a grid cell is drawn while its search is stepped, CSS px. */
const READABLE_CELL_PX = 56;

export class BoxesSteps implements StepSource {
  readonly lessons;
  run: TeachRun | null = null;
  private step: number | null = null;
  private runKey = '';
  private runs = 0;
  /** A step a link or an attribute asked for (1 is the first), shown on the first frame. */
  private wanted: number | null;

  constructor(
    private readonly model: BoxesModel,
    mode: ModeName,
  ) {
    this.lessons = lessonsOf(mode);
    const s = model.settings;
    // A lesson opens at its first step.
    this.wanted = s.step ?? (s.lesson !== undefined ? 1 : null);
    model.onFrame(() => this.frame());
  }

  readonly legend = 'On the map: the dashed outline is the step’s node or cell; green tint: where the box is stored; violet: searched; grey: skipped; a red box overlaps, a violet outline was tested and misses; where the cells are picked again, the old ones dotted under the new.';

  get subject(): string {
    const search = searchOf(this.model.settings.structure) === 'pairs' ? 'pair search' : 'query';
    return this.lesson !== undefined ? `the lesson’s build, one insert at a time, then the selected box’s ${search}` : `the selected box’s ${search}`;
  }

  get lesson(): string | undefined {
    return this.model.settings.lesson;
  }

  get version(): number {
    return this.runs;
  }

  get count(): number {
    return this.run?.steps.length ?? 0;
  }

  get at(): number | null {
    return this.run === null ? null : this.step;
  }

  get ready(): boolean {
    return lessonOf(this.model.settings) !== undefined || this.model.interaction.selectedId !== 0;
  }

  /** The step on screen, or null. */
  get current(): TeachStep | null {
    const k = this.at;
    return k === null ? null : (this.run?.steps[k] ?? null);
  }

  goTo(k: number | null): void {
    if (k === null) {
      this.set(null);
      return;
    }
    // From the whole picture a live scene is traced anew: the boxes moved since.
    if (this.step === null && this.lesson === undefined) this.runKey = '';
    if (!this.ensureRun()) return;
    const n = this.count;
    if (n === 0) return;
    if (this.step === null && this.lesson === undefined) {
      if (!this.model.settings.paused) this.model.setPaused(true);
      this.zoomToCells();
    }
    this.set(Math.min(n - 1, Math.max(0, k)));
  }

  words(k: number): StepWords {
    return stepWords(this.run as TeachRun, k);
  }

  hint(): string {
    if (this.lesson !== undefined) return 'Step (N) builds the tree one step at a time.';
    if (this.model.interaction.selectedId === 0) return `Select a box (click it), then Step (N) walks its ${searchOf(this.model.settings.structure) === 'pairs' ? 'pair search cell by cell' : 'query node by node'}; or pick a lesson above.`;
    return `Step (N) walks #${this.model.interaction.selectedId}’s ${searchOf(this.model.settings.structure) === 'pairs' ? 'pair search cell by cell' : 'query node by node'}, as the core ran it (the scene pauses).`;
  }

  /**
   * A grid's search on the live scene, whose cells may be a few pixels:
   * the view zooms in on the selected box until a cell is about
   * READABLE_CELL_PX wide (never out). The lessons are drawn large already.
   */
  private zoomToCells(): void {
    const op = this.run?.ops[0];
    const box = op?.records[0];
    if (op === undefined || box === undefined || op.grid.length < 5 || !Number.isFinite(box.x)) return;
    const v = this.model.viewport;
    const cell = op.grid[2];
    if (cell * v.scale >= READABLE_CELL_PX) return;
    v.zoom = Math.min(ZOOM_MAX, (v.zoom * READABLE_CELL_PX) / (cell * v.scale));
    v.centreX = box.x + box.w / 2;
    v.centreY = box.y + box.h / 2;
  }

  private set(k: number | null): void {
    if (k === this.step) return;
    this.step = k;
    this.model.setStep(k === null ? undefined : k + 1);
  }

  /** What the run depends on: the structure, its limits, the lesson, the selection. */
  private key(): string {
    const s = this.model.settings;
    return [s.structure, s.maxObjects, s.maxLevels, s.cellSize ?? 'auto', s.lesson ?? '', this.model.interaction.selectedId, this.model.sim.side].join('|');
  }

  /** Takes the trace if there is none for the scene as it is; false when there is nothing to trace. */
  private ensureRun(): boolean {
    const key = this.key();
    if (this.run !== null && key === this.runKey) return true;
    const m = this.model;
    const lesson = lessonOf(m.settings);
    let run: TeachRun | null = null;
    try {
      if (lesson !== undefined) run = lessonRun(m.settings, m.sim.side, lesson);
      else if (m.interaction.selectedId !== 0) run = liveRun(m.sim.world, m.settings.structure, m.sim.side, m.interaction.selectedId);
    } catch (error) {
      m.notify(`the trace failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.run = run;
    this.runKey = key;
    this.runs++;
    return run !== null;
  }

  /** Each frame: a step asked for, and a run that no longer fits the scene taken again (or dropped). */
  private frame(): void {
    const wanted = this.wanted;
    // A link's step on the live scene is the search at the link's tick: not before the world is there.
    if (wanted !== null && !this.model.catchingUp) {
      this.wanted = null;
      this.goTo(wanted - 1);
      if (this.run !== null && wanted > this.count) this.model.notify(`step ${wanted}: there are ${this.count} steps; showing the last.`);
      return;
    }
    if (wanted !== null) return;
    if (this.step === null || this.run === null || this.key() === this.runKey) return;
    const was = this.step;
    this.step = null;
    if (this.ready) this.goTo(was);
    else this.model.setStep(undefined);
  }
}
