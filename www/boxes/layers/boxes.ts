// The moving boxes, read through typed-array views of wasm memory: calm
// fill, overlapping boxes in red, boxes inside the camera outlined in amber.
// Vector drawing when boxes are big enough to show an outline; whole-pixel
// raster (pixel-boxes.ts) when they are a pixel or two, as at 20k objects.
// The GPU path paints the same two pictures from rectangles uploaded once a
// frame (gpu/surface.ts).

import type { DrawContext, GpuDrawContext, Layer } from '../../runtime/renderer';
import { useWorldSpace } from '../../runtime/renderer';
import { theme, themeName, type ThemeName } from '../../runtime/theme';
import { packColour, paintSlots, PixelCanvas, type SlotPass } from './pixel-boxes';
import type { BoxesModel } from '../model';
import { viewLayout } from '../../core/index';
import { RectBatch } from '../../gpu/rect-batch';
import type { SlotViews } from '../../gpu/slot-pixels';

/** Below this many CSS px per world unit, boxes go to the pixel path. */
const VECTOR_MIN_SCALE = 0.3;
/** How long a box flashes after one of its pairs began (`pairsBegan()`), ms. */
const FLASH_MS = 300;
/** Outline widths, CSS px. */
const OUTLINE_PX = 1;
const MARK_PX = 1.5;
/** The flash's halo, CSS px outside the box. */
const HALO_PX = 2.5;

export class BoxesLayer implements Layer<BoxesModel> {
  readonly name = 'boxes';
  readonly order = 20;
  enabled = true;
  private raster = new PixelCanvas();
  private colours: { palette: ThemeName; calm: number; hot: number; seen: number } | null = null;
  /** drawPixels' live slots: the calm ones from the front, the red ones from the back. */
  private slots = new Int32Array(0);
  /** drawPixels' views and transform, refilled each frame. */
  private readonly pass: SlotPass = { boxes: new Float64Array(0), layout: { stride: 4, x: 0, y: 1, w: 2, h: 3 }, ids: new Uint32Array(0), marks: new Uint8Array(0), k: 1, ox: 0, oy: 0 };
  // The GPU path's rectangles, refilled each frame.
  private readonly calm = new RectBatch();
  private readonly hot = new RectBatch();
  private readonly seen = new RectBatch();
  private readonly flash = new RectBatch();
  /** The GPU's whole-pixel path's views, refetched each frame into one object. */
  private readonly slotViews: SlotViews = { boxes: new Float64Array(0), ids: new Uint32Array(0), overlapping: new Uint8Array(0), marks: null };

  draw(dc: DrawContext<BoxesModel>): void {
    if (dc.viewport.scale >= VECTOR_MIN_SCALE) this.drawVector(dc);
    else this.drawPixels(dc);
  }

  drawGpu(dc: GpuDrawContext<BoxesModel>): void {
    if (dc.viewport.scale >= VECTOR_MIN_SCALE) this.gpuVector(dc);
    else this.gpuPixels(dc);
  }

  /**
   * The outlined picture's four sets of rectangles (calm, red, seen by the
   * camera, flashing halos), the boxes in view only: what both renderers draw.
   */
  private collectVector(dc: DrawContext<BoxesModel> | GpuDrawContext<BoxesModel>): void {
    const { viewport: v } = dc;
    const { sim } = dc.model;
    const { calm, hot, seen, flash } = this;
    calm.clear();
    hot.clear();
    seen.clear();
    flash.clear();
    const marks = sim.cameraMarks;
    const [vx0, vy0, vx1, vy1] = v.visibleWorld();
    const began = sim.beganAt;
    const since = dc.now - FLASH_MS;
    const halo = HALO_PX / v.scale;
    // Fetch the views together and call nothing in wasm until done.
    const boxes = sim.world.slotBoxes();
    const ids = sim.world.slotIds();
    const overlapping = sim.world.slotOverlapping();
    const B = viewLayout('slotBoxes', ['x', 'y', 'w', 'h']);
    calm.reserve(ids.length);
    // The last box drawn, and how: the same box again (a pile of identical
    // boxes, which a link can ask for by the thousand) draws nothing new,
    // and thousands of copies of one large path cost the canvas seconds.
    let lastX = NaN;
    let lastY = NaN;
    let lastW = NaN;
    let lastH = NaN;
    let lastHow = -1;
    for (let s = 0; s < ids.length; s++) {
      const id = ids[s];
      if (id === 0) continue;
      const at = B.stride * s;
      const x = boxes[at + B.x];
      const y = boxes[at + B.y];
      const w = boxes[at + B.w];
      const h = boxes[at + B.h];
      if (x > vx1 || y > vy1 || x + w < vx0 || y + h < vy0) continue;
      // slotOverlapping is sized at the last pairs(); newer slots are calm.
      const isHot = s < overlapping.length && overlapping[s] !== 0;
      const isSeen = marks[id] !== 0;
      const flashes = id < began.length && began[id] > since;
      const how = (isHot ? 1 : 0) | (isSeen ? 2 : 0) | (flashes ? 4 : 0);
      if (x === lastX && y === lastY && w === lastW && h === lastH && how === lastHow) continue;
      lastX = x;
      lastY = y;
      lastW = w;
      lastH = h;
      lastHow = how;
      (isHot ? hot : calm).push(x, y, w, h);
      if (isSeen) seen.push(x, y, w, h);
      // A halo just outside the box, so its own colour still shows.
      if (flashes) flash.push(x - halo, y - halo, w + 2 * halo, h + 2 * halo);
    }
  }

  private drawVector(dc: DrawContext<BoxesModel>): void {
    const { ctx, viewport: v } = dc;
    this.collectVector(dc);
    const calm = pathOf(this.calm);
    const hot = pathOf(this.hot);
    useWorldSpace(dc);
    const px = OUTLINE_PX / v.scale;
    ctx.lineWidth = px;
    ctx.fillStyle = theme.boxFill;
    ctx.fill(calm);
    ctx.strokeStyle = theme.boxStroke;
    ctx.stroke(calm);
    ctx.fillStyle = theme.overlapFill;
    ctx.fill(hot);
    ctx.strokeStyle = theme.overlapStroke;
    ctx.stroke(hot);
    ctx.strokeStyle = theme.camera;
    ctx.lineWidth = MARK_PX / v.scale;
    ctx.stroke(pathOf(this.seen));
    // Pairs that just began: a bright ring for a moment.
    ctx.strokeStyle = theme.beganFlash;
    ctx.lineWidth = MARK_PX / v.scale;
    ctx.stroke(pathOf(this.flash));
  }

  /** drawVector's picture: the same four sets of rectangles, the same strokes in the same order. */
  private gpuVector(dc: GpuDrawContext<BoxesModel>): void {
    const { gpu, viewport: v } = dc;
    this.collectVector(dc);
    const { calm, hot, seen, flash } = this;
    // Calm boxes never overlap one another (else they would be red): their
    // fills need no union; outlines of neighbours can touch.
    gpu.fillPath(calm, theme.boxFill, false);
    gpu.strokePath(calm, theme.boxStroke, OUTLINE_PX, v.dpr, true);
    gpu.fillPath(hot, theme.overlapFill, true);
    gpu.strokePath(hot, theme.overlapStroke, OUTLINE_PX, v.dpr, true);
    gpu.strokePath(seen, theme.camera, MARK_PX, v.dpr, true);
    gpu.strokePath(flash, theme.beganFlash, MARK_PX, v.dpr, true);
  }

  /** drawPixels' picture, from the slot views as they are (see gpu/slot-pixels.ts). */
  private gpuPixels(dc: GpuDrawContext<BoxesModel>): void {
    const { gpu, viewport: v } = dc;
    const { sim } = dc.model;
    // Fetch the views together and call nothing in wasm until done.
    const views = this.slotViews;
    views.boxes = sim.world.slotBoxes();
    views.ids = sim.world.slotIds();
    views.overlapping = sim.world.slotOverlapping();
    views.marks = sim.cameraCount > 0 ? sim.cameraMarks : null;
    const B = viewLayout('slotBoxes', ['x', 'y', 'w', 'h']);
    gpu.slotPixels(views, B, pixelUnit(v.dpr), theme.boxFillSmall, theme.cameraSmall, theme.overlapFill);
  }

  private drawPixels(dc: DrawContext<BoxesModel>): void {
    const { ctx, viewport: v } = dc;
    const { sim } = dc.model;
    // Packed once per palette (an embed's theme can switch).
    if (this.colours?.palette !== themeName()) {
      this.colours = { palette: themeName(), calm: packColour(theme.boxFillSmall), hot: packColour(theme.overlapFill), seen: packColour(theme.cameraSmall) };
    }
    const colours = this.colours;
    // In raster pixels: `unit` device px each.
    const unit = pixelUnit(v.dpr);
    const k = (v.dpr * v.scale) / unit;
    const ox = (v.dpr * v.offsetX) / unit;
    const oy = (v.dpr * v.offsetY) / unit;
    // Boxes stay inside the world: only its rectangle on screen (and the
    // pixel a box at its far edge may round to) is raster.
    const raster = this.raster;
    raster.begin(ctx.canvas.width, ctx.canvas.height, unit, ox - 1, oy - 1, sim.side * k + ox + 2, sim.side * k + oy + 2);
    const boxes = sim.world.slotBoxes();
    const ids = sim.world.slotIds();
    const overlapping = sim.world.slotOverlapping();
    // The live slots, calm ones first (from the front), red ones after
    // (from the back): red boxes are written last, so they sit on top.
    if (this.slots.length < ids.length) this.slots = new Int32Array(ids.length);
    const slots = this.slots;
    const flagged = overlapping.length;
    let calmCount = 0;
    let hotStart = ids.length;
    for (let s = 0; s < ids.length; s++) {
      if (ids[s] === 0) continue;
      if (s < flagged && overlapping[s] !== 0) slots[--hotStart] = s;
      else slots[calmCount++] = s;
    }
    const pass = this.pass;
    pass.boxes = boxes;
    pass.layout = viewLayout('slotBoxes', ['x', 'y', 'w', 'h']);
    pass.ids = ids;
    pass.marks = sim.cameraMarks;
    pass.k = k;
    pass.ox = ox;
    pass.oy = oy;
    // Too small for an outline: boxes the camera sees turn amber.
    paintSlots(raster, pass, slots, 0, calmCount, colours.calm, colours.seen);
    // The red ones over them (all one colour: their order shows nowhere).
    paintSlots(raster, pass, slots, hotStart, ids.length, colours.hot, colours.hot);
    raster.end(ctx);
  }
}

/** The batch's rectangles as one path (the 2D canvas paints a path's overlaps once). */
function pathOf(batch: RectBatch): Path2D {
  const path = new Path2D();
  const r = batch.rects;
  for (let i = 0; i < batch.count; i++) path.rect(r[4 * i], r[4 * i + 1], r[4 * i + 2], r[4 * i + 3]);
  return path;
}

/** Device pixels per whole-pixel box pixel: the whole part of the DPR (see pixel-boxes.ts). */
function pixelUnit(dpr: number): number {
  return Math.max(1, Math.floor(dpr));
}
