// Optional rulers: cell indices along the top and the left of a tile map,
// so "(15,9)" in a readout is easy to find. Drawn in CSS pixels in a band
// just outside the map's edge, or along the canvas's own edge when the map's
// edge is scrolled out of view. Every k-th index when cells are narrow
// (k = 1, 2, 5, 10, …), so the numbers never overlap. Off until a mode's
// Rulers button turns it on.

import type { TileGrid } from '../core/index';
import type { DrawContext, Layer } from '../runtime/renderer';
import { useScreenSpace } from '../runtime/renderer';
import { theme } from '../runtime/theme';
import { MONO } from './marks';
import { toolButton } from '../runtime/canvas-tools';

/** The band's thickness, CSS px (the viewport leaves an 18 px margin, so it fits outside the fitted map). */
const BAND_PX = 16;
/** The row band's width, CSS px (three digits). */
const SIDE_PX = 24;
/** Least room one index needs, CSS px. */
const LABEL_PX = 22;
const STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500];

export class RulersLayer implements Layer<{ readonly tiles: TileGrid }> {
  readonly name = 'rulers';
  readonly order = 95;
  enabled = false;
  /** The first column and row indices the last frame labelled, and the step (for tests). */
  shown = { firstCol: -1, firstRow: -1, step: 0 };

  draw(dc: DrawContext<{ readonly tiles: TileGrid }>): void {
    const { ctx, viewport: v } = dc;
    const { tiles } = dc.model;
    const ts = tiles.tileSize;
    const cellPx = ts * v.scale;
    const step = STEPS.find((k) => k * cellPx >= LABEL_PX) ?? STEPS[STEPS.length - 1];
    useScreenSpace(dc);
    const top = Math.min(Math.max(v.toCanvasY(0) - BAND_PX, 0), v.cssHeight - BAND_PX);
    const left = Math.min(Math.max(v.toCanvasX(0) - SIDE_PX, 0), v.cssWidth - SIDE_PX);
    const x0 = Math.max(v.toCanvasX(0), 0);
    const x1 = Math.min(v.toCanvasX(tiles.cols * ts), v.cssWidth);
    const y0 = Math.max(v.toCanvasY(0), 0);
    const y1 = Math.min(v.toCanvasY(tiles.rows * ts), v.cssHeight);
    ctx.fillStyle = theme.labelBack;
    if (x1 > x0) ctx.fillRect(x0, top, x1 - x0, BAND_PX);
    if (y1 > y0) ctx.fillRect(left, y0, SIDE_PX, y1 - y0);
    ctx.font = `600 10px ${MONO}`;
    ctx.fillStyle = theme.label;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'center';
    const c0 = Math.max(0, Math.ceil(v.toWorldX(0) / ts - 0.5));
    const c1 = Math.min(tiles.cols - 1, Math.floor(v.toWorldX(v.cssWidth) / ts - 0.5));
    let firstCol = -1;
    for (let c = c0; c <= c1; c++) {
      if (c % step !== 0) continue;
      if (firstCol < 0) firstCol = c;
      ctx.fillText(String(c), v.toCanvasX((c + 0.5) * ts), top + BAND_PX / 2 + 0.5);
    }
    ctx.textAlign = 'right';
    const r0 = Math.max(0, Math.ceil(v.toWorldY(0) / ts - 0.5));
    const r1 = Math.min(tiles.rows - 1, Math.floor(v.toWorldY(v.cssHeight) / ts - 0.5));
    let firstRow = -1;
    for (let r = r0; r <= r1; r++) {
      if (r % step !== 0) continue;
      if (firstRow < 0) firstRow = r;
      ctx.fillText(String(r), left + SIDE_PX - 4, v.toCanvasY((r + 0.5) * ts) + 0.5);
    }
    ctx.textAlign = 'left';
    this.shown = { firstCol, firstRow, step };
  }
}

/** The tools-row button that turns `layer` on and off (aria-pressed follows). */
export function rulersButton(layer: RulersLayer): HTMLButtonElement {
  const button = toolButton('#', 'Rulers: column and row numbers along the top and left of the map', () => {
    layer.enabled = !layer.enabled;
    button.setAttribute('aria-pressed', String(layer.enabled));
  }, { 'data-tool': 'rulers', 'aria-pressed': 'false' });
  return button;
}
