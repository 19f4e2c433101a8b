// tutorial.html as a reader sees it, on a desktop (1440 × 900) and a phone
// (390 × 844, touch): every embed fits its column, its readouts show
// without scrolling inside it, the tile embed's boxes sit on its map, and
// the text matches what is on screen. Full-page screenshots of both.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { misfits } from './fit.mjs';
import { launch, screenshots } from './support.mjs';

const IDS = ['demo-quadtree-build', 'demo-quadtree', 'demo-grids', 'demo-tiles', 'demo-edges', 'demo-rays', 'demo-play'];

async function open(size) {
  const browser = await launch(size);
  const page = browser.page;
  await page.goto(`${browser.baseUrl}tutorial.html`);
  for (const id of IDS) {
    await page.evaluate((id) => document.getElementById(id).scrollIntoView({ block: 'center' }), id);
    await page.evaluate((id) => document.getElementById(id).ready, id);
    await page.waitForTimeout(150);
  }
  return browser;
}

/** Per embed: panels whose content needs scrolling inside the embed (each tab in turn), and the tile readout's text. */
function readouts(page) {
  return page.evaluate(async (ids) => {
    const out = {};
    for (const id of ids) {
      document.getElementById(id).scrollIntoView({ block: 'center' });
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const root = document.getElementById(id).shadowRoot;
      const sidebar = root.querySelector('.sidebar');
      const tabs = [...root.querySelectorAll('.panel-tabs [role="tab"]')].filter((t) => t.getClientRects().length > 0);
      const scrolled = [];
      const check = (name) => {
        if (sidebar.scrollHeight > sidebar.clientHeight + 1) scrolled.push(`${name} (${sidebar.scrollHeight} > ${sidebar.clientHeight} px)`);
      };
      if (tabs.length === 0) check('panels');
      for (const tab of tabs) {
        tab.click();
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        check(tab.textContent);
      }
      if (tabs.length > 0) tabs[0].click();
      out[id] = { scrolled, text: root.querySelector('#tiles-readout')?.textContent ?? '' };
    }
    return out;
  }, IDS);
}

for (const [name, size] of [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844, touch: true }],
]) {
  test(`tutorial.html on a ${name}: every embed fits, its readouts need no inner scrolling, the tile boxes are on the map, the text matches`, async () => {
    mkdirSync(screenshots, { recursive: true });
    const browser = await open(size);
    const page = browser.page;
    try {
      const failures = [];
      for (const id of IDS) {
        await page.evaluate((id) => document.getElementById(id).scrollIntoView({ block: 'center' }), id);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const fit = await misfits(page, id);
        if (fit.bad.length > 0) failures.push(`${id}: ${fit.bad.slice(0, 5).join('; ')}`);
      }
      const seen = await readouts(page);
      for (const id of IDS) if (seen[id].scrolled.length > 0) failures.push(`${id}: scrolls inside: ${seen[id].scrolled.join(', ')}`);
      if (/\b0 cells\b|off the grid/.test(seen['demo-tiles'].text)) failures.push(`demo-tiles: a box off the map: "${seen['demo-tiles'].text.slice(0, 160)}"`);
      // The lede counts the ways the numbered sections show, and the game section after them.
      const prose = await page.evaluate(() => ({ lede: document.querySelector('.lede').textContent, numbered: [...document.querySelectorAll('main h2')].filter((h) => /^\d+\./.test(h.textContent)).length }));
      const words = ['one', 'two', 'three', 'four', 'five', 'six'];
      const ways = words.indexOf(/(\w+) ways/.exec(prose.lede)?.[1] ?? '') + 1;
      if (ways !== prose.numbered - 1 || !/game/.test(prose.lede)) failures.push(`the lede promises ${ways} ways${/game/.test(prose.lede) ? ' and a game' : ''} for ${prose.numbered} numbered sections`);
      assert.deepEqual(failures, [], failures.join('\n'));
      for (const id of IDS) await page.locator(`#${id}`).screenshot({ path: join(screenshots, `tutorial-${name}-${id}.png`) });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(screenshots, `tutorial-${name}.png`), fullPage: true });
      assert.deepEqual(browser.problems, [], 'expected no console errors or page errors');
    } finally {
      await browser.close();
    }
  });
}
