// Small marks every mode draws in CSS pixels on top of its world: a text
// tag on a dark pill, a line, an arrow head, a letter in a handle. One
// place, so labels look alike across modes.

import { inkOn } from '../runtime/contrast';
import { theme } from '../runtime/theme';

export const MONO = 'ui-monospace, SFMono-Regular, Menlo, monospace';

export type Align = 'left' | 'right' | 'center';

/** A text tag on a dark pill at CSS (x, y), the text vertically centred on y. */
export function label(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, colour: string = theme.label, align: Align = 'left', accent?: string): number {
  ctx.font = `600 11px ${MONO}`;
  const w = ctx.measureText(text).width + (accent === undefined ? 10 : 12);
  const left = align === 'left' ? x : align === 'right' ? x - w : x - w / 2;
  ctx.fillStyle = theme.labelBack;
  ctx.beginPath();
  ctx.roundRect(left, y - 9, w, 18, 4);
  ctx.fill();
  if (accent !== undefined) {
    ctx.fillStyle = accent;
    ctx.fillRect(left, y - 9, 3, 18);
  }
  ctx.fillStyle = colour;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, left + (accent === undefined ? 5 : 7), y + 0.5);
  return w;
}

export function line(ctx: CanvasRenderingContext2D, x0: number, y0: number, x1: number, y1: number): void {
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
}

/** A filled arrow head at (x, y) pointing along the unit vector (ux, uy). */
export function arrowHead(ctx: CanvasRenderingContext2D, x: number, y: number, ux: number, uy: number, size: number): void {
  const bx = x - ux * size;
  const by = y - uy * size;
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(bx - uy * size * 0.55, by + ux * size * 0.55);
  ctx.lineTo(bx + uy * size * 0.55, by - ux * size * 0.55);
  ctx.closePath();
  ctx.fill();
}

/** A letter centred in a handle filled with `fill`, in whichever ink reads better on it. */
export function glyph(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, fill: string): void {
  ctx.font = `700 10px ${MONO}`;
  ctx.fillStyle = inkOn(fill);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x, y + 0.5);
  ctx.textAlign = 'left';
}
