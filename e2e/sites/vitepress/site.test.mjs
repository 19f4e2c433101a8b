// The VitePress recipe of docs/EMBED.md, for real: this folder's site
// (the default theme importing broadphase-playground, Vue told the element
// is a custom element) built by `vitepress build` with the packed package,
// served statically, and read in Chromium at 1280 × 800 — loaded directly
// and reached by client-side navigation, the map written as a multi-line
// attribute and as a <template> (which Vue's compiler squashes onto a line).

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { screenshots } from '../../support.mjs';
import { checkEmbeds, checkThemeToggle, installSite, openBrowser, run, serveSite } from '../support.mjs';

const site = fileURLToPath(new URL('.', import.meta.url));
const ATTRIBUTE_MAP = ['##########################', '##....................s1##', '##..................s1####', '##......##########..######', '##....................c3##', '##s3..................o9##', '######..........##########', '##########################'];
const TEMPLATE_MAP = ['################', '##....s1......##', '##..s1####....##', '##............##', '################'];

let browser;
let server;

before(async () => {
  const installed = installSite(site);
  const built = run(site, 'npx', ['vitepress', 'build', 'docs']);
  console.log(`# vitepress: install ${installed.toFixed(1)} s, build ${built.toFixed(1)} s`);
  server = await serveSite(join(site, 'docs', '.vitepress', 'dist'));
  browser = await openBrowser({ width: 1280, height: 800 });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('VitePress: each page loaded directly shows its embed drawn, unclipped, with the author\'s map', async () => {
  for (const [path, maps] of [
    ['/', {}],
    ['/tiles', { tiles: ATTRIBUTE_MAP }],
    ['/tiles-template', { 'tiles-template': TEMPLATE_MAP }],
  ]) {
    browser.problems.length = 0;
    await browser.page.goto(`${server.url}${path}`);
    await checkEmbeds(browser, { maps, expectCount: 1, what: `VitePress ${path} loaded directly` });
  }
  await browser.page.screenshot({ path: join(screenshots, 'site-vitepress.png') });
});

test('VitePress: reached by client-side navigation, the embeds start with the author\'s maps', async () => {
  browser.problems.length = 0;
  await browser.page.goto(`${server.url}/`);
  await checkEmbeds(browser, { expectCount: 1, what: 'VitePress home' });
  // Gone after a page load; still there after client-side routing.
  await browser.page.evaluate(() => (window.sameDocument = true));
  await browser.page.click('.vp-doc a[href*="tiles"]:not([href*="template"])');
  await browser.page.waitForURL(/\/tiles$|\/tiles\.html$/);
  await checkEmbeds(browser, { maps: { tiles: ATTRIBUTE_MAP }, expectCount: 1, what: 'VitePress /tiles after routing' });
  await browser.page.click('.vp-doc a[href*="tiles-template"]');
  await browser.page.waitForURL(/tiles-template/);
  await checkEmbeds(browser, { maps: { 'tiles-template': TEMPLATE_MAP }, expectCount: 1, what: 'VitePress /tiles-template after routing' });
  assert.equal(await browser.page.evaluate(() => window.sameDocument), true, 'expected client-side navigation, not a page load');
  await browser.page.screenshot({ path: join(screenshots, 'site-vitepress-routed.png') });
});

test('VitePress: the site\'s appearance switch turns the embed dark and back, the author\'s map, an edit and undo kept', async () => {
  browser.problems.length = 0;
  await browser.page.emulateMedia({ colorScheme: 'light' });
  await browser.page.goto(`${server.url}/tiles`);
  await checkEmbeds(browser, { maps: { tiles: ATTRIBUTE_MAP }, expectCount: 1, what: 'VitePress /tiles' });
  await checkThemeToggle(browser, {
    what: 'VitePress /tiles',
    id: 'tiles',
    map: ATTRIBUTE_MAP,
    toggle: async (want) => {
      await browser.page.click('.VPNavBar button.VPSwitchAppearance');
      await browser.page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, want === 'dark');
    },
    shot: (theme) => browser.page.screenshot({ path: join(screenshots, `site-vitepress-${theme}.png`) }),
  });
});
