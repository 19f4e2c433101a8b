// The boxes the user draws in the rays mode: world objects like the
// bouncing ones, so castRay sees them, but at rest (velocity 0, no tile
// response: the step leaves them where they were put) and editable through
// the shared box store (box-editing/). The bouncing boxes keep bouncing
// and are not editable. Their colour is one of a few, by label order.

import { BoxStore, type BoxStoreHost } from '../../box-editing/box-store';
import { RAYS_DRAWN_BOXES_MAX } from '../../settings/limits';

/** Most boxes one can draw here (the settings' limit for a link's boxes too). */
export const DRAWN_BOX_LIMIT = RAYS_DRAWN_BOXES_MAX;

/** One colour per drawn box, as `r, g, b` (by id, round again). */
const DRAWN_RGB: readonly string[] = ['94, 168, 255', '72, 219, 160', '199, 146, 234', '255, 159, 67'];

/** Drawn box `id`'s colour. */
export function drawnColour(id: number, alpha = 1): string {
  return `rgba(${DRAWN_RGB[(id - 1) % DRAWN_RGB.length]}, ${alpha})`;
}

/** The store for the drawn boxes; new ones stand still. */
export function createDrawnBoxes(host: Omit<BoxStoreHost, 'prepare'>): BoxStore {
  return new BoxStore(
    {
      ...host,
      prepare: (id) => host.world.setVelocity(id, 0, 0),
    },
    DRAWN_BOX_LIMIT,
  );
}
