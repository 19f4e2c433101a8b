// The quadtree mode's own panels: what the colours mean (under the canvas,
// always in sight) and what the keys do (in the sidebar). The controls and
// the live stats are the box scenes' (../../boxes/panels/).

import { swatch } from '../../boxes/panels/legend';
import { h, key, panelSection, type Panel } from '../../runtime/ui';

export class LegendPanel implements Panel {
  readonly element: HTMLElement = h(
    'ul',
    { class: 'legend', 'aria-label': 'Legend' },
    swatch('box', 'box'),
    swatch('overlap', 'in an overlapping pair'),
    swatch('began', 'its pair just began (pairsBegan)'),
    swatch('seen', 'seen by the camera'),
    swatch('camera', 'camera'),
    swatch('tree', 'quadtree split'),
    swatch('stored', 'nodes holding the hovered box'),
  );
}

export class KeysPanel implements Panel {
  readonly element = panelSection(
    'keys',
    'Hands on',
    h(
      'ul',
      { class: 'keys-list' },
      key(['drag'], 'a box to move it; let go while moving to throw it'),
      key(['drag'], 'the camera by its tab or edge; its corner resizes'),
      key(['wheel'], 'zoom (in an article: once the canvas has focus, or with Ctrl); drag empty space to pan (touch: two fingers)'),
      key(['Space'], 'pause / play'),
      key(['.', 'S'], 'single step'),
      key(['R'], 'reset from seed'),
      key(['T'], 'tree splits on / off'),
      key(['+', '−', 'F'], 'zoom in, out, fit'),
      key(['Enter'], 'on the canvas: select the boxes in view one by one (Esc: none; Tab leaves the canvas)'),
      key(['←', '↑', '→', '↓'], 'move the selected box, or with none selected the camera (Shift: resize), or where there is no camera pan the view'),
      key(['N'], 'the lesson, or the selected box’s query, one step on (Shift+N back; Esc the whole picture)'),
      key(['Ctrl', 'Z'], 'undo a drag, a throw or a move (Shift+Ctrl+Z redo; Cmd on a Mac)'),
    ),
  );
}
