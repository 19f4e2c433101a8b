// The tile editor's colours on top of the page theme (the map's own colours
// are the theme's, shared with every mode that shows a tile map). The
// legend and the palette icons read the same values through `--t-<name>`
// CSS variables, so a swatch is the colour on the canvas.
// Entries taken from the theme are getters: they read the palette of the
// embed being drawn (light or dark), not the one in force at import.

import { followPalette, theme } from '../../runtime/theme';

export const tileColours = {
  get page() {
    return theme.page;
  },
  get cell() {
    return theme.tileCell;
  },
  get tile() {
    return theme.tile;
  },
  get tileSurface() {
    return theme.tileSurface;
  },
  get solidEdge() {
    return theme.solidEdge;
  },
  get interestingEdge() {
    return theme.interestingEdge;
  },
  get door() {
    return theme.door;
  },
  doorHover: 'rgba(255, 200, 87, 0.55)',
  get pushArrow() {
    return theme.focus;
  },
  paintGhost: 'rgba(140, 181, 236, 0.35)',
  eraseGhost: 'rgba(255, 82, 97, 0.30)',
  get focus() {
    return theme.focus;
  },
  /** The selected box while the canvas has keyboard focus. */
  get keyFocus() {
    return theme.camera;
  },
  get label() {
    return theme.label;
  },
  get labelBack() {
    return theme.labelBack;
  },
} as const;

/** One colour per box (A, B, C, …, then round again), as `r, g, b`. */
export const boxRgb: readonly string[] = ['94, 168, 255', '72, 219, 160', '199, 146, 234', '255, 159, 67'];

/** Box `id`'s colour (ids count from 1). */
export function boxColour(id: number, alpha = 1): string {
  return `rgba(${boxRgb[(id - 1) % boxRgb.length]}, ${alpha})`;
}

/** Publishes the colours as `--t-<name>` custom properties on `root`, again whenever its palette changes. */
export function publishTileColours(root: HTMLElement): void {
  followPalette(root, () => {
    for (const [name, value] of Object.entries(tileColours)) root.style.setProperty(`--t-${name}`, value);
    boxRgb.forEach((rgb, i) => root.style.setProperty(`--t-box${i}`, `rgb(${rgb})`));
  });
}
