// The hierarchy mode's model over the box scene's: the scene's starting
// family, the forest read from the core each frame, the selection's
// subtree, attaching and detaching (a refused cycle becomes a notice,
// never a crash), the "attach selected to…" pick, and the last queue
// repair being stepped through. Undo covers attach, detach and box drags:
// a drag is one step that puts the dragged box (its subtree follows, as
// the core moves children with their parent) back where it was, at the
// velocity it had; redo puts it where the drag left it. The simulation
// keeps running in between: undo restores the place, not the time. No DOM.

import type { BoxesModel } from '../../boxes/model';
import type { World } from '../../core/index';
import { History } from '../../runtime/history';
import { sceneHistory } from '../../runtime/scene';
import { lessonNamed } from '../../settings/lessons';
import { HierarchySteps } from './steps';
import { readForest, readRepair, subtreeOf, type Forest, type RepairTrace } from './forest';

/**
 * Gives a freshly populated scene its shape: every third box at rest, and
 * one small family (a parent near the middle carrying two children, one
 * with a child of its own) so the tree is not flat on arrival.
 */
export function prepareScene(world: World): void {
  const ids = Array.from(world.slotIds()).filter((id) => id !== 0);
  for (const id of ids) if (id % 3 === 0) world.setVelocity(id, 0, 0);
  if (ids.length < 8) return;
  // The family's parent: the box nearest the middle, so its children fit around it.
  const mid = world.width / 2;
  const distance = (id: number) => {
    const [x, y, w, hh] = world.box(id);
    return Math.hypot(x + w / 2 - mid, y + hh / 2 - mid);
  };
  const root = ids.slice(4).reduce((best, id) => (distance(id) < distance(best) ? id : best));
  const [a, b, c] = [ids[1], ids[2], ids[3]];
  const [rx, ry, rw, rh] = world.box(root);
  const place = (id: number, dx: number, dy: number) => {
    const [, , w, hh] = world.box(id);
    world.update(id, Math.min(Math.max(rx + dx, 0), world.width - w), Math.min(Math.max(ry + dy, 0), world.height - hh), w, hh);
    world.setVelocity(id, 0, 0);
  };
  place(a, rw + 12, -6);
  place(b, -18, rh + 12);
  place(c, rw + 30, rh + 14);
  world.setParent(a, root);
  world.setParent(b, root);
  world.setParent(c, a);
}

/** A box's place and velocity: id, x, y, vx, vy. */
type Placement = readonly [id: number, x: number, y: number, vx: number, vy: number];

/** One undo step's state: every parent link, and boxes to put back (with where they go on the other side). */
interface HierarchyState {
  /** (child, parent) pairs in queue order. */
  readonly links: number[];
  /** Boxes to place when this state is restored. */
  readonly boxes: readonly Placement[];
  /** The same boxes as the other side of the step has them (for redo after undo, and back). */
  after: readonly Placement[];
}

export class HierarchyModel {
  forest: Forest;
  /** The selection and its descendants (empty when nothing is selected). */
  subtree = new Set<number>();
  /** The last repair, and how far the step-through has walked it. */
  repair: RepairTrace | null = null;
  /** The repair step on screen (0 is the first), or null: the repair's result. */
  repairStep: number | null = null;
  /** Bumps whenever there is a new repair (the stepper reads its steps again). */
  repairVersion = 0;
  /** The lesson on, by name. */
  readonly lesson: string | undefined;
  /** The stepper over the repair. */
  readonly steps: HierarchySteps;
  /** What the last successful setParent did, in words. */
  lastAction = '';
  /** Waiting for a click on the box to attach the selection to. */
  picking = false;
  /** Undo for attach, detach and box drags: every parent link, and a dragged box's place. */
  readonly history = new History<HierarchyState>();
  /** The state before the box drag under way (its `after` is filled when the drag ends). */
  private dragging: HierarchyState | null = null;
  private readonly listeners = new Set<() => void>();
  private lastSignature = '';
  private lastSelected = -1;

  constructor(private readonly boxes: BoxesModel) {
    // Attach, detach and drags are this model's undo steps.
    boxes.useHistory(sceneHistory(this.history, () => this.undo(), () => this.redo()));
    boxes.sim.world.setHierarchyTracing(true);
    this.forest = readForest(boxes.sim.world);
    this.lesson = boxes.settings.lesson;
    this.steps = new HierarchySteps(this);
    boxes.steps = this.steps;
    // A lesson's re-parenting is part of its scene: made here, so its repair is there to step through.
    const attach = lessonNamed('hierarchy', this.lesson)?.attach;
    if (attach !== undefined) this.lessonAttach(attach[0], attach[1]);
    const wanted = boxes.settings.step ?? (this.lesson !== undefined ? 1 : null);
    if (wanted !== null && this.repair !== null) {
      if (wanted > this.repair.steps.length) boxes.notify(`step ${wanted}: the repair has ${this.repair.steps.length} steps; showing the last.`);
      this.setRepairStep(Math.min(wanted, this.repair.steps.length) - 1);
    }
    boxes.onFrame(() => this.refresh());
    boxes.onRebuild(() => {
      this.history.clear();
      boxes.sim.world.setHierarchyTracing(true);
      this.repair = null;
      this.repairVersion++;
      this.setRepairStep(null);
      this.picking = false;
      this.lastAction = '';
      this.refresh(true);
    });
  }

  get selected(): number {
    return this.boxes.interaction.selectedId;
  }

  /** Called when the forest, the selection, the pick or the repair step changed. */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  /** Re-reads the forest; tells the panels when anything they show changed. */
  refresh(force = false): void {
    const world = this.boxes.sim.world;
    this.forest = readForest(world);
    const selected = this.selected;
    if (!force && this.forest.signature === this.lastSignature && selected === this.lastSelected) return;
    this.lastSignature = this.forest.signature;
    this.lastSelected = selected;
    this.subtree = subtreeOf(this.forest, selected);
    this.emit();
  }

  /**
   * `setParent(child, parent)`; parent 0 detaches. Returns false (and says
   * why in a notice) when the core refuses, e.g. for a cycle.
   */
  attach(child: number, parent: number): boolean {
    const world = this.boxes.sim.world;
    const was = world.parentOf(child);
    const before = this.links();
    if (parent === was) {
      this.boxes.notify(parent === 0 ? `#${child} is already at the root.` : `#${child} is already attached to #${parent}.`);
      return false;
    }
    try {
      world.setParent(child, parent);
    } catch (error) {
      this.boxes.notify(`Refused: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
    this.history.changed(() => ({ links: before, boxes: [], after: [] }));
    this.boxes.worldEdited();
    this.boxes.noteLinks();
    const repair = readRepair(world);
    if (repair !== null) {
      this.repair = repair;
      this.repairVersion++;
      this.setRepairStep(0);
    }
    this.lastAction =
      parent === 0
        ? `Detached #${child}: it is a root now.`
        : repair !== null
          ? `Attached #${child} to #${parent}, which came later in the queue: the segment P..Q was repaired.`
          : `Attached #${child} to #${parent}, which already came earlier in the queue: nothing moved.`;
    this.refresh(true);
    return true;
  }

  /** Every parent link now, as (child, parent) pairs in queue order. */
  links(): number[] {
    const world = this.boxes.sim.world;
    const out: number[] = [];
    for (const id of world.order()) {
      const parent = world.parentOf(id);
      if (parent !== 0) out.push(id, parent);
    }
    return out;
  }

  /** Box `id`'s place and velocity now. */
  private placement(id: number): Placement {
    const world = this.boxes.sim.world;
    const [x, y] = world.box(id);
    const [vx, vy] = world.velocity(id);
    return [id, x, y, vx, vy];
  }

  /** A box drag starts on `id`: the state before it, recorded if the drag moves the box. */
  beginDrag(id: number): void {
    this.dragging = { links: this.links(), boxes: [this.placement(id)], after: [] };
    this.history.begin(this.dragging);
  }

  /**
   * The drag on `id` ended (after any attach the drop did, which joined
   * this step). A drag that moved the box is one undo step; a click is none.
   */
  endDrag(id: number, moved: boolean): void {
    const state = this.dragging;
    this.dragging = null;
    if (state !== null && moved && this.boxes.sim.slotOf(id) >= 0) {
      state.after = [this.placement(id)];
      this.history.changed(() => state);
    }
    this.history.end();
  }

  /** The state now, for the other side of `step` (the boxes it places, where they are meant to be on this side). */
  private current(step: HierarchyState | undefined): HierarchyState {
    return { links: this.links(), boxes: step?.after ?? [], after: step?.boxes ?? [] };
  }

  undo(): boolean {
    return this.restore(this.history.undo(this.current(this.history.peekUndo())), 'Undone');
  }

  redo(): boolean {
    return this.restore(this.history.redo(this.current(this.history.peekRedo())), 'Redone');
  }

  /**
   * Puts every parent link back as `state` had them, and its boxes where
   * it placed them (at their velocity then; children follow their parent).
   */
  private restore(state: HierarchyState | null, what: string): boolean {
    if (state === null) return false;
    const world = this.boxes.sim.world;
    for (const id of Array.from(world.order())) if (world.parentOf(id) !== 0) world.setParent(id, 0);
    for (let i = 0; i + 1 < state.links.length; i += 2) world.setParent(state.links[i], state.links[i + 1]);
    for (const [id, x, y, vx, vy] of state.boxes) {
      if (this.boxes.sim.slotOf(id) < 0) continue;
      const [, , w, h] = world.box(id);
      world.update(id, x, y, w, h);
      world.setVelocity(id, vx, vy);
      this.boxes.noteMoved(id);
    }
    this.repair = null;
    this.repairVersion++;
    this.setRepairStep(null);
    this.lastAction = state.boxes.length > 0 ? `${what}: the box is back where it was${state.links.length > 0 ? ', the links as they were' : ''}.` : `${what}: the links are as they were.`;
    this.boxes.worldEdited();
    this.boxes.noteLinks();
    this.refresh(true);
    return true;
  }

  startPick(): void {
    if (this.selected === 0) return;
    this.picking = true;
    this.emit();
  }

  cancelPick(): void {
    if (!this.picking) return;
    this.picking = false;
    this.emit();
  }

  select(id: number): void {
    this.boxes.selectObject(id);
    this.refresh();
  }

  setRepairStep(step: number | null): void {
    this.repairStep = step;
    this.boxes.setStep(step === null ? undefined : step + 1);
    this.emit();
  }

  /** The lesson's setParent, made as the scene's own (not an edit: the link names the lesson, not the link). */
  private lessonAttach(child: number, parent: number): void {
    const world = this.boxes.sim.world;
    try {
      world.setParent(child, parent);
    } catch (error) {
      this.boxes.notify(`lesson: setParent(#${child}, #${parent}) refused: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    this.repair = readRepair(world);
    this.repairVersion++;
    this.lastAction = `Attached #${child} to #${parent}, which came later in the queue: the segment P..Q was repaired.`;
    this.forest = readForest(world);
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  destroy(): void {
    this.listeners.clear();
  }
}
