// The embed as a guest in someone else's article: every mode fits the
// column it is given (nothing outside the element, nothing cut off, the
// canvas at least 55 % of the height in a phone-width column), leaves the
// reader's wheel and swipes to the page until engaged, and keeps the keys
// it handles to itself. Pages are built in tutorial.html's document (the
// element is defined there) with the article replaced by a test column.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launch, screenshots, waitUntil } from './support.mjs';

const MODES = ['quadtree', 'grids', 'hierarchy', 'tiles', 'rays', 'play'];
const WIDTHS = [360, 480, 624, 760, 1000, 1240];

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

/**
 * Every way the embed `id` does not fit its element: an element of its
 * shadow root outside the host's rectangle (left and right always; top and
 * bottom unless it sits in a scroll area that is itself inside), text cut
 * off by its box, a select too narrow for its choice. Plus the canvas's
 * share of the height.
 */
function misfits(id) {
  return page.evaluate((id) => {
    const host = document.getElementById(id);
    const root = host.shadowRoot;
    const hr = host.getBoundingClientRect();
    const bad = [];
    const name = (el) => `${el.localName}${el.id ? `#${el.id}` : ''}${el.classList.length ? `.${[...el.classList].join('.')}` : ''}${el.localName === 'button' || el.localName === 'dd' ? ` "${el.textContent.trim().slice(0, 24)}"` : ''}`;
    const scroller = (el) => {
      for (let p = el.parentElement; p !== null; p = p.parentElement) {
        const oy = getComputedStyle(p).overflowY;
        if ((oy === 'auto' || oy === 'scroll') && p.scrollHeight > p.clientHeight) return p;
      }
      return null;
    };
    const shown = (el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const measure = document.createElement('canvas').getContext('2d');
    for (const el of root.querySelectorAll('*')) {
      if (!shown(el) || el.localName === 'style') continue;
      const r = el.getBoundingClientRect();
      const tol = 0.5;
      if (r.left < hr.left - tol || r.right > hr.right + tol) bad.push(`${name(el)} spans x ${Math.round(r.left - hr.left)}..${Math.round(r.right - hr.left)} of 0..${Math.round(hr.width)}`);
      if (r.top < hr.top - tol || r.bottom > hr.bottom + tol) {
        const s = scroller(el);
        const sr = s?.getBoundingClientRect();
        if (s === null || sr.top < hr.top - tol || sr.bottom > hr.bottom + tol) bad.push(`${name(el)} spans y ${Math.round(r.top - hr.top)}..${Math.round(r.bottom - hr.top)} of 0..${Math.round(hr.height)}`);
      }
      const cs = getComputedStyle(el);
      const clipsX = cs.overflowX === 'hidden' || cs.overflowX === 'clip' || cs.textOverflow === 'ellipsis';
      if (clipsX && el.scrollWidth > el.clientWidth + 1 && el.localName !== 'canvas') bad.push(`${name(el)} cuts off its content (${el.scrollWidth} > ${el.clientWidth} px)`);
      if (el.localName === 'select' && el.selectedIndex >= 0) {
        measure.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const text = el.options[el.selectedIndex].text;
        const need = measure.measureText(text).width + parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight) + 18;
        if (need > r.width + 1) bad.push(`${name(el)} too narrow for "${text}" (${Math.round(r.width)} < ${Math.round(need)} px)`);
      }
    }
    const canvas = root.querySelector('canvas#world');
    const cr = canvas.getBoundingClientRect();
    return { bad, canvasShare: cr.height / hr.height, height: hr.height, canvas: [Math.round(cr.width), Math.round(cr.height)] };
  }, id);
}

for (const width of WIDTHS) {
  test(`every mode fits a ${width} px column: nothing outside the element or cut off${width <= 480 ? ', the canvas ≥ 55 % of the height' : ''}`, async () => {
    await page.setViewportSize({ width: Math.max(width + 80, 1000), height: 900 });
    await column(`<main style="width:${width}px;margin:20px">${MODES.map((m) => `<broadphase-playground id="e-${m}" mode="${m}" style="margin-bottom:24px"></broadphase-playground>`).join('')}</main>`);
    const failures = [];
    for (const mode of MODES) {
      const fit = await misfits(`e-${mode}`);
      if (fit.bad.length > 0) failures.push(`${mode} at ${width} px: ${fit.bad.slice(0, 8).join('; ')}${fit.bad.length > 8 ? ` (+${fit.bad.length - 8} more)` : ''}`);
      if (width <= 480 && fit.canvasShare < 0.55) failures.push(`${mode} at ${width} px: the canvas is ${(100 * fit.canvasShare).toFixed(0)} % of the ${fit.height} px element (${fit.canvas.join(' × ')})`);
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
  await page.evaluate(() => document.getElementById('guest').setState({ view: undefined }));
  await page.mouse.click(again.x, again.y);
  const y2 = await scrollY();
  await page.mouse.wheel(0, -200);
  await waitUntil(page, 'the engaged embed to zoom on a plain wheel', () => document.getElementById('guest').getState().view ?? null, (v) => v !== null);
  assert.equal(await scrollY(), y2, 'expected the page not to scroll while the embed zooms');
});

test('keys the focused embed handles never reach the document; others do; Tab leaves the canvas in one press; Esc releases it', async () => {
  await page.setViewportSize({ width: 1000, height: 800 });
  for (const [mode, handled] of [
    ['rays', ['ArrowRight', 'ArrowDown', 'n', ' ']],
    ['quadtree', ['ArrowRight', ' ', 'Enter']],
    ['play', ['ArrowRight', 'ArrowLeft', ' ']],
    ['tiles', ['ArrowRight', 'Enter', 'r']],
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
