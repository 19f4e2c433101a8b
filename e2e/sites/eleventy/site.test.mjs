// The Eleventy recipe of docs/EMBED.md, for real: this folder's site (a
// passthrough copy of the playground's module and wasm from
// node_modules/broadphase-playground, a Nunjucks layout loading the module,
// a Markdown page with a tile embed carrying the author's map and a
// quadtree) built by `eleventy` with the packed package, served statically,
// and read in Chromium at 1280 × 800 and 390 × 844 (touch). The layout has
// the kind of light/dark toggle hand-made sites add (a class on <html>):
// the test turns it both ways.

import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { screenshots } from '../../support.mjs';
import { DESKTOP, PHONE, checkEmbeds, checkRecipe, checkThemeToggle, installSite, openBrowser, run, serveSite } from '../support.mjs';

const site = fileURLToPath(new URL('.', import.meta.url));
const MAP = ['##################', '##......s1......##', '##..............##', '##..s1##....##..##', '##################'];

let server;

before(async () => {
  const installed = installSite(site);
  const built = run(site, 'npx', ['@11ty/eleventy', '--quiet']);
  console.log(`# eleventy: install ${installed.toFixed(1)} s, build ${built.toFixed(1)} s`);
  server = await serveSite(join(site, '_site'));
});

after(async () => {
  await server?.close();
});

test('Eleventy: the recipe in docs/EMBED.md is what this site is built from', () => {
  checkRecipe(site, 'Eleventy');
});

for (const size of [DESKTOP, PHONE]) {
  test(`Eleventy at ${size.width} × ${size.height}: both embeds drawn, unclipped, the map the author's; the site's toggle turns them dark and back, the map, an edit and undo kept`, async () => {
    const browser = await openBrowser(size);
    try {
      await browser.page.emulateMedia({ colorScheme: 'light' });
      await browser.page.goto(`${server.url}/`);
      await checkEmbeds(browser, { maps: { tiles: MAP }, expectCount: 2, what: `Eleventy / at ${size.name}` });
      await checkThemeToggle(browser, {
        what: `Eleventy at ${size.name}`,
        id: 'tiles',
        map: MAP,
        edit: !size.touch,
        toggle: async (want) => {
          await browser.page.click('#theme-toggle');
          await browser.page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, want === 'dark');
        },
        shot: (theme) => browser.page.screenshot({ path: join(screenshots, `site-eleventy-${size.name}-${theme}.png`), fullPage: true }),
      });
      await checkEmbeds(browser, { maps: {}, expectCount: 2, what: `Eleventy / at ${size.name} after toggling` });
    } finally {
      await browser.close();
    }
  });
}
