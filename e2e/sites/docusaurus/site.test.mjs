// The Docusaurus recipe of docs/EMBED.md, for real: this folder's site
// (the classic preset, React 19, a client module importing
// broadphase-playground) built by `docusaurus build` (webpack, server-side
// rendering) with the packed package, served statically, and read in
// Chromium at 1280 × 800 — loaded directly and reached by client-side
// navigation, the tile map an MDX string attribute over several lines.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { screenshots } from '../../support.mjs';
import { checkEmbeds, checkThemeToggle, installSite, openBrowser, run, serveSite } from '../support.mjs';

const site = fileURLToPath(new URL('.', import.meta.url));
const MAP = ['##################', '##......s1......##', '##....s1##......##', '##..............##', '##################'];

let browser;
let server;

before(async () => {
  const installed = installSite(site);
  const built = run(site, 'npx', ['docusaurus', 'build'], { DOCUSAURUS_TELEMETRY_DISABLED: '1' });
  console.log(`# docusaurus: install ${installed.toFixed(1)} s, build ${built.toFixed(1)} s`);
  server = await serveSite(join(site, 'build'));
  browser = await openBrowser({ width: 1280, height: 800 });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('Docusaurus: each page loaded directly shows its embed drawn, unclipped, with the author\'s map', async () => {
  for (const [path, maps] of [
    ['/', {}],
    ['/tiles', { tiles: MAP }],
  ]) {
    browser.problems.length = 0;
    await browser.page.goto(`${server.url}${path}`);
    await checkEmbeds(browser, { maps, expectCount: 1, what: `Docusaurus ${path} loaded directly` });
  }
  await browser.page.screenshot({ path: join(screenshots, 'site-docusaurus.png') });
});

test('Docusaurus: reached by client-side navigation, the tile embed starts with the author\'s map', async () => {
  browser.problems.length = 0;
  await browser.page.goto(`${server.url}/`);
  await checkEmbeds(browser, { expectCount: 1, what: 'Docusaurus home' });
  await browser.page.evaluate(() => (window.sameDocument = true));
  await browser.page.click('article a[href$="/tiles"]');
  await browser.page.waitForURL(/\/tiles$/);
  await checkEmbeds(browser, { maps: { tiles: MAP }, expectCount: 1, what: 'Docusaurus /tiles after routing' });
  assert.equal(await browser.page.evaluate(() => window.sameDocument), true, 'expected client-side navigation, not a page load');
});

test('Docusaurus: the site\'s dark-mode toggle turns the embed dark and back, the author\'s map, an edit and undo kept', async () => {
  browser.problems.length = 0;
  await browser.page.emulateMedia({ colorScheme: 'light' });
  await browser.page.goto(`${server.url}/tiles`);
  await checkEmbeds(browser, { maps: { tiles: MAP }, expectCount: 1, what: 'Docusaurus /tiles' });
  await checkThemeToggle(browser, {
    what: 'Docusaurus /tiles',
    id: 'tiles',
    map: MAP,
    // Docusaurus cycles system → light → dark: click until the site shows the wanted one.
    toggle: async (want) => {
      for (let i = 0; i < 3 && (await browser.page.evaluate(() => document.documentElement.dataset.theme)) !== want; i += 1) {
        await browser.page.click('button[aria-label^="Switch between dark and light mode"]');
      }
      await browser.page.waitForFunction((want) => document.documentElement.dataset.theme === want, want);
    },
  });
  await checkEmbeds(browser, { maps: {}, expectCount: 1, what: 'Docusaurus /tiles after toggling' });
});
