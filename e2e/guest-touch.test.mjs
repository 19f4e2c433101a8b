// The embed on a phone (390 × 844, touch): one-finger swipes over every
// mode scroll the page and change nothing in the scene, what a finger
// presses is at least 40 px, and the help line says how to zoom there.
// Real touch events through the DevTools protocol, so the browser itself
// decides whether the page scrolls.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { misfits } from './fit.mjs';
import { launch, screenshots } from './support.mjs';

const MODES = ['quadtree', 'grids', 'hierarchy', 'tiles', 'rays', 'play'];
const SWIPES = 20;

let browser;
let page;

/** The page of one embed per mode, text between them, every embed drawn. */
async function embedsPage() {
  await page.goto(`${browser.baseUrl}tutorial.html`);
  await page.evaluate(() => customElements.whenDefined('broadphase-playground'));
  await page.evaluate((modes) => {
    for (const sheet of document.querySelectorAll('link[rel="stylesheet"], style')) sheet.remove();
    const filler = '<p style="height:700px;margin:0">Text.</p>';
    document.body.style.margin = '0';
    document.body.innerHTML = `<main style="padding:0 16px">${filler}${modes.map((m) => `<broadphase-playground id="e-${m}" mode="${m}"></broadphase-playground>${filler}`).join('')}</main>`;
  }, MODES);
  await page.evaluate(async () => {
    await Promise.all([...document.querySelectorAll('broadphase-playground')].map((el) => el.ready));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

before(async () => {
  browser = await launch({ width: 390, height: 844, touch: true });
  page = browser.page;
  mkdirSync(screenshots, { recursive: true });
  await embedsPage();
});

after(async () => {
  if (browser) {
    assert.deepEqual(browser.problems, [], 'expected no console errors or page errors');
    await browser.close();
  }
});

/** One finger from `from` straight up by `dy` px, in steps, as a reader flicks through an article. */
async function swipe(cdp, from, dy) {
  const send = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [] });
  await send('touchStart', from);
  const steps = 8;
  for (let i = 1; i <= steps; i++) {
    await send('touchMove', { x: from.x, y: from.y - (dy * i) / steps });
    await page.waitForTimeout(16);
  }
  await send('touchEnd');
}

test(`one-finger swipes over every mode scroll the page and leave the scene alone (${SWIPES} of ${SWIPES})`, async () => {
  const cdp = await page.context().newCDPSession(page);
  const failures = [];
  try {
    for (const mode of MODES) {
      const id = `e-${mode}`;
      let scrolled = 0;
      const changed = [];
      for (let k = 0; k < SWIPES; k++) {
        // The canvas near the top of the screen, so a swipe has room to scroll.
        await page.evaluate((id) => {
          const el = document.getElementById(id);
          window.scrollTo(0, window.scrollY + el.getBoundingClientRect().top - 60);
        }, id);
        await page.waitForTimeout(60);
        const { rect, state } = await page.evaluate((id) => {
          const el = document.getElementById(id);
          const r = el.shadowRoot.querySelector('canvas#world').getBoundingClientRect();
          return { rect: { left: r.left, top: r.top, width: r.width, height: r.height }, state: JSON.stringify(el.getState()) };
        }, id);
        // A 4 × 5 grid of starting points over the canvas.
        const from = { x: rect.left + ((k % 4) + 0.5) * (rect.width / 4), y: rect.top + (Math.floor(k / 4) + 0.5) * (rect.height / 5) };
        const y0 = await page.evaluate(() => window.scrollY);
        await swipe(cdp, from, 160);
        await page.waitForTimeout(120);
        const after = await page.evaluate((id) => ({ y: window.scrollY, state: JSON.stringify(document.getElementById(id).getState()) }), id);
        if (after.y > y0 + 40) scrolled += 1;
        if (after.state !== state) changed.push(`swipe ${k} from (${Math.round(from.x - rect.left)}, ${Math.round(from.y - rect.top)})`);
      }
      if (scrolled < SWIPES) failures.push(`${mode}: ${scrolled} of ${SWIPES} swipes scrolled the page`);
      if (changed.length > 0) failures.push(`${mode}: the scene changed under ${changed.length} swipes (${changed.slice(0, 3).join('; ')})`);
    }
  } finally {
    await cdp.detach();
  }
  assert.deepEqual(failures, [], failures.join('\n'));
});

test('on a phone every mode fits its element, the canvas at least 55 % of its height', async () => {
  const failures = [];
  for (const mode of MODES) {
    const fit = await misfits(page, `e-${mode}`);
    if (fit.bad.length > 0) failures.push(`${mode}: ${fit.bad.slice(0, 6).join('; ')}`);
    if (fit.canvasShare < 0.55) failures.push(`${mode}: the canvas is ${(100 * fit.canvasShare).toFixed(0)} % of the ${fit.height} px element`);
  }
  assert.deepEqual(failures, [], failures.join('\n'));
});

test('on a touch screen every button, select, field and tab is at least 40 px', async () => {
  const small = await page.evaluate((modes) => {
    const found = [];
    for (const mode of modes) {
      const root = document.getElementById(`e-${mode}`).shadowRoot;
      for (const el of root.querySelectorAll('button, select, input[type="number"], [role="tab"], label.check')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (r.height < 40 - 0.5 || r.width < 40 - 0.5) found.push(`${mode}: ${el.localName}${el.id ? `#${el.id}` : ''} "${el.textContent.trim().slice(0, 20)}" ${Math.round(r.width)} × ${Math.round(r.height)}`);
      }
    }
    return found;
  }, MODES);
  assert.deepEqual(small, [], small.join('\n'));
});

test('on a touch screen the help line says how to zoom with two fingers, not the wheel', async () => {
  const helps = await page.evaluate((modes) => Object.fromEntries(modes.map((m) => [m, document.getElementById(`e-${m}`).shadowRoot.querySelector('#stage-help').textContent])), MODES);
  for (const [mode, help] of Object.entries(helps)) {
    assert.match(help, /pinch with two fingers to zoom/, `${mode}: "${help}"`);
    assert.doesNotMatch(help, /wheel/, `${mode}: a phone has no wheel: "${help}"`);
  }
});

test('a phone-width embed: screenshot', async () => {
  await page.evaluate(() => document.getElementById('e-quadtree').scrollIntoView({ block: 'start' }));
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(screenshots, 'guest-phone-quadtree.png') });
  await page.evaluate(() => document.getElementById('e-rays').scrollIntoView({ block: 'start' }));
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(screenshots, 'guest-phone-rays.png') });
});

test('on a phone, a finger on a box too small to aim at scrolls; held still first (a long press), it drags the box', async () => {
  await page.goto(`${browser.baseUrl}#mode=quadtree&n=300&paused`);
  await page.waitForFunction(() => (window.__broadphase?.frame ?? 0) > 2);
  await page.evaluate(() => document.getElementById('world').scrollIntoView({ block: 'start' }));
  await page.evaluate(() => window.scrollBy(0, -40));
  const box = await page.evaluate(() => {
    const bp = window.__broadphase;
    const w = bp.world;
    const ids = w.slotIds().slice();
    const boxes = w.slotBoxes().slice();
    const overlapping = w.slotOverlapping().slice();
    const cam = bp.camera;
    const k = bp.worldToScreen(1, 0).x - bp.worldToScreen(0, 0).x;
    for (let s = 0; s < ids.length; s++) {
      const [x, y, bw, bh] = boxes.slice(4 * s, 4 * s + 4);
      const nearCamera = x < cam.x + cam.w + 20 && cam.x - 20 < x + bw && y < cam.y + cam.h + 20 && cam.y - 20 < y + bh;
      const inner = x > 0.2 * w.width && x < 0.7 * w.width && y > 0.2 * w.height && y < 0.7 * w.height;
      if (ids[s] !== 0 && !overlapping[s] && !nearCamera && inner && Math.min(bw, bh) * k < 12) return { id: ids[s], x, y, w: bw, h: bh, at: bp.worldToScreen(x + bw / 2, y + bh / 2), k };
    }
    return null;
  });
  assert.ok(box, 'expected a small lone box to press on');
  const cdp = await page.context().newCDPSession(page);
  const send = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [] });
  try {
    // A swipe from the box: the page scrolls, the box stays.
    const y0 = await page.evaluate(() => window.scrollY);
    await swipe(cdp, box.at, 120);
    await page.waitForTimeout(150);
    const swiped = await page.evaluate((id) => ({ y: window.scrollY, box: Array.from(window.__broadphase.world.box(id)) }), box.id);
    assert.ok(swiped.y > y0 + 40, `expected the swipe to scroll the page (${y0} → ${swiped.y})`);
    assert.deepEqual(swiped.box.slice(0, 2), [box.x, box.y], 'expected the swipe to leave the box where it was');
    // Back, and a long press then a move: the box follows the finger.
    await page.evaluate((y) => window.scrollTo(0, y), y0);
    await page.waitForTimeout(150);
    const at = await page.evaluate(([x, y]) => window.__broadphase.worldToScreen(x, y), [box.x + box.w / 2, box.y + box.h / 2]);
    await send('touchStart', at);
    await page.waitForTimeout(700);
    for (let i = 1; i <= 5; i++) {
      await send('touchMove', { x: at.x + 8 * i, y: at.y });
      await page.waitForTimeout(16);
    }
    await send('touchEnd');
  } finally {
    await cdp.detach();
  }
  const moved = await page.evaluate((id) => Array.from(window.__broadphase.world.box(id)), box.id);
  assert.ok(Math.abs(moved[0] - (box.x + 40 / box.k)) < 3 / box.k, `expected the long press to drag the box 40 px right: x ${box.x} → ${moved[0]} (${(40 / box.k).toFixed(1)} units expected)`);
});

/** One finger from `from` by (dx, dy), in steps, without waiting first (a drag, not a long press). */
async function fingerDrag(cdp, from, dx, dy) {
  const send = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [] });
  await send('touchStart', from);
  for (let i = 1; i <= 8; i++) {
    await send('touchMove', { x: from.x + (dx * i) / 8, y: from.y + (dy * i) / 8 });
    await page.waitForTimeout(16);
  }
  await send('touchEnd');
}

test('on a phone, with the Box tool pressed, one finger draws a box (Rays, Tiles), even where tapping the tool did not focus the embed; the help says so', async () => {
  await embedsPage();
  const cdp = await page.context().newCDPSession(page);
  try {
    for (const mode of ['rays', 'tiles']) {
      const id = `e-${mode}`;
      await page.evaluate((id) => document.getElementById(id).scrollIntoView({ block: 'start' }), id);
      await page.waitForTimeout(150);
      // The boxes as the mode's box list shows them.
      const count = () => page.evaluate((id) => document.getElementById(id).shadowRoot.querySelectorAll('.box-list-row').length, id);
      const before = await count();
      // The tool pressed as a tap would, then focus taken away (a phone whose taps focus no button).
      await page.evaluate(([id, mode]) => {
        const root = document.getElementById(id).shadowRoot;
        const tool = mode === 'rays' ? root.querySelector('[data-tool="box"]') : [...root.querySelectorAll('.tiles-tools button')].find((b) => b.textContent.trim() === 'Box');
        tool.click();
        root.activeElement?.blur();
      }, [id, mode]);
      const rect = await page.evaluate((id) => {
        const r = document.getElementById(id).shadowRoot.querySelector('canvas#world').getBoundingClientRect();
        return { left: r.left, top: r.top, width: r.width, height: r.height };
      }, id);
      const y0 = await page.evaluate(() => window.scrollY);
      await fingerDrag(cdp, { x: rect.left + rect.width * 0.45, y: rect.top + rect.height * 0.45 }, 50, 40);
      await page.waitForTimeout(200);
      const after = await count();
      assert.equal(after, before + 1, `${mode}: expected a one-finger drag with the Box tool to draw a box (${before} boxes before, ${after} after)`);
      assert.equal(await page.evaluate(() => window.scrollY), y0, `${mode}: expected the drawing finger not to scroll the page`);
      const help = await page.evaluate((id) => document.getElementById(id).shadowRoot.querySelector('#stage-help').textContent, id);
      assert.match(help, /Box[^·]*one finger|one finger[^·]*Box/, `${mode}: expected the help to say a finger draws with Box: "${help}"`);
      assert.match(help, /tap a box to pick it, then drag it with one finger/, `${mode}: expected the help to say how to pick a small box: "${help}"`);
    }
  } finally {
    await cdp.detach();
  }
});

test('on a phone, a small box in Tiles (14 × 10) is picked with a tap, then dragged with one finger', async () => {
  await page.goto(`${browser.baseUrl}#mode=tiles&boxes=120,144,14,10`);
  await page.waitForFunction(() => (window.__broadphaseTiles?.frame ?? 0) > 2);
  const box = () => page.evaluate(() => window.__broadphaseTiles.boxes()[0]);
  const b0 = await box();
  assert.deepEqual([b0.w, b0.h], [14, 10], 'expected the 14 × 10 box');
  const at = await page.evaluate((b) => window.__broadphaseTiles.worldToScreen(b.x + b.w / 2, b.y + b.h / 2), b0);
  const cdp = await page.context().newCDPSession(page);
  try {
    await page.touchscreen.tap(at.x, at.y);
    await page.waitForTimeout(100);
    await fingerDrag(cdp, at, 48, 0);
  } finally {
    await cdp.detach();
  }
  const b1 = await box();
  const k = await page.evaluate(() => window.__broadphaseTiles.worldToScreen(1, 0).x - window.__broadphaseTiles.worldToScreen(0, 0).x);
  assert.ok(Math.abs(b1.x - (b0.x + 48 / k)) < 4 / k + 24, `expected the tapped box to follow the finger 48 px right: x ${b0.x} → ${b1.x} (${(48 / k).toFixed(1)} units, snapped to cells)`);
  assert.ok(b1.x > b0.x, `expected the box to move right: x ${b0.x} → ${b1.x}`);
});
