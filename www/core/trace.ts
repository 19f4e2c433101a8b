// A trace's flat records (`traceInsert` … `tracePairs`, `tiles.traceEdge`,
// `tiles.tracePushOut`, `traceTileStep`, `lastRepair().steps`) read into one object per step:
// the fields a consumer names, at the offsets the core's layout gives
// (`World.viewLayout`), and `kind` and `reason` as the core's names
// (`World.traceKinds()`, `World.traceReasons()`). Nothing here decides what
// a step means: that is in the records.
//
//   const steps = readTrace('traceInsert', world.traceInsert(x, y, w, h), ['id', 'depth', 'count', 'limit']);
//   if (steps[1].kind === 'split') say(`${steps[1].count} objects > ${steps[1].limit}: split`);

import { World } from './core';
import { viewLayout } from './layout';

/** The views a trace is returned as. */
export type TraceView = 'traceInsert' | 'traceUpdate' | 'traceRemove' | 'traceQuery' | 'tracePairs' | 'traceEdge' | 'tracePushOut' | 'traceTileStep' | 'lastRepair.steps';

/** One step: its kind and reason by name, and the fields asked for. */
export type TraceStep<F extends string> = { readonly kind: string; readonly reason: string } & { readonly [K in F]: number };

let kinds: readonly string[] | null = null;
let reasons: readonly string[] | null = null;

/** The records of `flat`, a trace returned as `view`, with the fields `fields`. */
export function readTrace<const F extends string>(view: TraceView, flat: ArrayLike<number>, fields: readonly F[]): TraceStep<F>[] {
  kinds ??= World.traceKinds();
  reasons ??= World.traceReasons();
  const L = viewLayout(view, ['kind', 'reason', ...fields]);
  const steps: TraceStep<F>[] = [];
  for (let i = 0; i + L.stride <= flat.length; i += L.stride) {
    const step: Record<string, number | string> = { kind: kinds[flat[i + L.kind]] ?? 'unknown', reason: reasons[flat[i + L.reason]] ?? 'unknown' };
    for (const f of fields) step[f] = flat[i + L[f]];
    steps.push(step as TraceStep<F>);
  }
  return steps;
}
