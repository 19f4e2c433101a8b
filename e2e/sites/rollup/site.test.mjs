// The Rollup note of docs/EMBED.md, for real: a page whose script imports
// broadphase-playground, bundled by Rollup (node-resolve, and the
// import-meta-assets plugin that copies what `new URL(…, import.meta.url)`
// names) from the packed package, served statically and read in Chromium.

import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { checkEmbeds, installSite, openBrowser, run, serveSite } from '../support.mjs';

const site = fileURLToPath(new URL('.', import.meta.url));
const MAP = ['##################', '##......s1......##', '##....s1##......##', '##..............##', '##################'];

let browser;
let server;

before(async () => {
  const installed = installSite(site);
  const built = run(site, 'npx', ['rollup', '-c', '--silent']);
  console.log(`# rollup: install ${installed.toFixed(1)} s, build ${built.toFixed(1)} s`);
  copyFileSync(join(site, 'index.html'), join(site, 'dist', 'index.html'));
  server = await serveSite(join(site, 'dist'));
  browser = await openBrowser({ width: 1280, height: 800 });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('Rollup: the bundle finds the wasm the plugin copied; the embed is drawn with the author\'s map', async () => {
  await browser.page.goto(`${server.url}/`);
  await checkEmbeds(browser, { maps: { tiles: MAP }, expectCount: 1, what: 'Rollup page' });
});
