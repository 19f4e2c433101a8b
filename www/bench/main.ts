// The in-browser benchmark: the project's wasm against the JavaScript
// libraries people use, on one seeded scene (scene.ts), in the reader's own
// browser. Pair counts are checked equal across contenders (and to the
// known counts) before any time is shown; then a table (median ms per
// frame, ratio to the fastest) and a log–log chart, and a button that
// copies the results as Markdown.
//
// The page's clock is coarse (clock.ts), and a frame of a small scene
// takes a few of its steps: one reading per frame would make ratios of
// clock steps. So every time shown is read over at
// least MIN_READING_MS of work: frames that take that long are read one by
// one; faster contenders are read in batches of frames, replayed from the
// scene's recorded frames (forward, then backward: every step a real
// frame's motion) so the scene's own motion stays off the clock.

import { init } from '../core/index';
import { chartSvgElement, type Series } from './chart-svg';
import { contenders, type Contender } from './contenders';
import { FRAMES, KNOWN_PAIRS, recordFrames, Scene, type SceneFrame } from './scene';
import { timerStepMs } from '../runtime/clock';

/** Least work one reading of the clock covers, ms: fifty steps of the page's clock (clock.ts). */
const MIN_READING_MS = 5;
/** Readings per contender when frames are batched; the median is shown. */
const BATCHES = 15;
/** Recorded frames kept for replay at most, bytes (a phone has little memory). */
const RECORD_BYTES = 64 * 1024 * 1024;

interface Row {
  contender: string;
  n: number;
  /** Median ms per frame over readings of at least MIN_READING_MS each (or single frames, said in `note`). */
  median: number;
  pairs: number;
  /** Frames per reading (1: frames read one by one). */
  framesPerReading: number;
  readings: number;
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

declare global {
  interface Window {
    __bench?: { rows: Row[]; done: boolean; error: string | null };
  }
}

async function runOne(c: Contender, n: number, onFrame: () => Promise<void>): Promise<Row> {
  // First the scene's own frames, live: the pair count, and how long a frame takes.
  const scene = new Scene(n);
  c.setup(scene);
  const times: number[] = [];
  let pairs = 0;
  try {
    for (let f = 0; f < FRAMES; f++) {
      scene.step();
      const t0 = performance.now();
      pairs = c.frame(scene);
      times.push(performance.now() - t0);
      await onFrame();
    }
  } finally {
    c.teardown();
  }
  const single = median(times);
  if (single >= MIN_READING_MS) return { contender: c.name, n, median: single, pairs, framesPerReading: 1, readings: times.length };
  // Too fast to read one frame at a time: batches of frames, each one reading.
  const kept = Math.max(2, Math.min(FRAMES, Math.floor(RECORD_BYTES / (n * 4 * 8))));
  const replay = replayOrder(recordFrames(n, scene.motion, kept));
  const fresh = new Scene(n);
  c.setup(fresh);
  let at = 0;
  /** Runs `count` replayed frames; returns the one reading, ms. */
  const batch = (count: number): number => {
    const t0 = performance.now();
    for (let f = 0; f < count; f++) {
      c.frame(replay.frames[at]);
      at = at + 1 < replay.frames.length ? at + 1 : replay.loopFrom;
    }
    return performance.now() - t0;
  };
  const readings: number[] = [];
  let perReading = Math.max(2, Math.ceil(MIN_READING_MS / Math.max(single, timerStepMs())));
  try {
    // Grow the batch until one reading covers enough work (the live frames' median may read 0).
    for (let ms = batch(perReading); ms < MIN_READING_MS && perReading < 1_000_000; ms = batch(perReading)) {
      perReading = Math.ceil(perReading * Math.min(10, Math.max(2, (1.5 * MIN_READING_MS) / Math.max(ms, timerStepMs()))));
      await onFrame();
    }
    // A reading that came out short (the code warmed up) is not kept: the batch grows instead.
    while (readings.length < BATCHES) {
      const ms = batch(perReading);
      if (ms >= MIN_READING_MS) readings.push(ms / perReading);
      else perReading *= 2;
      await onFrame();
    }
  } finally {
    c.teardown();
  }
  return { contender: c.name, n, median: median(readings), pairs, framesPerReading: perReading, readings: readings.length };
}

/**
 * Recorded frames as a contender meets them from the scene's start: every
 * frame forward, back to the first, forward again… A backward step moves
 * the boxes the forward one moved.
 */
function replayOrder(frames: SceneFrame[]): { frames: SceneFrame[]; loopFrom: number } {
  const back: SceneFrame[] = [];
  for (let f = frames.length - 1; f >= 1; f--) back.push({ ...frames[f - 1], moved: frames[f].moved, movedCount: frames[f].movedCount });
  // After the first pass forward: back, then forward from the second frame, and round.
  return { frames: [...frames, ...back, ...frames.slice(1)], loopFrom: frames.length };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function markdown(rows: Row[]): string {
  const sizes = [...new Set(rows.map((r) => r.n))].sort((a, b) => a - b);
  const names = [...new Set(rows.map((r) => r.contender))];
  const head = `| contender | ${sizes.map((n) => `N = ${n.toLocaleString('en-US')}`).join(' | ')} |\n|---|${sizes.map(() => '---:').join('|')}|`;
  const lines = names.map((name) => `| ${name} | ${sizes.map((n) => rows.find((r) => r.contender === name && r.n === n)).map((r) => (r ? `${r.median.toFixed(2)} ms` : '—')).join(' | ')} |`);
  return `${head}\n${lines.join('\n')}\n\nMedian ms per frame; each reading covers at least ${MIN_READING_MS} ms of frames (the clock steps by ${clockText()}).\n${navigator.userAgent}`;
}

async function main(): Promise<void> {
  const state: { rows: Row[]; done: boolean; error: string | null } = { rows: [], done: false, error: null };
  window.__bench = state;
  const status = $<HTMLElement>('bench-status');
  try {
    await init();
  } catch (error) {
    status.textContent = `Could not load the WebAssembly core: ${error instanceof Error ? error.message : String(error)}`;
    status.classList.add('bad');
    state.error = status.textContent;
    return;
  }
  const all = contenders();
  const choices = $<HTMLElement>('bench-contenders');
  for (const c of all) {
    const id = `c-${c.name.replace(/\W+/g, '-')}`;
    const box = Object.assign(document.createElement('input'), { type: 'checkbox', id, checked: true });
    box.dataset.name = c.name;
    const label = document.createElement('label');
    label.append(box, ` ${c.name}`);
    choices.append(label);
  }
  const run = $<HTMLButtonElement>('bench-run');
  const copy = $<HTMLButtonElement>('bench-copy');
  const progress = $<HTMLProgressElement>('bench-progress');
  const table = $<HTMLTableSectionElement>('bench-rows');
  const chart = $<HTMLElement>('bench-chart');
  copy.addEventListener('click', async () => {
    const text = markdown(state.rows);
    try {
      await navigator.clipboard.writeText(text);
      copy.textContent = 'Copied';
    } catch {
      $<HTMLTextAreaElement>('bench-text').value = text;
      $<HTMLTextAreaElement>('bench-text').hidden = false;
    }
  });
  run.addEventListener('click', async () => {
    const sizes = [...document.querySelectorAll<HTMLInputElement>('#bench-sizes input:checked')].map((b) => Number(b.value));
    const picked = all.filter((c) => document.querySelector<HTMLInputElement>(`#bench-contenders input[data-name="${c.name}"]`)?.checked);
    if (sizes.length === 0 || picked.length === 0) {
      status.textContent = 'Pick at least one size and one contender.';
      return;
    }
    run.disabled = true;
    state.rows = [];
    state.done = false;
    table.replaceChildren();
    chart.replaceChildren();
    const jobs = sizes.flatMap((n) => picked.filter((c) => n <= c.maxN).map((c) => ({ c, n })));
    progress.max = jobs.length * (FRAMES + BATCHES);
    progress.value = 0;
    const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => void (progress.value += 1));
    const rows: Row[] = [];
    for (const { c, n } of jobs) {
      status.textContent = `Running ${c.name} at N = ${n.toLocaleString('en-US')}…`;
      try {
        rows.push(await runOne(c, n, tick));
      } catch (error) {
        status.textContent = `${c.name} failed at N = ${n.toLocaleString('en-US')}: ${error instanceof Error ? error.message : String(error)}`;
        status.classList.add('bad');
        state.error = status.textContent;
        console.error(error);
        run.disabled = false;
        return;
      }
    }
    // Counts first: every contender must report the same pairs, and the known ones.
    const wrong: string[] = [];
    for (const n of sizes) {
      const counts = new Set(rows.filter((r) => r.n === n).map((r) => r.pairs));
      const known = KNOWN_PAIRS[n];
      if (counts.size !== 1 || (known !== undefined && !counts.has(known))) wrong.push(`N = ${n}: ${rows.filter((r) => r.n === n).map((r) => `${r.contender} ${r.pairs}`).join(', ')}${known !== undefined ? ` (expected ${known})` : ''}`);
    }
    if (wrong.length > 0) {
      status.textContent = `Pair counts disagree, so no times are shown: ${wrong.join('; ')}`;
      status.classList.add('bad');
      state.error = status.textContent;
      run.disabled = false;
      return;
    }
    state.rows = rows;
    // The ticks per run are an estimate (a batch grows as it needs): a finished run shows a full bar.
    progress.value = progress.max;
    status.classList.remove('bad');
    status.textContent = `Done: every contender found the same pairs (${sizes.map((n) => `${rows.find((r) => r.n === n)?.pairs.toLocaleString('en-US')} at N = ${n.toLocaleString('en-US')}`).join(', ')}) after ${FRAMES} frames. Times are medians of readings of at least ${MIN_READING_MS} ms of frames each; this page's clock steps by ${clockText()}.`;
    for (const n of sizes) {
      const here = rows.filter((r) => r.n === n).sort((a, b) => a.median - b.median);
      for (const r of here) {
        const tr = document.createElement('tr');
        for (const text of [r.contender, n.toLocaleString('en-US'), `${r.median.toFixed(2)} ms`, `${(r.median / here[0].median).toFixed(2)}×`, r.pairs.toLocaleString('en-US')]) {
          const td = document.createElement('td');
          td.textContent = text;
          tr.append(td);
        }
        tr.title = r.framesPerReading === 1 ? `${r.readings} frames, each read alone (at least ${MIN_READING_MS} ms)` : `${r.readings} readings of ${r.framesPerReading} frames each (at least ${MIN_READING_MS} ms a reading)`;
        table.append(tr);
      }
    }
    const series: Series[] = [...new Set(rows.map((r) => r.contender))].map((name) => ({ name, points: rows.filter((r) => r.contender === name).map((r) => [r.n, r.median] as [number, number]) }));
    // Two drawings, one shown by the stylesheet: beside the plot on a wide page, under it on a phone.
    chart.replaceChildren(chartSvgElement(series, '', 'bench-chart-wide'), chartSvgElement(series, '', 'bench-chart-narrow', 'below'));
    copy.disabled = false;
    run.disabled = false;
    state.done = true;
  });
  status.textContent = 'Pick sizes and contenders, then Run. 100,000 objects takes a minute or two.';
  run.disabled = false;
}

/** The clock's step in words, in µs. */
function clockText(): string {
  const us = timerStepMs() * 1000;
  return `${us >= 10 ? us.toFixed(0) : us.toFixed(1)} µs`;
}

void main();
