// The Next.js recipe of docs/EMBED.md, for real: this folder's site (the
// App Router, a 'use client' component that imports broadphase-playground
// and renders the element, `output: 'export'`) built by `next build` with
// the packed package, served statically, and read in Chromium at
// 1280 × 800 and 390 × 844 (touch): a page with a tile embed carrying the
// author's map and a quadtree, and a second page reached by client-side
// navigation. The layout has the light/dark toggle Next sites commonly
// add (a class on <html>, as next-themes sets): the test turns it both ways.

import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { screenshots } from '../../support.mjs';
import { DESKTOP, PHONE, checkEmbeds, checkNavigatedAndDisposed, checkRecipe, checkThemeToggle, installSite, openBrowser, rememberEmbeds, run, serveSite } from '../support.mjs';

const site = fileURLToPath(new URL('.', import.meta.url));
const MAP = ['##################', '##......s1......##', '##..............##', '##..s1##....##..##', '##################'];

let server;

before(async () => {
  const installed = installSite(site);
  const built = run(site, 'npx', ['next', 'build'], { NEXT_TELEMETRY_DISABLED: '1' });
  console.log(`# nextjs: install ${installed.toFixed(1)} s, build ${built.toFixed(1)} s`);
  server = await serveSite(join(site, 'out'));
});

after(async () => {
  await server?.close();
});

test('Next.js: the recipe in docs/EMBED.md is what this site is built from', () => {
  checkRecipe(site, 'Next.js (App Router)');
});

for (const size of [DESKTOP, PHONE]) {
  test(`Next.js at ${size.width} × ${size.height}: both embeds drawn, unclipped, the map the author's; the site's toggle turns them dark and back, the map, an edit and undo kept`, async () => {
    const browser = await openBrowser(size);
    try {
      await browser.page.emulateMedia({ colorScheme: 'light' });
      await browser.page.goto(`${server.url}/`);
      await checkEmbeds(browser, { maps: { tiles: MAP }, expectCount: 2, what: `Next.js / at ${size.name}` });
      await checkThemeToggle(browser, {
        what: `Next.js at ${size.name}`,
        id: 'tiles',
        map: MAP,
        edit: !size.touch,
        toggle: async (want) => {
          await browser.page.click('#theme-toggle');
          await browser.page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, want === 'dark');
        },
        shot: (theme) => browser.page.screenshot({ path: join(screenshots, `site-nextjs-${size.name}-${theme}.png`), fullPage: true }),
      });
    } finally {
      await browser.close();
    }
  });
}

test('Next.js: reached by client-side navigation, the page\'s embed starts; the old page\'s are gone', async () => {
  const browser = await openBrowser(DESKTOP);
  try {
    await browser.page.goto(`${server.url}/`);
    await checkEmbeds(browser, { maps: { tiles: MAP }, expectCount: 2, what: 'Next.js /' });
    await rememberEmbeds(browser.page);
    await browser.page.click('main a[href="/rays"]');
    await browser.page.waitForURL(/\/rays$/);
    // Named so the wait is for this page's embed (a rays embed has no map to compare).
    await checkEmbeds(browser, { maps: { rays: undefined }, expectCount: 1, what: 'Next.js /rays after client-side navigation' });
    await checkNavigatedAndDisposed(browser.page, 'Next.js / → /rays');
  } finally {
    await browser.close();
  }
});
