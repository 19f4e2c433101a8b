// The lessons: named teaching scenes, each a mode's settings written as a
// link writes them (`max-objects: '4'`, `boxes: '…'`), the tutorials' own
// cases: a quadtree with the threshold at 1, a box on a midline, a ray
// through a corner, an interesting edge, a closed door. A lesson's values
// are its scene's defaults: a link or an attribute that names the lesson
// and a setting gives that setting instead (read.ts, `defaultSettings`).
// The `lesson` setting names one; the stepper's picker lists the mode's.

import type { Kind } from './kinds';
import type { ModeName } from './mode-names';

export interface LessonSpec {
  /** The `lesson` setting's value (`lesson="threshold-1"`, `#lesson=threshold-1`). */
  readonly name: string;
  readonly mode: ModeName;
  /** The picker's label: short, so it fits a phone's sidebar (the intro says the rest). */
  readonly title: string;
  /** What it shows, in a sentence or two (over the stepper while the lesson is on). */
  readonly intro: string;
  /** Its scene: settings by their attribute names, as a link writes them. */
  readonly settings: Readonly<Record<string, string>>;
  /** The world's side, when the lesson's boxes do not reach it (a quadtree's midlines at round numbers). */
  readonly side?: number;
  /** After the boxes are in: objects removed one by one (their collapses are steps too). */
  readonly remove?: readonly number[];
  /** Hierarchy: the re-parenting whose queue repair the lesson steps through, [child, parent]. */
  readonly attach?: readonly [number, number];
}

// The quadtree's teaching boxes: 256 units square, so its midlines fall at
// 128, 64, 32 and 16. Most crowd the top-left quadrant (so it splits
// twice), one sits on the world's vertical midline and one on a
// quadrant's, #1 and #12 overlap, and five in the bottom-right quadrant
// split it with the last insert, so removing #9 collapses it again.
const QUADTREE_BOXES = [
  '20,22,14,12',
  '70,30,16,14',
  '40,84,12,16',
  '92,90,18,12',
  '150,40,22,18',
  '28,48,12,10',
  '120,150,18,20',
  '52,18,14,12',
  '200,180,24,18',
  '12,100,14,12',
  '58,56,12,12',
  '30,30,10,12',
  '170,210,16,16',
  '100,14,12,14',
  '56,110,16,10',
  '210,60,18,16',
  '140,140,14,12',
  '220,140,14,14',
  '150,230,12,14',
].join(';');

// The grids' teaching boxes: 8 × 8 cells of 32 units; a few boxes inside a
// cell, some across a cell line or a corner, one wider than a cell; #1 and
// #2 overlap across a cell line, #3 and #4 across cells (the selected #4).
const GRID_BOXES = [
  '56,44,18,14',
  '70,52,20,18',
  '100,90,18,16',
  '84,86,24,14',
  '140,44,22,22',
  '150,120,16,14',
  '186,150,18,16',
  '90,180,70,20',
  '24,170,16,18',
  '200,36,14,20',
  '120,206,18,16',
  '60,120,14,14',
].join(';');

export const LESSONS: readonly LessonSpec[] = [
  {
    name: 'quadtree-build',
    mode: 'quadtree',
    title: 'Insert by insert',
    intro: 'An empty region, then nineteen boxes one at a time, with the tutorials’ limits: a node splits when it holds more than 4, and no deeper than level 5. A box that crosses a midline stays in the node. Then #9 goes and the node it leaves collapses; last, the query for #12.',
    settings: { structure: 'quadtree', 'max-objects': '4', 'max-levels': '5', boxes: QUADTREE_BOXES, selected: '12', tree: '' },
    side: 256,
    remove: [9],
  },
  {
    name: 'leaves-build',
    mode: 'quadtree',
    title: 'Leaves, insert by insert',
    intro: 'The same nineteen boxes with the other placement: a box lives only in leaves, copied into every leaf it overlaps. Watch the splits: the core counts only the boxes that fit one quadrant, where the tutorials count all. Then #9 goes; last, the query for #12, each pair reported once.',
    settings: { structure: 'quadtree-leaves', 'max-objects': '4', 'max-levels': '5', boxes: QUADTREE_BOXES, selected: '12', tree: '' },
    side: 256,
    remove: [9],
  },
  {
    name: 'threshold-1',
    mode: 'quadtree',
    title: 'Threshold 1',
    intro: 'The threshold is how lazy the tree is: a node splits only when it holds more than that many. At 1, nearly every insert splits a node, down to the depth limit.',
    settings: { structure: 'quadtree', 'max-objects': '1', 'max-levels': '5', boxes: QUADTREE_BOXES.split(';').slice(0, 10).join(';'), selected: '6' },
    side: 256,
  },
  {
    name: 'midline',
    mode: 'quadtree',
    title: 'A box on a midline',
    intro: 'A box that does not fit wholly inside one quadrant cannot go down: it stays in the node whose midline it crosses, and every query that reaches that node tests it.',
    settings: { structure: 'quadtree', 'max-objects': '2', 'max-levels': '5', boxes: '20,20,20,20;80,30,20,20;120,40,16,20;30,90,16,16;150,150,20,20;60,120,16,16', selected: '3' },
    side: 256,
  },
  {
    name: 'leaves',
    mode: 'quadtree',
    title: 'A box in every leaf',
    intro: 'The other placement keeps boxes only in leaves, copied into every leaf a box overlaps. Unlike the tutorials, the core counts toward a split only the boxes that fit in one quadrant: copies of straddling boxes would split a node forever.',
    settings: { structure: 'quadtree-leaves', 'max-objects': '2', 'max-levels': '5', boxes: '20,20,20,20;80,30,20,20;120,40,16,20;30,90,16,16;150,150,20,20;60,120,16,16', selected: '3' },
    side: 256,
  },
  {
    name: 'grid-insert',
    mode: 'grids',
    title: 'Normal grid',
    intro: 'A normal grid lists a box in every cell it touches, so a pair is met in every cell the two share; the core reports it only in the cell holding the corner of their overlap.',
    settings: { structure: 'grid', 'cell-size': '32', boxes: GRID_BOXES, selected: '4' },
    side: 256,
  },
  {
    name: 'loose-grid',
    mode: 'grids',
    title: 'Loose grid',
    intro: 'A loose grid lists a box only in the cell holding its centre. A box wider than a cell goes onto the oversize list. The pair search tests a cell against itself and four forward neighbours: with their opposites those cover all eight.',
    settings: { structure: 'loose-grid', 'cell-size': '32', boxes: GRID_BOXES, selected: '4' },
    side: 256,
  },
  {
    name: 'interesting-edge',
    mode: 'tiles',
    title: 'An interesting edge',
    intro: 'A cell side is solid when a tile’s face lies along all of it, interesting when a tile is there but leaves part of the side open, and empty with no tile on either side. Solid on both sides is the inside of a wall: empty again.',
    settings: { preset: 'empty', tiles: '................\n................\n....####s1......\n....########....\n................', edge: '4_2_right', boxes: '150,20,20,16' },
  },
  {
    name: 'closed-door',
    mode: 'tiles',
    title: 'A closed door',
    intro: 'A door overrides the tiles: closed, the side is solid whatever the tiles say; open, it is empty.',
    settings: { preset: 'empty', tiles: '................\n....##....##....\n....##....##....\n................\ndoor 3 1 right closed', edge: '3_1_right', boxes: '150,80,20,16' },
  },
  {
    name: 'push-out',
    mode: 'tiles',
    title: 'Push-out',
    intro: 'A box overlapping tiles is pushed out of the deepest contact first, along the shortest way that lands clear and is not blocked by a neighbour’s face.',
    settings: { preset: 'empty', tiles: '................\n................\n..........s3....\n....############\n................', boxes: '112,58,24,20', selected: '1' },
  },
  {
    name: 'tile-step',
    mode: 'tiles',
    title: 'A fast box into a corner',
    intro: 'A box that bounces off the tiles moves from contact to contact: each move is one exact sweep to the first time of impact with a tile, a closed door or a world wall, then the velocity is reflected about the normal there, and the rest of the step goes on from that point. A push-out never carries it, so no speed takes it through a wall, corners included; a budget of contacts bounds the work of one step.',
    settings: { preset: 'empty', tiles: '........##......\n......####......\n........##......\n........##......', boxes: '88.5,16.5,6,6,2400,2400', selected: '1' },
  },
  {
    name: 'ray-corner',
    mode: 'rays',
    title: 'A ray through a corner',
    intro: 'When the next vertical and the next horizontal line are equally far (tMaxX = tMaxY), the ray passes exactly through a corner and goes straight to the diagonal cell.',
    settings: { ray: '558_270_714_426', paused: '' },
  },
  {
    name: 'ray-solid-edge',
    mode: 'rays',
    title: 'A ray meets a wall',
    intro: 'Each cell entered is checked: a solid edge crossed stops the walk at once; an interesting edge needs the tile’s exact shape.',
    settings: { ray: '60_130_520_250', paused: '' },
  },
  {
    name: 'repair',
    mode: 'hierarchy',
    title: 'The segment repair',
    intro: 'The queue keeps every parent before its children. Attaching an object to one that comes later in the queue repairs only the segment between them: the moved subtree goes to just after its new parent, everything else keeps its order.',
    settings: { count: '12', seed: '3', links: '3:2;4:3;6:2', selected: '2' },
    attach: [2, 9],
  },
];

/** The lessons of `mode`, in the picker's order. */
export function lessonsOf(mode: ModeName): LessonSpec[] {
  return LESSONS.filter((l) => l.mode === mode);
}

/** The lesson `name` of `mode`, if there is one. */
export function lessonNamed(mode: ModeName, name: string | undefined): LessonSpec | undefined {
  return name === undefined ? undefined : LESSONS.find((l) => l.mode === mode && l.name === name);
}

/** The `lesson` setting: a lesson of the mode, by name. */
export function lessonName(): Kind<string> {
  const names = (mode: ModeName) => lessonsOf(mode).map((l) => l.name);
  const test = (v: string, mode: ModeName) => (names(mode).includes(v) ? { ok: true as const, value: v } : { ok: false as const, reason: `"${v}" is not a lesson of the ${mode} mode` });
  return {
    allowed: (mode) => names(mode).join(', ') || 'none in this mode',
    allowedInAll: (modes) => modes.map((m) => `${m}: ${names(m).join(', ')}`).join('; '),
    parse: (raw, mode) => test(raw.trim(), mode),
    check: (value, mode) => (typeof value === 'string' ? test(value, mode) : { ok: false, reason: `${JSON.stringify(value)} is not a string` }),
    format: String,
  };
}
