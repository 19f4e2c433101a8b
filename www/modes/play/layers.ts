// What the play mode draws over the shared tile-map layer: the objects
// (player, gold, mines, the platform), the drones with their sight lines
// (green: sees the player, red: blocked), and on request the machinery —
// the loose grid's cells, the cells the player touches, and the drones'
// rays even when the player is far, and the solid and interesting edges
// around the player.

import { viewLayout, World } from '../../core/index';
import { label } from '../../layers/marks';
import type { DrawContext, Layer } from '../../runtime/renderer';
import { useScreenSpace, useWorldSpace } from '../../runtime/renderer';
import { theme } from '../../runtime/theme';
import { playColours } from './colours';
import type { PlayModel } from './model';

const COLOURS = playColours;
/** A hit stays on screen this long, ticks: the flash, the way back to the start. */
const HIT_SHOWN_TICKS = 75;

export class MachineryLayer implements Layer<PlayModel> {
  readonly name = 'machinery';
  readonly order = 8;
  enabled = true;

  draw(dc: DrawContext<PlayModel>): void {
    const { ctx, viewport: v } = dc;
    const { game, overlays } = dc.model;
    useWorldSpace(dc);
    const px = 1 / v.scale;
    if (overlays.grid) {
      const g = game.world.gridGeometry();
      if (g.length >= 5) {
        const [ox, oy, cs, cols, rows] = g;
        ctx.strokeStyle = COLOURS.grid;
        ctx.lineWidth = px;
        ctx.beginPath();
        for (let c = 0; c <= cols; c++) {
          ctx.moveTo(ox + c * cs, oy);
          ctx.lineTo(ox + c * cs, oy + rows * cs);
        }
        for (let r = 0; r <= rows; r++) {
          ctx.moveTo(ox, oy + r * cs);
          ctx.lineTo(ox + cols * cs, oy + r * cs);
        }
        ctx.stroke();
      }
    }
    if (overlays.edges) {
      // The edges of the cells around the player, from the core's edge
      // records, in the map's own colours, thicker: solid ones (red) stop
      // it outright, interesting ones (grey) send the narrow phase to the
      // tile's exact shape.
      const ts = game.tiles.tileSize;
      const [x, y, w, h] = game.playerBox();
      const c0 = Math.max(0, Math.floor(x / ts) - 1);
      const r0 = Math.max(0, Math.floor(y / ts) - 1);
      const c1 = Math.min(game.tiles.cols, Math.ceil((x + w) / ts) + 1);
      const r1 = Math.min(game.tiles.rows, Math.ceil((y + h) / ts) + 1);
      const lines = game.tiles.edgeLines(c0, r0, c1, r1);
      const E = viewLayout('edgeLines', ['x0', 'y0', 'x1', 'y1', 'state']);
      // Read when drawn: the module loads before the wasm does.
      const solid = World.edgeStates().indexOf('solid');
      ctx.lineWidth = 4 * px;
      ctx.lineCap = 'round';
      for (let i = 0; i + E.stride <= lines.length; i += E.stride) {
        const state = lines[i + E.state];
        if (state === 0) continue;
        ctx.strokeStyle = state === solid ? theme.solidEdge : theme.interestingEdge;
        ctx.beginPath();
        ctx.moveTo(lines[i + E.x0], lines[i + E.y0]);
        ctx.lineTo(lines[i + E.x1], lines[i + E.y1]);
        ctx.stroke();
      }
    }
    if (overlays.touched) {
      const [x, y, w, h] = game.playerBox();
      const cells = game.tiles.touchedCells(x, y, w, h);
      const ts = game.tiles.tileSize;
      ctx.fillStyle = COLOURS.touched;
      for (let i = 0; i + 1 < cells.length; i += 2) ctx.fillRect(cells[i] * ts, cells[i + 1] * ts, ts, ts);
    }
  }
}

export class ObjectsLayer implements Layer<PlayModel> {
  readonly name = 'objects';
  readonly order = 20;
  enabled = true;

  draw(dc: DrawContext<PlayModel>): void {
    const { ctx, viewport: v } = dc;
    const { game, overlays } = dc.model;
    useWorldSpace(dc);
    const px = 1 / v.scale;
    const [pxx, pyy, pw, ph] = game.playerBox();
    const cx = pxx + pw / 2;
    const cy = pyy + ph / 2;
    // Sight lines first, under everything.
    for (const d of game.drones) {
      if (!d.sees && !overlays.rays) continue;
      ctx.strokeStyle = d.sees ? COLOURS.sees : COLOURS.blocked;
      ctx.lineWidth = (d.sees ? 2 : 1) * px;
      ctx.setLineDash(d.sees ? [] : [4 * px, 4 * px]);
      ctx.beginPath();
      ctx.moveTo(d.x, d.y);
      ctx.lineTo(cx, cy);
      ctx.stroke();
    }
    ctx.setLineDash([]);
    // The objects, from the views: one pass over the slots.
    const boxes = game.world.slotBoxes();
    const ids = game.world.slotIds();
    const B = viewLayout('slotBoxes', ['x', 'y', 'w', 'h']);
    for (let s = 0; s < ids.length; s++) {
      const kind = game.kinds.get(ids[s]);
      if (kind === undefined || kind === 'player') continue;
      const at = B.stride * s;
      const [x, y, w, h] = [boxes[at + B.x], boxes[at + B.y], boxes[at + B.w], boxes[at + B.h]];
      if (kind === 'coin') {
        ctx.fillStyle = COLOURS.coin;
        ctx.beginPath();
        ctx.arc(x + w / 2, y + h / 2, w / 2, 0, Math.PI * 2);
        ctx.fill();
        ctx.strokeStyle = COLOURS.coinEdge;
        ctx.lineWidth = px;
        ctx.stroke();
      } else if (kind === 'mine') {
        ctx.fillStyle = COLOURS.mine;
        ctx.fillRect(x, y, w, h);
      } else {
        ctx.fillStyle = COLOURS.platform;
        ctx.fillRect(x, y, w, h);
      }
    }
    for (const d of game.drones) {
      ctx.fillStyle = COLOURS.drone;
      ctx.beginPath();
      ctx.arc(d.x, d.y, 6, 0, Math.PI * 2);
      ctx.fill();
      ctx.strokeStyle = d.sees ? COLOURS.sees : COLOURS.droneEdge;
      ctx.lineWidth = 1.5 * px;
      ctx.stroke();
    }
    // In grace (the start, after a hit) the player blinks inside a ring: mines pass through.
    const grace = game.graceLeft;
    if (grace > 0) {
      ctx.strokeStyle = COLOURS.grace;
      ctx.lineWidth = 1.5 * px;
      ctx.setLineDash([3 * px, 3 * px]);
      ctx.beginPath();
      ctx.arc(cx, cy, Math.max(pw, ph) * 0.9, 0, Math.PI * 2);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    ctx.globalAlpha = grace > 0 && Math.floor(game.tick / 8) % 2 === 1 ? 0.35 : 1;
    ctx.fillStyle = COLOURS.player;
    ctx.fillRect(pxx, pyy, pw, ph);
    ctx.strokeStyle = COLOURS.playerEdge;
    ctx.lineWidth = 1.5 * px;
    ctx.strokeRect(pxx, pyy, pw, ph);
    ctx.globalAlpha = 1;
    this.drawHit(dc);
  }

  /** A hit, for a moment: a burst where it happened, the way back to the start, the count, the canvas's edge flashing. */
  private drawHit(dc: DrawContext<PlayModel>): void {
    const { ctx, viewport: v } = dc;
    const game = dc.model.game;
    const hit = game.lastHit;
    const age = hit === null ? Infinity : game.tick - hit.tick;
    if (hit === null || age >= HIT_SHOWN_TICKS) return;
    const f = age / HIT_SHOWN_TICKS;
    const [sx, sy] = game.spawnPoint;
    useScreenSpace(dc);
    const hx = v.toCanvasX(hit.x + 6);
    const hy = v.toCanvasY(hit.y + 9);
    const ex = v.toCanvasX(sx + 6);
    const ey = v.toCanvasY(sy + 9);
    ctx.globalAlpha = 1 - f;
    ctx.strokeStyle = COLOURS.hit;
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.arc(hx, hy, 8 + 30 * f, 0, Math.PI * 2);
    ctx.stroke();
    ctx.lineWidth = 2;
    ctx.setLineDash([6, 5]);
    ctx.beginPath();
    ctx.moveTo(hx, hy);
    ctx.lineTo(ex, ey);
    ctx.stroke();
    ctx.setLineDash([]);
    // The canvas's edge flashes for the first moment.
    if (age < 20) {
      ctx.lineWidth = 6;
      ctx.strokeRect(3, 3, v.cssWidth - 6, v.cssHeight - 6);
    }
    ctx.globalAlpha = 1;
    label(ctx, `mine hit ${game.hits} · back to the start`, ex, ey - 24, COLOURS.hit, 'center');
  }
}
