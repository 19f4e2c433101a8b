// A recorded frame (frame.ts) in the shape the box layers read from a live
// model, for the first pictures (show.ts, embed.ts): the recorded views
// handed back as the world's, the camera and its query's marks. Nothing
// here calls the core.

import type { BoxesModel } from '../boxes/model';
import { readView, type FirstFrame } from './frame';

/**
 * The recorded views, in the shape the box layers read from a live
 * model: the world's views, the camera and its query's marks, the tree
 * or the grid's cells.
 * The layers read nothing else, and nothing here calls the core.
 */
export function recordedModel(frame: FirstFrame): BoxesModel {
  const views = {
    slotBoxes: readView(frame.views.slotBoxes),
    slotIds: readView(frame.views.slotIds),
    slotOverlapping: readView(frame.views.slotOverlapping),
    quadtreeNodes: readView(frame.views.quadtreeNodes),
    gridGeometry: frame.views.gridGeometry === undefined ? new Float64Array(0) : readView(frame.views.gridGeometry),
  };
  let maxId = 0;
  for (const id of views.slotIds) maxId = Math.max(maxId, id);
  const cameraMarks = new Uint8Array(maxId + 1);
  for (const id of frame.cameraIds) cameraMarks[id] = 1;
  const [x, y, w, hgt] = frame.camera;
  const model = {
    settings: frame.settings,
    camera: { x, y, w, h: hgt },
    interaction: { dragKind: null, hover: 0 },
    sim: {
      side: frame.side,
      quadtreeActive: views.quadtreeNodes.length > 0,
      gridActive: views.gridGeometry.length > 0,
      cameraMarks,
      cameraCount: frame.cameraIds.length,
      // The first pairs() of a scene reports every pair as begun, which is not news: nothing flashes.
      beganAt: new Float64Array(1),
      world: {
        slotBoxes: () => views.slotBoxes,
        slotIds: () => views.slotIds,
        slotOverlapping: () => views.slotOverlapping,
        quadtreeNodes: () => views.quadtreeNodes,
        gridGeometry: () => views.gridGeometry,
      },
    },
  };
  return model as unknown as BoxesModel;
}

