// What a press, a drag and the keys do in the hierarchy mode: the box
// scene's input (../../boxes/input.ts), with the hierarchy's hooks — a
// press while "attach selected to…" waits picks the parent, a Shift-drag
// dropped on a box attaches to it (on empty space, detaches), a drag is one
// undo step, Esc cancels the pick.

import { BoxesInput } from '../../boxes/input';
import type { BoxesModel } from '../../boxes/model';
import { depthOf } from './forest';
import { dropTargetAt } from './layers';
import type { HierarchyModel } from './model';

export function hierarchyInput(boxes: BoxesModel, c: HierarchyModel, canvas: HTMLCanvasElement): BoxesInput {
  return new BoxesInput(boxes, canvas, {
    picking: () => c.picking,
    press(id) {
      if (!c.picking) return false;
      const child = c.selected;
      c.cancelPick();
      if (id !== 0 && child !== 0) c.attach(child, id);
      return true;
    },
    // The child is drawn over its parent, so it is what a press picks.
    rank: (id) => depthOf(c.forest, id),
    // A drag (with the attach its drop may do) is one undo step.
    grab: (id) => c.beginDrag(id),
    release: (id, moved) => c.endDrag(id, moved),
    drop(id, x, y, attach) {
      if (!attach) return;
      const target = dropTargetAt(boxes.sim, boxes.viewport, x, y, id);
      if (target !== 0) c.attach(id, target);
      else if (boxes.sim.world.parentOf(id) !== 0) c.attach(id, 0);
    },
    escape() {
      if (!c.picking) return false;
      c.cancelPick();
      return true;
    },
  });
}
