// The embed as a guest in someone else's article: every mode fits the
// column it is given, 320 to 1400 px, on every panel's tab (nothing
// outside the element, nothing cut off, the canvas at least 55 % of the
// height in a phone-width column), leaves the
// reader's wheel and swipes to the page until engaged, and keeps the keys
// it handles to itself. Pages are built in tutorial.html's document (the
// element is defined there) with the article replaced by a test column.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { misfits } from './fit.mjs';
import { launch, screenshots, waitUntil } from './support.mjs';

const MODES = ['quadtree', 'grids', 'hierarchy', 'tiles', 'rays', 'play'];
const WIDTHS = [320, 360, 480, 624, 760, 1000, 1240, 1400];

let browser;
let page;

before(async () => {
  browser = await launch({ width: 1440, height: 900 });
  page = browser.page;
  mkdirSync(screenshots, { recursive: true });
});

after(async () => {
  if (browser) {
    assert.deepEqual(browser.problems, [], 'expected no console errors or page errors');
    await browser.close();
  }
});

/** Replaces the article with `html` and waits until every embed in it drew. */
async function column(html) {
  await page.goto(`${browser.baseUrl}tutorial.html`);
  await page.evaluate(() => customElements.whenDefined('broadphase-playground'));
  await page.evaluate((markup) => {
    // The article's own rules for its embeds (wider than the text) would size ours: gone.
    for (const sheet of document.querySelectorAll('link[rel="stylesheet"], style')) sheet.remove();
    document.body.innerHTML = markup;
  }, html);
  await page.evaluate(async () => {
    const all = [...document.querySelectorAll('broadphase-playground')];
    await Promise.all(all.map((el) => el.ready));
    // Two frames: the layout settles after the element picked its height.
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

for (const width of WIDTHS) {
  test(`every mode fits a ${width} px column, every panel: nothing outside the element or cut off${width <= 480 ? ', the canvas ≥ 55 % of the height' : ''}`, async () => {
    await page.setViewportSize({ width: Math.max(width + 80, 1000), height: 900 });
    await column(`<main style="width:${width}px;margin:20px">${MODES.map((m) => `<broadphase-playground id="e-${m}" mode="${m}" style="margin-bottom:24px"></broadphase-playground>`).join('')}</main>`);
    const failures = [];
    for (const mode of MODES) {
      // As a reader sees it: in view (an embed far from view shows no panels until it is near).
      await page.evaluate((id) => document.getElementById(id).scrollIntoView({ block: 'center' }), `e-${mode}`);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      // Every panel, each behind its tab where the panels take turns (the Grids comparison table among them).
      const tabs = await page.evaluate((id) => [...document.getElementById(id).shadowRoot.querySelectorAll('.panel-tab')].filter((t) => t.getClientRects().length > 0).map((t) => t.textContent), `e-${mode}`);
      for (let t = 0; t < Math.max(1, tabs.length); t++) {
        if (tabs.length > 0) {
          await page.evaluate(([id, t]) => [...document.getElementById(id).shadowRoot.querySelectorAll('.panel-tab')].filter((b) => b.getClientRects().length > 0)[t].click(), [`e-${mode}`, t]);
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        }
        const where = `${mode} at ${width} px${tabs.length > 0 ? `, tab "${tabs[t]}"` : ''}`;
        const fit = await misfits(page, `e-${mode}`);
        if (fit.bad.length > 0) failures.push(`${where}: ${fit.bad.slice(0, 8).join('; ')}${fit.bad.length > 8 ? ` (+${fit.bad.length - 8} more)` : ''}`);
        if (width <= 480 && fit.canvasShare < 0.55) failures.push(`${where}: the canvas is ${(100 * fit.canvasShare).toFixed(0)} % of the ${fit.height} px element (${fit.canvas.join(' × ')})`);
      }
    }
    if (width === 624 || width === 360) {
      await page.evaluate(() => document.getElementById('e-grids').scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: join(screenshots, `guest-grids-${width}.png`) });
    }
    assert.deepEqual(failures, [], failures.join('\n'));
  });
}

/** A tall article with one embed in the middle of it, and a record of keys reaching the document. */
async function article(mode, attrs = '') {
  const filler = '<p style="height:900px">Text before.</p>';
  await column(`<main style="width:760px;margin:20px">${filler}<broadphase-playground id="guest" mode="${mode}" ${attrs}></broadphase-playground>${filler}</main>`);
  await page.evaluate(() => {
    window.__keysSeen = [];
    document.addEventListener('keydown', (e) => window.__keysSeen.push(e.key));
    document.getElementById('guest').scrollIntoView({ block: 'center' });
  });
  await page.waitForTimeout(100);
}

async function canvasCentre() {
  return page.evaluate(() => {
    const r = document.getElementById('guest').shadowRoot.querySelector('canvas#world').getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  });
}

const view = () => page.evaluate(() => document.getElementById('guest').getState().view ?? null);
const scrollY = () => page.evaluate(() => window.scrollY);

test('the wheel over an idle embed scrolls the page and shows how to zoom; Ctrl+wheel zooms; once engaged the wheel zooms', async () => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await article('quadtree', 'paused');
  const at = await canvasCentre();
  await page.mouse.move(at.x, at.y);
  const y0 = await scrollY();
  await page.mouse.wheel(0, 200);
  await waitUntil(page, 'the page to scroll under the wheel', () => window.scrollY, (y) => y > y0 + 50);
  assert.equal(await view(), null, 'expected an idle embed not to zoom on a plain wheel');
  const hint = await page.evaluate(() => {
    const el = document.getElementById('guest').shadowRoot.querySelector('.stage-hint');
    return el && !el.hidden ? el.textContent : null;
  });
  assert.match(hint ?? '', /(Ctrl|⌘) \+ scroll to zoom/, `expected the hint on the first idle wheel, got ${hint}`);
  // The help line under every mode's canvas says the same as the hint: in an article the plain wheel scrolls.
  const helps = await page.evaluate(async (modes) => {
    const out = {};
    for (const mode of modes) {
      const el = document.createElement('broadphase-playground');
      el.setAttribute('mode', mode);
      document.querySelector('main').append(el);
      await el.ready;
      out[mode] = el.shadowRoot.querySelector('#stage-help').textContent;
      el.remove();
    }
    return out;
  }, ['quadtree', 'grids', 'hierarchy', 'tiles', 'rays', 'play']);
  for (const [mode, help] of Object.entries(helps)) {
    assert.ok(!/scroll to zoom|wheel zooms|wheel or two fingers zoom/.test(help.replace(/(Ctrl|⌘)[^·]*wheel zooms/, '')), `${mode}: the help line says a plain wheel zooms: "${help}"`);
    assert.match(help, /(Ctrl|⌘)/, `${mode}: expected the help line to say how to zoom in an article: "${help}"`);
  }

  const again = await canvasCentre();
  await page.mouse.move(again.x, again.y);
  const y1 = await scrollY();
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -200);
  await page.keyboard.up('Control');
  const zoomed = await waitUntil(page, 'Ctrl+wheel to zoom the embed', () => document.getElementById('guest').getState().view ?? null, (v) => v !== null);
  assert.ok(Number(zoomed[0]) > 1, `expected Ctrl+wheel up to zoom in, view ${JSON.stringify(zoomed)}`);
  assert.equal(await scrollY(), y1, 'expected Ctrl+wheel not to scroll the page');

  // Engaged (clicked into): the plain wheel zooms and the page stays.
  await page.mouse.click(again.x, again.y);
  const y2 = await scrollY();
  await page.mouse.wheel(0, -200);
  await waitUntil(page, 'the engaged embed to zoom further on a plain wheel', () => document.getElementById('guest').getState().view?.[0] ?? 0, (z) => z > zoomed[0] * 1.1);
  assert.equal(await scrollY(), y2, 'expected the page not to scroll while the embed zooms');
});

test('keys the focused embed handles never reach the document; others do; Tab leaves the canvas in one press; Esc releases it', async () => {
  await page.setViewportSize({ width: 1000, height: 800 });
  for (const [mode, handled] of [
    ['rays', ['ArrowRight', 'ArrowDown', 'n', ' ']],
    ['quadtree', ['ArrowRight', ' ', 'Enter']],
    ['play', ['ArrowRight', 'ArrowLeft', ' ']],
    ['tiles', ['ArrowRight', 'Enter', 'r']],
    ['grids', ['ArrowRight', ' ', 'Enter', '+']],
    ['hierarchy', ['ArrowLeft', ' ', 't', '+']],
  ]) {
    await article(mode);
    await page.evaluate(() => document.getElementById('guest').shadowRoot.querySelector('canvas#world').focus());
    for (const key of handled) await page.keyboard.press(key === ' ' ? 'Space' : key);
    await page.keyboard.press('x');
    const seen = await page.evaluate(() => window.__keysSeen);
    assert.deepEqual(seen, ['x'], `${mode}: expected only the unhandled key to reach the document, saw ${JSON.stringify(seen)}`);

    await page.keyboard.press('Tab');
    const after = await page.evaluate(() => document.getElementById('guest').shadowRoot.activeElement?.id ?? null);
    assert.notEqual(after, 'world', `${mode}: expected one Tab to move focus off the canvas`);

    await page.evaluate(() => document.getElementById('guest').shadowRoot.querySelector('canvas#world').focus());
    // Esc may first cancel what the mode has under way (a selection); then it releases.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    const released = await page.evaluate(() => document.getElementById('guest').shadowRoot.activeElement?.id ?? null);
    assert.notEqual(released, 'world', `${mode}: expected Esc to release the canvas`);
  }
});

test('the focused canvas shows a ring outside it', async () => {
  await article('grids');
  await page.evaluate(() => document.getElementById('guest').shadowRoot.querySelector('canvas#world').focus({ focusVisible: true }));
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  const ring = await page.evaluate(() => {
    const c = document.getElementById('guest').shadowRoot.querySelector('canvas#world');
    const cs = getComputedStyle(c);
    return { focused: c.matches(':focus-visible'), style: cs.outlineStyle, width: parseFloat(cs.outlineWidth), offset: parseFloat(cs.outlineOffset) };
  });
  assert.ok(ring.focused, 'expected the canvas to be focused from the keyboard');
  assert.equal(ring.style, 'solid', 'expected an outline on the focused canvas');
  assert.ok(ring.width >= 2 && ring.offset >= 0, `expected the ring outside the canvas, got ${JSON.stringify(ring)}`);
});

test('the full page: after clicking the Play tab, ArrowRight moves the player; Space on a focused checkbox toggles it', async () => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${browser.baseUrl}#mode=quadtree`);
  await waitUntil(page, 'the quadtree mode to draw', () => window.__broadphase?.frame ?? -1, (f) => f > 1, 20_000);
  await page.click('#tab-play');
  await waitUntil(page, 'the play mode to run', () => window.__broadphasePlay?.frame ?? -1, (f) => f > 2, 20_000);
  const x0 = await page.evaluate(() => window.__broadphasePlay.game().playerBox()[0]);
  await page.keyboard.down('ArrowRight');
  await page.waitForTimeout(500);
  await page.keyboard.up('ArrowRight');
  const after = await page.evaluate(() => ({ x: window.__broadphasePlay.game().playerBox()[0], mode: document.querySelector('[role="tab"][aria-selected="true"]')?.dataset.mode }));
  assert.equal(after.mode, 'play', 'expected ArrowRight not to switch the mode');
  assert.ok(after.x > x0 + 5, `expected ArrowRight to run the player right (${x0} → ${after.x})`);

  const box = page.locator('#play-grid');
  await box.focus();
  const was = await box.isChecked();
  await page.keyboard.press('Space');
  assert.equal(await box.isChecked(), !was, 'expected Space on a focused checkbox to toggle it');
});

test('a low embed folds its legend and help behind "?", which shows them over the canvas, inside the element', async () => {
  await page.setViewportSize({ width: 1100, height: 900 });
  await column('<main style="width:1000px;margin:20px"><broadphase-playground id="low" mode="grids" height="400"></broadphase-playground></main>');
  const state = () =>
    page.evaluate(() => {
      const host = document.getElementById('low');
      const root = host.shadowRoot;
      const footer = root.querySelector('.stage-footer');
      const toggle = root.querySelector('[data-tool="legend"]');
      const fr = footer.getBoundingClientRect();
      const hr = host.getBoundingClientRect();
      return { footer: getComputedStyle(footer).display !== 'none' && fr.height > 0, toggle: toggle.getClientRects().length > 0, inside: fr.top >= hr.top && fr.bottom <= hr.bottom, expanded: toggle.getAttribute('aria-expanded') };
    });
  const folded = await state();
  assert.deepEqual([folded.footer, folded.toggle], [false, true], `expected the legend folded and "?" shown at 400 px, got ${JSON.stringify(folded)}`);
  await page.evaluate(() => document.getElementById('low').shadowRoot.querySelector('[data-tool="legend"]').click());
  const open = await state();
  assert.deepEqual([open.footer, open.inside, open.expanded], [true, true, 'true'], `expected "?" to show the legend inside the element, got ${JSON.stringify(open)}`);
});

test('the tile editor pans on a desktop: the middle button or Space-drag moves the view, a plain drag still paints', async () => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${browser.baseUrl}#mode=tiles`);
  await waitUntil(page, 'the tiles mode to draw', () => window.__broadphaseTiles?.frame ?? -1, (f) => f > 1, 20_000);
  const origin = () => page.evaluate(() => window.__broadphaseTiles.worldToScreen(0, 0));
  // Zoomed in, so there is somewhere to pan to.
  await page.click('[data-tool="zoom-in"]');
  await page.click('[data-tool="zoom-in"]');
  const box = await page.locator('#world').boundingBox();
  const mid = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const ascii0 = await page.evaluate(() => window.__broadphaseTiles.tiles.ascii());
  const a = await origin();
  await page.mouse.move(mid.x, mid.y);
  await page.mouse.down({ button: 'middle' });
  await page.mouse.move(mid.x + 60, mid.y + 30, { steps: 4 });
  await page.mouse.up({ button: 'middle' });
  const b = await origin();
  assert.ok(Math.abs(b.x - a.x - 60) < 2 && Math.abs(b.y - a.y - 30) < 2, `expected a middle-drag to pan the map by (60, 30): ${JSON.stringify(a)} → ${JSON.stringify(b)}`);
  await page.locator('#world').focus();
  await page.keyboard.down('Space');
  await page.mouse.move(mid.x, mid.y);
  await page.mouse.down();
  await page.mouse.move(mid.x - 40, mid.y, { steps: 4 });
  await page.mouse.up();
  await page.keyboard.up('Space');
  const c = await origin();
  assert.ok(Math.abs(c.x - b.x + 40) < 2 && Math.abs(c.y - b.y) < 2, `expected a Space-drag to pan the map by (-40, 0): ${JSON.stringify(b)} → ${JSON.stringify(c)}`);
  assert.equal(await page.evaluate(() => window.__broadphaseTiles.tiles.ascii()), ascii0, 'expected panning to paint nothing');
});
