// Colours shared by the canvas layers and the HTML around them, in two
// palettes: dark (the full playground's, and an embed's on a dark page) and
// light (an embed's on a light page). Layers read `theme.<name>` while they
// draw; the renderer switches `theme` to the palette of the canvas it is
// drawing (its embed's `data-theme`), so embeds of both kinds can share a
// page. The legend and panels read the same values through CSS variables
// (`--c-<name>`, and the chrome's `--bg`, `--text`, …), so a swatch is the
// colour on screen.

export type ThemeName = 'dark' | 'light';

const dark = {
  page: '#0b0f16',
  worldFill: '#0f151f',
  worldEdge: '#2b3647',
  boxFill: 'rgba(94, 139, 201, 0.30)',
  boxStroke: 'rgba(140, 181, 236, 0.80)',
  // Used when boxes are a pixel or two wide and strokes would be mush.
  boxFillSmall: 'rgba(124, 166, 224, 0.70)',
  overlapFill: 'rgba(255, 82, 97, 0.80)',
  overlapStroke: '#ff9aa3',
  /** A box whose pair just began (pairsBegan), flashed for a moment. */
  beganFlash: '#ffffff',
  camera: '#ffc857',
  cameraFill: 'rgba(255, 200, 87, 0.05)',
  /** Boxes the camera sees when they are too small to outline. */
  cameraSmall: 'rgba(255, 200, 87, 0.85)',
  /** RGB only: the tree's lines fade with depth, so alpha is set per level. */
  treeRgb: '72, 219, 160',
  storedInFill: 'rgba(72, 219, 160, 0.09)',
  /** The strongest contrast with the page: focus rings, hit points, arrows. */
  focus: '#ffffff',
  /** Grid cell lines (grids mode). */
  gridLine: 'rgba(122, 150, 190, 0.26)',
  /** Cells an object is stored in: solid green. */
  storedCellFill: 'rgba(72, 219, 160, 0.30)',
  storedCellStroke: '#48dba0',
  /** Cells searched for an object's pairs: dashed violet. */
  searchedCellFill: 'rgba(190, 140, 255, 0.10)',
  searchedCellStroke: '#c49bff',
  /** Hierarchy: child → parent links and the selected subtree. */
  link: 'rgba(170, 190, 220, 0.55)',
  subtree: '#ffc857',
  dropTarget: '#48dba0',
  label: '#e8eef8',
  labelBack: 'rgba(11, 15, 22, 0.82)',
  /** Hierarchy: an object's id beside its box (on a labelBack pill). */
  idLabel: '#c8d6eb',
  /** Tile maps (every mode that shows one), after the figures of Metanet's N tutorial B. */
  tileCell: '#0f151f',
  tileGrid: 'rgba(170, 190, 220, 0.075)',
  tile: '#34445c',
  /** The sloped and curved faces inside a cell (not along its sides). */
  tileSurface: '#8ea4c4',
  solidEdge: '#ff5261',
  interestingEdge: '#a3afc2',
  door: '#ffc857',
};

export type Palette = { -readonly [K in keyof typeof dark]: string };

const light: Palette = {
  page: '#eef1f5',
  worldFill: '#ffffff',
  worldEdge: '#b9c3d0',
  boxFill: 'rgba(46, 104, 184, 0.16)',
  boxStroke: 'rgba(36, 88, 160, 0.85)',
  boxFillSmall: 'rgba(40, 92, 168, 0.75)',
  overlapFill: 'rgba(220, 38, 60, 0.72)',
  overlapStroke: '#b4182c',
  beganFlash: '#0b0f16',
  camera: '#9a5b00',
  cameraFill: 'rgba(154, 91, 0, 0.06)',
  cameraSmall: 'rgba(154, 91, 0, 0.9)',
  treeRgb: '8, 122, 84',
  storedInFill: 'rgba(10, 140, 96, 0.10)',
  focus: '#0b0f16',
  gridLine: 'rgba(60, 80, 110, 0.22)',
  storedCellFill: 'rgba(10, 140, 96, 0.20)',
  storedCellStroke: '#0a8c60',
  searchedCellFill: 'rgba(124, 58, 237, 0.08)',
  searchedCellStroke: '#7c3aed',
  link: 'rgba(40, 52, 72, 0.55)',
  subtree: '#9a5b00',
  dropTarget: '#0a8c60',
  label: '#141a24',
  labelBack: 'rgba(255, 255, 255, 0.85)',
  idLabel: '#283448',
  tileCell: '#ffffff',
  tileGrid: 'rgba(40, 60, 90, 0.09)',
  tile: '#c5cfdc',
  tileSurface: '#5a6b85',
  solidEdge: '#d4283a',
  interestingEdge: '#5f6b7c',
  door: '#b86e00',
};

export const palettes: Readonly<Record<ThemeName, Readonly<Palette>>> = { dark, light };

/** The chrome around the canvas (panels, text, controls), as the page stylesheet's variables. */
const chrome: Record<ThemeName, Record<string, string>> = {
  dark: { bg: '#0b0f16', panel: '#121925', 'panel-edge': '#1f2a3a', text: '#dfe7f3', muted: '#8a98ad', good: '#48dba0', bad: '#ff5261' },
  light: { bg: '#ffffff', panel: '#f5f7fa', 'panel-edge': '#d5dce6', text: '#1b2330', muted: '#586476', good: '#087a54', bad: '#c0182c' },
};

/** The palette being drawn with: the renderer points it at each canvas's own before drawing. */
export const theme: Palette = { ...dark };
let current: ThemeName = 'dark';

export type ThemeColour = keyof Palette;

/** Switches `theme` to a palette (cheap when it is already the one). */
export function useTheme(name: ThemeName): void {
  if (name === current) return;
  Object.assign(theme, palettes[name]);
  current = name;
}

/** The palette `theme` holds now. */
export function themeName(): ThemeName {
  return current;
}

/** The theme an element is drawn in: its nearest `data-theme` (an embed's frame), else dark. */
export function themeAt(element: Element): ThemeName {
  return element.closest('[data-theme]')?.getAttribute('data-theme') === 'light' ? 'light' : 'dark';
}

/**
 * Publishes a palette on `root` for its CSS: `--c-<name>` for each colour,
 * the chrome's variables, `color-scheme` (native controls and scrollbars),
 * and `data-theme`, which the renderer reads.
 */
export function publishTheme(root: HTMLElement, name: ThemeName = 'dark'): void {
  for (const [key, value] of Object.entries(palettes[name])) {
    const css = key === 'treeRgb' ? `rgb(${value})` : value;
    root.style.setProperty(`--c-${key}`, css);
  }
  for (const [key, value] of Object.entries(chrome[name])) root.style.setProperty(`--${key}`, value);
  root.style.setProperty('color-scheme', name);
  root.setAttribute('data-theme', name);
}

/**
 * Runs `paint` now, and again whenever the palette `element` is drawn in
 * changes (an embed's theme follows its page), with `theme` switched to
 * that palette: for colours a mode copies into CSS variables of its own
 * elements. Stops once `element` has left the document.
 */
export function followPalette(element: HTMLElement, paint: () => void): void {
  const run = (): void => {
    useTheme(themeAt(element));
    paint();
  };
  run();
  const themed = element.closest('[data-theme]');
  if (themed === null) return;
  const observer = new MutationObserver(() => {
    if (element.isConnected) run();
    else observer.disconnect();
  });
  observer.observe(themed, { attributes: true, attributeFilter: ['data-theme'] });
}

/**
 * What is drawn on what, for the contrast check (tests/ts/contrast.test.mjs):
 * `ink` over the colours in `on` (the bottom one first, each blended over
 * the one before). Text must reach 4.5:1, marks (lines, outlines, handles)
 * 3:1, in both palettes. The colours are read when checked, after
 * `useTheme`, so a mode's getters give that palette's.
 */
export interface ContrastPair {
  readonly what: string;
  readonly kind: 'text' | 'mark';
  ink(): string;
  on(): readonly string[];
}

/** Builds a pair list from `[what, kind, ink, on]` rows (terse tables read better). */
export function pairs(rows: readonly (readonly [string, 'text' | 'mark', () => string, () => readonly string[]])[]): ContrastPair[] {
  return rows.map(([what, kind, ink, on]) => ({ what, kind, ink, on }));
}

/** A colour of the chrome (`bg`, `panel`, `text`, `muted`, `good`, `bad`, …) in the palette in force. */
export function chromeColour(key: string): string {
  return chrome[current][key];
}

const t = theme;
const chromeOf = (key: string) => () => chromeColour(key);

/**
 * The shared palette's pairs. Left out on purpose: fills that tint what an
 * outline already shows (boxes, cells, the camera's area, tiles), the
 * faint guide grids (the cells are also told by rulers and tints), and the
 * quadtree's deeper split lines, which fade with depth to show it (the
 * root's lines are checked).
 */
export const palettePairs: readonly ContrastPair[] = pairs([
  ['panel text', 'text', chromeOf('text'), () => [chromeOf('bg')(), chromeOf('panel')()]],
  ['muted panel text', 'text', chromeOf('muted'), () => [chromeOf('bg')(), chromeOf('panel')()]],
  ['muted text on the page', 'text', chromeOf('muted'), () => [chromeOf('bg')()]],
  ['a check that agrees', 'text', chromeOf('good'), () => [chromeOf('panel')()]],
  ['a check that fails', 'text', chromeOf('bad'), () => [chromeOf('panel')()]],
  ['the camera count', 'text', () => t.camera, () => [chromeOf('panel')()]],
  ['a label on its pill, over the map', 'text', () => t.label, () => [t.worldFill, t.labelBack]],
  ['a label on its pill, over an overlapping box', 'text', () => t.label, () => [t.worldFill, t.overlapFill, t.labelBack]],
  ['a label on its pill, over a tile', 'text', () => t.label, () => [t.tile, t.labelBack]],
  ['an id on its pill, over an overlapping box', 'text', () => t.idLabel, () => [t.worldFill, t.overlapFill, t.labelBack]],
  ['a selected subtree id on its pill', 'text', () => t.subtree, () => [t.worldFill, t.overlapFill, t.labelBack]],
  ['the camera tab', 'text', () => t.page, () => [t.camera]],
  ['a box outline', 'mark', () => t.boxStroke, () => [t.worldFill]],
  ['an overlapping box', 'mark', () => t.overlapFill, () => [t.worldFill]],
  ['an overlapping box outline', 'mark', () => t.overlapStroke, () => [t.worldFill]],
  ['the camera', 'mark', () => t.camera, () => [t.worldFill]],
  ['the quadtree root split', 'mark', () => `rgba(${t.treeRgb}, 0.75)`, () => [t.worldFill]],
  ['a focus ring', 'mark', () => t.focus, () => [t.worldFill]],
  ['cells an object is stored in', 'mark', () => t.storedCellStroke, () => [t.worldFill]],
  ['cells searched for pairs', 'mark', () => t.searchedCellStroke, () => [t.worldFill]],
  ['a hierarchy link', 'mark', () => t.link, () => [t.worldFill]],
  ['the selected subtree', 'mark', () => t.subtree, () => [t.worldFill]],
  ['a drop target', 'mark', () => t.dropTarget, () => [t.worldFill]],
  ['a solid edge', 'mark', () => t.solidEdge, () => [t.tileCell]],
  ['an interesting edge', 'mark', () => t.interestingEdge, () => [t.tileCell]],
  ['a door', 'mark', () => t.door, () => [t.tileCell]],
  ['a tile surface inside a tile', 'mark', () => t.tileSurface, () => [t.tile]],
]);
