// The Astro recipe of docs/EMBED.md, for real: this folder's site (an
// article layout whose <script> imports broadphase-playground) built by
// `astro build` with the packed package, served statically, and read in
// Chromium at 1280 × 800: two embeds in a 760 px column, one with the
// author's tile map as a multi-line attribute.

import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { screenshots } from '../../support.mjs';
import { checkEmbeds, installSite, openBrowser, run, serveSite } from '../support.mjs';

const site = fileURLToPath(new URL('.', import.meta.url));
const MAP = ['##################', '##......s1......##', '##....s1##......##', '##..............##', '##################'];

let browser;
let server;

before(async () => {
  const installed = installSite(site);
  const built = run(site, 'npx', ['astro', 'build'], { ASTRO_TELEMETRY_DISABLED: '1' });
  console.log(`# astro: install ${installed.toFixed(1)} s, build ${built.toFixed(1)} s`);
  server = await serveSite(join(site, 'dist'));
  browser = await openBrowser({ width: 1280, height: 800 });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('Astro: both embeds in the 760 px column drawn, unclipped, the tile map the author\'s', async () => {
  await browser.page.goto(`${server.url}/`);
  await checkEmbeds(browser, { maps: { tiles: MAP }, expectCount: 2, what: 'Astro /' });
  await browser.page.screenshot({ path: join(screenshots, 'site-astro.png'), fullPage: true });
});
