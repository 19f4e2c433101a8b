// The in-browser benchmark: the project's wasm against the JavaScript
// libraries people use, on one seeded scene (scene.ts), in the reader's own
// browser. Pair counts are checked equal across contenders (and to the
// known counts) before any time is shown; then a table (median ms per
// frame, ratio to the fastest) and a log–log chart, and a button that
// copies the results as Markdown.

import { init } from '../core/index';
import { chartSvg, type Series } from './chart-svg';
import { contenders, type Contender } from './contenders';
import { FRAMES, KNOWN_PAIRS, Scene } from './scene';

interface Row {
  contender: string;
  n: number;
  median: number;
  pairs: number;
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

declare global {
  interface Window {
    __bench?: { rows: Row[]; done: boolean; error: string | null };
  }
}

async function runOne(c: Contender, n: number, onFrame: () => Promise<void>): Promise<Row> {
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
  times.sort((a, b) => a - b);
  return { contender: c.name, n, median: times[times.length >> 1], pairs };
}

function markdown(rows: Row[]): string {
  const sizes = [...new Set(rows.map((r) => r.n))].sort((a, b) => a - b);
  const names = [...new Set(rows.map((r) => r.contender))];
  const head = `| contender | ${sizes.map((n) => `N = ${n.toLocaleString('en-US')}`).join(' | ')} |\n|---|${sizes.map(() => '---:').join('|')}|`;
  const lines = names.map((name) => `| ${name} | ${sizes.map((n) => rows.find((r) => r.contender === name && r.n === n)).map((r) => (r ? `${r.median.toFixed(2)} ms` : '—')).join(' | ')} |`);
  return `${head}\n${lines.join('\n')}\n\n${navigator.userAgent}`;
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
    progress.max = jobs.length * FRAMES;
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
    status.classList.remove('bad');
    status.textContent = `Done: every contender found the same pairs (${sizes.map((n) => `${rows.find((r) => r.n === n)?.pairs.toLocaleString('en-US')} at N = ${n.toLocaleString('en-US')}`).join(', ')}) after ${FRAMES} frames.`;
    for (const n of sizes) {
      const here = rows.filter((r) => r.n === n).sort((a, b) => a.median - b.median);
      for (const r of here) {
        const tr = document.createElement('tr');
        for (const text of [r.contender, n.toLocaleString('en-US'), `${r.median.toFixed(2)} ms`, `${(r.median / here[0].median).toFixed(2)}×`, r.pairs.toLocaleString('en-US')]) {
          const td = document.createElement('td');
          td.textContent = text;
          tr.append(td);
        }
        table.append(tr);
      }
    }
    const series: Series[] = [...new Set(rows.map((r) => r.contender))].map((name) => ({ name, points: rows.filter((r) => r.contender === name).map((r) => [r.n, r.median] as [number, number]) }));
    chart.innerHTML = chartSvg(series);
    copy.disabled = false;
    run.disabled = false;
    state.done = true;
  });
  status.textContent = 'Pick sizes and contenders, then Run. 100,000 objects takes a minute or two.';
  run.disabled = false;
}

void main();
