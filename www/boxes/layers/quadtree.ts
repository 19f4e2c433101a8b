// The active quadtree's split lines, read live from `quadtreeNodes()`:
// each inner node draws its cross, fading with depth so the coarse
// structure reads first. Leaves need nothing: their sides are ancestors'
// crosses or the world's walls.

import type { DrawContext, GpuDrawContext, Layer } from '../../runtime/renderer';
import { useWorldSpace } from '../../runtime/renderer';
import { theme } from '../../runtime/theme';
import { viewLayout } from '../../core/index';
import type { BoxesModel } from '../model';
import { RectBatch } from '../../gpu/rect-batch';
import { withAlpha, parseColour } from '../../gpu/colour';

/** A level's line: alpha and width (CSS px) by depth, the root boldest. */
function levelAlpha(depth: number): number {
  return Math.max(0.2, 0.75 * Math.pow(0.8, depth));
}

function levelWidth(depth: number): number {
  return depth === 0 ? 1.6 : depth === 1 ? 1.25 : 1;
}

/**
 * Called with each split line to draw: its depth, and the segment from
 * (x0, y0) to (x1, y1), vertical or horizontal.
 */
type LineSink = (depth: number, x0: number, y0: number, x1: number, y1: number) => void;

/**
 * Above this depth a level's splits are not gathered on a lattice (4^depth
 * cells, scanned every frame: 65,536 at depth 8); each is drawn as it
 * comes. Only a tree allowed more than 8 levels has inner nodes deeper.
 */
const MAX_LATTICE_DEPTH = 8;

/**
 * The inner nodes of one level on the level's lattice of cells: a node's
 * cell is its column and row among the 2^depth × 2^depth squares of the
 * world. A level that splits (nearly) everywhere, as a big uniform scene's
 * deeper levels do, then draws its crosses as 2^depth long lines each way
 * instead of two short segments a node: far fewer path calls a frame.
 */
class LevelLattice {
  cells = new Uint8Array(0);
  side = 0;
  used = false;

  reset(depth: number): void {
    const side = 2 ** depth;
    if (this.side !== side) {
      this.side = side;
      this.cells = new Uint8Array(side * side);
    } else if (this.used) {
      this.cells.fill(0);
    }
    this.used = false;
  }

  mark(col: number, row: number): void {
    const side = this.side;
    if (col < 0 || row < 0 || col >= side || row >= side) return;
    this.cells[row * side + col] = 1;
    this.used = true;
  }

  /**
   * Hands each run of marked cells down a column (its nodes' vertical
   * midlines, end to end) and along a row (their horizontal midlines) to
   * `sink` as one line, in world units.
   */
  emit(depth: number, wx: number, wy: number, cw: number, ch: number, sink: LineSink): void {
    if (!this.used) return;
    for (let col = 0; col < this.side; col++) this.emitRuns(depth, col, true, wx, wy, cw, ch, sink);
    for (let row = 0; row < this.side; row++) this.emitRuns(depth, row, false, wx, wy, cw, ch, sink);
  }

  /** The runs of marked cells down column `line` (`vertical`) or along row `line`, each to `sink` as one midline. */
  private emitRuns(depth: number, line: number, vertical: boolean, wx: number, wy: number, cw: number, ch: number, sink: LineSink): void {
    const { cells, side } = this;
    const start = vertical ? line : line * side;
    const step = vertical ? side : 1;
    for (let k = 0; k < side; ) {
      if (cells[start + k * step] === 0) {
        k++;
        continue;
      }
      const first = k;
      while (k < side && cells[start + k * step] !== 0) k++;
      if (vertical) {
        const x = wx + (line + 0.5) * cw;
        sink(depth, x, wy + first * ch, x, wy + k * ch);
      } else {
        const y = wy + (line + 0.5) * ch;
        sink(depth, wx + first * cw, y, wx + k * cw, y);
      }
    }
  }
}

export class QuadtreeLayer implements Layer<BoxesModel> {
  readonly name = 'quadtree';
  readonly order = 10;
  enabled = true;
  /** Nodes in the last drawn tree (for the stats panel). */
  nodeCount = 0;
  leafCount = 0;
  depth = 0;
  /** The GPU path's line rectangles, one batch per depth. */
  private readonly levels: RectBatch[] = [];
  /** Per depth, the inner nodes on its lattice, reused frame to frame. */
  private readonly lattices: LevelLattice[] = [];

  draw(dc: DrawContext<BoxesModel>): void {
    const { ctx, viewport: v } = dc;
    // One path per depth, so a level is one stroke with its own alpha.
    const levels: Path2D[] = [];
    this.scan(dc, (depth, x0, y0, x1, y1) => {
      const path = (levels[depth] ??= new Path2D());
      path.moveTo(x0, y0);
      path.lineTo(x1, y1);
    });
    useWorldSpace(dc);
    levels.forEach((path, depth) => {
      ctx.strokeStyle = `rgba(${theme.treeRgb}, ${levelAlpha(depth).toFixed(3)})`;
      ctx.lineWidth = levelWidth(depth) / v.scale;
      ctx.stroke(path);
    });
  }

  drawGpu(dc: GpuDrawContext<BoxesModel>): void {
    const { gpu, viewport: v } = dc;
    for (const batch of this.levels) batch.clear();
    this.scan(dc, (depth, x0, y0, x1, y1) => {
      while (this.levels.length <= depth) this.levels.push(new RectBatch());
      this.levels[depth].push(x0, y0, x1 - x0, y1 - y0);
    });
    const rgb = parseColour(`rgb(${theme.treeRgb})`);
    this.levels.forEach((batch, depth) => {
      // As `toFixed(3)` in the 2D path's colour string.
      if (batch.count > 0) gpu.strokeLines(batch, withAlpha(rgb, Number(levelAlpha(depth).toFixed(3))), levelWidth(depth), v.dpr, true);
    });
  }

  /**
   * Counts the tree for the stats and hands its visible split lines to
   * `sink` (when lines are shown): each inner node's cross, the crosses of
   * one level joined end to end where neighbouring nodes both split.
   */
  private scan(dc: DrawContext<BoxesModel> | GpuDrawContext<BoxesModel>, sink: LineSink): void {
    const { viewport: v } = dc;
    const { sim } = dc.model;
    this.nodeCount = 0;
    if (!sim.quadtreeActive) return;
    const nodes = sim.world.quadtreeNodes();
    const N = viewLayout('quadtreeNodes', ['x', 'y', 'w', 'h', 'depth', 'leaf']);
    // Hidden splits still count their nodes: the stats panel shows them.
    const drawing = dc.model.settings.tree;
    const [vx0, vy0, vx1, vy1] = v.visibleWorld();
    // The root (the first node) spans the world: every level's lattice is its halvings.
    const wx = nodes[N.x];
    const wy = nodes[N.y];
    const ww = nodes[N.w];
    const wh = nodes[N.h];
    for (let d = 0; d <= MAX_LATTICE_DEPTH; d++) (this.lattices[d] ??= new LevelLattice()).reset(d);
    let leaves = 0;
    let deepest = 0;
    for (let i = 0; i + N.stride <= nodes.length; i += N.stride) {
      const x0 = nodes[i + N.x];
      const y0 = nodes[i + N.y];
      const x1 = x0 + nodes[i + N.w];
      const y1 = y0 + nodes[i + N.h];
      const depth = nodes[i + N.depth];
      deepest = Math.max(deepest, depth);
      if (nodes[i + N.leaf] !== 0) {
        leaves++;
        continue;
      }
      if (!drawing || x1 < vx0 || x0 > vx1 || y1 < vy0 || y0 > vy1) continue;
      const mx = (x0 + x1) / 2;
      const my = (y0 + y1) / 2;
      if (depth > MAX_LATTICE_DEPTH) {
        sink(depth, mx, y0, mx, y1);
        sink(depth, x0, my, x1, my);
        continue;
      }
      const cells = 2 ** depth;
      this.lattices[depth].mark(Math.round(((x0 - wx) / ww) * cells), Math.round(((y0 - wy) / wh) * cells));
    }
    if (drawing && nodes.length >= N.stride) {
      for (let d = 0; d <= MAX_LATTICE_DEPTH; d++) {
        const cells = 2 ** d;
        this.lattices[d].emit(d, wx, wy, ww / cells, wh / cells, sink);
      }
    }
    this.nodeCount = nodes.length / N.stride;
    this.leafCount = leaves;
    this.depth = deepest;
  }
}
