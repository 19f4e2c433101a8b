// Colours shared by the canvas layers and the HTML legend: the legend reads
// the same values through CSS variables, so a swatch is the colour on screen.

export const theme = {
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
  /** Tile maps (every mode that shows one), after the seed's figures. */
  tileCell: '#0f151f',
  tileGrid: 'rgba(170, 190, 220, 0.075)',
  tile: '#34445c',
  /** The sloped and curved faces inside a cell (not along its sides). */
  tileSurface: '#6c84a8',
  solidEdge: '#ff5261',
  interestingEdge: '#a3afc2',
  door: '#ffc857',
} as const;

export type ThemeColour = keyof typeof theme;

/** Publishes the palette as `--c-<name>` custom properties for the CSS. */
export function publishTheme(root: HTMLElement): void {
  for (const [name, value] of Object.entries(theme)) {
    const css = name === 'treeRgb' ? `rgb(${value})` : value;
    root.style.setProperty(`--c-${name}`, css);
  }
}
