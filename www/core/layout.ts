// Strides and offsets of the core's views, read from the core itself
// (`World.viewLayout`), so no stride or field position is written twice.
// A consumer names the fields it reads; a field the core does not have is
// an error at the first read, not a silently wrong number.
//
//   const NODE = viewLayout('quadtreeNodes', ['x', 'y', 'w', 'h', 'leaf']);
//   for (let i = 0; i < nodes.length; i += NODE.stride) draw(nodes[i + NODE.x], …);

import { World } from './core';

/** Offsets of the named fields in one record of a view, and the record's length. */
export type ViewLayout<F extends string> = { readonly [K in F]: number } & { readonly stride: number };

const cache = new Map<string, readonly string[]>();

/**
 * Field names of views as a core build reported them (`World.viewLayout`),
 * taken before that core is loaded: the first picture drawn from a
 * recorded frame (www/first-frame/) reads its views with them.
 */
export function knowViewLayouts(layouts: Readonly<Record<string, readonly string[]>>): void {
  for (const [view, names] of Object.entries(layouts)) if (!cache.has(view)) cache.set(view, names);
}

/** The layout of the view `view` (a method name, e.g. `'traceSteps'`), for the fields `fields`. */
export function viewLayout<const F extends string>(view: string, fields: readonly F[]): ViewLayout<F> {
  let names = cache.get(view);
  if (names === undefined) {
    names = World.viewLayout(view);
    cache.set(view, names);
  }
  const layout: Record<string, number> = { stride: names.length };
  for (const field of fields) {
    const at = names.indexOf(field);
    if (at < 0) throw new Error(`the core's ${view} view has no field "${field}" (it has ${names.join(', ')})`);
    layout[field] = at;
  }
  return layout as ViewLayout<F>;
}
