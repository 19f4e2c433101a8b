// The box scenes' lesson as the core recorded it: a teaching World built
// one `traceInsert` at a time from the lesson's boxes (then its removals
// and the selected box's query or pair search), or, on the live scene, the
// selected box's search in the running world. Each operation keeps its
// records (www/core/trace.ts) and what the structure looked like before and
// after it (`quadtreeNodes`, `gridGeometry`, the boxes in it), so a step
// can be drawn without asking the world again. Nothing here decides what
// the structure does: every step is a record the core wrote.

import { readTrace, World, type TraceStep, type TraceView } from '../../core/index';
import { lessonNamed, type LessonSpec } from '../../settings/lessons';
import type { SettingValues } from '../../settings/table';

/** The fields every structure record carries (API.md, "Traces"). */
export const FIELDS = ['id', 'other', 'x', 'y', 'w', 'h', 'depth', 'col', 'row', 'count', 'counted', 'limit', 'moved', 'stayed'] as const;
export type Rec = TraceStep<(typeof FIELDS)[number]>;

/** A box in the teaching world: its id and rectangle. */
export interface TeachBox {
  readonly id: number;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** One traced operation and the structure around it. */
export interface TeachOp {
  readonly kind: 'insert' | 'remove' | 'query' | 'pairs';
  /** The object it is about. */
  readonly id: number;
  /** Its first step's index among all steps. */
  readonly first: number;
  readonly records: readonly Rec[];
  /** `quadtreeNodes()` before and after (empty without a quadtree). */
  readonly nodesBefore: Float64Array;
  readonly nodesAfter: Float64Array;
  /** `gridGeometry()` before and after (empty without a grid): a `refile` step between changes the cells. */
  readonly gridBefore: Float64Array;
  readonly grid: Float64Array;
  /** The boxes in the world before and after (the lesson's world; empty on the live scene). */
  readonly boxesBefore: readonly TeachBox[];
  readonly boxesAfter: readonly TeachBox[];
}

/** A step: an operation and one of its records. */
export interface TeachStep {
  readonly op: TeachOp;
  readonly rec: Rec;
  /** Its place in the operation's records. */
  readonly index: number;
}

export interface TeachRun {
  /** Built from a lesson (the picture is the teaching world's alone) or on the live scene (drawn over it). */
  readonly lesson: LessonSpec | undefined;
  readonly structure: string;
  readonly side: number;
  readonly ops: readonly TeachOp[];
  readonly steps: readonly TeachStep[];
  /** Objects in the world when the search ran (n). */
  readonly objects: number;
}

/** The search a structure teaches for one box: its query (quadtrees), its pair search (grids), else none. */
export function searchOf(structure: string): 'query' | 'pairs' {
  return structure === 'grid' || structure === 'loose-grid' ? 'pairs' : 'query';
}

function read(view: TraceView, flat: ArrayLike<number>): Rec[] {
  return readTrace(view, flat, FIELDS);
}

function boxesOf(world: World): TeachBox[] {
  const ids = world.slotIds();
  const out: TeachBox[] = [];
  for (const id of ids) {
    if (id === 0) continue;
    const b = world.box(id);
    out.push({ id, x: b[0], y: b[1], w: b[2], h: b[3] });
  }
  return out.sort((a, b) => a.id - b.id);
}

/** Runs `call` on `world` as operation `kind` of object `id`, keeping its records and the structure around it. */
function traced(world: World, kind: TeachOp['kind'], id: number, first: number, withBoxes: boolean, call: () => { view: TraceView; flat: ArrayLike<number> }): TeachOp {
  const nodesBefore = world.quadtreeNodes().slice();
  const gridBefore = world.gridGeometry().slice();
  const boxesBefore = withBoxes ? boxesOf(world) : [];
  const { view, flat } = call();
  const records = read(view, flat);
  const opId = kind === 'insert' ? (records[0]?.id ?? id) : id;
  return {
    kind,
    id: opId,
    first,
    records,
    nodesBefore,
    nodesAfter: world.quadtreeNodes().slice(),
    gridBefore,
    grid: world.gridGeometry().slice(),
    boxesBefore,
    boxesAfter: withBoxes ? boxesOf(world) : boxesBefore,
  };
}

/** Whether `world` holds object `id`. */
function has(world: World, id: number): boolean {
  try {
    world.box(id);
    return true;
  } catch {
    return false;
  }
}

function stepsOf(ops: readonly TeachOp[]): TeachStep[] {
  const steps: TeachStep[] = [];
  for (const op of ops) op.records.forEach((rec, index) => steps.push({ op, rec, index }));
  return steps;
}

/**
 * The lesson's run: a World of the scene's side with its structure and
 * limits, the lesson's boxes inserted in order (`traceInsert`), its
 * removals (`traceRemove`), then the selected box's search.
 */
export function lessonRun(settings: SettingValues, side: number, lesson: LessonSpec): TeachRun {
  const world = new World(side, side);
  try {
    world.setStructure(settings.structure);
    world.setQuadtreeLimits(settings.maxObjects, settings.maxLevels);
    if (settings.cellSize !== undefined && settings.cellSize > 0) world.setCellSize(settings.cellSize);
    const ops: TeachOp[] = [];
    let first = 0;
    const add = (op: TeachOp) => {
      ops.push(op);
      first += op.records.length;
    };
    const b = settings.boxes ?? [];
    for (let i = 0; i + 5 < b.length; i += 6) add(traced(world, 'insert', 0, first, true, () => ({ view: 'traceInsert', flat: world.traceInsert(b[i], b[i + 1], b[i + 2], b[i + 3]) })));
    for (const id of lesson.remove ?? []) if (has(world, id)) add(traced(world, 'remove', id, first, true, () => ({ view: 'traceRemove', flat: world.traceRemove(id) })));
    const selected = settings.selected;
    if (selected !== undefined && has(world, selected)) add(searchOp(world, settings.structure, selected, first, true));
    return { lesson, structure: settings.structure, side, ops, steps: stepsOf(ops), objects: world.count };
  } finally {
    world.free();
  }
}

/** The selected box's search in the live world (changes nothing), drawn over the live picture. */
export function liveRun(world: World, structure: string, side: number, id: number): TeachRun {
  const ops = [searchOp(world, structure, id, 0, false)];
  return { lesson: undefined, structure, side, ops, steps: stepsOf(ops), objects: world.count };
}

function searchOp(world: World, structure: string, id: number, first: number, withBoxes: boolean): TeachOp {
  return searchOf(structure) === 'pairs'
    ? traced(world, 'pairs', id, first, withBoxes, () => ({ view: 'tracePairs', flat: world.tracePairs(id) }))
    : traced(world, 'query', id, first, withBoxes, () => ({ view: 'traceQuery', flat: world.traceQuery(id) }));
}

/** The lesson on in these settings, if it is one of `mode`'s. */
export function lessonOf(settings: SettingValues): LessonSpec | undefined {
  return lessonNamed(settings.mode, settings.lesson);
}
