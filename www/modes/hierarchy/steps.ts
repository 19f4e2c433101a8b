// The hierarchy mode's steps for the runtime's stepper: the last queue
// repair as the core recorded it (`lastRepair().steps`), each step in
// words. The repair panel draws the step (the segment, the entries pushed
// forward, T); the stepper owns Back, Step, Play, the scrubber and the keys.

import type { StepSource, StepWords } from '../../runtime/scene';
import { lessonsOf } from '../../settings/lessons';
import { walk, type RepairTrace } from './forest';

/** What the steps read of the hierarchy model (model.ts). */
export interface RepairSource {
  readonly repair: RepairTrace | null;
  readonly repairStep: number | null;
  readonly repairVersion: number;
  readonly lesson: string | undefined;
  setRepairStep(step: number | null): void;
}

export class HierarchySteps implements StepSource {
  readonly subject = 'the queue’s repair after the last setParent, as the core walked it';
  readonly lessons = lessonsOf('hierarchy');

  constructor(private readonly c: RepairSource) {}

  get lesson(): string | undefined {
    return this.c.lesson;
  }

  get version(): number {
    return this.c.repairVersion;
  }

  get count(): number {
    return this.c.repair?.steps.length ?? 0;
  }

  get at(): number | null {
    return this.c.repair === null ? null : this.c.repairStep;
  }

  get ready(): boolean {
    return this.c.repair !== null;
  }

  goTo(k: number | null): void {
    if (this.c.repair === null) return;
    this.c.setRepairStep(k === null ? null : Math.max(0, Math.min(this.count - 1, k)));
  }

  hint(): string {
    return 'Attach an object to one that comes LATER in the queue (Shift-drag it onto the other): the core repairs only the segment between them, and Step (N) walks that repair.';
  }

  words(k: number): StepWords {
    const r = this.c.repair!;
    const record = r.steps[k];
    const readouts: [string, string][] =
      record.kind === 'to-temp' || record.kind === 'forward'
        ? [
            ['entry', `#${record.id}`],
            ['position', String(record.position)],
            ['its parent', record.parent === 0 ? 'the root' : `#${record.parent}`],
            ['pushed forward', String(record.forward)],
            ['in T', String(record.temp)],
          ]
        : [
            ['P', String(r.p)],
            ['Q', String(r.q)],
            ['pushed forward', String(record.forward)],
            ['in T', String(record.temp)],
          ];
    const next = k + 1 < r.steps.length ? this.describe(k + 1) : `the end: order()[P..Q] is ${r.after.map((id) => `#${id}`).join(' ')}, every parent before its children.`;
    return { says: this.describe(k), readouts, next, kind: record.kind };
  }

  /** Step `k` in a sentence (the core's record; the walk so far only to check the splice against the core's result). */
  describe(k: number): string {
    const r = this.c.repair!;
    const w = walk(r, k);
    const record = w.record;
    const named = (id: number) => (id === 0 ? 'the root' : `#${id}`);
    switch (record.kind) {
      case 'repair-start':
        return `setParent(#${r.child}, #${r.parent}): the child sits at P = ${r.p}, its new parent at Q = ${r.q}, later in the queue, so only P..Q is repaired. T starts as [Q, P] = [#${r.parent}, #${r.child}]: the new parent, then the moved child.`;
      case 'to-temp':
        return `#${record.id}: its parent ${named(record.parent)} is in T, so #${record.id} is part of the moved subtree and joins the end of T (${record.temp} in T).`;
      case 'forward':
        return `#${record.id}: its parent (${named(record.parent)}) is not in T, so #${record.id} is pushed forward and keeps its order (${record.forward} pushed so far).`;
      case 'splice': {
        const ok = [...w.forward, ...w.temp].every((id, i) => id === r.after[i]) && w.forward.length === record.forward && w.temp.length === record.temp;
        return `Done: the ${record.forward} pushed entries, then the ${record.temp} of T, fill P..Q: ${r.after.map((id) => `#${id}`).join(' ')}.${ok ? '' : ' (differs from the core’s result!)'}`;
      }
      case 'truncated':
        return `The core kept the first ${r.steps.length - 1} steps of this repair; ${record.position} more were left out.`;
      default:
        return `(a step the panel does not know: ${record.kind})`;
    }
  }
}
