// The scene hierarchy as the page needs it, read from the core: the queue
// (`order()`), each object's parent (`parentOf`), the children lists the
// core deliberately does not keep (a flat hierarchy stores only parents),
// derived here in one pass over the queue, and the last queue repair as the
// core recorded it, step by step (`lastRepair()` and its `steps`).

import { readTrace, type TraceStep, type World } from '../../core/index';

export interface Forest {
  /** `order()`: every id once, parents before children. */
  queue: number[];
  /** Position of each id in the queue. */
  position: Map<number, number>;
  parent: Map<number, number>;
  /** Children in queue order; key 0 holds the roots. */
  children: Map<number, number[]>;
  /** Changes whenever the queue or any parent changes. */
  signature: string;
}

export function readForest(world: World): Forest {
  const queue = Array.from(world.order());
  const position = new Map<number, number>();
  const parent = new Map<number, number>();
  const children = new Map<number, number[]>([[0, []]]);
  queue.forEach((id, i) => position.set(id, i));
  for (const id of queue) {
    const p = world.parentOf(id);
    parent.set(id, p);
    let list = children.get(p);
    if (list === undefined) children.set(p, (list = []));
    list.push(id);
  }
  const signature = queue.map((id) => `${id}:${parent.get(id)}`).join(',');
  return { queue, position, parent, children, signature };
}

/** `id` and all its descendants. */
export function subtreeOf(forest: Forest, id: number): Set<number> {
  const out = new Set<number>();
  if (id === 0 || !forest.parent.has(id)) return out;
  const stack = [id];
  while (stack.length > 0) {
    const next = stack.pop()!;
    out.add(next);
    for (const child of forest.children.get(next) ?? []) stack.push(child);
  }
  return out;
}

/** Edges from the root down to `id`. */
export function depthOf(forest: Forest, id: number): number {
  let depth = 0;
  for (let p = forest.parent.get(id) ?? 0; p !== 0; p = forest.parent.get(p) ?? 0) depth++;
  return depth;
}

/** One step of the repair's walk, as the core took it (`lastRepair().steps`). */
export type RepairStep = TraceStep<'position' | 'id' | 'parent' | 'forward' | 'temp'>;

/** One `lastRepair()` record, with plain arrays. */
export interface RepairTrace {
  child: number;
  parent: number;
  /** The repair's P (the child's queue position) and Q (the new parent's). */
  p: number;
  q: number;
  before: number[];
  temp: number[];
  toTemp: boolean[];
  after: number[];
  /** The walk: T's start, one step per entry between P and Q, the splice. */
  steps: RepairStep[];
}

export function readRepair(world: World): RepairTrace | null {
  const r = world.lastRepair();
  if (r === undefined) return null;
  return {
    child: r.child,
    parent: r.parent,
    p: r.p,
    q: r.q,
    before: Array.from(r.before),
    temp: Array.from(r.temp),
    toTemp: Array.from(r.toTemp, (b) => b !== 0),
    after: Array.from(r.after),
    steps: readTrace('lastRepair.steps', r.steps, ['position', 'id', 'parent', 'forward', 'temp']),
  };
}

/** What the walk has built after `step` steps (0 = T just created), read from the core's steps. */
export interface WalkState {
  /** The core's record of this step. */
  record: RepairStep;
  /** Index into `before` of the entry this step decided, or -1 at the start / end. */
  cursor: number;
  /** The entries pushed forward so far, and T so far, in the order the core's steps put them there. */
  forward: number[];
  temp: number[];
  /** The finished segment, on the last step only: the core's own result. */
  result: number[] | null;
  /** Number of steps: T's creation, one per middle entry, the splice. */
  total: number;
}

export function walk(trace: RepairTrace, step: number): WalkState {
  const total = trace.steps.length;
  const s = Math.max(0, Math.min(step, total - 1));
  const record = trace.steps[s];
  const decided = trace.steps.slice(1, s + 1);
  const forward = decided.filter((r) => r.kind === 'forward').map((r) => r.id);
  const temp = [trace.parent, trace.child, ...decided.filter((r) => r.kind === 'to-temp').map((r) => r.id)];
  const entry = record.kind === 'forward' || record.kind === 'to-temp';
  return { record, cursor: entry ? record.position - trace.p : -1, forward, temp, result: record.kind === 'splice' ? trace.after : null, total };
}
