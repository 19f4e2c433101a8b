// The page colour and the world rectangle (the walls the boxes bounce off).

import type { DrawContext, Layer } from '../runtime/renderer';
import { useScreenSpace, useWorldSpace } from '../runtime/renderer';
import { theme } from '../runtime/theme';
import type { BoxesModel } from '../boxes/demo';

export class BackgroundLayer implements Layer<BoxesModel> {
  readonly name = 'background';
  readonly order = 0;
  enabled = true;

  draw(dc: DrawContext<BoxesModel>): void {
    const { ctx, viewport: v, sim } = dc;
    useScreenSpace(dc);
    ctx.fillStyle = theme.page;
    ctx.fillRect(0, 0, v.cssWidth, v.cssHeight);
    useWorldSpace(dc);
    ctx.fillStyle = theme.worldFill;
    ctx.fillRect(0, 0, sim.side, sim.side);
    ctx.strokeStyle = theme.worldEdge;
    ctx.lineWidth = 2 / v.scale;
    ctx.strokeRect(0, 0, sim.side, sim.side);
  }
}
