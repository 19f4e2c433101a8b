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
  camera: '#ffc857',
  cameraFill: 'rgba(255, 200, 87, 0.05)',
  /** Boxes the camera sees when they are too small to outline. */
  cameraSmall: 'rgba(255, 200, 87, 0.85)',
  /** RGB only: the tree's lines fade with depth, so alpha is set per level. */
  treeRgb: '72, 219, 160',
  storedInFill: 'rgba(72, 219, 160, 0.09)',
  focus: '#ffffff',
  label: '#e8eef8',
  labelBack: 'rgba(11, 15, 22, 0.82)',
} as const;

export type ThemeColour = keyof typeof theme;

/** Publishes the palette as `--c-<name>` custom properties for the CSS. */
export function publishTheme(root: HTMLElement): void {
  for (const [name, value] of Object.entries(theme)) {
    const css = name === 'treeRgb' ? `rgb(${value})` : value;
    root.style.setProperty(`--c-${name}`, css);
  }
}
