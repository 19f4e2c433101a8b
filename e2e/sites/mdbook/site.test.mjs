// The mdBook recipe of docs/EMBED.md, for real: this folder's book, with
// the classic-script build from the packed package in broadphase/, added
// to every chapter by `additional-js`, its wasm in src/broadphase/ (mdBook
// copies both to the book's broadphase/), built by
// `mdbook build` (installed by scripts/setup.sh) and read in Chromium at
// 1280 × 800: a chapter at the root and one a folder down (the script's
// path differs; the wasm is found beside the script either way), and the
// theme picker turned to Coal and back.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { screenshots } from '../../support.mjs';
import { checkEmbeds, checkThemeToggle, openBrowser, playgroundTarball, run, serveSite } from '../support.mjs';

const site = fileURLToPath(new URL('.', import.meta.url));
const MAP = ['##################', '##......s1......##', '##....s1##......##', '##..............##', '##################'];
const MDBOOK = process.env.MDBOOK ?? join(process.env.HOME ?? '', '.cargo', 'bin', 'mdbook');

let browser;
let server;

before(async () => {
  try {
    execFileSync(MDBOOK, ['--version'], { stdio: 'pipe' });
  } catch {
    assert.fail(`expected mdbook at ${MDBOOK}: run scripts/setup.sh (or set MDBOOK)`);
  }
  // What an author copies into the book: the classic script and the wasm, from the package.
  const unpacked = mkdtempSync(join(tmpdir(), 'broadphase-mdbook-'));
  run(unpacked, 'tar', ['-xzf', playgroundTarball(), '--strip-components=1']);
  for (const [file, folder] of [
    ['broadphase-embed.classic.js', join(site, 'broadphase')],
    ['broadphase_bg.wasm', join(site, 'src', 'broadphase')],
  ]) {
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder);
    run(site, 'cp', [join(unpacked, file), folder]);
  }
  rmSync(unpacked, { recursive: true, force: true });
  const built = run(site, MDBOOK, ['build']);
  console.log(`# mdbook: build ${built.toFixed(1)} s`);
  server = await serveSite(join(site, 'book'));
  browser = await openBrowser({ width: 1280, height: 800 });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('mdBook: a chapter at the root and one a folder down show their embeds drawn, unclipped, the map the author\'s', async () => {
  for (const [path, maps] of [
    ['/intro.html', { 'tiles-embed': MAP }],
    ['/chapters/rays.html', {}],
  ]) {
    browser.problems.length = 0;
    await browser.page.goto(`${server.url}${path}`);
    await checkEmbeds(browser, { maps, expectCount: 1, what: `mdBook ${path}` });
  }
  await browser.page.screenshot({ path: join(screenshots, 'site-mdbook.png') });
});

test('mdBook: an arrow key the focused embed uses does not also turn the page', async () => {
  await browser.page.goto(`${server.url}/chapters/rays.html`);
  await checkEmbeds(browser, { expectCount: 1, what: 'mdBook rays' });
  const canvas = await browser.page.evaluateHandle(() => document.getElementById('rays-embed').shadowRoot.querySelector('canvas'));
  await canvas.asElement().focus();
  await browser.page.keyboard.press('ArrowLeft');
  await browser.page.waitForTimeout(500);
  assert.match(browser.page.url(), /chapters\/rays\.html$/, 'expected ArrowLeft in the focused embed to stay in the embed, not go to the previous chapter');
});

test('mdBook: the theme picker (Coal, then Light) turns the embed dark and back, the author\'s map, an edit and undo kept', async () => {
  browser.problems.length = 0;
  await browser.page.emulateMedia({ colorScheme: 'light' });
  await browser.page.goto(`${server.url}/intro.html`);
  await checkEmbeds(browser, { maps: { 'tiles-embed': MAP }, expectCount: 1, what: 'mdBook intro' });
  await checkThemeToggle(browser, {
    what: 'mdBook intro',
    id: 'tiles-embed',
    map: MAP,
    toggle: async (want) => {
      const theme = want === 'dark' ? 'coal' : 'light';
      // The picker opens a list (which may still be open from the last choice).
      if (!(await browser.page.locator('#mdbook-theme-list').isVisible())) await browser.page.click('#mdbook-theme-toggle');
      await browser.page.click(`#mdbook-theme-${theme}`);
      await browser.page.waitForFunction((theme) => document.documentElement.classList.contains(theme), theme);
    },
    shot: (theme) => browser.page.screenshot({ path: join(screenshots, `site-mdbook-${theme}.png`) }),
  });
});
