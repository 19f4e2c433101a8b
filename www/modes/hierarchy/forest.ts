// The scene hierarchy as the page needs it, read from the core: the queue
// (`order()`), each object's parent (`parentOf`), and the children lists the
// core deliberately does not keep (a flat hierarchy stores only parents), derived
// here in one pass over the queue.

import type { World } from '../../core/index';

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
}

export function readRepair(world: World): RepairTrace | null {
  const raw: unknown = world.lastRepair();
  if (raw === undefined || raw === null || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const list = (v: unknown): number[] => (ArrayBuffer.isView(v) ? Array.from(v as Uint32Array) : Array.isArray(v) ? v.map(Number) : []);
  return {
    child: Number(r.child),
    parent: Number(r.parent),
    p: Number(r.p),
    q: Number(r.q),
    before: list(r.before),
    temp: list(r.temp),
    toTemp: list(r.toTemp).map((b) => b !== 0),
    after: list(r.after),
  };
}

/** The state of the walk after `step` steps (0 = T just created). */
export interface WalkState {
  /** Index into `before` the walk is at, or -1 at the start / end. */
  cursor: number;
  forward: number[];
  temp: number[];
  /** The finished segment, on the last step only. */
  result: number[] | null;
  /** Number of steps: T's creation, one per middle entry, the final append. */
  total: number;
}

export function walk(trace: RepairTrace, step: number): WalkState {
  const middle = trace.before.length - 2;
  const total = middle + 2;
  const s = Math.max(0, Math.min(step, total - 1));
  const forward: number[] = [];
  const temp = [trace.parent, trace.child];
  for (let i = 1; i <= Math.min(s, middle); i++) (trace.toTemp[i] ? temp : forward).push(trace.before[i]);
  const last = s === total - 1;
  return { cursor: s >= 1 && s <= middle ? s : -1, forward, temp, result: last ? [...forward, ...temp] : null, total };
}
