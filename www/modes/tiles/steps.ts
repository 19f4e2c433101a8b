// The tiles mode's steps for the runtime's stepper: how the chosen cell
// side's state follows from the two tiles that share it (`traceEdge`),
// then the selected box's touched cells and push-out round by round
// (`tracePushOut`), then, for a box with a velocity that bounces off the
// tiles, its next tile-aware step from contact to contact
// (`traceTileStep`, a dry run), each record the core wrote put into words.
// The traces are pure reads: taken again whenever the map, the boxes, the
// side or the selection change.

import { readTrace, TileGrid, World, type TraceStep } from '../../core/index';
import type { StepSource, StepWords } from '../../runtime/scene';
import { lessonsOf } from '../../settings/lessons';
import { num } from '../../box-editing/box-list';

const EDGE_FIELDS = ['col', 'row', 'side', 'shape', 'state', 'covered', 'door'] as const;
const PUSH_FIELDS = ['round', 'col', 'row', 'shape', 'x', 'y', 'w', 'h', 'dx', 'dy', 'depth', 'left', 'blocked'] as const;
export type EdgeRec = TraceStep<(typeof EDGE_FIELDS)[number]>;
export type PushRec = TraceStep<(typeof PUSH_FIELDS)[number]>;
const CONTACT_FIELDS = ['move', 'x', 'y', 'w', 'h', 'dx', 'dy', 'time', 'toi', 'col', 'row', 'shape', 'nx', 'ny', 'endX', 'endY', 'vx', 'vy', 'left', 'contacts'] as const;
export type ContactRec = TraceStep<(typeof CONTACT_FIELDS)[number]>;

/** The step of the tile-aware motion the stepper walks: one frame at 60 Hz. */
export const TILE_STEP_DT = 1 / 60;

/** What the steps read of the tiles model (model.ts). */
export interface TilesStepsHost {
  readonly tiles: TileGrid;
  /** The world whose objects the boxes are (their velocity and tile response). */
  readonly world: World;
  readonly edge: readonly [number, number, string] | null;
  readonly selected: number;
  readonly lesson: string | undefined;
  readonly wantedStep: number | null;
  box(id: number): { readonly id: number; readonly x: number; readonly y: number; readonly w: number; readonly h: number } | undefined;
  labelOf(id: number): string;
  /** The stepper moved: the address follows. */
  stepShown(): void;
  notifyText(text: string): void;
}

export type TilesStep =
  | { readonly trace: 'edge'; readonly rec: EdgeRec }
  | { readonly trace: 'push'; readonly rec: PushRec }
  | { readonly trace: 'contact'; readonly rec: ContactRec };

function point(x: number, y: number): string {
  return `(${num(x)}, ${num(y)})`;
}


function cell(col: number, row: number): string {
  return `cell (${col}, ${row})`;
}

export class TilesSteps implements StepSource {
  readonly lessons = lessonsOf('tiles');
  steps: TilesStep[] = [];
  private step: number | null = null;
  private key = '';
  private runs = 0;
  private wanted: number | null;

  constructor(private readonly model: TilesStepsHost) {
    this.wanted = model.wantedStep;
  }

  readonly legend =
    'On the map: yellow, the side asked about; the dashed cell, the one the step is about (red: the deepest contact, or the tile a move meets); the box where the round has it, a way out as an arrow (grey: blocked), and dashed, where a try or the push puts it (green: clear). A moving box’s step: its sweep from the dashed box to where it is left, the contact point, and the normal as an arrow.';

  get subject(): string {
    return 'how a cell side’s state follows from its two tiles, then the selected box’s push-out, and a moving box’s step from contact to contact';
  }

  get lesson(): string | undefined {
    return this.model.lesson;
  }

  get version(): number {
    return this.runs;
  }

  get count(): number {
    return this.steps.length;
  }

  get at(): number | null {
    return this.step;
  }

  get ready(): boolean {
    return this.model.edge !== null || this.model.selected !== 0;
  }

  get current(): TilesStep | null {
    return this.step === null ? null : (this.steps[this.step] ?? null);
  }

  goTo(k: number | null): void {
    if (k === null) {
      this.set(null);
      return;
    }
    this.refresh();
    if (this.count === 0) return;
    this.set(Math.min(this.count - 1, Math.max(0, k)));
  }

  hint(): string {
    if (!this.ready) return 'Pick a cell side with the Edge tool (I), or select a box, then Step (N).';
    return 'Step (N): the chosen side’s state from its two tiles, then the selected box’s touched cells and push-out, then (for a moving box) its next step from contact to contact, as the core computed them.';
  }

  /** Each frame: a step a link asked for, and the traces taken again if the map or the choice changed. */
  frame(): void {
    const wanted = this.wanted;
    if (wanted !== null) {
      this.wanted = null;
      this.goTo(wanted - 1);
      return;
    }
    if (this.step !== null) {
      const was = this.step;
      if (this.refresh()) this.step = this.count === 0 ? null : Math.min(was, this.count - 1);
    }
  }

  private set(k: number | null): void {
    if (k === this.step) return;
    this.step = k;
    this.model.stepShown();
  }

  /** Takes the traces again if what they depend on changed; true when it did. */
  private refresh(): boolean {
    const m = this.model;
    const box = m.selected === 0 ? undefined : m.box(m.selected);
    const moving = box === undefined ? null : this.motionOf(box.id);
    const key = [m.tiles.revision, m.edge?.join('_') ?? '', box === undefined ? '' : [box.id, box.x, box.y, box.w, box.h].join(','), moving?.join(',') ?? ''].join('|');
    if (key === this.key) return false;
    this.key = key;
    const steps: TilesStep[] = [];
    try {
      if (m.edge !== null) {
        const [col, row, side] = m.edge;
        for (const rec of readTrace('traceEdge', m.tiles.traceEdge(col, row, side), EDGE_FIELDS)) steps.push({ trace: 'edge', rec });
      }
      if (box !== undefined) for (const rec of readTrace('tracePushOut', m.tiles.tracePushOut(box.x, box.y, box.w, box.h), PUSH_FIELDS)) steps.push({ trace: 'push', rec });
      // A box that bounces off the tiles and moves: what its next step does (a dry run: nothing moves).
      if (box !== undefined && moving !== null) for (const rec of readTrace('traceTileStep', m.world.traceTileStep(box.id, TILE_STEP_DT), CONTACT_FIELDS)) steps.push({ trace: 'contact', rec });
    } catch (error) {
      m.notifyText(`the trace failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.steps = steps;
    this.runs++;
    return true;
  }

  /** The velocity of a box the tile-aware step moves (a tile response and a velocity), else null. */
  private motionOf(id: number): [number, number] | null {
    const w = this.model.world;
    if (w.tileResponse(id) === 'none') return null;
    const [vx, vy] = w.velocity(id);
    return vx === 0 && vy === 0 ? null : [vx, vy];
  }

  words(k: number): StepWords {
    const s = this.steps[k];
    const d = this.describe(s);
    const after = this.steps[k + 1];
    const turn = after === undefined || after.trace === s.trace ? '' : after.trace === 'push' ? 'the side is explained; now the box. ' : 'now the box’s next step, from where it stands. ';
    const coming = after === undefined ? '' : this.describe(after).says;
    const next = after === undefined ? 'the end (Esc shows the whole map).' : turn + (turn === '' ? coming : coming.charAt(0).toUpperCase() + coming.slice(1));
    return { says: d.says.charAt(0).toUpperCase() + d.says.slice(1), readouts: d.readouts, next, kind: d.kind };
  }

  private describe(s: TilesStep): { says: string; kind: string; readouts: [string, string][] } {
    if (s.trace === 'contact') return this.contactWords(s.rec);
    return s.trace === 'edge' ? this.edgeWords(s.rec) : this.pushWords(s.rec, this.touchedBefore(s));
  }

  /** The budget of contacts per step, as the core's `budget` record counts it (if this step reached it). */
  private budget(): number | null {
    for (const t of this.steps) if (t.trace === 'contact' && t.rec.kind === 'budget') return t.rec.contacts;
    return null;
  }

  private contactWords(r: ContactRec): { says: string; kind: string; readouts: [string, string][] } {
    const name = this.model.selected === 0 ? 'the box' : `box ${this.model.labelOf(this.model.selected)}`;
    const velocity = point(r.vx, r.vy);
    switch (r.kind) {
      case 'tile-step':
        return {
          says: `${name} moves for one step of ${num(r.time * 1000)} ms at velocity ${velocity}, ${r.reason === 'bounce' ? 'bouncing off' : 'sliding along'} what it meets: from contact to contact, each move one exact sweep to the first time of impact (a dry run: the box stays where it is).`,
          kind: 'insert',
          readouts: [['box', name], ['at', point(r.x, r.y)], ['velocity', velocity], ['response', r.reason]],
        };
      case 'move': {
        const sweep = `Move ${r.move + 1}: from ${point(r.x, r.y)} the box sweeps by ${point(r.dx, r.dy)}`;
        const where: Record<string, string> = {
          'hit-tile': `the ${TileGrid.shapes()[r.shape] ?? '?'} tile of ${cell(r.col, r.row)}`,
          'hit-door': `a closed door (into ${cell(r.col, r.row)})`,
          'hit-wall': r.nx !== 0 && r.ny !== 0 ? 'the world’s corner (two walls at once)' : 'the world wall',
        };
        const met = where[r.reason];
        if (met === undefined) {
          const why = r.reason === 'cut-short' ? 'nothing in the way, but the move is cut just past the next wall ahead, to keep its length finite: the next move meets it' : 'nothing in the way: it flies the whole move';
          return { says: `${sweep}: ${why}, to ${point(r.endX, r.endY)}.`, kind: 'visit', readouts: [['move', String(r.move + 1)], ['from', point(r.x, r.y)], ['sweep', point(r.dx, r.dy)], ['meets', 'nothing'], ['left at', point(r.endX, r.endY)]] };
        }
        return {
          says: `${sweep} and first meets ${met} ${r.toi === 0 ? 'at once (time of impact 0: it already touches it, met at the same instant as the last contact)' : `at time of impact ${num(r.toi * 100)} % of the way (${num(r.toi * r.time * 1000)} ms)`}; the normal there is ${point(r.nx, r.ny)}; the box is left touching it at ${point(r.endX, r.endY)}.`,
          kind: 'overlaps',
          readouts: [['move', String(r.move + 1)], ['from', point(r.x, r.y)], ['sweep', point(r.dx, r.dy)], ['time of impact', `${num(r.toi * 100)} %`], ['meets', met], ['normal', point(r.nx, r.ny)], ['left at', point(r.endX, r.endY)]],
        };
      }
      case 'respond': {
        const why: Record<string, string> = {
          bounce: `Bounce: the velocity is reflected about the normal ${point(r.nx, r.ny)}`,
          slide: `Slide: the velocity’s part into the surface (normal ${point(r.nx, r.ny)}) is removed`,
          'slide-stops': 'Slide: it went straight into the surface, so next to nothing is left: it stops',
          wedged: 'Slide: it is wedged between two surfaces (along either goes into the other): it stops',
        };
        return {
          says: `${why[r.reason] ?? r.reason}: now ${velocity}, with ${num(r.left * 1000)} ms of the step left (contact ${r.contacts}).`,
          kind: 'descend',
          readouts: [['contacts', String(r.contacts)], ['velocity', velocity], ['time left', `${num(r.left * 1000)} ms`]],
        };
      }
      case 'free':
        return r.reason === 'pushed-out'
          ? { says: `${name} starts inside a solid: pushed out the short way first, from ${point(r.x, r.y)} to ${point(r.endX, r.endY)}.`, kind: 'split', readouts: [['from', point(r.x, r.y)], ['left at', point(r.endX, r.endY)]] }
          : { says: `${name} starts inside a solid and nothing frees it without crossing a wall or a closed door: it stays put this step.`, kind: 'skip', readouts: [['at', point(r.x, r.y)]] };
      case 'budget':
        return {
          says: `That is ${r.contacts} contacts, the most one box meets in a step: it stops at its last contact for the remaining ${num(r.left * 1000)} ms, outside every tile.`,
          kind: 'skip',
          readouts: [['contacts', `${r.contacts} (the budget)`], ['time left', `${num(r.left * 1000)} ms`]],
        };
      case 'done': {
        const why: Record<string, string> = {
          'step-ends': 'the step’s time is used up',
          stopped: 'its velocity is zero with time left',
          'at-rest': 'it was at rest',
          'contact-budget': 'the contact budget stopped it',
          'stuck-inside': 'it is stuck inside a solid',
          'max-moves': 'the moves ran out',
        };
        const budget = this.budget();
        return {
          says: `After the step ${name} is at ${point(r.endX, r.endY)} with velocity ${velocity}: ${why[r.reason] ?? r.reason}. This is where step() puts it.`,
          kind: 'done',
          readouts: [['ends at', point(r.endX, r.endY)], ['velocity', velocity], ['contacts', budget === null ? String(r.contacts) : `${r.contacts} of ${budget}`]],
        };
      }
      default:
        return { says: `${r.kind} (${r.reason}).`, kind: r.kind, readouts: [] };
    }
  }

  /** The cell an axis or exit record belongs to: the last `touched` before it (those records carry none). */
  touchedBefore(s: TilesStep): PushRec | null {
    for (let i = this.steps.indexOf(s); i >= 0; i--) {
      const t = this.steps[i];
      if (t.trace === 'push' && t.rec.kind === 'touched') return t.rec;
    }
    return null;
  }

  private edgeWords(r: EdgeRec): { says: string; kind: string; readouts: [string, string][] } {
    const states = World.edgeStates();
    const state = states[r.state] ?? '?';
    const side = TileGrid.sides()[r.side] ?? '?';
    const shape = TileGrid.shapes()[r.shape] ?? 'empty';
    const edge = this.model.edge;
    const asked = edge === null ? '' : `${cell(edge[0], edge[1])}'s ${edge[2]} side`;
    switch (r.kind) {
      case 'side-view': {
        const why: Record<string, string> = {
          'no-tile': 'no tile there: empty',
          'covers-whole-side': 'its solid lies along the whole side: solid',
          'does-not-cover-side': `its solid lies along ${Math.round(r.covered * 100)} % of the side, not all: interesting (the exact shape decides)`,
          'off-map': 'off the map: counts as empty',
        };
        return {
          says: `From ${cell(r.col, r.row)} (${shape}), the side is its ${side}: ${why[r.reason] ?? r.reason}.`,
          kind: state,
          readouts: [['side asked', asked], ['seen from', cell(r.col, r.row)], ['tile', shape], ['covered', `${Math.round(r.covered * 100)} %`], ['its view', state]],
        };
      }
      case 'combine': {
        const why: Record<string, string> = {
          'solid-both-sides': 'solid on both sides: the inside of a wall, nothing can touch it, so empty',
          'solid-one-side': 'solid on one side only: a wall face, solid',
          'interesting-one-side': 'a partial tile on a side: interesting, the narrow phase tests the exact shape',
          'empty-both-sides': 'nothing on either side: empty',
        };
        return { says: `The two views combined: ${why[r.reason] ?? r.reason}.`, kind: state, readouts: [['side asked', asked], ['combined', state]] };
      }
      case 'door': {
        const why: Record<string, string> = { 'no-door': 'no door on this side: the tiles decide', 'door-open': 'an open door: empty, whatever the tiles say', 'door-closed': 'a closed door: solid, whatever the tiles say' };
        return { says: `${why[r.reason] ?? r.reason}.`, kind: state, readouts: [['side asked', asked], ['door', TileGrid.doorStates()[r.door] ?? '?']] };
      }
      case 'edge-state':
        return { says: `${asked} is stored as ${state}: what edge() returns and the map draws.`, kind: state, readouts: [['side asked', asked], ['state', state]] };
      default:
        return { says: `${r.kind} (${r.reason}).`, kind: r.kind, readouts: [] };
    }
  }

  private pushWords(r: PushRec, tile: PushRec | null): { says: string; kind: string; readouts: [string, string][] } {
    const name = this.model.selected === 0 ? 'the box' : `box ${this.model.labelOf(this.model.selected)}`;
    const shape = TileGrid.shapes()[r.shape] ?? 'empty';
    const box = `(${num(r.x)}, ${num(r.y)}) ${num(r.w)} × ${num(r.h)}`;
    const at = tile === null ? 'the tile' : cell(tile.col, tile.row);
    const exits: Record<string, string> = {
      'left-side': 'out through the left',
      'right-side': 'out through the right',
      'top-side': 'out through the top',
      'bottom-side': 'out through the bottom',
      'slope-surface': 'out along the slope’s normal',
      'slope-corner': 'off the slope’s corner',
      radial: 'out from the curve’s centre',
      'door-side': 'back from the door',
    };
    switch (r.kind) {
      case 'push-out':
        return { says: `Push ${name}, ${box}, out of the tiles it overlaps (an overlap up to ${r.depth.toExponential(1)} is left as rounding).`, kind: 'insert', readouts: [['box', name], ['at', box]] };
      case 'round':
        return { says: `Round ${r.round + 1}: ${name} is at ${box}; each cell it touches is tested.`, kind: 'visit', readouts: [['round', String(r.round + 1)], ['at', box]] };
      case 'touched':
        return r.reason === 'empty-tile'
          ? { says: `${name} touches ${cell(r.col, r.row)}: empty, nothing to push out of.`, kind: 'skip', readouts: [['cell', cell(r.col, r.row)], ['tile', 'empty']] }
          : { says: `${name} touches ${cell(r.col, r.row)}, a ${shape} tile: its separating axes are tested.`, kind: 'visit', readouts: [['cell', cell(r.col, r.row)], ['tile', shape]] };
      case 'axis':
        return {
          says: `Axis ${r.reason === 'axis-x' ? 'x' : r.reason === 'axis-y' ? 'y' : r.reason === 'slope-normal' ? 'of the slope’s normal' : 'from the curve’s centre'} (${num(r.dx)}, ${num(r.dy)}): overlap ${num(r.depth)}${r.depth <= 0 ? ', so this axis separates them: no contact' : ''}.`,
          kind: r.depth <= 0 ? 'misses' : 'visit',
          readouts: [['cell', at], ['axis', `(${num(r.dx)}, ${num(r.dy)})`], ['overlap', num(r.depth)]],
        };
      case 'exit':
        return {
          says: `A way out of ${at}: ${exits[r.reason] ?? r.reason}, by (${num(r.dx)}, ${num(r.dy)}), ${num(r.depth)} long${r.blocked ? '; blocked: a neighbour’s solid face or a closed door is on that side, so it is tried last' : ''}.`,
          kind: r.blocked ? 'skip' : 'visit',
          readouts: [['cell', at], ['move', `(${num(r.dx)}, ${num(r.dy)})`], ['length', num(r.depth)], ['blocked', r.blocked ? 'yes' : 'no']],
        };
      case 'contact':
        return r.reason === 'separated'
          ? { says: `No contact with ${cell(r.col, r.row)}: an axis separates them.`, kind: 'misses', readouts: [['cell', cell(r.col, r.row)]] }
          : { says: `Contact with ${r.reason === 'door-closed' ? 'a closed door' : cell(r.col, r.row)}: overlap ${num(r.depth)}, shortest allowed way out (${num(r.dx)}, ${num(r.dy)}).`, kind: 'overlaps', readouts: [['cell', cell(r.col, r.row)], ['depth', num(r.depth)]] };
      case 'deepest':
        return { says: `The deepest contact this round is ${cell(r.col, r.row)}, ${num(r.depth)} deep: the box is pushed out of it first.`, kind: 'split', readouts: [['cell', cell(r.col, r.row)], ['depth', num(r.depth)]] };
      case 'try-exit': {
        const verdict: Record<string, string> = {
          'lands-clear': 'it lands clear',
          'still-overlaps': `it still overlaps by ${num(r.left)}`,
          'crosses-wall': 'it would cross a wall',
          'second-push-lands-clear': 'a second push from there lands clear',
        };
        if (r.reason === 'second-push-lands-clear')
          return { says: `From there, a second push (${num(r.dx)}, ${num(r.dy)}) lands clear, at ${box}: two short pushes, never round a tile's far side.`, kind: 'done', readouts: [['second push', `(${num(r.dx)}, ${num(r.dy)})`], ['ends at', box]] };
        return { says: `Try (${num(r.dx)}, ${num(r.dy)}): the box would be at ${box}; ${verdict[r.reason] ?? r.reason}.`, kind: r.reason === 'lands-clear' ? 'done' : 'skip', readouts: [['move', `(${num(r.dx)}, ${num(r.dy)})`], ['overlap left', num(r.left)]] };
      }
      case 'push': {
        const why: Record<string, string> = {
          'first-clear-exit': 'the shortest way out that lands clear in one push',
          'second-push-lands-clear': 'the first of two pushes, the shortest path to a clear landing',
          'least-overlap-left': 'the way out that leaves the least overlap',
        };
        return { says: `Push by (${num(r.dx)}, ${num(r.dy)}): ${why[r.reason] ?? r.reason}.`, kind: 'descend', readouts: [['move', `(${num(r.dx)}, ${num(r.dy)})`]] };
      }
      case 'done': {
        const why: Record<string, string> = { clear: 'it is clear of every tile', 'within-tolerance': 'what overlap is left is within rounding', 'max-rounds': 'the rounds ran out (a tight spot)' };
        return {
          says: `Done after ${r.round} ${r.round === 1 ? 'push' : 'pushes'}: pushOut returns (${num(r.dx)}, ${num(r.dy)}); ${why[r.reason] ?? r.reason}.`,
          kind: 'done',
          readouts: [['pushOut', `(${num(r.dx)}, ${num(r.dy)})`], ['pushes', String(r.round)], ['ends at', box]],
        };
      }
      default:
        return { says: `${r.kind} (${r.reason}).`, kind: r.kind, readouts: [] };
    }
  }
}

