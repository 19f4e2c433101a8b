// The box structures' trace records in words: what a step did and why,
// its numbers, and (for the stepper's "Next:" line) the same of the step
// after it. Every number and every reason is the record's own (the core's
// rule); where the core's rule differs from the quadtree tutorials', the
// words say so.

import type { StepWords } from '../../runtime/scene';
import type { Rec, TeachRun, TeachStep } from './run';

/** A number as the panel shows it: whole numbers plain, others to two places. */
function num(v: number): string {
  return String(Number(v.toFixed(2)));
}

/** A box's rectangle: x, y, w × h. */
export function rect(r: { x: number; y: number; w: number; h: number }): string {
  return `(${num(r.x)}, ${num(r.y)}) ${num(r.w)} × ${num(r.h)}`;
}

/** A quadtree node by its level and extent, as the canvas labels it. */
export function nodeName(r: Rec): string {
  if (r.depth === 0) return 'the root (level 0)';
  return `the level-${r.depth} node x ${num(r.x)}–${num(r.x + r.w)}, y ${num(r.y)}–${num(r.y + r.h)}`;
}

/** A grid cell by column and row, as the canvas labels it. */
export function cellName(col: number, row: number): string {
  return `cell (${col}, ${row})`;
}

const QUADRANT = [
  ['top-left', 'top-right'],
  ['bottom-left', 'bottom-right'],
];

function quadrant(r: Rec): string {
  return QUADRANT[r.row]?.[r.col] ?? `(${r.col}, ${r.row})`;
}

const CROSSES: Record<string, string> = {
  'crosses-vertical-midline': 'crosses the vertical midline',
  'crosses-horizontal-midline': 'crosses the horizontal midline',
  'crosses-both-midlines': 'crosses both midlines',
  'not-inside-node': 'is not wholly inside the world',
};

const FILED: Record<string, string> = {
  quadtree: 'filed from the root down',
  'quadtree-leaves': 'filed from the root down into every leaf it overlaps',
  grid: 'listed in every cell it touches',
  'loose-grid': 'listed in the one cell holding its centre',
};

const NEIGHBOUR: Record<string, string> = {
  'own-cell': 'its own cell',
  east: 'the east neighbour',
  'south-west': 'the south-west neighbour',
  south: 'the south neighbour',
  'south-east': 'the south-east neighbour',
};

/** The op's object, for records that do not carry it (a quadtree's descend). */
function who(step: TeachStep): string {
  return `#${step.rec.id !== 0 ? step.rec.id : step.op.id}`;
}

/** Whether the op's box (its first record) lies along a midline of node `r` without crossing it. */
function touchesMidline(step: TeachStep, r: Rec): boolean {
  const b = step.op.records[0];
  if (b === undefined) return false;
  const mx = r.x + r.w / 2;
  const my = r.y + r.h / 2;
  return b.x === mx || b.x + b.w === mx || b.y === my || b.y + b.h === my;
}

/** One record in a sentence, with its kind for the panel's colour and its numbers. */
export function describe(step: TeachStep, run: TeachRun): { says: string; kind: string; readouts: [string, string][] } {
  const r = step.rec;
  const id = who(step);
  const leaves = run.structure === 'quadtree-leaves';
  const cell = cellName(r.col, r.row);
  switch (r.kind) {
    case 'insert':
      return { says: `Insert ${id}, box ${rect(r)}: object ${r.count} of the lesson, ${FILED[run.structure] ?? 'filed'}.`, kind: 'insert', readouts: [['object', id], ['box', rect(r)], ['objects now', String(r.count)]] };
    case 'remove':
      return { says: `Remove ${id} (box ${rect(r)}): the nodes or cells holding it let it go; ${r.count} objects are left.`, kind: 'remove', readouts: [['object', id], ['objects after', String(r.count)]] };
    case 'update':
      return { says: `Move ${id} to ${rect(r)}.`, kind: 'update', readouts: [['object', id], ['box', rect(r)]] };
    case 'query':
      return {
        says: `Query ${id}: which boxes overlap its box ${rect(r)}? Brute force would test it against every other object: ${r.count - 1} tests.`,
        kind: 'query',
        readouts: [['object', id], ['objects (n)', String(r.count)], ['brute force tests (n − 1)', String(r.count - 1)]],
      };
    case 'pairs':
      return {
        says: `The pair search, as pairs() runs it, followed for ${id} (box ${rect(r)}) among ${r.count} objects: brute force would test it against ${r.count - 1}.`,
        kind: 'query',
        readouts: [['object', id], ['objects (n)', String(r.count)], ['brute force tests (n − 1)', String(r.count - 1)]],
      };
    case 'climb':
      return { says: `${id} is not inside ${nodeName(r)}: the search goes up to its parent.`, kind: 'climb', readouts: [['node', nodeName(r)]] };
    case 'descend':
      return {
        says: `${id} fits wholly inside the ${quadrant(r)} quadrant of ${nodeName(r)}, so it goes down into it.${touchesMidline(step, r) ? ' Its box touches the midline from one side: the core still counts it as inside (edges included), where a tutorial’s strict comparisons would keep it in the parent.' : ''}`,
        kind: 'descend',
        readouts: [['node', nodeName(r)], ['quadrant', quadrant(r)]],
      };
    case 'straddle':
      return { says: `${id} fits no quadrant of ${nodeName(r)}: it ${CROSSES[r.reason] ?? r.reason}, so it stays in this node.`, kind: 'straddle', readouts: [['node', nodeName(r)], ['why', CROSSES[r.reason] ?? r.reason]] };
    case 'visit':
      return r.reason === 'not-reached'
        ? { says: `${nodeName(r)} is not reached by ${id}'s box: nothing to do there.`, kind: 'skip', readouts: [['node', nodeName(r)]] }
        : { says: `At ${nodeName(r)}: it holds ${r.count} ${r.count === 1 ? 'object' : 'objects'}${step.op.kind === 'query' ? ', each a candidate' : ''}.`, kind: 'visit', readouts: [['node', nodeName(r)], ['objects here', String(r.count)]] };
    case 'file': {
      const why = r.reason === 'reached-leaf' ? 'a leaf: it is filed here' : r.reason === 'straddles-midline' ? 'it straddles a midline, so it is filed in this inner node' : 'it is outside the world';
      return { says: `${id} lands in ${nodeName(r)}: ${why}. The node holds ${r.count} now; the limit is ${r.limit}.`, kind: 'file', readouts: [['node', nodeName(r)], ['objects here', String(r.count)], ['max objects', String(r.limit)]] };
    }
    case 'outside-list': {
      const why: Record<string, string> = {
        'not-inside-world': 'its box is not inside the world',
        'min-corner-on-far-edge': 'its min corner lies on the world’s far edge',
        'too-many-cells': `it reaches ${r.count} cells, more than the ${r.limit} an object is listed in`,
        'larger-than-cell': `its larger side, ${num(r.count)}, is more than ${num(r.limit)}: it fits no one cell's reach`,
      };
      return step.op.kind === 'query' || step.op.kind === 'pairs'
        ? { says: `The list kept outside the cells or tree: ${r.count} ${r.count === 1 ? 'object' : 'objects'} on it, each tested.`, kind: 'visit', readouts: [['outside', String(r.count)]] }
        : { says: `${id} goes onto the oversize list kept outside the cells: ${why[r.reason] ?? r.reason}.`, kind: 'file', readouts: [['object', id], ['why', why[r.reason] ?? r.reason]] };
    }
    case 'split':
      return leaves
        ? {
            says: `${nodeName(r)} holds ${r.count}, of which ${r.counted} fit one quadrant: ${r.counted} > ${r.limit}, so it splits; ${r.moved} copies go into the children. The tutorials count every object toward a split; the core counts only those that fit one quadrant (copies of straddlers would split a node forever).`,
            kind: 'split',
            readouts: [['node', nodeName(r)], ['objects', String(r.count)], ['counted', String(r.counted)], ['max objects', String(r.limit)], ['copies made', String(r.moved)]],
          }
        : {
            says: `${r.count} objects > ${r.limit} at level ${r.depth}: ${nodeName(r)} splits; ${r.moved} move down, ${r.stayed} straddle and stay.`,
            kind: 'split',
            readouts: [['node', nodeName(r)], ['objects', String(r.count)], ['max objects', String(r.limit)], ['move down', String(r.moved)], ['stay', String(r.stayed)]],
          };
    case 'move-down':
      return { says: `${id} moves down into the ${quadrant(r)} child, ${nodeName(r)}.`, kind: 'descend', readouts: [['object', id], ['into', nodeName(r)]] };
    case 'copy':
      return { says: `${id} is copied into ${nodeName(r)}, a leaf its box overlaps.`, kind: 'descend', readouts: [['object', id], ['into', nodeName(r)]] };
    case 'stay':
      return { says: `${id} stays in ${nodeName(r)}: it ${CROSSES[r.reason] ?? r.reason}.`, kind: 'straddle', readouts: [['object', id], ['node', nodeName(r)]] };
    case 'no-split': {
      const why: Record<string, string> = {
        'within-limit': `it holds ${r.count} ≤ ${r.limit}, the threshold (the tree's laziness: it splits only past it)`,
        'max-depth': `it is at level ${r.depth}, the deepest allowed (max levels ${r.limit}), however many it holds (${r.count})`,
        'straddlers-not-counted': `it holds ${r.count} > the threshold, but only ${r.counted} fit one quadrant (≤ ${r.limit}): the core does not count straddlers toward a split, unlike the tutorials`,
        'already-split': 'it is split already: the straddler is filed in this inner node',
      };
      return { says: `${nodeName(r)} does not split: ${why[r.reason] ?? r.reason}.`, kind: 'no-split', readouts: [['node', nodeName(r)], ['objects', String(r.count)], ['threshold', String(r.limit)]] };
    }
    case 'take-out':
      return {
        says: `${id} leaves ${r.depth >= 0 ? nodeName(r) : r.col >= 0 ? cell : 'the outside list'}${r.reason === 'not-reached' ? ': its box no longer reaches it' : ''}; ${r.count} left there.`,
        kind: 'remove',
        readouts: [['object', id], ['left there', String(r.count)]],
      };
    case 'collapse':
      return {
        says: `${nodeName(r)}'s subtree holds only ${r.count} ≤ ${r.limit}: everything below moves up into it and its children go (collapse); it holds ${r.counted} now.`,
        kind: 'split',
        readouts: [['node', nodeName(r)], ['items below', String(r.count)], ['max objects', String(r.limit)], ['gathered', String(r.moved)]],
      };
    case 'keep-split':
      return { says: `${nodeName(r)} still holds ${r.count} > ${r.limit} below it: it stays split.`, kind: 'no-split', readouts: [['node', nodeName(r)], ['items below', String(r.count)]] };
    case 'stays':
      return { says: `${id} stays filed where it was (${r.reason}).`, kind: 'no-split', readouts: [['object', id]] };
    case 'cells':
      return {
        says: `${id}'s box reaches ${r.count} ${r.count === 1 ? 'cell' : 'cells'}, from ${cell}: a normal grid lists it in every one (at most ${r.limit}).`,
        kind: 'visit',
        readouts: [['object', id], ['cells reached', String(r.count)], ['first', cell]],
      };
    case 'link':
      return { says: `${id} is listed in ${cell}, which holds ${r.count} now.`, kind: 'file', readouts: [['cell', cell], ['objects there', String(r.count)]] };
    case 'home':
      return {
        says:
          r.reason === 'centre-clamped'
            ? `${id}'s centre is off the grid: it is listed in the nearest border cell, ${cell} (${r.count} there now).`
            : `${id} is listed only in ${cell}, the cell holding its centre (${r.count} there now). Its box may reach past the cell by up to half a cell: that is the looseness, and why the search looks at the neighbours.`,
        kind: 'file',
        readouts: [['cell', cell], ['objects there', String(r.count)]],
      };
    case 'stored': {
      const why = r.reason === 'alone-in-cell' ? `it is alone there, so the grid's pass skips it` : r.reason === 'home-cell' ? 'its home cell' : `${r.count} objects share it`;
      return { says: `${id} is listed in ${cell}: ${why}.`, kind: 'file', readouts: [['cell', cell], ['objects there', String(r.count)]] };
    }
    case 'cell': {
      const why: Record<string, string> = {
        'shared-cell': `the pass visits every cell listing two or more; this one lists ${r.count}`,
        'home-cell': `${id}'s own cell (${r.count} listed): tested against itself, then its east, south-west, south and south-east neighbours`,
        'neighbour-cell': `a cell whose forward neighbours include ${id}'s: its objects meet ${id}'s from here (${r.count} listed)`,
        'oversize-search': `the oversize object #${r.id} searches the cells its box reaches`,
        'query-range': `a cell in the query's range (${r.count} listed)`,
      };
      return { says: `At ${cell}: ${why[r.reason] ?? r.reason}.`, kind: 'visit', readouts: [['cell', cell], ['objects listed', String(r.count)]] };
    }
    case 'scan':
      return {
        says:
          r.reason === 'own-cell'
            ? `The objects of ${cell}, the cell being searched, are tested against each other. Then its east, south-west, south and south-east neighbours: the other four neighbours search this cell as one of their own forward four, so every two neighbouring cells meet once.`
            : `The objects of ${cell}, ${NEIGHBOUR[r.reason] ?? r.reason} (one of the four forward ones), are tested against the cell being searched.`,
        kind: 'visit',
        readouts: [['cell', cell], ['which', NEIGHBOUR[r.reason] ?? r.reason]],
      };
    case 'skip':
      if (r.depth >= 0) {
        const why: Record<string, string> = { 'empty-subtree': 'nothing is stored in it or below', 'misses-area': `it does not reach ${id}'s box`, 'not-reached': 'not reached' };
        return { says: `${nodeName(r)} is skipped: ${why[r.reason] ?? r.reason}.`, kind: 'skip', readouts: [['node', nodeName(r)]] };
      }
      return {
        says: r.col >= 0 ? `${NEIGHBOUR[r.reason] ?? r.reason}, ${cell}, is empty: nothing to scan.` : `${NEIGHBOUR[r.reason] ?? r.reason} is off the grid: nothing to scan.`,
        kind: 'skip',
        readouts: [['which', NEIGHBOUR[r.reason] ?? r.reason]],
      };
    case 'candidate': {
      const other = `#${r.other}`;
      const verdicts: Record<string, string> = {
        overlaps: `tested: its box overlaps ${id}'s`,
        misses: `tested: no overlap`,
        'reported-elsewhere': `they overlap, but the leaf holding the overlap's min corner reports the pair, so it is met once`,
        'not-corner-cell': `not tested here: the overlap's corner lies in ${cell}, which tests it, so the pair is reported once`,
      };
      const self = r.other === (r.id || step.op.id);
      return {
        says: self ? `${other} itself: query() returns the box asked about too.` : `${other} is a candidate: ${verdicts[r.reason] ?? r.reason}.`,
        kind: r.reason === 'overlaps' ? 'overlaps' : r.reason === 'misses' ? 'misses' : 'skip',
        readouts: [['candidate', other], ['box', rect(r)], ['verdict', self ? 'itself' : r.reason]],
      };
    }
    case 'sweep':
      return { says: `The ${r.count} objects kept outside the cells meet each other in a sort-and-sweep.`, kind: 'visit', readouts: [['outside', String(r.count)]] };
    case 'done': {
      const found = step.op.kind === 'query' ? `${r.counted} ${r.counted === 1 ? 'box' : 'boxes'} from query(): ${id} and ${r.counted - 1} that ${r.counted === 2 ? 'overlaps' : 'overlap'} it` : `${r.counted} ${r.counted === 1 ? 'partner' : 'partners'}`;
      // The candidates the walk met, as its records name them.
      const met = step.op.records.filter((c) => c.kind === 'candidate' && c.other !== step.op.id);
      const names = (list: Rec[]) => (list.length === 0 ? 'none' : [...new Set(list.map((c) => `#${c.other}`))].join(' '));
      return {
        says: `Done: ${r.count} candidates tested against brute force's ${r.limit} (n − 1); found ${found}.`,
        kind: 'done',
        readouts: [
          ['tested', String(r.count)],
          ['brute force (n − 1)', String(r.limit)],
          ['found', String(r.counted)],
          ['candidates', names(met)],
          ['overlapping', names(met.filter((c) => c.reason === 'overlaps'))],
        ],
      };
    }
    case 'repick':
      return r.reason === 'oversize-outgrown'
        ? {
            says: `First, as pairs() does before its search: ${r.count} boxes, grown by update past the cells, lie on the oversize list, where each is tested one by one. That is more than ${r.limit} (twice the ${r.counted} left there when the cells were picked, plus a share of all objects), so the automatic cell size is picked again from the boxes as they are now.`,
            kind: 'split',
            readouts: [['oversize now', String(r.count)], ['allowed', String(r.limit)], ['at the last pick', String(r.counted)]],
          }
        : {
            says: `The world holds ${r.count} objects, reaching ${r.limit}: twice as many as when the cells were last picked (${r.counted} then, or 8 if fewer), so the automatic cell size is picked again from the boxes as they are now.`,
            kind: 'split',
            readouts: [['objects now', String(r.count)], ['at the last pick', String(r.counted)]],
          };
    case 'refile': {
      if (r.reason === 'same-cell-size') {
        return { says: `The new pick gives the same cells, ${num(r.limit)} wide: nothing is filed again; ${r.stayed} ${r.stayed === 1 ? 'box stays' : 'boxes stay'} on the oversize list.`, kind: 'no-split', readouts: [['cell size', num(r.limit)]] };
      }
      const oversize = r.moved + r.stayed > 0 ? ` Of the ${r.moved + r.stayed} oversize boxes, ${r.moved} now fit a cell and ${r.stayed} stay on the oversize list.` : '';
      const then = step.op.kind === 'pairs' ? ' The search below walks the new cells.' : '';
      return {
        says: `The cell size goes from ${num(r.counted)} to ${num(r.limit)}: all ${r.count} objects are filed again in the new cells.${oversize}${then}`,
        kind: 'split',
        readouts: [['cell size', `${num(r.counted)} → ${num(r.limit)}`], ['objects filed again', String(r.count)], ...(r.moved + r.stayed > 0 ? ([['oversize, now in cells', String(r.moved)], ['still oversize', String(r.stayed)]] as [string, string][]) : [])],
      };
    }
    case 'truncated':
      return { says: `The trace stops here: ${r.count} more steps were left out (a trace holds at most 4096).`, kind: 'done', readouts: [] };
    default:
      return { says: `${r.kind} (${r.reason}).`, kind: r.kind, readouts: [] };
  }
}

/** Step `k` of the run in words, with the "Next:" line from the step after it. */
export function stepWords(run: TeachRun, k: number): StepWords {
  const step = run.steps[k];
  const d = describe(step, run);
  const after = run.steps[k + 1];
  let next: string;
  if (after === undefined) next = ending(run);
  else if (after.op !== step.op) next = `this ${step.op.kind} is over. ${describe(after, run).says}`;
  else next = describe(after, run).says;
  return { says: d.says.charAt(0).toUpperCase() + d.says.slice(1), readouts: [['operation', `${step.op.kind} #${step.op.id}`], ...d.readouts], next, kind: d.kind };
}

function ending(run: TeachRun): string {
  const last = run.ops[run.ops.length - 1];
  if (last === undefined) return 'nothing more.';
  return last.kind === 'query' || last.kind === 'pairs' ? 'the end: the search is over and changed nothing (Esc shows the whole picture).' : 'the end: the structure is built (Esc shows the whole picture).';
}
