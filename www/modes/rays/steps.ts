// The rays mode's steps for the runtime's stepper: the DDA walk the core
// recorded (`traceSteps`, read in trace.ts) up to the cell of the first
// hit (`castRay`), each visited cell in words: how the segment got in,
// tMax and tDelta there, the tile it holds, and what the walk does next
// and why (Amanatides–Woo's one comparison, or the hit that stops it).

import type { StepSource, StepWords } from '../../runtime/scene';
import { lessonsOf } from '../../settings/lessons';
import { formatParam, nextMove, type Crossing, type DdaStep, type Hit } from './trace';

/** What the steps read of the rays model. */
export interface RaysWalk {
  readonly walk: readonly DdaStep[];
  readonly visited: number;
  readonly hit: Hit | null;
  readonly ui: { readonly stepIndex: number | null };
  readonly traceVersion: number;
  readonly lesson: string | undefined;
  readonly tiles: { tile(col: number, row: number): string };
  showVisit(k: number | null): void;
  hitName(hit: Hit): string;
}

const ENTRY: Record<Crossing, string> = {
  start: 'the ray starts here',
  vertical: 'across a vertical line',
  horizontal: 'across a horizontal line',
  corner: 'through a corner (both lines at once)',
};

export class RaysSteps implements StepSource {
  readonly subject = 'the DDA walk of the ray A → B, cell by cell, to its first hit';
  readonly lessons = lessonsOf('rays');

  constructor(private readonly model: RaysWalk) {}

  get lesson(): string | undefined {
    return this.model.lesson;
  }

  get version(): number {
    return this.model.traceVersion;
  }

  get count(): number {
    return this.model.visited;
  }

  get at(): number | null {
    return this.model.ui.stepIndex;
  }

  get ready(): boolean {
    return this.model.visited > 0;
  }

  goTo(k: number | null): void {
    this.model.showVisit(k);
  }

  hint(): string {
    return 'Step (N) walks the ray one cell at a time. In each cell the DDA compares tMaxX, where the ray meets the next vertical line, with tMaxY, the next horizontal one, and crosses the nearer; tDelta is how much t one whole cell takes along each axis.';
  }

  words(k: number): StepWords {
    const m = this.model;
    const step = m.walk[k];
    const tile = this.tileAt(step.col, step.row);
    const entered = step.crossing === 'start' ? ENTRY.start : `${ENTRY[step.crossing]} at t ${formatParam(step.t)}`;
    const holds = tile === 'empty' ? 'an empty cell' : tile === 'full' ? 'a full tile' : `a ${tile} tile`;
    return {
      says: `Cell (${step.col}, ${step.row}), visit ${k + 1}: ${entered}; ${holds}.`,
      readouts: [
        ['cell (col, row)', `(${step.col}, ${step.row})`],
        ['entered', entered],
        ['tMaxX', formatParam(step.tMaxX)],
        ['tMaxY', formatParam(step.tMaxY)],
        ['tDeltaX', formatParam(step.tDeltaX)],
        ['tDeltaY', formatParam(step.tDeltaY)],
      ],
      ...this.next(k),
    };
  }

  /** What the walk does after visit `k`, and the kind of move (the panel's colour). */
  private next(k: number): { next: string; kind: string } {
    const m = this.model;
    const hit = m.hit;
    if (k === m.visited - 1 && hit !== null) {
      const what = m.hitName(hit);
      const surface = hit.objectId !== 0 ? 'its edge' : hit.shape === 'full' ? 'its solid side' : `its ${hit.shape ?? 'tile'} surface`;
      return { next: `The walk stops here: the ray touches ${what} (${surface}) at t ${hit.t.toFixed(4)}, its first hit. The cells after it are not visited.`, kind: 'hit' };
    }
    const move = nextMove(m.walk, k);
    switch (move.kind) {
      case 'x':
        return { next: `tMaxX < tMaxY: the next vertical line comes first; step x to (${move.col}, ${move.row}), then tMaxX += tDeltaX.`, kind: 'x' };
      case 'y':
        return { next: `tMaxY < tMaxX: the next horizontal line comes first; step y to (${move.col}, ${move.row}), then tMaxY += tDeltaY.`, kind: 'y' };
      case 'corner':
        return { next: `tMaxX = tMaxY: the ray meets a corner; step both, straight to the diagonal cell (${move.col}, ${move.row}).`, kind: 'corner' };
      case 'end':
        return { next: move.leavesGrid ? 'Last cell: the next line is the edge of the grid, and the ray hits nothing.' : 'Both tMax ≥ 1: the segment ends in this cell, and it hits nothing.', kind: 'end' };
    }
  }

  private tileAt(col: number, row: number): string {
    try {
      return this.model.tiles.tile(col, row);
    } catch {
      return 'empty';
    }
  }
}
