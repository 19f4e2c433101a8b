// The grids mode's stage: what its canvas is called, the help line under
// it and the legend. Shared by the mode and by the first picture a page
// draws of a grids lesson before the core arrives
// (../../first-frame/embed.ts), so both lay the stage out alike and the
// picture does not move when the mode replaces it.

import { swatch } from '../../boxes/panels/legend';
import { h } from '../../runtime/ui';

export const LAYOUT = {
  canvasLabel: 'Simulation: moving boxes in a grid; the selected box’s stored and searched cells',
  help: 'Click a box to select it, drag to move it · click empty space to deselect · drag empty space to pan',
};

export function gridsLegend(): HTMLElement {
  return h(
    'ul',
    { class: 'legend', 'aria-label': 'Legend' },
    swatch('box', 'box'),
    swatch('overlap', 'in an overlapping pair'),
    swatch('began', 'its pair just began (pairsBegan)'),
    swatch('grid-line', 'grid cell'),
    swatch('stored-cell', 'cells the object is stored in'),
    swatch('searched-cell', 'cells searched for its pairs'),
  );
}
