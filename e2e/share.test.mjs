// Moments a reader can share: the simulation runs in fixed ticks and keeps
// the reader's edits with their tick, so a link names the exact moment.
// A paused Quadtree scene at tick N, where the reader dragged and threw
// boxes at several ticks while it ran and zoomed in, is shared with the
// Share tool; the link opened in a new page of the same size and renderer
// shows the same canvas pixel for pixel and the same World bit for bit.
// "Copy embed code" pasted into a plain HTML page (the library build from
// a plain server) gives the same scene; "Open in the full playground"
// from that embed lands on it again, pixel for pixel. A link at a late
// tick of a 200,000-box scene catches up without a task over a second
// (asserted with PERF_BUDGET=1; otherwise reported, and held to 2.5 s).
// An embed keeps its moment through a look change and starts clean with
// another seeded scene. The Share panel works without clipboard
// permission (the link is selected), and its screenshots are saved,
// desktop and phone.
// Run `npx vite build` and `npm run build:lib` first (npm test does).

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { serveFiles } from './static-server.mjs';
import { launch, root, screenshots, waitUntil } from './support.mjs';

const LIB = join(root, 'dist-lib');
let browser;
let page;
let baseUrl;

before(async () => {
  browser = await launch({ width: 1280, height: 800 });
  ({ page, baseUrl } = browser);
  mkdirSync(screenshots, { recursive: true });
});

after(async () => {
  await browser?.close();
});

/**
 * The picture of `canvasSelector`'s canvas as the reader sees it (the GPU
 * canvas under it, where there is one, then the 2D one), as RGBA bytes in
 * base64, with its size: read from the canvases themselves, so notices and
 * panels over them do not count.
 */
async function canvasPicture(p, hostSelector = null) {
  return p.evaluate((host) => {
    const scope = host === null ? document : document.querySelector(host).shadowRoot;
    const canvas = scope.querySelector('canvas:not(.gpu-canvas)');
    const out = document.createElement('canvas');
    out.width = canvas.width;
    out.height = canvas.height;
    const g = out.getContext('2d');
    const under = canvas.previousElementSibling;
    if (under instanceof HTMLCanvasElement && under.classList.contains('gpu-canvas') && under.style.display !== 'none') g.drawImage(under, 0, 0);
    g.drawImage(canvas, 0, 0);
    const data = g.getImageData(0, 0, out.width, out.height).data;
    let text = '';
    for (let i = 0; i < data.length; i += 0x8000) text += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return { width: out.width, height: out.height, rgba: btoa(text), png: out.toDataURL('image/png') };
  }, hostSelector);
}

/** How many pixels of two pictures of one size differ. */
function differingPixels(a, b) {
  assert.equal(`${a.width}×${a.height}`, `${b.width}×${b.height}`, 'expected canvases of one size');
  const x = Buffer.from(a.rgba, 'base64');
  const y = Buffer.from(b.rgba, 'base64');
  let n = 0;
  for (let i = 0; i < x.length; i += 4) if (x[i] !== y[i] || x[i + 1] !== y[i + 1] || x[i + 2] !== y[i + 2] || x[i + 3] !== y[i + 3]) n++;
  return n;
}

function savePng(picture, name) {
  writeFileSync(join(screenshots, name), Buffer.from(picture.png.replace(/^data:image\/png;base64,/, ''), 'base64'));
}

/** Every live box and velocity by id, as exact numbers, and the pairs. */
async function worldState(p) {
  return p.evaluate(() => {
    const w = window.__broadphase.world;
    const boxes = {};
    for (const id of w.order()) boxes[id] = [...w.box(id), ...w.velocity(id)];
    return { boxes, pairs: Array.from(w.pairs()) };
  });
}

/** A lone box away from the walls and the camera, as it is now. */
async function loneBox(p, exclude = []) {
  return p.evaluate((excluded) => {
    const bp = window.__broadphase;
    const w = bp.world;
    const cam = bp.camera;
    const ids = w.slotIds().slice();
    const boxes = w.slotBoxes().slice();
    const overlapping = w.slotOverlapping().slice();
    const margin = 0.1 * w.width;
    for (let s = 0; s < ids.length; s++) {
      const id = ids[s];
      if (id === 0 || overlapping[s] || excluded.includes(id)) continue;
      const [x, y, bw, bh] = boxes.slice(4 * s, 4 * s + 4);
      const nearCamera = x < cam.x + cam.w + margin && cam.x - margin < x + bw && y < cam.y + cam.h + margin && cam.y - margin < y + bh;
      const nearWall = x < margin || y < margin || x + bw > w.width - margin || y + bh > w.height - margin;
      if (!nearCamera && !nearWall && bw >= 6 && bh >= 6) return { id, centre: bp.worldToScreen(x + bw / 2, y + bh / 2) };
    }
    return null;
  }, exclude);
}

const tick = (p) => p.evaluate(() => window.__broadphase.tick);

/** Drags a box while the scene runs: `throwIt` lets go while moving (a throw), else after holding still. */
async function dragRunning(p, exclude, dx, dy, throwIt) {
  const box = await loneBox(p, exclude);
  assert.ok(box, 'expected a lone box to drag');
  await p.mouse.move(box.centre.x, box.centre.y);
  await p.mouse.down();
  await p.mouse.move(box.centre.x + dx / 2, box.centre.y + dy / 2, { steps: 4 });
  await p.mouse.move(box.centre.x + dx, box.centre.y + dy, { steps: 4 });
  if (!throwIt) await p.waitForTimeout(200);
  await p.mouse.up();
  const dragged = await p.evaluate(() => window.__broadphase.playground.interaction.selectedId);
  assert.equal(dragged, box.id, `expected the press to take box #${box.id}`);
  return box.id;
}

/** Opens `url` in `p` and waits until the box scene is at `at` ticks, caught up, and drawn a few frames later. */
async function openAt(p, url, at) {
  await p.goto('about:blank');
  await p.goto(url);
  await waitUntil(p, `the linked scene at tick ${at}`, () => ({ tick: window.__broadphase?.tick ?? -1, catchingUp: window.__broadphase?.catchingUp ?? true, frame: window.__broadphase?.frame ?? 0 }), (s) => s.tick === at && !s.catchingUp && s.frame > 3, 30_000);
  // The pairs that began flash for a moment: let it pass, as on the sharing page.
  await p.waitForTimeout(700);
}

test('a paused running Quadtree scene at tick N, boxes dragged and thrown at several ticks, shared with the Share tool: a new page of the same size shows it pixel for pixel', async () => {
  await page.goto(`${baseUrl}#mode=quadtree`);
  await waitUntil(page, 'the scene to run a few ticks', () => window.__broadphase?.tick ?? 0, (t) => t > 20);
  const ticksOfDrags = [];
  const dragged = [];
  for (const [dx, dy, throwIt] of [
    [60, 30, false],
    [-50, 40, true],
    [35, -45, false],
  ]) {
    dragged.push(await dragRunning(page, dragged, dx, dy, throwIt));
    ticksOfDrags.push(await tick(page));
    await page.waitForTimeout(250);
  }
  assert.ok(new Set(ticksOfDrags).size === 3, `expected the drags at three ticks, found ${ticksOfDrags}`);
  // Zoomed in a step: the view is part of the moment.
  await page.locator('[data-tool=zoom-in]').click();
  await page.locator('[data-tool=pause]').click();
  await waitUntil(page, 'the scene to pause', () => window.__broadphase.settings.paused, (p) => p === true);
  // The selection is not part of a link yet: none, so both pages draw the same.
  await page.keyboard.press('Escape');
  await page.mouse.move(2, 790);
  await page.waitForTimeout(700);
  const at = await tick(page);
  assert.ok(at > ticksOfDrags[2], `expected the scene to have run past the last drag (tick ${ticksOfDrags[2]}), paused at ${at}`);
  const before = await canvasPicture(page);
  const state = await worldState(page);

  await page.locator('[data-tool=share]').click();
  const link = await waitUntil(page, 'the Share panel to show the packed link', () => document.getElementById('share-link')?.value ?? '', (v) => v.includes('tick='), 5_000);
  assert.match(link, new RegExp(`tick=${at}(&|$)`), `expected the link to name tick ${at}: ${link}`);
  assert.match(link, /edits=/, `expected the link to carry the edits: ${link}`);
  assert.match(link, /view=1\.25_0\.5_0\.5/, `expected the link to carry the zoom: ${link}`);
  assert.ok(link.length < 2000, `expected a seeded scene with three edits in well under 2,000 characters, found ${link.length}: ${link}`);
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#share-panel').isHidden(), true, 'expected Esc to close the Share panel');

  const other = await browser.context.newPage();
  try {
    await other.setViewportSize({ width: 1280, height: 800 });
    await openAt(other, link, at);
    const after = await canvasPicture(other);
    savePng(before, 'share-moment-sent.png');
    savePng(after, 'share-moment-received.png');
    assert.deepEqual(await worldState(other), state, 'expected every box, velocity and pair bit for bit');
    assert.equal(differingPixels(before, after), 0, 'expected the linked page to show the same canvas, pixel for pixel (share-moment-*.png)');
    assert.deepEqual(browser.problems, [], 'expected no errors');
  } finally {
    await other.close();
  }
});

test('the Share panel works without clipboard permission: the link is selected and it says to press Ctrl+C', async () => {
  await page.goto('about:blank');
  await page.goto(`${baseUrl}#mode=grids&count=300&paused`);
  await waitUntil(page, 'the grids scene', () => window.__broadphase?.frame ?? 0, (f) => f > 2);
  // No clipboard permission in this profile: writeText is refused.
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) }, configurable: true });
  });
  await page.locator('[data-tool=share]').click();
  await page.locator('[data-share=copy-link]').click();
  const seen = await page.evaluate(() => {
    const field = document.getElementById('share-link');
    return { status: document.querySelector('.share-status').textContent, selected: field.value.slice(field.selectionStart, field.selectionEnd), value: field.value, focused: document.activeElement === field };
  });
  assert.match(seen.status, /press (Ctrl\+C|⌘C)/, `expected the panel to say how to copy, found "${seen.status}"`);
  assert.ok(seen.focused && seen.selected === seen.value && seen.value.includes('#mode=grids'), `expected the whole link selected, found ${JSON.stringify(seen)}`);
  // With permission, "Copy link" copies and says so.
  await page.evaluate(() => {
    window.__copied = '';
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: (t) => ((window.__copied = t), Promise.resolve()) }, configurable: true });
  });
  await page.locator('[data-share=copy-code]').click();
  const copied = await page.evaluate(() => ({ text: window.__copied, status: document.querySelector('.share-status').textContent }));
  assert.match(copied.text, /^<script type="module" src="broadphase-embed.js"><\/script>\n<broadphase-playground mode="grids" count="300" paused/, `expected the embed code copied, found ${copied.text}`);
  assert.match(copied.status, /copied/i);
});

test('"Copy embed code" pasted into a plain HTML page gives the same scene; "Open in the full playground" from it lands on the same picture', async (t) => {
  if (!existsSync(join(LIB, 'broadphase-embed.js'))) {
    t.skip('no dist-lib: run `npm run build:lib` first');
    return;
  }
  await page.goto('about:blank');
  await page.goto(`${baseUrl}#mode=quadtree&count=400&seed=5`);
  await waitUntil(page, 'the scene to run a few ticks', () => window.__broadphase?.tick ?? 0, (n) => n > 15);
  await dragRunning(page, [], 40, 25, true);
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  await page.keyboard.press('Escape');
  await page.mouse.move(2, 790);
  await page.waitForTimeout(700);
  const at = await tick(page);
  const before = await canvasPicture(page);
  const state = await worldState(page);
  await page.locator('[data-tool=share]').click();
  const code = await page.locator('#share-code').inputValue();
  assert.match(code, new RegExp(`tick="${at}"`), `expected the code to name tick ${at}: ${code}`);
  assert.match(code, /edits="/, `expected the code to carry the edit: ${code}`);

  // A plain page: the library beside it, the code pasted as it is, and the full playground at its own address.
  const server = await serveFiles({
    '/article/broadphase-embed.js': join(LIB, 'broadphase-embed.js'),
    '/article/broadphase_bg.wasm': join(LIB, 'broadphase_bg.wasm'),
    '/article/index.html': { text: `<!doctype html><meta charset="utf-8"><title>pasted</title><link rel="icon" href="data:,"><body style="margin:0;font:16px serif"><p>Some prose.</p>\n${code.replace('<broadphase-playground ', `<broadphase-playground id="pasted" playground-url="${baseUrl}" height="520" `)}\n<p>More prose.</p></body>` },
  });
  const article = await browser.context.newPage();
  try {
    await article.setViewportSize({ width: 1280, height: 800 });
    await article.goto(`${server.url}/article/index.html`);
    await waitUntil(article, 'the pasted embed to draw', () => document.getElementById('pasted')?.playground?.frame ?? 0, (f) => f > 3, 30_000);
    const embedded = await article.evaluate(() => document.getElementById('pasted').getState());
    const attribute = (name) => new RegExp(`${name}="([^"]*)"`).exec(code)?.[1];
    assert.equal(embedded.tick, at, "expected the embed at the page's tick");
    assert.equal(embedded.edits, attribute('edits'), "expected the embed to hold the page's edits");
    assert.equal(embedded.count, 400);
    assert.equal(embedded.seed, 5);
    assert.equal(embedded.paused, true);
    savePng(await canvasPicture(article, '#pasted'), 'share-embed-pasted.png');
    // From the embed, back to the full playground: the same picture as the page that shared it.
    const [opened] = await Promise.all([browser.context.waitForEvent('page'), article.evaluate(() => document.getElementById('pasted').shadowRoot.querySelector('[data-tool=open-playground]').click())]);
    await opened.setViewportSize({ width: 1280, height: 800 });
    await waitUntil(opened, 'the full playground at the embed\'s tick', () => ({ tick: window.__broadphase?.tick ?? -1, catchingUp: window.__broadphase?.catchingUp ?? true, frame: window.__broadphase?.frame ?? 0 }), (s) => s.tick === at && !s.catchingUp && s.frame > 3, 30_000);
    await opened.mouse.move(2, 790);
    await opened.waitForTimeout(700);
    assert.deepEqual(await worldState(opened), state, 'expected the playground opened from the embed to hold the same World bit for bit');
    const after = await canvasPicture(opened);
    savePng(after, 'share-embed-reopened.png');
    assert.equal(differingPixels(before, after), 0, 'expected "Open in the full playground" to land on the same picture, pixel for pixel');
    await opened.close();
  } finally {
    await article.close();
    await server.close();
  }
});

test('an embed keeps its moment through a look change, and another seeded scene starts at tick 0 without the old edits', async (t) => {
  if (!existsSync(join(LIB, 'broadphase-embed.js'))) {
    t.skip('no dist-lib: run `npm run build:lib` first');
    return;
  }
  const server = await serveFiles({
    '/broadphase-embed.js': join(LIB, 'broadphase-embed.js'),
    '/broadphase_bg.wasm': join(LIB, 'broadphase_bg.wasm'),
    '/index.html': { text: '<!doctype html><meta charset="utf-8"><title>moment</title><link rel="icon" href="data:,"><body><script type="module" src="broadphase-embed.js"></script><broadphase-playground id="e" mode="quadtree" count="300" paused tick="120" edits="100:5:40.5,41.25,0,0" height="480"></broadphase-playground></body>' },
  });
  const p = await browser.context.newPage();
  try {
    await p.goto(`${server.url}/index.html`);
    await waitUntil(p, 'the embed at its tick', () => document.getElementById('e')?.playground?.frame ?? 0, (f) => f > 3, 30_000);
    const state = () => p.evaluate(() => document.getElementById('e').getState());
    assert.equal((await state()).tick, 120);
    assert.equal((await state()).edits, '100:5:40.5,41.25,0,0');
    const framesBefore = await p.evaluate(() => document.getElementById('e').playground.frame);
    await p.evaluate(() => document.getElementById('e').setState({ theme: 'dark' }));
    await p.waitForTimeout(300);
    const framesAfter = await p.evaluate(() => document.getElementById('e').playground.frame);
    assert.ok(framesAfter > framesBefore, `expected a look change to keep the mode running (frames ${framesBefore} → ${framesAfter}), not build it again`);
    assert.equal((await state()).tick, 120, 'expected the moment kept through a look change');
    await p.evaluate(() => document.getElementById('e').setState({ count: 200 }));
    await waitUntil(p, 'the new scene', () => document.getElementById('e').getState().count, (c) => c === 200);
    const fresh = await state();
    assert.equal(fresh.tick, 0, 'expected another seeded scene to start at tick 0');
    assert.equal(fresh.edits, undefined, "expected the old scene's edits dropped");
  } finally {
    await p.close();
    await server.close();
  }
});

test('a link at a late tick of a 200,000-box scene catches up over frames, saying so, with no task over a second', async (t) => {
  const target = 3000;
  const scout = await browser.context.newPage();
  try {
    await scout.setViewportSize({ width: 1280, height: 800 });
    await scout.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await scout.goto(`${baseUrl}#mode=quadtree&count=200000&tick=${target}&paused`);
    const notices = new Set();
    const started = Date.now();
    for (;;) {
      const s = await scout.evaluate(() => ({ tick: window.__broadphase?.tick ?? -1, catchingUp: window.__broadphase?.catchingUp ?? true, notice: document.getElementById('notice')?.textContent ?? '' }));
      if (s.notice !== '') notices.add(s.notice);
      if (s.tick === target && !s.catchingUp) break;
      assert.ok(Date.now() - started < 240_000, `expected the scene to catch up to tick ${target} within 4 minutes; at ${JSON.stringify(s)}`);
      await scout.waitForTimeout(50);
    }
    const seconds = (Date.now() - started) / 1000;
    const longTasks = await scout.evaluate(() => window.__longTasks);
    const longest = Math.max(0, ...longTasks);
    t.diagnostic(`200,000 boxes to tick ${target}: ${seconds.toFixed(1)} s, ${longTasks.length} tasks over 50 ms, the longest ${longest.toFixed(0)} ms`);
    assert.ok([...notices].some((n) => /Catching up to tick 3,000/.test(n)), `expected the page to say it is catching up, saw ${JSON.stringify([...notices])}`);
    // The issue's budget, a second, asserted with PERF_BUDGET=1 (as e2e/perf-frames.test.mjs does): a shared
    // machine stretches any one task. Always: no task near the whole catching up (the page never froze for it).
    const budget = process.env.PERF_BUDGET === '1' ? 1000 : 2500;
    assert.ok(longest < budget, `expected no task over ${budget} ms, the longest took ${longest.toFixed(0)} ms`);
    const stats = await scout.evaluate(() => document.getElementById('stat-tick')?.textContent);
    assert.equal(stats, '3,000', 'expected the stats to show the tick reached');
  } finally {
    await scout.close();
  }
});

test('screenshots: the Share panel, desktop and phone', async () => {
  await page.goto('about:blank');
  await page.goto(`${baseUrl}#mode=quadtree&count=600`);
  await waitUntil(page, 'the scene to run', () => window.__broadphase?.tick ?? 0, (n) => n > 10);
  await page.keyboard.press('Space');
  await page.locator('[data-tool=share]').click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(screenshots, 'share-desktop.png') });
  const phone = await launch({ width: 390, height: 844, touch: true });
  try {
    await phone.page.goto(`${phone.baseUrl}#mode=quadtree&count=600&paused&tick=120`);
    await waitUntil(phone.page, 'the phone scene', () => window.__broadphase?.tick ?? 0, (n) => n === 120);
    await phone.page.locator('[data-tool=share]').tap();
    await phone.page.waitForTimeout(300);
    await phone.page.screenshot({ path: join(screenshots, 'share-phone.png') });
    assert.deepEqual(phone.problems, []);
  } finally {
    await phone.close();
  }
});
