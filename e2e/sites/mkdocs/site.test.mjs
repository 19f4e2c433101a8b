// The MkDocs Material recipe of docs/EMBED.md, for real: this folder's
// site (the playground's module and wasm in docs/js/, as an author copies
// them from the package, the module in `extra_javascript` as `type:
// module`, instant navigation on) built by `mkdocs build` from the pinned
// requirements.txt in a virtual environment, served statically, and read
// in Chromium at 1280 × 800 and 390 × 844 (touch): a page with a tile
// embed carrying the author's map and a quadtree, the palette toggle
// turned both ways (it changes only `data-md-color-scheme` on <body>), and
// a second page reached by instant navigation, where the new embed starts
// and the old ones are disposed.

import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { screenshots } from '../../support.mjs';
import { DESKTOP, PHONE, checkEmbeds, checkNavigatedAndDisposed, checkRecipe, checkThemeToggle, copyFromPackage, openBrowser, pythonSite, rememberEmbeds, run, serveSite } from '../support.mjs';

const site = fileURLToPath(new URL('.', import.meta.url));
const MAP = ['##################', '##......s1......##', '##..............##', '##..s1##....##..##', '##################'];

let server;

before(async () => {
  const { bin, seconds } = pythonSite(site);
  copyFromPackage({ 'broadphase-embed.js': join(site, 'docs', 'js'), 'broadphase_bg.wasm': join(site, 'docs', 'js') });
  // Served first: the build's site_url is the address it is served from.
  server = await serveSite(join(site, 'site'));
  const built = run(site, join(bin, 'mkdocs'), ['build', '--quiet'], { NO_MKDOCS_2_WARNING: '1', SITE_URL: `${server.url}/` });
  console.log(`# mkdocs: install ${seconds.toFixed(1)} s, build ${built.toFixed(1)} s`);
});

after(async () => {
  await server?.close();
});

test('MkDocs Material: the recipe in docs/EMBED.md is what this site is built from', () => {
  checkRecipe(site, 'MkDocs Material');
});

for (const size of [DESKTOP, PHONE]) {
  test(`MkDocs Material at ${size.width} × ${size.height}: both embeds drawn, unclipped, the map the author's; the palette toggle turns them dark and back, the map, an edit and undo kept`, async () => {
    const browser = await openBrowser(size);
    try {
      await browser.page.emulateMedia({ colorScheme: 'light' });
      await browser.page.goto(`${server.url}/`);
      await checkEmbeds(browser, { maps: { tiles: MAP }, expectCount: 2, what: `MkDocs / at ${size.name}` });
      await checkThemeToggle(browser, {
        what: `MkDocs Material at ${size.name}`,
        id: 'tiles',
        map: MAP,
        edit: !size.touch,
        toggle: async (want) => {
          await browser.page.click(`[data-md-component="palette"] label[title="Switch to ${want} mode"]`);
          await browser.page.waitForFunction((scheme) => document.body.dataset.mdColorScheme === scheme, want === 'dark' ? 'slate' : 'default');
        },
        shot: (theme) => browser.page.screenshot({ path: join(screenshots, `site-mkdocs-${size.name}-${theme}.png`), fullPage: true }),
      });
    } finally {
      await browser.close();
    }
  });
}

test('MkDocs Material: reached by instant navigation, the new page\'s embed starts, the old page\'s are disposed', async () => {
  const browser = await openBrowser(DESKTOP);
  try {
    await browser.page.goto(`${server.url}/`);
    await checkEmbeds(browser, { maps: { tiles: MAP }, expectCount: 2, what: 'MkDocs /' });
    await rememberEmbeds(browser.page);
    await browser.page.click('article a[href$="rays/"]');
    await browser.page.waitForURL(/\/rays\/$/);
    // Named so the wait is for this page's embed (a rays embed has no map to compare).
    await checkEmbeds(browser, { maps: { rays: undefined }, expectCount: 1, what: 'MkDocs /rays/ after instant navigation' });
    await checkNavigatedAndDisposed(browser.page, 'MkDocs / → /rays/');
    await browser.page.screenshot({ path: join(screenshots, 'site-mkdocs-instant.png') });
  } finally {
    await browser.close();
  }
});
