// First paint on a slow connection: index.html and tutorial.html from the
// built site (dist/, or $BROADPHASE_DIST), served gzipped by a plain static
// server, opened with the cache off on a connection throttled to 1.6 Mbps
// down / 150 ms round trip (DevTools' network emulation). Reports, per page
// and as the median of a few loads: when the first canvas frame was drawn
// (the first picture: on index.html the default scene's first frame, on
// tutorial.html the first embed's first lesson step, as the core computed
// them at build time, www/first-frame/) and the first live one
// (the core running), when the page shell (the mode tabs) or the embeds' placeholders showed,
// when the wasm and the largest script arrived, and the bytes sent. Checks
// what a reader would notice, in order, not in time: the shell shows
// before the wasm has arrived, the wasm download starts before the page's
// scripts have finished arriving (in parallel, not after), the embeds keep
// their final size from the start (no jump when the script arrives), and
// each page's first frame is its first picture; and, with the wasm held
// back (desktop and phone), that the picture is marked as starting and
// the live mode's canvas replaces it at the same place and size (on
// tutorial.html, for every quadtree or grids lesson embed: the embed as
// tall, its stepper saying the same, the same pixels); and that index.html
// downloads its picture's chunk once, whatever the link. The
// timings are a benchmark, not a test: with FIRST_PAINT_WRITE=1 (five
// loads a page, on a quiet machine) they are written into
// docs/BENCHMARKS.md's "First paint" table.

import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { serveDirectory } from './static-server.mjs';
import { dist, openChromium, root, screenshots } from './support.mjs';

const WRITE = process.env.FIRST_PAINT_WRITE === '1';
const LOADS = Number(process.env.FIRST_PAINT_LOADS ?? (WRITE ? 5 : 3));
/** 1.6 Mbps down, 750 kbps up, 150 ms round trip. */
const SLOW = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (0.75e6 / 8) | 0 };
let server;
let browser;

before(async () => {
  assert.ok(existsSync(join(dist, 'index.html')), `expected a built site at ${dist}: run \`vite build\` first`);
  server = await serveDirectory(dist, { gzip: true });
  browser = await openChromium({ width: 1280, height: 800 });
});

/** What each page measured, for the table FIRST_PAINT_WRITE=1 writes. */
const measured = {};

after(async () => {
  await browser?.close();
  await server?.close();
  if (WRITE && measured['/index.html'] && measured['/tutorial.html']) writeTable(measured['/index.html'], measured['/tutorial.html']);
});

/** The "First paint" table of docs/BENCHMARKS.md, from this run, between its markers. */
function writeTable(index, tutorial) {
  const path = join(root, 'docs', 'BENCHMARKS.md');
  const doc = readFileSync(path, 'utf8');
  const [open, close] = ['<!-- first-paint: generated -->', '<!-- /first-paint -->'];
  const [start, end] = [doc.indexOf(open), doc.indexOf(close)];
  assert.ok(start >= 0 && end > start, `expected the markers ${open} … ${close} in docs/BENCHMARKS.md`);
  const row = (label, a, b) => `| ${label} | ${a} | ${b} |`;
  const wasmKb = (s) => Math.round(s.wasmBytes / 1024);
  const seconds = (kb) => ((kb * 1024 * 8) / 1.6e6).toFixed(1);
  const table = [
    `| median of ${LOADS} loads | \`index.html\` | \`tutorial.html\` |`,
    '|---|---:|---:|',
    row('first canvas frame', ms(index.summary.canvas), ms(tutorial.summary.canvas)),
    row('first live frame (the core running)', ms(index.summary.live), ms(tutorial.summary.live)),
    row('first contentful paint', ms(index.summary.fcp), ms(tutorial.summary.fcp)),
    row('page shell (mode tabs) shown', ms(index.summary.shell), '—'),
    row('embeds at their size', '—', ms(tutorial.summary.placeholders)),
    row('wasm request starts', ms(index.summary.wasmStart), ms(tutorial.summary.wasmStart)),
    row('wasm arrived', ms(index.summary.wasmEnd), ms(tutorial.summary.wasmEnd)),
    row('scripts arrived', ms(index.summary.scriptsEnd), ms(tutorial.summary.scriptsEnd)),
    row('bytes transferred (gzipped)', `${index.summary.kb} KB`, `${tutorial.summary.kb} KB`),
  ].join('\n');
  const when = new Date().toISOString().slice(0, 10);
  const load = loadavg().map((l) => l.toFixed(1)).join(', ');
  const text = `\n${table}\n\nWritten by the command above on ${when} (load average ${load}). The wasm is ${wasmKb(index.summary)} KB of it gzipped: about ${seconds(wasmKb(index.summary))} s at 1.6 Mbps.\n`;
  writeFileSync(path, doc.slice(0, start + open.length) + text + doc.slice(end));
}

/** Runs in the page before its own scripts: notes when things first show. */
function instrument() {
  const marks = (window.__firstPaint = { canvas: null, picture: false, live: null, shell: null, placeholders: null, heightsEarly: null });
  const now = () => performance.now();
  // The first draw call on a canvas that is on the page (not an offscreen cache).
  const noteDraw = function () {
    if (!this.canvas?.isConnected || this.canvas.width <= 1) return;
    // The first picture (the recorded first frame, drawn before the core) is not yet the live scene.
    const picture = this.canvas.closest('.first-picture') !== null;
    if (marks.canvas === null) {
      marks.canvas = now();
      marks.picture = picture;
    }
    if (marks.live === null && !picture) marks.live = now();
  };
  for (const proto of [window.CanvasRenderingContext2D?.prototype, window.WebGL2RenderingContext?.prototype, window.WebGLRenderingContext?.prototype]) {
    if (!proto) continue;
    for (const name of ['fillRect', 'drawImage', 'putImageData', 'fill', 'stroke', 'drawArrays', 'drawElements', 'drawArraysInstanced', 'drawElementsInstanced']) {
      const original = proto[name];
      if (typeof original !== 'function') continue;
      proto[name] = function (...args) {
        noteDraw.call(this);
        return original.apply(this, args);
      };
    }
  }
  const embeds = () => [...document.querySelectorAll('broadphase-playground')];
  const check = () => {
    if (marks.shell === null && document.querySelector('[role="tab"]')) marks.shell = now();
    const list = embeds();
    if (marks.placeholders === null && list.length > 0 && list.every((e) => e.getBoundingClientRect().height > 0)) marks.placeholders = now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  // The size each embed has on screen before its script has defined it: the last frame before.
  const beforeDefined = () => {
    if (customElements.get('broadphase-playground') !== undefined) return;
    if (embeds().length > 0) marks.heightsEarly = embeds().map((e) => Math.round(e.getBoundingClientRect().height));
    requestAnimationFrame(beforeDefined);
  };
  requestAnimationFrame(beforeDefined);
  document.addEventListener('readystatechange', check);
}

async function load(path) {
  const { page } = browser;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW);
  await page.addInitScript(instrument);
  browser.problems.length = 0;
  await page.goto(`${server.url}${path}`, { waitUntil: 'commit' });
  // The live frame too (drawn from the running core): the wasm has arrived by then.
  await page.waitForFunction(() => window.__firstPaint?.live != null, null, { timeout: 30_000, polling: 50 });
  const seen = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource').map((r) => ({ name: new URL(r.name).pathname, start: r.startTime, end: r.responseEnd, bytes: r.transferSize }));
    const nav = performance.getEntriesByType('navigation')[0];
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    return { ...window.__firstPaint, fcp, resources, htmlBytes: nav.transferSize, heightsFinal: [...document.querySelectorAll('broadphase-playground')].map((e) => Math.round(e.getBoundingClientRect().height)) };
  });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await cdp.detach();
  // A fresh page for the next load (init scripts accumulate on a page).
  const next = await browser.context.newPage();
  await page.close();
  browser.page = next;
  next.on('console', (msg) => msg.type() === 'error' && browser.problems.push(`console error: ${msg.text()}`));
  next.on('pageerror', (error) => browser.problems.push(`page error: ${error.message}`));
  return seen;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (v) => (v === null || v === undefined ? '—' : `${Math.round(v)} ms`);

async function measure(path) {
  const runs = [];
  for (let i = 0; i < LOADS; i += 1) runs.push(await load(path));
  const wasmOf = (r) => r.resources.find((x) => x.name.endsWith('.wasm'));
  const scripts = (r) => r.resources.filter((x) => x.name.endsWith('.js'));
  const summary = {
    canvas: median(runs.map((r) => r.canvas)),
    live: median(runs.map((r) => r.live)),
    fcp: median(runs.map((r) => r.fcp)),
    shell: runs[0].shell === null ? null : median(runs.map((r) => r.shell)),
    placeholders: runs[0].placeholders === null ? null : median(runs.map((r) => r.placeholders)),
    wasmStart: median(runs.map((r) => wasmOf(r).start)),
    wasmEnd: median(runs.map((r) => wasmOf(r).end)),
    scriptsEnd: median(runs.map((r) => Math.max(...scripts(r).map((x) => x.end)))),
    kb: Math.round(runs[0].resources.reduce((sum, x) => sum + x.bytes, runs[0].htmlBytes) / 1024),
    wasmBytes: wasmOf(runs[0]).bytes,
  };
  measured[path] = { runs, summary };
  console.log(
    `# first paint ${path}: first canvas frame ${ms(summary.canvas)} (runs ${runs.map((r) => Math.round(r.canvas)).join(', ')}); first live frame ${ms(summary.live)}; first contentful paint ${ms(summary.fcp)}; ` +
      `shell ${ms(summary.shell)}; placeholders ${ms(summary.placeholders)}; wasm ${ms(summary.wasmStart)} → ${ms(summary.wasmEnd)}; scripts done ${ms(summary.scriptsEnd)}; ${summary.kb} KB transferred`,
  );
  return { runs, summary };
}

test('index.html on a slow connection: the shell before the wasm, the wasm fetched in parallel with the scripts, a first frame', async () => {
  const { runs, summary } = await measure('/index.html');
  assert.ok(summary.shell !== null && summary.shell < summary.wasmEnd, `expected the tabs before the wasm had arrived (tabs ${ms(summary.shell)}, wasm ${ms(summary.wasmEnd)})`);
  assert.ok(summary.wasmStart < summary.scriptsEnd, `expected the wasm request to start while the scripts were still arriving (wasm from ${ms(summary.wasmStart)}, scripts done ${ms(summary.scriptsEnd)})`);
  assert.deepEqual(runs.flatMap((r) => r.resources.filter((x) => x.name.endsWith('.wasm'))).length, runs.length, 'expected one wasm request per load (the preload used)');
  for (const r of runs) assert.ok(r.picture, 'expected the first canvas frame to be the first picture (the recorded first frame, drawn before the core)');
  assert.deepEqual(browser.problems, [], 'expected no console errors');
});

test('tutorial.html on a slow connection: embeds at their final size from the start, the wasm fetched in parallel, a first frame', async () => {
  const { runs, summary } = await measure('/tutorial.html');
  for (const r of runs) assert.deepEqual(r.heightsEarly, r.heightsFinal, 'expected each embed to have its final height before its script ran (no jump)');
  for (const r of runs) assert.ok(r.picture, 'expected the first canvas frame to be the first embed’s picture (its first step as the core recorded it at build time, drawn before the core)');
  assert.ok(summary.wasmStart < summary.scriptsEnd, `expected the wasm request to start while the scripts were still arriving (wasm from ${ms(summary.wasmStart)}, scripts done ${ms(summary.scriptsEnd)})`);
  assert.deepEqual(browser.problems, [], 'expected no console errors');
});

test('index.html preloads the first picture once for every link, the preload and the import sharing one download', async () => {
  const local = await openChromium({ width: 1280, height: 800 });
  try {
    const { page } = local;
    for (const link of [
      '/index.html',
      '/index.html#mode=quadtree',
      '/index.html?mode=quadtree',
      '/index.html#mode=grids',
      '/index.html#mode=quadtree&n=500',
      '/index.html?mode=quadtree&tick=30',
      '/index.html#mode=tiles',
    ]) {
      const requested = [];
      const note = (request) => requested.push(new URL(request.url()).pathname);
      // From a blank page: a link that differs only in its hash would not load the page again.
      await page.goto('about:blank');
      page.on('request', note);
      await page.goto(`${server.url}${link}`);
      await page.waitForFunction(() => (window.__broadphase ?? window.__broadphaseTiles)?.frame >= 2, null, { timeout: 30_000 });
      page.off('request', note);
      const picture = requested.filter((path) => /\/assets\/show-[\w-]+\.js$/.test(path));
      assert.equal(picture.length, 1, `${link}: the picture's chunk fetched once (${picture.join(', ')})`);
    }
    assert.deepEqual(local.problems, [], 'expected no console errors');
  } finally {
    await local.close();
  }
});

/** The stage's geometry as a reader sees it: the canvas's box and the canvas backing store's size. */
function stageGeometry() {
  const canvas = document.querySelector('#world');
  const r = canvas.getBoundingClientRect();
  return { box: [r.x, r.y, r.width, r.height].map(Math.round), backing: [canvas.width, canvas.height] };
}

for (const device of [{ name: 'desktop', width: 1280, height: 800 }, { name: 'phone', width: 390, height: 844, touch: true }]) {
  test(`index.html on a ${device.name}: the first picture is marked as starting, and the live mode replaces it on the same stage (no jump)`, async () => {
    const local = await openChromium(device);
    try {
      const { page } = local;
      // The wasm is held back until the picture has been looked at.
      let release;
      const held = new Promise((resolve) => (release = resolve));
      await page.route('**/*.wasm', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${server.url}/index.html`);
      await page.waitForSelector('.first-picture #world', { timeout: 30_000 });
      const picture = await page.evaluate(stageGeometry);
      const marked = await page.evaluate(() => ({
        busy: document.querySelector('#world').getAttribute('aria-busy'),
        notice: document.querySelector('#notice').hidden ? null : document.querySelector('#notice').textContent,
        starting: document.querySelector('#starting')?.textContent ?? '',
        toolsShown: [...document.querySelectorAll('.canvas-tools > *')].filter((e) => getComputedStyle(e).visibility !== 'hidden').length,
        tab: document.querySelector('[role="tab"][aria-selected="true"]')?.textContent,
      }));
      assert.equal(marked.busy, 'true', 'expected the picture marked busy');
      assert.match(marked.notice ?? '', /Starting the core/, 'expected a starting note over the picture');
      assert.match(marked.starting, /first frame as the core computed it/, "expected the sidebar to say what the picture is");
      assert.equal(marked.toolsShown, 0, 'expected no view tools shown over the picture');
      assert.equal(marked.tab, 'Quadtree', 'expected the mode’s tab selected under the picture');
      await page.screenshot({ path: join(screenshots, `first-picture-${device.name}.png`) });
      release();
      await page.waitForFunction(() => window.__broadphase?.frame >= 1, null, { timeout: 30_000 });
      const live = await page.evaluate(stageGeometry);
      assert.deepEqual(live, picture, 'expected the live canvas where the picture was, at its size');
      assert.equal(await page.evaluate(() => document.querySelector('.first-picture')), null, 'expected the picture gone');
      assert.deepEqual(local.problems, [], 'expected no console errors');
    } finally {
      await local.close();
    }
  });
}

/** The pictured embeds of tutorial.html: every quadtree or grids lesson (scripts/first-frame.mjs records them). */
const PICTURED = ['demo-quadtree-build', 'demo-grids'];

/** Embed `id`'s stage as a reader sees it (inside its shadow root): the canvas's box, its backing store, the embed's height. */
function embedGeometry(id) {
  const element = document.getElementById(id);
  const canvas = element.shadowRoot.querySelector('.mode-host:not(.bp-building) #world');
  const r = canvas.getBoundingClientRect();
  return { box: [r.x, r.y, r.width, r.height].map(Math.round), backing: [canvas.width, canvas.height], height: Math.round(element.getBoundingClientRect().height) };
}

/** What embed `id`'s stepper says (the step, its count, its sentence, its next line). */
function embedStepper(id) {
  const root = document.getElementById(id).shadowRoot;
  const text = (part) => root.querySelector(`.mode-host:not(.bp-building) #${part}`)?.textContent ?? null;
  return { count: text('stepper-count'), says: text('stepper-says'), next: text('stepper-next'), intro: text('stepper-intro') };
}

/** Scrolls embed `id` to the top of the view and waits two frames (it has had its width and laid itself out). */
async function showEmbed(page, id) {
  await page.evaluate((id) => document.getElementById(id).scrollIntoView({ block: 'start' }), id);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

for (const device of [{ name: 'desktop', width: 1280, height: 800 }, { name: 'phone', width: 390, height: 844, touch: true }]) {
  test(`tutorial.html on a ${device.name}: each lesson embed shows its recorded first step, marked as starting, and the live lesson replaces it in place (no jump)`, async () => {
    const local = await openChromium(device);
    try {
      const { page } = local;
      // One load an embed, the reader looking at it when the core arrives (an embed out of view runs no frames).
      for (const id of PICTURED) {
        // The wasm is held back until the picture has been looked at.
        let release;
        const held = new Promise((resolve) => (release = resolve));
        await page.unrouteAll();
        await page.route('**/*.wasm', async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(`${server.url}/tutorial.html`);
        await page.waitForFunction((id) => document.getElementById(id)?.shadowRoot?.querySelector('.first-picture #world') != null, id, { timeout: 30_000 });
        const pictured = await page.evaluate(() => [...document.querySelectorAll('broadphase-playground')].filter((e) => e.shadowRoot?.querySelector('.first-picture') != null).map((e) => e.id));
        assert.deepEqual(pictured, PICTURED, 'expected a picture in every quadtree or grids lesson embed, and in no other');
        await showEmbed(page, id);
        const picture = await page.evaluate(embedGeometry, id);
        const words = await page.evaluate(embedStepper, id);
        const marked = await page.evaluate((id) => {
          const root = document.getElementById(id).shadowRoot;
          const notice = root.querySelector('#notice');
          return {
            busy: root.querySelector('#world').getAttribute('aria-busy'),
            notice: notice.hidden ? null : notice.textContent,
            // Every control of the scene and the stepper is off; the panel's tab and page turns stay, for reading the recorded step.
            enabled: [...root.querySelectorAll('button, input, select')]
              .filter((c) => !c.disabled && c.closest('[hidden]') === null && !c.matches('.panel-tab, .panel-page-turn'))
              .map((c) => c.id || c.className || c.textContent),
            frame: document.getElementById(id).playground.frame,
          };
        }, id);
        assert.equal(marked.busy, 'true', `${id}: expected the picture marked busy`);
        assert.match(marked.notice ?? '', /Starting the core/, `${id}: expected a starting note over the picture`);
        assert.deepEqual(marked.enabled, [], `${id}: expected every control of the picture disabled`);
        assert.equal(marked.frame, 0, `${id}: expected no live frame yet`);
        assert.match(words.count ?? '', /^Step 1 of \d+$/, `${id}: expected the stepper at the lesson’s first step`);
        await page.screenshot({ path: join(screenshots, `tutorial-first-picture-${id}-${device.name}.png`) });
        // The canvas's pixels, the note over it set aside for the moment: the live first frame draws the same.
        const clip = { x: picture.box[0], y: picture.box[1], width: picture.box[2], height: picture.box[3] };
        const note = (hidden) => page.evaluate(([id, h]) => (document.getElementById(id).shadowRoot.querySelector('.first-picture #notice').hidden = h), [id, hidden]);
        await note(true);
        const pixels = await page.screenshot({ clip });
        await note(false);
        release();
        await page.waitForFunction((id) => document.getElementById(id).playground?.frame >= 2, id, { timeout: 30_000 });
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const live = await page.evaluate(embedGeometry, id);
        assert.deepEqual(live, picture, `${id}: expected the live canvas where the picture was, at its size, the embed as tall`);
        assert.deepEqual(await page.evaluate(embedStepper, id), words, `${id}: expected the live stepper to say what the picture’s said (its words came from the recorded trace)`);
        assert.equal(await page.evaluate((id) => document.getElementById(id).shadowRoot.querySelector('.first-picture'), id), null, `${id}: expected the picture gone`);
        await page.screenshot({ path: join(screenshots, `tutorial-first-live-${id}-${device.name}.png`) });
        assert.ok((await page.screenshot({ clip })).equals(pixels), `${id}: expected the live first frame’s pixels to be the picture’s`);
      }
      assert.deepEqual(local.problems, [], 'expected no console errors');
    } finally {
      await local.close();
    }
  });
}
