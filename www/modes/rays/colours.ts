// The rays mode's colours on top of the page theme. The legend and the
// panels read the same values through `--r-<name>` CSS variables set on the
// mode's own elements, so a swatch is the colour on the canvas. The map's
// colours are the theme's (the shared tile-map layer draws it).
// Entries taken from the theme are getters: they read the palette of the
// embed being drawn (light or dark), not the one in force at import.

import { followPalette, theme } from '../../runtime/theme';

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
  rayFaint: 'rgba(255, 200, 87, 0.38)',
  /** Entry through a vertical line (the x axis stepped): tMaxX's colour. */
  crossX: '#4fd1ff',
  /** Entry through a horizontal line (the y axis stepped): tMaxY's colour. */
  crossY: '#ff7ad9',
  /** Entry through a lattice point (both stepped). */
  get crossCorner() {
    return theme.focus;
  },
  get hit() {
    return theme.focus;
  },
  normal: '#7ef0c5',
  get current() {
    return theme.focus;
  },
  enemy: '#ff9f43',
  player: '#48dba0',
  sightClear: '#48dba0',
  sightBlocked: '#ff5261',
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
    });
  }
}

/** One colour per drawn box, as `r, g, b` (by id, round again). */
const DRAWN_RGB: readonly string[] = ['94, 168, 255', '72, 219, 160', '199, 146, 234', '255, 159, 67'];

/** Drawn box `id`'s colour. */
export function drawnColour(id: number, alpha = 1): string {
  return `rgba(${DRAWN_RGB[(id - 1) % DRAWN_RGB.length]}, ${alpha})`;
}
