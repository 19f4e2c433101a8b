// The hierarchy mode's state and actions: the forest read from the core
// each frame, the selection's subtree, attaching and detaching (a refused
// cycle becomes a notice, never a crash), the "attach selected to…" pick,
// and the last queue repair being stepped through.

import type { BoxDemo } from '../../boxes/demo';
import { History } from '../../runtime/history';
import { readForest, readRepair, subtreeOf, type Forest, type RepairTrace } from './model';

export class HierarchyController {
  forest: Forest;
  /** The selection and its descendants (empty when nothing is selected). */
  subtree = new Set<number>();
  /** The last repair, and how far the step-through has walked it. */
  repair: RepairTrace | null = null;
  repairStep = 0;
  /** What the last successful setParent did, in words. */
  lastAction = '';
  /** Waiting for a click on the box to attach the selection to. */
  picking = false;
  /** Undo for attach and detach: snapshots of every parent link (child, parent pairs). */
  readonly history = new History<number[]>();
  private readonly listeners = new Set<() => void>();
  private lastSignature = '';
  private lastSelected = -1;

  constructor(private readonly pg: BoxDemo) {
    pg.sim.world.setHierarchyTracing(true);
    this.forest = readForest(pg.sim.world);
    pg.onFrame(() => this.refresh());
    pg.onRebuild(() => {
      this.history.clear();
      pg.sim.world.setHierarchyTracing(true);
      this.repair = null;
      this.repairStep = 0;
      this.picking = false;
      this.lastAction = '';
      this.refresh(true);
    });
  }

  get selected(): number {
    return this.pg.state.interaction.selectedId;
  }

  /** Called when the forest, the selection, the pick or the repair step changed. */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  /** Re-reads the forest; tells the panels when anything they show changed. */
  refresh(force = false): void {
    const world = this.pg.sim.world;
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
    const world = this.pg.sim.world;
    const was = world.parentOf(child);
    const before = this.links();
    if (parent === was) {
      this.pg.notify(parent === 0 ? `#${child} is already at the root.` : `#${child} is already attached to #${parent}.`);
      return false;
    }
    try {
      world.setParent(child, parent);
    } catch (error) {
      this.pg.notify(`Refused: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
    this.history.changed(() => before);
    this.pg.worldEdited();
    this.pg.noteLinks();
    const repair = readRepair(world);
    if (repair !== null) {
      this.repair = repair;
      this.repairStep = 0;
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
    const world = this.pg.sim.world;
    const out: number[] = [];
    for (const id of world.order()) {
      const parent = world.parentOf(id);
      if (parent !== 0) out.push(id, parent);
    }
    return out;
  }

  undo(): boolean {
    return this.restore(this.history.undo(this.links()), 'Undone');
  }

  redo(): boolean {
    return this.restore(this.history.redo(this.links()), 'Redone');
  }

  /** Puts every parent link back as `links` had them (boxes stay where they are). */
  private restore(links: number[] | null, what: string): boolean {
    if (links === null) return false;
    const world = this.pg.sim.world;
    for (const id of Array.from(world.order())) if (world.parentOf(id) !== 0) world.setParent(id, 0);
    for (let i = 0; i + 1 < links.length; i += 2) world.setParent(links[i], links[i + 1]);
    this.repair = null;
    this.lastAction = `${what}: the links are as they were.`;
    this.pg.worldEdited();
    this.pg.noteLinks();
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
    this.pg.state.interaction.selectedId = id;
    this.refresh();
  }

  setRepairStep(step: number): void {
    this.repairStep = step;
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  destroy(): void {
    this.listeners.clear();
  }
}
