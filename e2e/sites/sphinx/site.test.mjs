// The Sphinx recipe of docs/EMBED.md, for real: this folder's project (the
// Furo theme, the playground's module and wasm in _static/, as an author
// copies them from the package, the module in `html_js_files` with
// `{'type': 'module'}`, the elements in `.. raw:: html` blocks) built by
// `sphinx-build` from the pinned requirements.txt in a virtual
// environment, served statically, and read in Chromium at 1280 × 800 and
// 390 × 844 (touch): a tile embed carrying the author's map and a
// quadtree, Furo's theme toggle turned both ways.

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
  copyFromPackage({ 'broadphase-embed.js': join(site, '_static'), 'broadphase_bg.wasm': join(site, '_static') });
  const built = run(site, join(bin, 'sphinx-build'), ['-b', 'html', '-q', '.', join('_build', 'html')]);
  console.log(`# sphinx: install ${seconds.toFixed(1)} s, build ${built.toFixed(1)} s`);
  server = await serveSite(join(site, '_build', 'html'));
});

after(async () => {
  await server?.close();
});

test('Sphinx: the recipe in docs/EMBED.md is what this project is built from', () => {
  checkRecipe(site, 'Sphinx');
});

for (const size of [DESKTOP, PHONE]) {
  test(`Sphinx (Furo) at ${size.width} × ${size.height}: both embeds drawn, unclipped, the map the author's; Furo's toggle turns them dark and back, the map, an edit and undo kept`, async () => {
    const browser = await openBrowser(size);
    try {
      await browser.page.emulateMedia({ colorScheme: 'light' });
      await browser.page.goto(`${server.url}/`);
      await checkEmbeds(browser, { maps: { tiles: MAP }, expectCount: 2, what: `Sphinx / at ${size.name}` });
      await checkThemeToggle(browser, {
        what: `Sphinx (Furo) at ${size.name}`,
        id: 'tiles',
        map: MAP,
        edit: !size.touch,
        // Furo's toggle cycles auto, dark, light: click until the page is the one wanted.
        toggle: async (want) => {
          for (let i = 0; i < 3 && (await browser.page.evaluate(() => document.body.dataset.theme)) !== want; i += 1) await browser.page.click('.theme-toggle:visible');
          await browser.page.waitForFunction((want) => document.body.dataset.theme === want, want);
        },
        shot: (theme) => browser.page.screenshot({ path: join(screenshots, `site-sphinx-${size.name}-${theme}.png`), fullPage: true }),
      });
    } finally {
      await browser.close();
    }
  });
}
