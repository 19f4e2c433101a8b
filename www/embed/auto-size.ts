// The height an embed without a `height` picks from its width, and the
// canvas's height in the narrow layout. Wide (panels beside the canvas):
// about 0.56 of the width, taller when the panels on show need it. Narrow
// (800 px and less; panels under the canvas, one at a time behind tabs):
// the map at full width (within limits), then the tools, the tabs and the
// tallest panel on show. The canvas keeps more than half the height
// (CANVAS_SHARE) unless the author named the panels to show: then they are shown whole
// (an article's figure is there to be read without scrolling inside it).

/** At this width and less the canvas takes the whole width and the panels go under it. */
export const NARROW_MAX_PX = 800;
/** The canvas's least share of the height, when it is not sized for readouts alone. */
const CANVAS_SHARE = 0.55;
/** The least room under the canvas for a panel, CSS px. */
const MIN_PANEL_PX = 120;

export interface AutoSize {
  /** The element's height, CSS px. */
  readonly height: number;
  /** The canvas's height in the narrow layout, CSS px (null: the stylesheet's share of a set height). */
  readonly canvas: number | null;
}

/** The canvas height a world of `aspect` (height / width) wants at `width`, narrow. */
function narrowCanvas(width: number, aspect: number): number {
  return Math.round(Math.min(width, 440, Math.max(200, width * aspect)));
}

/**
 * The tallest panel on show (narrow: one at a time, each laid out for a
 * moment to be measured, no paint in between) and the sidebar's whole
 * height with every panel in it (wide).
 */
function panelHeights(frame: HTMLElement): { tallest: number; column: number } {
  const sidebar = frame.querySelector<HTMLElement>('.sidebar');
  if (sidebar === null) return { tallest: 0, column: 0 };
  const shown = [...frame.querySelectorAll<HTMLElement>('#panels > .panel')].filter((p) => !p.hidden);
  sidebar.classList.add('measuring');
  const tallest = Math.max(0, ...shown.map((p) => p.offsetHeight));
  sidebar.classList.remove('measuring');
  // The column: its padding, border, and its children with the gaps between.
  const cs = getComputedStyle(sidebar);
  const children = [...sidebar.children].filter((c): c is HTMLElement => c instanceof HTMLElement && c.offsetHeight > 0);
  const gap = parseFloat(cs.rowGap) || 0;
  const column = parseFloat(cs.paddingTop) + parseFloat(cs.paddingBottom) + children.reduce((sum, c) => sum + c.offsetHeight, 0) + gap * Math.max(0, children.length - 1);
  return { tallest, column };
}

/**
 * The size for an element `width` px wide whose mode's world is `aspect`
 * high, with its layout already built in `frame` (measured as it is);
 * `chosen` when the author named the panels to show.
 */
export function autoSize(frame: HTMLElement, width: number, aspect: number, chosen: boolean): AutoSize {
  const sidebarShown = frame.querySelector('.mode-host:not(.no-sidebar) .sidebar') !== null;
  const heights = sidebarShown ? panelHeights(frame) : { tallest: 0, column: 0 };
  if (width > NARROW_MAX_PX) {
    // Beside the canvas: the panels' column as tall as it needs, within limits.
    const cap = chosen ? 1000 : 760;
    return { height: Math.round(Math.min(cap, Math.max(460, width * 0.56, heights.column + 2))), canvas: null };
  }
  let canvas = narrowCanvas(width, aspect);
  // What the stage holds besides the canvas (the tools, a touch pad, the canvas's margins), and the frame's borders.
  const stage = frame.querySelector<HTMLElement>('.stage')?.offsetHeight ?? 0;
  const world = frame.querySelector<HTMLElement>('#world')?.offsetHeight ?? 0;
  const around = Math.max(50, stage - world) + 2;
  if (!sidebarShown) return { height: canvas + around, canvas };
  const tabs = frame.querySelector<HTMLElement>('.sidebar.tabbed .panel-tabs')?.offsetHeight ?? 0;
  // The sidebar's padding and border.
  const chrome = around + tabs + 20;
  let height = canvas + chrome + Math.max(MIN_PANEL_PX, heights.tallest);
  if (!chosen && canvas < CANVAS_SHARE * height) {
    // Controls scroll inside their tab; the canvas keeps its share, and a
    // canvas taller than the map needs leaves room for a panel.
    height = Math.max(canvas / CANVAS_SHARE, (chrome + MIN_PANEL_PX) / (1 - CANVAS_SHARE));
    canvas = Math.max(canvas, Math.ceil(CANVAS_SHARE * height) + 1);
  }
  return { height: Math.round(height), canvas };
}
