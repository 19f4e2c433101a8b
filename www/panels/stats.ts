// Live numbers: objects, candidate tests, pairs from the structure next to
// pairs from the brute-force scan (✓ when they agree), µs per step, what
// the camera sees. Stable ids (#stat-…) for tests and deep links.

import type { Playground } from '../playground';
import { formatInt, h, panelSection, setText, type Panel } from '../ui';

/** Redraws per second while running: readable, and light on the DOM. */
const RUNNING_REFRESH_MS = 250;

/** 0.0012 → "0.12%", 0.25 → "25%": two significant digits, no exponents. */
function percent(fraction: number): string {
  const p = 100 * fraction;
  if (p === 0) return '0%';
  if (p >= 10) return `${p.toFixed(0)}%`;
  if (p >= 1) return `${p.toFixed(1)}%`;
  return `${p.toFixed(Math.min(6, 1 - Math.floor(Math.log10(Math.max(p, 1e-9)))))}%`;
}

function row(label: string, id: string, hint = ''): [HTMLElement, HTMLElement] {
  const value = h('dd', { id: `stat-${id}` }, '—');
  const term = h('dt', { title: hint }, label);
  return [h('div', { class: 'stat' }, term, value), value];
}

export class StatsPanel implements Panel {
  readonly element: HTMLElement;
  private readonly list = h('dl', { class: 'stats' });
  private readonly v: Record<string, HTMLElement> = {};
  private readonly agreeRow: HTMLElement;
  private lastRefresh = -Infinity;

  constructor(private readonly pg: Playground) {
    const rows: [string, string, string][] = [
      ['Objects', 'objects', 'Live boxes in the world'],
      ['Structure', 'structure', 'Broad-phase structure answering pairs() and query()'],
      ['Candidate tests', 'candidates', 'Box-versus-box tests the structure made for the last pairs()'],
      ['vs. all pairs', 'saving', 'Candidate tests as a share of n(n−1)/2, what brute force tests'],
      ['Overlapping pairs', 'pairs', 'pairs().length / 2 from the structure'],
      ['Brute-force pairs', 'brute-pairs', 'Every pair tested in JS on a snapshot of the boxes (see Last check)'],
      ['Agree', 'agree', 'The structure and brute force found the same pairs on that snapshot'],
      ['Last check', 'checked', 'When the brute-force scan last finished, on which frame\'s boxes'],
      ['µs per step', 'us', 'step(dt) + pairs(), mean of the last 60 steps'],
      ['In camera', 'camera', 'Boxes query(camera) returned this frame'],
      ['Tree nodes', 'nodes', 'Nodes (leaves) of the quadtree, and its depth'],
      ['Frame rate', 'fps', 'Frames drawn per second'],
    ];
    let agreeRow: HTMLElement | null = null;
    for (const [label, id, hint] of rows) {
      const [r, value] = row(label, id, hint);
      this.v[id] = value;
      if (id === 'agree') agreeRow = r;
      this.list.append(r);
    }
    this.agreeRow = agreeRow!;
    // Polite and busy while running: a screen reader is not read sixty
    // numbers a second, but hears the settled values when paused.
    this.element = panelSection('stats', 'Live stats', this.list);
    this.element.setAttribute('aria-live', 'polite');
  }

  update(now: number): void {
    const pg = this.pg;
    const running = pg.state.settings.running;
    if (running && now - this.lastRefresh < RUNNING_REFRESH_MS) return;
    this.lastRefresh = now;
    this.element.setAttribute('aria-busy', String(running));
    const scene = pg.scene;
    const n = scene.world.count;
    const allPairs = (n * (n - 1)) / 2;
    setText(this.v.objects, formatInt(n));
    setText(this.v.structure, scene.world.structure);
    setText(this.v.candidates, formatInt(scene.candidateTests));
    setText(this.v.saving, allPairs > 0 ? `${percent(scene.candidateTests / allPairs)} of ${formatInt(allPairs)}` : '—');
    setText(this.v.pairs, formatInt(scene.pairCount));
    this.updateCheck(now);
    const us = scene.stepMicros.mean;
    setText(this.v.us, Number.isFinite(us) ? (us < 100 ? us.toFixed(1) : formatInt(us)) : '—');
    setText(this.v.camera, formatInt(scene.cameraCount));
    const tree = pg.quadtreeLayer;
    setText(this.v.nodes, scene.quadtreeActive && tree.nodeCount > 0 ? `${formatInt(tree.nodeCount)} (${formatInt(tree.leafCount)}) · depth ${tree.depth}` : '—');
    setText(this.v.fps, pg.fps > 0 ? pg.fps.toFixed(0) : '—');
  }

  private updateCheck(now: number): void {
    const r = this.pg.check.result;
    const progress = this.pg.check.progress;
    const scanning = progress !== null && progress < 1 ? ` · scanning ${Math.floor(progress * 100)}%` : '';
    if (r === null) {
      setText(this.v['brute-pairs'], '…');
      setText(this.v.agree, '…');
      setText(this.v.checked, `not yet${scanning}`);
      this.agreeRow.dataset.agree = '';
      return;
    }
    setText(this.v['brute-pairs'], formatInt(r.brutePairs));
    setText(
      this.v.agree,
      r.agree ? `✓ ${formatInt(r.structurePairs)} = ${formatInt(r.brutePairs)}` : `✗ ${formatInt(r.structurePairs)} ≠ ${formatInt(r.brutePairs)}`,
    );
    this.agreeRow.dataset.agree = String(r.agree);
    const ago = Math.max(0, (now - r.finishedAt) / 1000);
    setText(this.v.checked, `${ago < 1 ? 'just now' : `${ago.toFixed(0)} s ago`}, frame ${r.frame}${scanning}`);
  }
}
