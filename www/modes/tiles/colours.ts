// The tile editor's colours on top of the page theme. The legend and the
// palette icons read the same values through `--t-<name>` CSS variables,
// so a swatch is the colour on the canvas. Edge colours follow the seed's
// figures: solid red, interesting grey.

import { theme } from '../../runtime/theme';

export const tileColours = {
  page: theme.page,
  cell: theme.worldFill,
  grid: 'rgba(170, 190, 220, 0.075)',
  mapEdge: theme.worldEdge,
  tile: '#34445c',
  /** The sloped and curved faces inside a cell (not along its sides). */
  tileSurface: '#6c84a8',
  solidEdge: '#ff5261',
  interestingEdge: '#a3afc2',
  door: theme.camera,
  doorHover: 'rgba(255, 200, 87, 0.55)',
  pushArrow: '#f4f7fb',
  paintGhost: 'rgba(140, 181, 236, 0.35)',
  eraseGhost: 'rgba(255, 82, 97, 0.30)',
  focus: theme.focus,
  /** The selected box while the canvas has keyboard focus. */
  keyFocus: theme.camera,
  label: theme.label,
  labelBack: theme.labelBack,
} as const;

/** One colour per draggable box (A, B, C, …), as `r, g, b`. */
export const boxRgb: readonly string[] = ['94, 168, 255', '72, 219, 160', '199, 146, 234', '255, 159, 67'];

export function boxColour(i: number, alpha = 1): string {
  return `rgba(${boxRgb[i % boxRgb.length]}, ${alpha})`;
}

/** Publishes the colours as `--t-<name>` custom properties on `root`. */
export function publishTileColours(root: HTMLElement): void {
  for (const [name, value] of Object.entries(tileColours)) root.style.setProperty(`--t-${name}`, value);
  boxRgb.forEach((rgb, i) => root.style.setProperty(`--t-box${i}`, `rgb(${rgb})`));
}
