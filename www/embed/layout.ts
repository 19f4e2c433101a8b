// Where an embed's panels go and how tall it is, from its width, the
// author's height (if any), its world's shape and what its panels need.
// Two placements: the panels beside the canvas (always above 800 px; in a
// narrower column too when the author's height leaves a wide canvas
// little height, so the map gets the room) or under it. Under the canvas
// the canvas keeps more than 55 % of the height and the panels take turns
// behind tabs; where a set height leaves them too little room, they open
// over the canvas instead (a sheet above the tabs). A panel taller than its
// room is shown a page at a time (see panel-pages.ts): nothing scrolls
// inside the element. Without a height the element grows to show the
// panels, within limits. Pure: the DOM is measured by the caller.

/** Above this width the panels always sit beside the canvas. */
export const NARROW_MAX_PX = 800;
/** The canvas's least share of the height under the panels. */
export const CANVAS_SHARE = 0.55;
/** Under the canvas, less room than this for a panel opens the panels over the canvas instead. */
const MIN_ROOM_PX = 120;
/** Without a height, the room the panels get at least under the canvas (a taller panel is paged). */
const FREE_ROOM_PX = 200;
/** A column of panels beside the canvas in a narrow element: its width, and the canvas's least width beside it. */
const NARROW_SIDE = { min: 300, max: 320, canvas: 300 };
/** The side column in a wide element: a share of the width, within limits. */
const WIDE_SIDE = { min: 300, max: 400, share: 0.36 };
/** Beside the canvas, the map must be this much larger than under it to be worth a narrow panel column. */
const SIDE_GAIN = 1.15;
/** Frame borders (1 px each side). */
const BORDERS = 2;
/** The canvas's margin, each side (room for its focus ring). */
const CANVAS_MARGIN = 3;

/** What the panels on show need at one width of the panel area, CSS px. */
export interface PanelSizes {
  /** The tab strip's height (its tabs wrapped to the width). */
  readonly tabs: number;
  /** The tallest panel on show, alone, without its title (as under a tab). */
  readonly tallest: number;
  /** Every panel on show stacked with its title, and the column's padding (beside the canvas, without tabs). */
  readonly stack: number;
}

export interface LayoutInput {
  /** The element's width, CSS px. */
  readonly width: number;
  /** The height the author or the page set, CSS px; null: the element picks it. */
  readonly height: number | null;
  /** The world's height over its width. */
  readonly aspect: number;
  /** The row of canvas tools over a canvas of a given width, with its padding. */
  tools(width: number): number;
  /** How many panels are on show. */
  readonly panels: number;
  /** What the panels need in a panel area `width` px wide, beside or under the canvas. */
  measure(width: number, placement: Placement): PanelSizes;
}

export type Placement = 'side' | 'below';

export interface Layout {
  readonly placement: Placement;
  /** The element's height, CSS px. */
  readonly height: number;
  /** Under: the canvas's height; beside: null (the canvas fills the column). */
  readonly canvas: number | null;
  /** Beside: the panel column's width. */
  readonly sidebar: number;
  /** One panel at a time, behind tabs. */
  readonly tabs: boolean;
  /** Under, with too little room: the panels open over the canvas, above their tabs. */
  readonly sheet: boolean;
  /** The sheet's greatest height: over the canvas and its tools, CSS px. */
  readonly sheetHeight: number;
}

/** Under the canvas: what the panel area adds besides the panel (its padding, the line above it). */
const BELOW_PAD = 10 + 8 + 1;
/** Beside the canvas: the column's padding. */
const SIDE_PAD = 12 + 14;

/** The layout for `input`. */
export function chooseLayout(input: LayoutInput): Layout {
  const { width, height } = input;
  const none = input.panels === 0;
  if (width > NARROW_MAX_PX) return side(input, wideSide(width), height);
  if (none || height === null) return below(input, height);
  // A narrow column with a set height: the placement that draws the map larger.
  const under = below(input, height);
  const column = narrowSide(width);
  if (width - column < NARROW_SIDE.canvas) return under;
  const besideScale = mapScale(width - column - BORDERS, height - input.tools(width - column) - BORDERS, input.aspect);
  // Under the canvas, as a reader sees it with a panel open (a sheet covers part of the canvas).
  const underScale = mapScale(width - BORDERS, under.sheet ? Math.ceil(CANVAS_SHARE * height) : (under.canvas ?? 0), input.aspect);
  return besideScale > SIDE_GAIN * underScale ? side(input, column, height) : under;
}

/** The side column's width in a wide element. */
export function wideSide(width: number): number {
  return Math.round(Math.min(WIDE_SIDE.max, Math.max(WIDE_SIDE.min, WIDE_SIDE.share * width)));
}

function narrowSide(width: number): number {
  return Math.round(Math.min(NARROW_SIDE.max, Math.max(NARROW_SIDE.min, WIDE_SIDE.share * width)));
}

/** World units to px of the map in a canvas box (a world `aspect` high per unit wide). */
function mapScale(boxWidth: number, boxHeight: number, aspect: number): number {
  const w = boxWidth - 2 * CANVAS_MARGIN;
  const h = boxHeight - 2 * CANVAS_MARGIN;
  return Math.max(0, Math.min(w, h / Math.max(aspect, 1e-6)));
}

/** Panels beside the canvas, `column` px wide: stacked if they fit, else behind tabs. */
function side(input: LayoutInput, column: number, set: number | null): Layout {
  if (input.panels === 0) {
    const height = set ?? Math.round(Math.min(760, Math.max(460, input.width * 0.56)));
    return { placement: 'side', height, canvas: null, sidebar: 0, tabs: false, sheet: false, sheetHeight: 0 };
  }
  const sizes = input.measure(column, 'side');
  // Without a height: about 0.56 of the width, taller for the panels (within limits).
  const base = Math.max(460, input.width * 0.56);
  const cap = 760;
  let height = set ?? Math.round(Math.min(cap, Math.max(base, sizes.stack + BORDERS)));
  const tabs = input.panels > 1 && sizes.stack + BORDERS > height;
  if (tabs && set === null) height = Math.round(Math.min(cap, Math.max(base, sizes.tabs + sizes.tallest + SIDE_PAD + BORDERS)));
  return { placement: 'side', height, canvas: null, sidebar: column, tabs, sheet: false, sheetHeight: 0 };
}

/** The canvas across the width and the panels under it. */
function below(input: LayoutInput, set: number | null): Layout {
  const { width } = input;
  // The tools row, and the canvas's margins.
  const tools = input.tools(width - BORDERS) + 2 * CANVAS_MARGIN;
  if (input.panels === 0) {
    const canvas = set === null ? narrowCanvas(width, input.aspect) : set - tools - BORDERS;
    return { placement: 'below', height: set ?? canvas + tools + BORDERS, canvas, sidebar: 0, tabs: false, sheet: false, sheetHeight: 0 };
  }
  const sizes = input.measure(width - BORDERS, 'below');
  const tabs = input.panels > 1;
  const chrome = tools + (tabs ? sizes.tabs : 0) + BELOW_PAD + BORDERS;
  if (set !== null) {
    // The panels get what they need, up to 45 %; the canvas the rest.
    const least = Math.ceil(CANVAS_SHARE * set) + 1;
    const canvas = Math.max(least, set - chrome - sizes.tallest);
    if (set - chrome - canvas >= MIN_ROOM_PX) return { placement: 'below', height: set, canvas, sidebar: 0, tabs, sheet: false, sheetHeight: 0 };
    // Too low for a panel under the canvas: only the tabs there (a tab even
    // for one panel), the panel over the canvas.
    const open = set - tools - sizes.tabs - BORDERS - 1;
    return { placement: 'below', height: set, canvas: open, sidebar: 0, tabs: true, sheet: true, sheetHeight: open + tools - 8 };
  }
  // The map at the column's width, then room for the tallest panel (a
  // taller one is paged), and never less than a page's worth: a panel
  // measured small may grow after (a stepper starting its lesson), and a
  // paragraph taller than its page would be cut. The canvas grows to keep
  // its share.
  let canvas = narrowCanvas(width, input.aspect);
  const roomAtShare = canvas / CANVAS_SHARE - canvas - chrome;
  const room = Math.max(FREE_ROOM_PX, Math.min(sizes.tallest, roomAtShare));
  let height = canvas + chrome + room;
  if (canvas <= CANVAS_SHARE * height) {
    height = (chrome + room) / (1 - CANVAS_SHARE) + 2;
    canvas = height - chrome - room;
  }
  return { placement: 'below', height: Math.round(height), canvas: Math.round(canvas), sidebar: 0, tabs, sheet: false, sheetHeight: 0 };
}

/** The canvas height a world of `aspect` wants at `width`, under the panels. */
function narrowCanvas(width: number, aspect: number): number {
  return Math.round(Math.min(width, 440, Math.max(200, width * aspect)));
}

/**
 * The height of an embed without one before its mode is built: in a wide
 * column, what chooseLayout picks when the panels fit beside the canvas
 * (most embeds), so the element keeps its size when the mode arrives; a
 * page's placeholder style can match it (docs/EMBED.md, First paint).
 */
export function provisionalHeight(width: number): number {
  return width > NARROW_MAX_PX ? Math.round(Math.min(760, Math.max(460, width * 0.56))) : 520;
}
