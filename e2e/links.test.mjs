// Browser test of hostile and broken share links: a packed value (`~…`)
// that does not unpack, a link cut anywhere (as chat and mail cut long
// ones), random `~` values and too many boxes or links. Each must be
// refused once, visibly (the settings notice, a console warning), and the
// page must go on with the rest of the link within a second.
// Serves $BROADPHASE_DIST (default dist/).

import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import { launch, waitUntil } from './support.mjs';

let browser;
let page;

before(async () => {
  browser = await launch();
  page = browser.page;
});

after(async () => {
  await browser?.close();
});

/** How long a link may take to show a mode, ms. */
const SHOW_WITHIN_MS = 1000;

/** `~` + base64url of the raw-deflated text: what the page writes for a long value. */
function pack(text) {
  return `~${deflateRawSync(Buffer.from(text)).toString('base64url')}`;
}

/** A small tile map with two doors, as the core writes it (see TileGrid.ascii). */
const MAP = [
  '..##....##..##..',
  '..s3....##..##..',
  '....o9....c1....',
  '################',
  'door 0 0 right open',
  'door 4 1 bottom closed',
].join('\n');
const BOXES = Array.from({ length: 12 }, (_, i) => `${8 + i * 10},${4 + (i % 3) * 9},6,5`).join(';');

/**
 * Puts `hash` in the address as a person pasting a link would (a fragment
 * navigation, which the shell follows), and waits until a mode is mounted
 * again. Returns the ms it took, the mode, the notice and the address.
 */
async function follow(hash) {
  // A hung main thread never answers: give up on the Node side after a while.
  const hung = new Promise((resolve) => setTimeout(() => resolve({ ms: Infinity, mode: null, notice: null, hash: null, hung: true }), SHOW_WITHIN_MS * 10));
  const shown = page.evaluate(
    async ({ hash, limit }) => {
      const host = document.getElementById('mode-host');
      const old = host.firstElementChild;
      if (old !== null) old.dataset.stale = '1';
      const t0 = performance.now();
      const target = `#${hash}`;
      if (location.hash === new URL(target, location.href).hash) {
        // The address already says this (the shell's own rewrite): it is what is shown.
        return { ms: 0, mode: host.dataset.mode, same: true };
      }
      location.hash = hash;
      // Wait (on the page's own clock) for a fresh mode with its canvas sized.
      for (;;) {
        const root = host.firstElementChild;
        const canvas = root?.querySelector('canvas');
        if (root && root.dataset.stale !== '1' && canvas && canvas.width > 0) break;
        if (performance.now() - t0 > limit * 5) break;
        await new Promise((r) => requestAnimationFrame(r));
      }
      const notice = document.getElementById('settings-notice');
      return { ms: performance.now() - t0, mode: host.dataset.mode, notice: notice.hidden ? null : notice.textContent, hash: location.hash };
    },
    { hash, limit: SHOW_WITHIN_MS },
  );
  return Promise.race([shown, hung]);
}

async function openPage() {
  await page.goto(`${browser.baseUrl}#mode=quadtree&n=50`);
  await waitUntil(page, 'the quadtree mode', () => window.__broadphase?.frame ?? -1, (f) => f > 1, 20_000);
}

test('a link names each setting as its attribute does; an older link\'s short names open the same scene, and the page writes the one name', async () => {
  await openPage();
  const scene = () => ({ count: window.__broadphase.world.count, limits: [window.__broadphase.world.maxObjects, window.__broadphase.world.maxLevels], cell: window.__broadphase.world.cellSize, seed: window.__broadphase.settings.seed });
  browser.warnings.length = 0;
  const now = await follow('mode=grids&count=300&seed=4&max-objects=4&max-levels=6&cell-size=25&paused');
  assert.equal(now.mode, 'grids');
  assert.equal(now.notice, null, `expected #count=300 and the other attribute names to be taken as written, notice: ${now.notice}`);
  const written = await page.evaluate(scene);
  assert.deepEqual(written, { count: 300, limits: [4, 6], cell: 25, seed: 4 });
  const old = await follow('mode=grids&n=300&seed=4&mo=4&ml=6&cell=25&paused');
  assert.equal(old.notice, null, `expected an older link's n, mo, ml and cell to be read, notice: ${old.notice}`);
  assert.deepEqual(await page.evaluate(scene), written, 'expected the older link to open the same scene');
  // A change makes the page write its address: under the one name, never the short one.
  await page.click('#new-seed');
  const hash = await waitUntil(page, 'the address to be rewritten', () => location.hash, (h) => !/seed=4(&|$)/.test(h));
  assert.match(hash, /[#&]count=300(&|$)/, `expected count=300 in ${hash}`);
  assert.match(hash, /[#&]max-objects=4&max-levels=6&cell-size=25(&|$)/, `expected the attribute names in ${hash}`);
  assert.doesNotMatch(hash, /[#&](n|mo|ml|cell)=/, `expected no short names in ${hash}`);
  assert.deepEqual(browser.warnings, [], 'expected no warnings');
});

test('a packed value that does not unpack is refused once, named in the notice and the console, and the rest of the link applies', async () => {
  await openPage();
  for (const [hash, key, mode] of [
    ['mode=tiles&tiles=~!!!***', 'tiles', 'tiles'],
    ['mode=tiles&tiles=~', 'tiles', 'tiles'],
    ['mode=tiles&preset=slopes&zzz=~!', 'zzz', 'tiles'],
    ['mode=grids&n=120&boxes=~AAAA', 'boxes', 'grids'],
    ['mode=~x', 'mode', 'quadtree'],
  ]) {
    browser.warnings.length = 0;
    const shown = await follow(hash);
    assert.ok(shown.ms < SHOW_WITHIN_MS, `expected #${hash} to show a mode within ${SHOW_WITHIN_MS} ms, took ${Math.round(shown.ms)} ms`);
    assert.equal(shown.mode, mode, `expected #${hash} to open the ${mode} mode`);
    assert.match(shown.notice ?? '', new RegExp(`${key}`), `expected the notice to name ${key} for #${hash}, it says ${shown.notice}`);
    assert.ok(browser.warnings.some((w) => w.includes(key)), `expected a console warning naming ${key} for #${hash}, saw ${JSON.stringify(browser.warnings)}`);
    assert.doesNotMatch(shown.hash, /~/, `expected the refused value out of the address, found ${shown.hash}`);
  }
  // The rest of the link was used: the preset of the third link, the count of the fourth.
  await follow('mode=tiles&preset=slopes&zzz=~!');
  assert.equal(await page.evaluate(() => window.__broadphaseTiles.editor.preset), 'slopes');
  assert.deepEqual(browser.problems, [], `expected no errors, found ${browser.problems.join('; ')}`);
});

test('a valid packed link cut at every point shows a page within a second', async () => {
  await openPage();
  const link = `mode=tiles&shape=slope45-br&tiles=${pack(MAP)}&boxes=${pack(BOXES)}`;
  // The whole link works first: the map and the boxes as written.
  const whole = await follow(link);
  assert.equal(whole.mode, 'tiles');
  assert.equal(whole.notice, null, `expected the whole link to be taken as written, notice: ${whole.notice}`);
  assert.equal(await page.evaluate(() => window.__broadphaseTiles.boxes().length), 12);
  let slowest = 0;
  for (let cut = 1; cut < link.length; cut++) {
    const shown = await follow(link.slice(0, cut));
    slowest = Math.max(slowest, shown.ms);
    assert.ok(shown.ms < SHOW_WITHIN_MS, `expected the link cut at ${cut} ("…${link.slice(Math.max(0, cut - 12), cut)}") to show a mode within ${SHOW_WITHIN_MS} ms, took ${Math.round(shown.ms)} ms`);
    assert.ok(shown.mode === 'tiles' || shown.mode === 'quadtree', `expected a mode for the cut at ${cut}, found ${shown.mode}`);
  }
  console.log(`# ${link.length - 1} cut points, slowest ${Math.round(slowest)} ms`);
  assert.deepEqual(browser.problems, [], `expected no errors, found ${browser.problems.join('; ')}`);
});

test('random ~ values in any key show a page within a second', async () => {
  await openPage();
  let seed = 0x2545f491;
  const random = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_~!*.%';
  const keys = ['tiles', 'boxes', 'moved', 'links', 'view', 'ray', 'zzz', 'n', 'preset'];
  for (let i = 0; i < 40; i++) {
    const length = Math.floor(random() * 200);
    let value = '~';
    for (let k = 0; k < length; k++) value += alphabet[Math.floor(random() * alphabet.length)];
    const mode = ['tiles', 'quadtree', 'rays', 'hierarchy'][i % 4];
    const hash = `mode=${mode}&${keys[i % keys.length]}=${value}`;
    const shown = await follow(hash);
    assert.ok(shown.ms < SHOW_WITHIN_MS, `expected #${hash} (seed case ${i}) to show a mode within ${SHOW_WITHIN_MS} ms, took ${Math.round(shown.ms)} ms`);
    assert.equal(shown.mode, mode, `expected #${hash} to open the ${mode} mode`);
  }
  assert.deepEqual(browser.problems, [], `expected no errors, found ${browser.problems.join('; ')}`);
});

test('a short link asking for 5,000 boxes in the tile editor places 64, says so, and draws at once', async () => {
  await openPage();
  const many = Array.from({ length: 5000 }, (_, i) => `${(i % 70) * 10},${Math.floor(i / 70) * 8},4,4`).join(';');
  browser.warnings.length = 0;
  const shown = await follow(`mode=tiles&boxes=${pack(many)}`);
  assert.ok(shown.ms < SHOW_WITHIN_MS, `expected the tile editor within ${SHOW_WITHIN_MS} ms, took ${Math.round(shown.ms)} ms`);
  assert.equal(shown.mode, 'tiles');
  assert.match(shown.notice ?? '', /boxes cut to the first 64 of 5,000 boxes/, `notice: ${shown.notice}`);
  assert.ok(browser.warnings.some((w) => /boxes cut to the first 64/.test(w)), 'expected a console warning');
  assert.equal(await page.evaluate(() => window.__broadphaseTiles.boxes().length), 64);
});

test('50,000 dead hierarchy links in a link: cut to the scene\'s 200 and drawn within a second', async () => {
  await openPage();
  const links = Array.from({ length: 50_000 }, (_, i) => `${i + 100_000}:${i + 200_000}`).join(';');
  // A 287,000-character address: parsing it alone is a good part of the time (about 0.4 s in all on a quiet machine; it took 29 s).
  const shown = await follow(`mode=hierarchy&links=${pack(links)}`);
  assert.ok(shown.ms < 2 * SHOW_WITHIN_MS, `expected the hierarchy within ${2 * SHOW_WITHIN_MS} ms, took ${Math.round(shown.ms)} ms`);
  assert.equal(shown.mode, 'hierarchy');
  assert.match(shown.notice ?? '', /links cut to the first 200 of 50,000 links/, `notice: ${shown.notice}`);
  // The 200 dead ones the scene lacks are said in a few lines over the canvas, not 200.
  const said = await waitUntil(page, "the mode's notice about the links it could not attach", () => document.getElementById('notice')?.textContent ?? '', (t) => /not attached/.test(t));
  assert.match(said, /198 more/);
  assert.ok(said.split('·').length <= 3, `expected a short notice, found ${said}`);
});

test('an embed given more boxes than its mode holds refuses them, names the attribute, and starts with its defaults', async () => {
  await page.goto(`${browser.baseUrl}tutorial.html`);
  const many = Array.from({ length: 5000 }, (_, i) => `${(i % 70) * 10},${Math.floor(i / 70) * 8},4,4`).join(';');
  browser.warnings.length = 0;
  const got = await page.evaluate(async (many) => {
    const el = document.createElement('broadphase-playground');
    el.setAttribute('mode', 'tiles');
    el.setAttribute('boxes', many);
    el.setAttribute('height', '300');
    document.body.append(el);
    await el.playground.ready;
    await new Promise((r) => setTimeout(r, 200));
    const notice = el.shadowRoot.querySelector('.bp-problems');
    return { notice: notice.hidden ? null : notice.textContent, boxes: el.shadowRoot.querySelectorAll('.tiles-delete').length, problems: el.playground.problems.map((p) => p.name) };
  }, many);
  assert.deepEqual(got.problems, ['boxes']);
  assert.match(got.notice ?? '', /boxes: has 5,000 boxes, more than 64/, `notice: ${got.notice}`);
  assert.ok(browser.warnings.some((w) => /boxes: has 5,000 boxes/.test(w)), 'expected a console warning');
  assert.ok(got.boxes > 0 && got.boxes <= 3, `expected the editor's three starting boxes listed, found ${got.boxes}`);
});
