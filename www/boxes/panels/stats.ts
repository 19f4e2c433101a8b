// Live numbers: the tick, objects, candidate tests, the live pair count, the last
// brute-force check (which frame it checked, and whether the structure
// agreed on that frame), what a frame costs in JS by part (means over a
// second of frames, to the precision the page's clock allows), what the
// camera sees, the structure's size. Stable ids (#stat-…) for tests and
// deep links.

import type { BoxesModel } from '../model';
import type { QuadtreeLayer } from '../layers/quadtree';
import { formatInt, h, panelSection, setText, type Panel } from '../../runtime/ui';
import { viewLayout } from '../../core/index';
import { formatMs } from '../../runtime/clock';

/** Redraws per second while running: readable, and light on the DOM. */
const RUNNING_REFRESH_MS = 250;

/** A fraction as a percentage to two significant digits, no exponents (a quarter reads as 25, a thousandth and a bit as 0.12). */
export function percent(fraction: number): string {
  const p = 100 * fraction;
  if (p === 0) return '0%';
  if (p >= 10) return `${p.toFixed(0)}%`;
  if (p >= 1) return `${p.toFixed(1)}%`;
  return `${p.toFixed(Math.min(6, 1 - Math.floor(Math.log10(Math.max(p, 1e-9)))))}%`;
}

function row(label: string | HTMLElement, id: string, hint = ''): [HTMLElement, HTMLElement] {
  const value = h('dd', { id: `stat-${id}` }, '—');
  const term = h('dt', { title: hint }, label);
  return [h('div', { class: 'stat', 'data-row': id }, term, value), value];
}

export interface StatsOptions {
  /** Show the camera row (modes with the culling camera). */
  camera?: boolean;
}

export class StatsPanel implements Panel {
  readonly element: HTMLElement;
  private readonly list = h('dl', { class: 'stats' });
  private readonly v: Record<string, HTMLElement> = {};
  private readonly checkRow: HTMLElement;
  /** In the check row's label: the frame the check was about. */
  private readonly checkFrame = h('span', { id: 'stat-check-frame' }, '');
  private readonly checkStructure = h('span', { id: 'stat-check-structure' }, '…');
  private readonly checkBrute = h('span', { id: 'stat-brute-pairs' }, '…');
  private readonly checkOp = h('span', {}, ' = ');
  private readonly checkMark = h('span', { class: 'mark' }, '');
  private lastRefresh = -Infinity;

  constructor(
    private readonly model: BoxesModel,
    /** The split lines' layer: it counts the tree's nodes, leaves and depth as it draws. */
    private readonly tree: QuadtreeLayer,
    options: StatsOptions = {},
  ) {
    const rows: [string, string, string][] = [
      ['Tick', 'tick', 'Fixed ticks of 1/60 s the scene has run since it was built: the moment a share link names'],
      ['Objects', 'objects', 'Live boxes in the world'],
      ['Structure', 'structure', 'Broad-phase structure answering pairs() and query()'],
      ['Candidate tests', 'candidates', 'Box-versus-box tests the structure made for the last pairs()'],
      ['vs. all pairs', 'saving', 'Candidate tests as a share of n(n−1)/2, what brute force tests'],
      ['Pairs now', 'pairs', 'Overlapping pairs the structure reports this frame: pairs().length / 2'],
    ];
    for (const [label, id, hint] of rows) this.addRow(label, id, hint);
    // The check is about an older frame than "Pairs now": the label says which.
    const checkLabel = h('span', {}, 'Brute-force check', this.checkFrame);
    const [checkRow, checkValue] = row(checkLabel, 'agree', 'A JS scan of every pair on a snapshot of the boxes, compared with what the structure reported for that same frame: structure = brute force');
    checkValue.replaceChildren(this.checkStructure, this.checkOp, this.checkBrute, ' ', this.checkMark);
    this.checkRow = checkRow;
    this.checkRow.classList.add('check-row');
    this.list.append(checkRow);
    const more: [string, string, string][] = [
      ['Checked', 'checked', 'When the brute-force scan last finished; small scenes are re-checked every second'],
      ['JS per frame, ms', 'frame', 'Everything the page does in a frame, in JavaScript: mean (and median) over the last second of frames'],
      ['… step · pairs', 'core', 'The core: step(dt) and pairs(), ms per frame, means over the same frames'],
      ['… draw · check · rest', 'page', 'Drawing, the brute-force check’s time slice, and everything else (camera query, panels, address), ms per frame'],
    ];
    if (options.camera ?? true) more.push(['In camera', 'camera', 'Boxes query(camera) returned this frame']);
    more.push(
      ['Structure size', 'nodes', 'Quadtree: nodes (leaves) and depth · grids: columns × rows of cells and the cell size'],
      ['Frame rate', 'fps', 'Frames drawn per second'],
    );
    for (const [label, id, hint] of more) this.addRow(label, id, hint);
    // Polite and busy while running: a screen reader is not read sixty
    // numbers a second, but hears the settled values when paused.
    this.element = panelSection('stats', 'Live stats', this.list);
    this.element.setAttribute('aria-live', 'polite');
  }

  private addRow(label: string, id: string, hint: string): void {
    const [r, value] = row(label, id, hint);
    this.v[id] = value;
    this.list.append(r);
  }

  update(now: number): void {
    const model = this.model;
    const running = !model.settings.paused;
    if (running && now - this.lastRefresh < RUNNING_REFRESH_MS) return;
    this.lastRefresh = now;
    this.element.setAttribute('aria-busy', String(running));
    const sim = model.sim;
    const n = sim.world.count;
    const allPairs = (n * (n - 1)) / 2;
    const replay = model.replay;
    setText(this.v.tick, replay === null ? formatInt(model.currentTick) : `${formatInt(replay.at)} of ${formatInt(replay.target)} · catching up`);
    setText(this.v.objects, formatInt(n));
    setText(this.v.structure, sim.world.structure);
    // A full pass tests every pair at least once: fewer tests than pairs means
    // pairs() searched only what moved since the last call (a drag while paused).
    const incremental = sim.candidateTests < sim.pairCount;
    setText(this.v.candidates, `${formatInt(sim.candidateTests)}${incremental ? ' · only what moved' : ''}`);
    setText(this.v.saving, allPairs > 0 ? `${percent(sim.candidateTests / allPairs)} of ${formatInt(allPairs)}` : '—');
    setText(this.v.pairs, formatInt(sim.pairCount));
    this.updateCheck(now);
    this.updateCost();
    if (this.v.camera !== undefined) setText(this.v.camera, formatInt(sim.cameraCount));
    setText(this.v.nodes, this.structureSize());
    setText(this.v.fps, model.fps > 0 ? model.fps.toFixed(0) : '—');
  }

  /** The frame's cost by part, each with the decimals the clock's step over that many frames allows. */
  private updateCost(): void {
    const r = this.model.cost.report;
    if (r === null) {
      // The shapes of the readouts to come: the panel keeps its size when the numbers arrive.
      setText(this.v.frame, '… (median …)');
      setText(this.v.core, '… · …');
      setText(this.v.page, '… · … · …');
      return;
    }
    const ms = (value: number) => formatMs(value, r.timerStepMs, r.frames);
    setText(this.v.frame, `${ms(r.total)} (median ${ms(r.median)})`);
    setText(this.v.core, `${ms(r.step)} · ${ms(r.pairs)}`);
    setText(this.v.page, `${ms(r.draw)} · ${ms(r.check)} · ${ms(r.rest)}`);
    this.v.frame.title = `Mean and median over ${r.frames} frames (${(r.windowMs / 1000).toFixed(1)} s); the page's clock steps by ${r.timerStepMs >= 0.01 ? `${Math.round(r.timerStepMs * 1000)} µs` : `${(r.timerStepMs * 1000).toFixed(1)} µs`}`;
  }

  private structureSize(): string {
    const sim = this.model.sim;
    const tree = this.tree;
    if (sim.quadtreeActive) {
      if (tree.nodeCount > 0) return `${formatInt(tree.nodeCount)} (${formatInt(tree.leafCount)}) · depth ${tree.depth}`;
      const nodes = sim.world.quadtreeNodes().length / viewLayout('quadtreeNodes', []).stride;
      return `${formatInt(nodes)} nodes`;
    }
    const g = sim.world.gridGeometry();
    const G = viewLayout('gridGeometry', ['cols', 'rows', 'cellSize']);
    if (g.length >= G.stride) return `${formatInt(g[G.cols])} × ${formatInt(g[G.rows])} cells of ${g[G.cellSize].toFixed(1)}`;
    return '—';
  }

  private updateCheck(now: number): void {
    const r = this.model.check.result;
    const progress = this.model.check.progress;
    const scanning = progress !== null && progress < 1 ? ` · scanning ${Math.floor(progress * 100)}%` : '';
    if (r === null) {
      setText(this.checkFrame, '');
      setText(this.checkStructure, '…');
      setText(this.checkBrute, '…');
      setText(this.checkOp, ' = ');
      setText(this.checkMark, '');
      setText(this.v.checked, `not yet${scanning}`);
      this.checkRow.dataset.agree = '';
      return;
    }
    // Running, the check is about an older frame than the rows above: it says which (paused, it catches up to this one).
    setText(this.checkFrame, ` (frame ${formatInt(r.frame)})`);
    setText(this.checkStructure, formatInt(r.structurePairs));
    setText(this.checkBrute, formatInt(r.brutePairs));
    // "=" only when the pair sets match, not just the counts.
    setText(this.checkOp, r.agree ? ' = ' : ' ≠ ');
    setText(this.checkMark, r.agree ? '✓' : '✗');
    this.checkRow.dataset.agree = String(r.agree);
    const ago = Math.max(0, (now - r.finishedAt) / 1000);
    setText(this.v.checked, `${ago < 1 ? 'just now' : `${ago.toFixed(0)} s ago`}${scanning}`);
  }
}
