// The comparison table: a button (and an automatic re-run when the scene
// changes) that runs every structure on a copy of the current scene and
// shows candidate tests, pairs, mean µs per frame (over at least 20 ms of
// frames), time relative to brute force and whether its pairs equal the
// reference's.

import type { BoxDemo } from '../../boxes/demo';
import { formatInt, h, panelSection, setText, type Panel } from '../../runtime/ui';
import { BRUTE_FORCE_MAX, COMPARE_FRAMES, compareStructures, snapshotWorld, type CompareResult } from './compare';

/** Quiet time after the last scene change before an automatic re-run, ms. */
const AUTO_DELAY_MS = 400;
/**
 * Above this many objects the comparison runs only when asked: copying the
 * scene into a World per structure and a frame of each are long tasks
 * there (about a second at 200k), which a page running at 60 fps must not
 * take on its own.
 */
export const AUTO_MAX = 50_000;

function micros(us: number): string {
  if (!Number.isFinite(us)) return '—';
  return us < 10 ? us.toFixed(2) : us < 100 ? us.toFixed(1) : formatInt(us);
}

function ratio(r: number | null): string {
  if (r === null || !Number.isFinite(r)) return '—';
  return r >= 10 ? `${r.toFixed(0)}×` : r >= 0.1 ? `${r.toFixed(2)}×` : `${r.toFixed(3)}×`;
}

export class ComparePanel implements Panel {
  readonly element: HTMLElement;
  result: CompareResult | null = null;
  running = false;
  /** Bumps on every run started; a finished run that is not the latest is dropped. */
  private generation = 0;
  private destroyed = false;
  private autoTimer = 0;
  private readonly run = h('button', { type: 'button', id: 'compare-run', class: 'primary' }, 'Compare');
  private readonly auto = h('input', { type: 'checkbox', id: 'compare-auto', checked: true });
  private readonly status = h('p', { id: 'compare-status', class: 'compare-status', role: 'status' }, '');
  private readonly body = h('tbody', {});
  private readonly note = h('p', { id: 'compare-note', class: 'compare-note' }, '');

  constructor(private readonly pg: BoxDemo) {
    const head = h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Structure'),
        h('th', { scope: 'col', title: 'Box-versus-box tests pairs() made on the last frame' }, 'Tests'),
        h('th', { scope: 'col', title: 'Overlapping pairs on the last frame' }, 'Pairs'),
        h('th', { scope: 'col', title: `Mean µs per frame of step(1/60) + pairs(), over at least ${COMPARE_FRAMES} frames and 20 ms of them` }, 'µs'),
        h('th', { scope: 'col', title: 'Mean time relative to brute force' }, 'vs BF'),
        h('th', { scope: 'col', title: 'Same pair set as the reference on every frame' }, '='),
      ),
    );
    const table = h('table', { id: 'compare-table', class: 'compare-table' }, head, this.body);
    this.element = panelSection(
      'compare',
      'All structures, this sim',
      h('div', { class: 'compare-bar' }, this.run, h('label', { class: 'check' }, this.auto, 'Re-run on changes')),
      this.status,
      table,
      this.note,
    );
    this.run.addEventListener('click', () => void this.start());
    this.auto.addEventListener('change', () => {
      if (this.auto.checked) this.schedule();
    });
    this.renderRows();
  }

  /** The scene changed: re-run soon if automatic runs are on. */
  schedule(): void {
    if (!this.auto.checked || this.destroyed) return;
    window.clearTimeout(this.autoTimer);
    if (this.pg.sim.world.count > AUTO_MAX) {
      if (!this.running) setText(this.status, `Above ${formatInt(AUTO_MAX)} objects the comparison runs when asked: press Compare (the page stalls for a moment per structure).`);
      return;
    }
    this.autoTimer = window.setTimeout(() => void this.start(), AUTO_DELAY_MS);
  }

  /** Runs the comparison on the scene as it is now. */
  async start(): Promise<CompareResult | null> {
    window.clearTimeout(this.autoTimer);
    const generation = ++this.generation;
    const s = this.pg.state.settings;
    const snap = snapshotWorld(this.pg.sim.world, s);
    const count = snap.boxes.length / 4;
    this.running = true;
    this.run.disabled = true;
    setText(this.status, `Running ${COMPARE_FRAMES} frames of each structure on a copy of these ${formatInt(count)} boxes…`);
    try {
      const result = await compareStructures(snap, this.pg.structures, () => this.destroyed || generation !== this.generation);
      if (result === null || generation !== this.generation) return null;
      this.result = result;
      this.renderRows();
      setText(
        this.status,
        `${formatInt(result.count)} boxes · ${result.frames} frames of step(1/60) + pairs() per structure, each in its own World · ${(result.wallMillis / 1000).toFixed(2)} s`,
      );
      return result;
    } catch (error) {
      setText(this.status, `The comparison failed: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    } finally {
      if (generation === this.generation) {
        this.running = false;
        this.run.disabled = false;
      }
    }
  }

  destroy(): void {
    this.destroyed = true;
    window.clearTimeout(this.autoTimer);
  }

  private renderRows(): void {
    const r = this.result;
    const rows = this.pg.structures.map((structure) => {
      const row = r?.rows.find((x) => x.structure === structure);
      const tr = h('tr', { 'data-structure': structure });
      const name = h('th', { scope: 'row' }, structure);
      if (row?.detail) name.append(h('small', {}, row.detail));
      tr.append(name);
      if (row === undefined) {
        tr.append(h('td', { colspan: 5, class: 'pending' }, '…'));
        return tr;
      }
      if (row.skipped !== null) {
        tr.dataset.same = '';
        tr.append(h('td', { colspan: 5, class: 'skipped', 'data-col': 'skipped' }, row.skipped));
        return tr;
      }
      tr.dataset.same = String(row.same);
      tr.append(
        h('td', { 'data-col': 'tests' }, formatInt(row.tests)),
        h('td', { 'data-col': 'pairs' }, formatInt(row.pairs)),
        h('td', { 'data-col': 'us', title: `mean of ${formatInt(row.timedFrames)} frames` }, micros(row.meanMicros)),
        h('td', { 'data-col': 'ratio' }, row.reference && row.structure === 'brute-force' ? '1×' : ratio(row.ratio)),
        h('td', { 'data-col': 'same', title: row.reference ? 'the reference' : row.same ? 'same pairs as the reference' : 'different pairs from the reference' }, row.same ? (row.reference ? '✓ ref' : '✓') : '✗'),
      );
      return tr;
    });
    this.body.replaceChildren(...rows);
    const skipped = r !== null && r.reference !== 'brute-force';
    setText(
      this.note,
      r === null
        ? `Brute force runs up to ${formatInt(BRUTE_FORCE_MAX)} objects.`
        : skipped
          ? `Brute force skipped above ${formatInt(BRUTE_FORCE_MAX)} objects (too slow): pair sets compared with ${r.reference}'s.`
          : 'Pair sets compared with brute force on every frame; ✓ = identical.',
    );
  }
}
