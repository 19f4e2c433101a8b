// The tile editor's colours on top of the page theme (the map's own colours
// are the theme's, shared with every mode that shows a tile map). The
// legend and the palette icons read the same values through `--t-<name>`
// CSS variables, so a swatch is the colour on the canvas.
// Entries taken from the theme are getters: they read the palette of the
// embed being drawn (light or dark), not the one in force at import.

import { chromeColour, followPalette, pairs, theme, themeName, type ContrastPair, type ThemeName } from '../../runtime/theme';

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

/**
 * One colour per box (A, B, C, …, then round again), as `r, g, b`, in each
 * theme: a box's outline (drawn at 0.7 alpha) at least 3:1 on the map.
 */
const BOX_RGB: Record<ThemeName, readonly string[]> = {
  dark: ['94, 168, 255', '72, 219, 160', '199, 146, 234', '255, 159, 67'],
  light: ['10, 70, 160', '0, 90, 55', '100, 30, 190', '130, 60, 0'],
};

/** The box colours of the palette being drawn with. */
export function boxRgb(): readonly string[] {
  return BOX_RGB[themeName()];
}

/** Box `id`'s colour (ids count from 1). */
export function boxColour(id: number, alpha = 1): string {
  const list = boxRgb();
  return `rgba(${list[(id - 1) % list.length]}, ${alpha})`;
}

/** Publishes the colours as `--t-<name>` custom properties on `root`, again whenever its palette changes. */
export function publishTileColours(root: HTMLElement): void {
  followPalette(root, () => {
    for (const [name, value] of Object.entries(tileColours)) root.style.setProperty(`--t-${name}`, value);
    boxRgb().forEach((rgb, i) => root.style.setProperty(`--t-box${i}`, `rgb(${rgb})`));
  });
}

/** What the mode draws on what, for the contrast check (see theme.ts, `ContrastPair`). */
export const tilePairs: readonly ContrastPair[] = pairs([
  ['"interesting" in the panel', 'text', () => tileColours.interestingEdge, () => [chromeColour('panel')]],
  ['the push-out arrow', 'mark', () => tileColours.pushArrow, () => [theme.tileCell]],
  ['a box with keyboard focus', 'mark', () => tileColours.keyFocus, () => [theme.tileCell]],
  ...[1, 2, 3, 4].map((id) => [`box ${id}'s outline`, 'mark', () => boxColour(id, 0.7), () => [theme.tileCell]] as const),
]);
