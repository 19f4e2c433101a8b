// The rays mode's colours on top of the page theme. The legend and the
// panels read the same values through `--r-<name>` CSS variables set on the
// mode's own elements, so a swatch is the colour on the canvas. The map's
// colours are the theme's (the shared tile-map layer draws it).
// Entries taken from the theme are getters: they read the palette of the
// embed being drawn (light or dark), not the one in force at import.

import { contrastRatio, over, parseColour, type Rgba } from '../../runtime/contrast';
import { chromeColour, followPalette, pairs, theme, themeName, type ContrastPair, type ThemeName } from '../../runtime/theme';

const chromePanel = () => chromeColour('panel');

/**
 * The mode's own colours in each theme. On the light map the dark theme's
 * bright marks would be faint: its text colours are at least 4.5:1 on the
 * panels and the label pills, its marks at least 3:1 on the map
 * (tests/ts/contrast.test.mjs).
 */
const own: Record<ThemeName, Record<'rayFaint' | 'crossX' | 'crossY' | 'normal' | 'enemy' | 'player' | 'sightClear' | 'sightBlocked' | 'handleEdge' | 'labelMuted', string>> = {
  dark: {
    rayFaint: 'rgba(255, 200, 87, 0.38)',
    crossX: '#4fd1ff',
    crossY: '#ff7ad9',
    normal: '#7ef0c5',
    enemy: '#ff9f43',
    player: '#48dba0',
    sightClear: '#48dba0',
    sightBlocked: '#ff5261',
    handleEdge: '#0b0f16',
    labelMuted: '#8a98ad',
  },
  light: {
    rayFaint: 'rgba(154, 91, 0, 0.38)',
    crossX: '#0b6fa0',
    crossY: '#b0168f',
    normal: '#087a54',
    enemy: '#ff9f43',
    player: '#48dba0',
    sightClear: '#087a54',
    sightBlocked: '#c0182c',
    handleEdge: '#1b2330',
    labelMuted: '#586476',
  },
};

export const rayColours = {
  get page() {
    return theme.page;
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
  get boxFill() {
    return theme.boxFill;
  },
  get boxStroke() {
    return theme.boxStroke;
  },
  get ray() {
    return theme.camera;
  },
  get rayFaint() {
    return own[themeName()].rayFaint;
  },
  /** Entry through a vertical line (the x axis stepped): tMaxX's colour. */
  get crossX() {
    return own[themeName()].crossX;
  },
  /** Entry through a horizontal line (the y axis stepped): tMaxY's colour. */
  get crossY() {
    return own[themeName()].crossY;
  },
  /** Entry through a lattice point (both stepped). */
  get crossCorner() {
    return theme.focus;
  },
  get hit() {
    return theme.focus;
  },
  get normal() {
    return own[themeName()].normal;
  },
  get current() {
    return theme.focus;
  },
  get enemy() {
    return own[themeName()].enemy;
  },
  get player() {
    return own[themeName()].player;
  },
  get sightClear() {
    return own[themeName()].sightClear;
  },
  get sightBlocked() {
    return own[themeName()].sightBlocked;
  },
  /** The ring around a handle (A, B, the enemy, the player), so it stands out of the map in either theme. */
  get handleEdge() {
    return own[themeName()].handleEdge;
  },
  /** The numbers of cells the DDA has yet to visit. */
  get labelMuted() {
    return own[themeName()].labelMuted;
  },
  get focus() {
    return theme.focus;
  },
  get label() {
    return theme.label;
  },
  get labelBack() {
    return theme.labelBack;
  },
} as const;

/** The visited cells' gradient runs from the ray's start colour to this, as `r, g, b`. */
export const TRACE_FROM_RGB = [255, 200, 87] as const;
export const TRACE_TO_RGB = [199, 120, 255] as const;

/** The gradient's colour at `f` in [0, 1]. */
export function traceColour(f: number, alpha: number): string {
  const mix = (i: 0 | 1 | 2) => Math.round(TRACE_FROM_RGB[i] + (TRACE_TO_RGB[i] - TRACE_FROM_RGB[i]) * f);
  return `rgba(${mix(0)}, ${mix(1)}, ${mix(2)}, ${alpha})`;
}

/** Publishes the colours as `--r-<name>` custom properties on each element, again whenever its palette changes. */
export function publishRayColours(...elements: HTMLElement[]): void {
  for (const el of elements) {
    followPalette(el, () => {
      for (const [name, value] of Object.entries(rayColours)) el.style.setProperty(`--r-${name}`, value);
      el.style.setProperty('--r-traceFrom', traceColour(0, 1));
      el.style.setProperty('--r-traceTo', traceColour(1, 1));
      for (let i = 0; i < DRAWN_COLOURS; i++) el.style.setProperty(`--r-box${i}`, drawnColour(i + 1));
    });
  }
}

/** One colour per drawn box, as `r, g, b` (by id, round again), in each theme: its outline at least 3:1 on the map. */
const DRAWN_RGB: Record<ThemeName, readonly string[]> = {
  dark: ['94, 168, 255', '72, 219, 160', '199, 146, 234', '255, 159, 67'],
  light: ['10, 70, 160', '0, 90, 55', '100, 30, 190', '130, 60, 0'],
};

/** How many drawn-box colours there are (published as `--r-box0` …). */
export const DRAWN_COLOURS = 4;

/** Drawn box `id`'s colour, in the palette being drawn with. */
export function drawnColour(id: number, alpha = 1): string {
  const list = DRAWN_RGB[themeName()];
  return `rgba(${list[(id - 1) % list.length]}, ${alpha})`;
}

/** What sets a handle filled with `fill` off the map: its fill, or its ring where the fill is the fainter. */
function outline(fill: string): string {
  const map = parseColour(theme.tileCell) as Rgba;
  const ratio = (css: string) => contrastRatio(over(parseColour(css) as Rgba, map), map);
  return ratio(fill) >= ratio(rayColours.handleEdge) ? fill : rayColours.handleEdge;
}

/** What the mode draws on what, for the contrast check (see theme.ts, `ContrastPair`). */
export const rayPairs: readonly ContrastPair[] = pairs([
  ['a tMax label on its pill', 'text', () => rayColours.crossX, () => [theme.tileCell, theme.labelBack]],
  ['a tMaxY label on its pill', 'text', () => rayColours.crossY, () => [theme.tileCell, theme.labelBack]],
  ['"sees you" on its pill', 'text', () => rayColours.sightClear, () => [theme.tileCell, theme.labelBack]],
  ['"lost you" on its pill', 'text', () => rayColours.sightBlocked, () => [theme.tileCell, theme.labelBack]],
  ['the hit on its pill', 'text', () => rayColours.hit, () => [theme.tileCell, theme.labelBack]],
  ['a visited cell\'s number', 'text', () => rayColours.label, () => [theme.tileCell]],
  ['a cell\'s number yet to visit', 'text', () => rayColours.labelMuted, () => [theme.tileCell]],
  ['tMaxX, tDeltaX in the panel', 'text', () => rayColours.crossX, () => [theme.page, chromePanel()]],
  ['tMaxY, tDeltaY in the panel', 'text', () => rayColours.crossY, () => [theme.page, chromePanel()]],
  ['"sees you" in the panel', 'text', () => rayColours.sightClear, () => [chromePanel(), 'rgba(72, 219, 160, 0.14)']],
  ['"lost you" in the panel', 'text', () => rayColours.sightBlocked, () => [chromePanel(), 'rgba(255, 82, 97, 0.14)']],
  ['the ray', 'mark', () => rayColours.ray, () => [theme.tileCell]],
  ['an x crossing', 'mark', () => rayColours.crossX, () => [theme.tileCell]],
  ['a y crossing', 'mark', () => rayColours.crossY, () => [theme.tileCell]],
  ['the normal at the hit', 'mark', () => rayColours.normal, () => [theme.tileCell]],
  ['a clear line of sight', 'mark', () => rayColours.sightClear, () => [theme.tileCell]],
  ['a blocked line of sight', 'mark', () => rayColours.sightBlocked, () => [theme.tileCell]],
  ['the ray\'s handles (A, B)', 'mark', () => outline(rayColours.ray), () => [theme.tileCell]],
  ['the enemy', 'mark', () => outline(rayColours.enemy), () => [theme.tileCell]],
  ['the player', 'mark', () => outline(rayColours.player), () => [theme.tileCell]],
  ...[1, 2, 3, 4].map((id) => [`drawn box ${id}'s outline`, 'mark', () => drawnColour(id, 0.6), () => [theme.tileCell]] as const),
]);
