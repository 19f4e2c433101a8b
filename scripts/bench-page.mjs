// The page benchmark: what a frame of the playground costs in JavaScript,
// per mode and object count, in headless Chromium on this machine, split as
// the page's stats panel splits it (the core's step and pairs, drawing, the
// brute-force check's slice, the rest). Every frame of a measuring window
// is recorded (`FrameCost.samples`), after a warm-up; long tasks (over
// 50 ms, the browser's own measure) are counted from the same moment.
//
//   npx vite build
//   node scripts/bench-page.mjs [--modes quadtree,grids]
//     [--sizes 10000,50000,100000,200000] [--seconds 8] [--warmup 4]
//     [--renderer auto|2d|webgl] [--rounds 1]
//
// Prints a Markdown table (medians and means in ms per frame). The page's
// clock steps by 100 µs (it is not cross-origin isolated); a mean over
// hundreds of frames is good to a few µs, a single frame to 0.1 ms. Beside
// the page's own split, the browser's count of the main thread's busy time
// (DevTools' TaskDuration) per frame: JS plus style, layout, and painting
// the canvases, which in software happens on the main thread after the JS.

import { fileURLToPath } from 'node:url';
import { launch } from '../e2e/support.mjs';

/** Opens `mode` at `n` objects and measures `seconds` of frames after `warmup` seconds. */
export async function measureMode(page, baseUrl, { mode, n, seconds = 8, warmup = 4, renderer = 'auto', seed = 1 }) {
  const query = renderer === 'auto' ? '' : `?renderer=${renderer}`;
  await page.goto(`${baseUrl}${query}#mode=${mode}&n=${n}&seed=${seed}`);
  await page.waitForFunction((count) => window.__broadphase?.world.count === count && window.__broadphase.frame > 2, n, { timeout: 180_000, polling: 100 });
  await page.waitForTimeout(warmup * 1000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const busy = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value * 1000;
  const busyBefore = await busy();
  await page.evaluate(() => {
    window.__longTasks = [];
    window.__longTaskObserver?.disconnect();
    window.__longTaskObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push(e.duration);
    });
    window.__longTaskObserver.observe({ type: 'longtask' });
    const pg = window.__broadphase.playground;
    pg.cost.samples = [];
    window.__measureStart = { t: performance.now(), frame: pg.frame, steps: pg.sim.steps };
  });
  await page.waitForTimeout(seconds * 1000);
  const mainThreadMs = (await busy()) - busyBefore;
  await cdp.detach();
  // How busy the machine was: a fixed piece of JS (sum a million doubles), median of 15 runs.
  const calibrationMs = await page.evaluate(() => {
    const data = new Float64Array(1_000_000).fill(1);
    const runs = [];
    let sum = 0;
    for (let r = 0; r < 15; r++) {
      const t0 = performance.now();
      for (let i = 0; i < data.length; i++) sum += data[i];
      runs.push(performance.now() - t0);
    }
    runs.sort((a, b) => a - b);
    return sum > 0 ? runs[7] : NaN;
  });
  const raw = await page.evaluate(() => {
    const pg = window.__broadphase.playground;
    const samples = pg.cost.samples ?? [];
    pg.cost.samples = null;
    window.__longTaskObserver?.disconnect();
    const start = window.__measureStart;
    return {
      samples,
      longTasks: window.__longTasks,
      wallMs: performance.now() - start.t,
      frames: pg.frame - start.frame,
      steps: pg.sim.steps - start.steps,
      // The settings as the page names them (older builds kept `running` under state.settings).
      running: pg.state?.settings?.running ?? !pg.settings.paused,
      backend: (window.__broadphase.renderer ?? pg.renderer).backend,
      structure: pg.sim.world.structure,
    };
  });
  return { ...summarise({ mode, n, mainThreadMs, ...raw }), calibrationMs };
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function mean(values) {
  return values.length === 0 ? NaN : values.reduce((a, b) => a + b, 0) / values.length;
}

function summarise({ mode, n, mainThreadMs, samples, longTasks, wallMs, frames, steps, running, backend, structure }) {
  const part = (name) => mean(samples.map((s) => s[name]));
  const totals = samples.map((s) => s.total);
  const step = part('step');
  const pairs = part('pairs');
  const draw = part('draw');
  const check = part('check');
  return {
    mode,
    n,
    structure,
    backend,
    running,
    frames,
    steps,
    fps: (frames * 1000) / wallMs,
    median: median(totals),
    mean: mean(totals),
    // The budget the issue names: the frame without the check's slice.
    medianWithoutCheck: median(samples.map((s) => s.total - s.check)),
    p95: [...totals].sort((a, b) => a - b)[Math.floor(totals.length * 0.95)] ?? NaN,
    longest: Math.max(...totals),
    step,
    pairs,
    draw,
    check,
    rest: mean(totals) - step - pairs - draw - check,
    mainThread: mainThreadMs / Math.max(1, frames),
    longTasks: longTasks.length,
    longTasksOver100: longTasks.filter((d) => d > 100).length,
    longestTask: longTasks.length === 0 ? 0 : Math.max(...longTasks),
  };
}

export function markdownTable(rows) {
  const f = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '—');
  const head = '| mode (structure) | objects | renderer | fps | JS/frame median | mean | step | pairs | draw | check | rest | main thread/frame | longest frame | long tasks > 100 ms | 1M-sum (machine) |\n|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|';
  const lines = rows.map(
    (r) =>
      `| ${r.mode} (${r.structure}) | ${r.n.toLocaleString('en-US')} | ${r.backend} | ${f(r.fps, 0)} | ${f(r.median)}${r.range && r.range[1] > r.range[0] ? ` (${f(r.range[0])}–${f(r.range[1])})` : ''} | ${f(r.mean)} | ${f(r.step)} | ${f(r.pairs)} | ${f(r.draw)} | ${f(r.check)} | ${f(r.rest)} | ${f(r.mainThread)} | ${f(r.longest, 0)} | ${r.longTasksOver100}${r.running ? '' : ' (paused!)'} | ${f(r.calibrationMs, 2)} |`,
  );
  return [head, ...lines].join('\n');
}

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && at + 1 < process.argv.length ? process.argv[at + 1] : fallback;
}

async function main() {
  // BROADPHASE_QUICK=1: one mode at 1,000 objects for a second (a check that it runs).
  const quick = process.env.BROADPHASE_QUICK === '1';
  const modes = option('modes', quick ? 'quadtree' : 'quadtree,grids').split(',');
  const sizes = option('sizes', quick ? '1000' : '10000,50000,100000,200000').split(',').map(Number);
  const seconds = Number(option('seconds', quick ? '1' : '8'));
  const warmup = Number(option('warmup', quick ? '1' : '4'));
  const renderer = option('renderer', 'auto');
  const rounds = Number(option('rounds', '1'));
  const browser = await launch({ width: 1440, height: 900 });
  const rows = [];
  try {
    for (let round = 0; round < rounds; round++) {
      for (const mode of modes) {
        for (const n of sizes) {
          const row = await measureMode(browser.page, browser.baseUrl, { mode, n, seconds, warmup, renderer });
          rows.push(row);
          console.error(`${mode} ${n}: median ${row.median.toFixed(2)} ms (step ${row.step.toFixed(2)}, pairs ${row.pairs.toFixed(2)}, draw ${row.draw.toFixed(2)}, check ${row.check.toFixed(2)}, rest ${row.rest.toFixed(2)}), ${row.fps.toFixed(0)} fps, ${row.longTasksOver100} long tasks > 100 ms`);
        }
      }
    }
    if (browser.problems.length > 0) console.error(`page problems: ${browser.problems.join('; ')}`);
  } finally {
    await browser.close();
  }
  // Several rounds: each row is the round with the lowest median (the least
  // disturbed by other work on the machine), with the range of the medians.
  const best = new Map();
  for (const r of rows) {
    const key = `${r.mode} ${r.n}`;
    const seen = best.get(key);
    const range = seen === undefined ? [r.median, r.median] : [Math.min(seen.range[0], r.median), Math.max(seen.range[1], r.median)];
    best.set(key, { ...(seen === undefined || r.median < seen.median ? r : seen), range });
  }
  console.log(markdownTable([...best.values()]));
  console.log(`\nheadless Chromium, 1440 × 900, ${seconds} s per row after ${warmup} s of warm-up; ms per frame of JavaScript${rounds > 1 ? `; the best of ${rounds} rounds (lowest median), the medians' range beside it` : ''}. The last column is the ms the page took to sum a million doubles after each row (about 1 on a quiet machine): how loaded the machine was.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
