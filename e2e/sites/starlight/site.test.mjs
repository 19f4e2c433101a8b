// The Starlight recipe of docs/EMBED.md, for real: this folder's docs site
// (an .astro component holding the element and the <script> that imports
// broadphase-playground, used from an MDX page) built by `astro build` with
// the packed package, served statically, and read in Chromium at
// 1280 × 800 and 390 × 844 (touch): a tile embed carrying the author's map
// and a quadtree, Starlight's theme select (in the menu on a phone) turned
// both ways.

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
  const built = run(site, 'npx', ['astro', 'build'], { ASTRO_TELEMETRY_DISABLED: '1' });
  console.log(`# starlight: install ${installed.toFixed(1)} s, build ${built.toFixed(1)} s`);
  server = await serveSite(join(site, 'dist'));
});

after(async () => {
  await server?.close();
});

test('Starlight: the recipe in docs/EMBED.md is what this site is built from', () => {
  checkRecipe(site, 'Starlight');
});

for (const size of [DESKTOP, PHONE]) {
  test(`Starlight at ${size.width} × ${size.height}: both embeds drawn, unclipped, the map the author's; the theme select turns them dark and back, the map, an edit and undo kept`, async () => {
    const browser = await openBrowser(size);
    try {
      await browser.page.emulateMedia({ colorScheme: 'light' });
      await browser.page.goto(`${server.url}/`);
      await checkEmbeds(browser, { maps: { tiles: MAP }, expectCount: 2, what: `Starlight / at ${size.name}` });
      await checkThemeToggle(browser, {
        what: `Starlight at ${size.name}`,
        id: 'tiles',
        map: MAP,
        edit: !size.touch,
        toggle: async (want) => {
          const { page } = browser;
          // On a phone the select is in the menu.
          const menu = page.locator('starlight-menu-button button');
          const inMenu = (await page.locator('starlight-theme-select select:visible').count()) === 0;
          if (inMenu) await menu.click();
          await page.locator('starlight-theme-select select:visible').first().selectOption(want);
          if (inMenu) await menu.click();
          await page.waitForFunction((want) => document.documentElement.dataset.theme === want, want);
        },
        shot: (theme) => browser.page.screenshot({ path: join(screenshots, `site-starlight-${size.name}-${theme}.png`), fullPage: true }),
      });
    } finally {
      await browser.close();
    }
  });
}
