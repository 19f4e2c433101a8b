// The page colour and the world rectangle (the walls the boxes bounce off).

import type { DrawContext, GpuDrawContext, Layer } from '../../runtime/renderer';
import { useScreenSpace, useWorldSpace } from '../../runtime/renderer';
import { theme } from '../../runtime/theme';
import type { BoxesModel } from '../model';
import { RectBatch } from '../../gpu/rect-batch';

/** The walls' line, CSS px. */
const EDGE_PX = 2;

export class BackgroundLayer implements Layer<BoxesModel> {
  readonly name = 'background';
  readonly order = 0;
  enabled = true;
  private readonly world = new RectBatch();

  draw(dc: DrawContext<BoxesModel>): void {
    const { ctx, viewport: v } = dc;
    const { sim } = dc.model;
    useScreenSpace(dc);
    ctx.fillStyle = theme.page;
    ctx.fillRect(0, 0, v.cssWidth, v.cssHeight);
    useWorldSpace(dc);
    ctx.fillStyle = theme.worldFill;
    ctx.fillRect(0, 0, sim.side, sim.side);
    ctx.strokeStyle = theme.worldEdge;
    ctx.lineWidth = EDGE_PX / v.scale;
    ctx.strokeRect(0, 0, sim.side, sim.side);
  }

  /** The surface starts each frame in the page colour: the world on it. */
  drawGpu(dc: GpuDrawContext<BoxesModel>): void {
    const { gpu, viewport: v } = dc;
    const { sim } = dc.model;
    this.world.clear();
    this.world.push(0, 0, sim.side, sim.side);
    gpu.fillRect(this.world, theme.worldFill);
    gpu.strokeRect(this.world, theme.worldEdge, EDGE_PX, v.dpr);
  }
}
