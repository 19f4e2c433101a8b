// The culling camera: a dashed rectangle with a label tab (grab to move)
// and a corner handle (grab to resize). The boxes it sees are outlined by
// the boxes layer from the same frame's query.

import { cameraOnScreen, HANDLE_PX, setTabWidth, tabRect, TAB_HEIGHT_PX } from '../camera';
import type { DrawContext, Layer } from '../../runtime/renderer';
import { useScreenSpace, useWorldSpace } from '../../runtime/renderer';
import { theme } from '../../runtime/theme';
import type { BoxesModel } from '../model';

export class CameraLayer implements Layer<BoxesModel> {
  readonly name = 'camera';
  readonly order = 40;
  enabled = true;

  draw(dc: DrawContext<BoxesModel>): void {
    const { ctx, viewport: v } = dc;
    const { camera: cam, interaction, sim } = dc.model;
    useWorldSpace(dc);
    ctx.fillStyle = theme.cameraFill;
    ctx.fillRect(cam.x, cam.y, cam.w, cam.h);

    useScreenSpace(dc);
    const r = cameraOnScreen(cam, v);
    const active = interaction.dragKind === 'camera-move' || interaction.dragKind === 'camera-resize';
    ctx.strokeStyle = theme.camera;
    ctx.lineWidth = active ? 2 : 1.5;
    ctx.setLineDash([7, 5]);
    // Crawling ants while dragging: the dash offset follows the clock.
    ctx.lineDashOffset = active ? -dc.now / 40 : 0;
    ctx.strokeRect(Math.round(r.left) + 0.5, Math.round(r.top) + 0.5, Math.round(r.right - r.left), Math.round(r.bottom - r.top));
    ctx.setLineDash([]);

    // Resize handle: a solid corner square.
    ctx.fillStyle = theme.camera;
    ctx.fillRect(r.right - HANDLE_PX / 2, r.bottom - HANDLE_PX / 2, HANDLE_PX, HANDLE_PX);
    ctx.fillStyle = theme.page;
    ctx.beginPath();
    ctx.moveTo(r.right + 3, r.bottom - 3);
    ctx.lineTo(r.right - 3, r.bottom + 3);
    ctx.lineTo(r.right + 3, r.bottom + 3);
    ctx.closePath();
    ctx.fill();

    // Label tab: also the grab area for moving the camera.
    ctx.font = '600 11.5px ui-sans-serif, system-ui, sans-serif';
    const text = `camera · ${sim.cameraCount.toLocaleString('en-US')} in view`;
    const width = Math.ceil(ctx.measureText(text).width) + 16;
    setTabWidth(width);
    const tab = tabRect(r, width);
    ctx.fillStyle = theme.camera;
    ctx.beginPath();
    ctx.roundRect(tab.left, tab.top, width, TAB_HEIGHT_PX, [5, 5, 0, 0]);
    ctx.fill();
    ctx.fillStyle = theme.page;
    ctx.textBaseline = 'middle';
    ctx.fillText(text, tab.left + 8, tab.top + TAB_HEIGHT_PX / 2 + 0.5);
  }
}
