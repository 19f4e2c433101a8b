// The embed's light and dark themes, against the library build (dist-lib/)
// on a plain static server: `theme="auto"` (the default) follows the page —
// its color-scheme, else the background behind the element, else what the
// browser paints (white unless the page opts into dark) — and the page's
// own toggle, whatever attribute it changes; `theme="light|dark"` wins and
// can be changed like any attribute; embeds of both themes on one page
// each draw in their own palette. A switch keeps the mode as it is (map,
// edits, undo history) and looks exactly like an embed made in that theme.
// The canvas is judged from a screenshot (the corner shows the palette's
// page colour).
// Run `npm run build:lib` first (npm test does).

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { serveFiles } from './static-server.mjs';
import { openChromium, root, screenshots, waitUntil } from './support.mjs';

const LIB = join(root, 'dist-lib');
const MODULE = join(LIB, 'broadphase-embed.js');
const WASM = join(LIB, 'broadphase_bg.wasm');
/** The palettes' page colours (www/runtime/theme.ts), as the canvas's corner shows them. */
const CORNER = { dark: [0x0b, 0x0f, 0x16], light: [0xee, 0xf1, 0xf5] };

let browser;

before(async () => {
  for (const f of [MODULE, WASM]) assert.ok(existsSync(f), `expected ${f}: run \`npm run build:lib\` first`);
  browser = await openChromium({ width: 1000, height: 900 });
});

after(async () => {
  await browser?.close();
});

async function open(head, body) {
  const server = await serveFiles({
    '/lib/broadphase-embed.js': MODULE,
    '/lib/broadphase_bg.wasm': WASM,
    '/index.html': { text: `<!doctype html><meta charset="utf-8"><title>theme</title><link rel="icon" href="data:,">${head}<script type="module" src="/lib/broadphase-embed.js"></script><body style="margin:0">${body}</body>` },
  });
  browser.problems.length = 0;
  await browser.page.emulateMedia({ colorScheme: 'light' });
  await browser.page.goto(`${server.url}/index.html`);
  return server;
}

/** The theme an element's frame wears, and the colour of its canvas's top-left corner on screen. */
async function looks(id) {
  await waitUntil(browser.page, `#${id} to draw`, (id) => document.getElementById(id).playground?.frame ?? 0, (f) => f > 3, 20_000, id);
  // Two frames more, so a switch has been drawn.
  await browser.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const { theme, rect } = await browser.page.evaluate((id) => {
    const el = document.getElementById(id);
    const r = el.shadowRoot.querySelector('canvas').getBoundingClientRect();
    return { theme: el.shadowRoot.querySelector('.bp-embed').dataset.theme, rect: { x: r.x + 2, y: r.y + 2, width: 4, height: 4 } };
  }, id);
  return { theme, corner: await pixelAt(rect.x + 1, rect.y + 1) };
}

/** The colour on screen at (x, y), viewport CSS px, as [r, g, b]. */
async function pixelAt(x, y) {
  const png = await browser.page.screenshot({ clip: { x, y, width: 2, height: 2 } });
  return browser.page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const g = new OffscreenCanvas(img.width, img.height).getContext('2d');
    g.drawImage(img, 0, 0);
    return Array.from(g.getImageData(0, 0, 1, 1).data.slice(0, 3));
  }, png.toString('base64'));
}

const near = (a, b) => a.every((v, i) => Math.abs(v - b[i]) <= 3);

test('auto follows the page: a light page, a dark background, a dark color-scheme, and the reader\'s preference', async () => {
  const server = await open(
    '<style>#dark-bg { background: #16181d } #scheme { color-scheme: dark } #neutral { color-scheme: light dark }</style>',
    `<div id="light-page"><broadphase-playground id="a" mode="quadtree" count="50" height="240"></broadphase-playground></div>
     <div id="dark-bg"><broadphase-playground id="b" mode="quadtree" count="50" height="240"></broadphase-playground></div>
     <div id="scheme"><broadphase-playground id="c" mode="quadtree" count="50" height="240"></broadphase-playground></div>`,
  );
  try {
    for (const [id, want] of [['a', 'light'], ['b', 'dark'], ['c', 'dark']]) {
      const seen = await looks(id);
      assert.equal(seen.theme, want, `expected #${id} to wear the ${want} theme`);
      assert.ok(near(seen.corner, CORNER[want]), `expected #${id}'s canvas in the ${want} palette, its corner is ${seen.corner}`);
    }
    await browser.page.screenshot({ path: join(screenshots, 'embed-themes.png'), fullPage: true });
  } finally {
    await server.close();
  }
  // A page that leaves it to the reader: no background, both schemes allowed.
  const neutral = await open('<style>html { color-scheme: light dark }</style>', '<broadphase-playground id="d" mode="tiles" height="260"></broadphase-playground>');
  try {
    assert.equal((await looks('d')).theme, 'light', 'expected the light theme for a reader who prefers light');
    await browser.page.emulateMedia({ colorScheme: 'dark' });
    await waitUntil(browser.page, 'the dark theme', () => document.getElementById('d').shadowRoot.querySelector('.bp-embed').dataset.theme, (t) => t === 'dark');
    assert.ok(near((await looks('d')).corner, CORNER.dark), 'expected the canvas redrawn in the dark palette');
  } finally {
    await neutral.close();
  }
});

test('the page\'s own toggle (a class on <html>) switches auto embeds, and keeps the reader\'s scene', async () => {
  const server = await open('<style>html.dark body { background: #1b1b1f; color: #ddd }</style>', '<broadphase-playground id="t" mode="grids" count="120" seed="9" height="300"></broadphase-playground>');
  try {
    assert.equal((await looks('t')).theme, 'light');
    await browser.page.evaluate(() => document.getElementById('t').setState({ seed: 5 }));
    await browser.page.evaluate(() => document.documentElement.classList.add('dark'));
    await waitUntil(browser.page, 'the dark theme', () => document.getElementById('t').shadowRoot.querySelector('.bp-embed').dataset.theme, (t) => t === 'dark');
    const seen = await looks('t');
    assert.ok(near(seen.corner, CORNER.dark), `expected the dark palette on the canvas, its corner is ${seen.corner}`);
    const state = await browser.page.evaluate(() => document.getElementById('t').getState());
    assert.equal(state.seed, 5, 'expected the scene to survive the switch');
    assert.equal(state.count, 120);
    assert.deepEqual(browser.problems, [], 'expected no console errors');
  } finally {
    await server.close();
  }
});

test('a page with no background of its own is white, as the browser paints it, for a reader who prefers dark; unless it opts into dark', async () => {
  const plain = await open('', '<broadphase-playground id="p" mode="tiles" height="260"></broadphase-playground>');
  try {
    await browser.page.emulateMedia({ colorScheme: 'dark' });
    // A page reload under the dark preference, and the preference changing under a loaded page: white either way.
    await browser.page.reload();
    const seen = await looks('p');
    assert.equal(seen.theme, 'light', 'expected the light theme on a page the browser paints white');
    assert.ok(near(seen.corner, CORNER.light), `expected the light palette, the corner is ${seen.corner}`);
    // The premise: the page itself is white here (below the embed).
    assert.deepEqual(await pixelAt(500, 800), [255, 255, 255], 'expected Chromium to paint the plain page white');
  } finally {
    await plain.close();
  }
  // The same page saying it has a dark look too: the browser paints it dark for this reader, and the embed follows.
  const optedIn = await open('<meta name="color-scheme" content="light dark">', '<broadphase-playground id="q" mode="tiles" height="260"></broadphase-playground>');
  try {
    assert.equal((await looks('q')).theme, 'light', 'expected light for a reader who prefers light');
    await browser.page.emulateMedia({ colorScheme: 'dark' });
    await waitUntil(browser.page, 'the dark theme', () => document.getElementById('q').shadowRoot.querySelector('.bp-embed').dataset.theme, (t) => t === 'dark');
  } finally {
    await optedIn.close();
  }
});

test('any attribute change on <html> or <body> is followed: a site\'s own data attribute (MkDocs Material\'s data-md-color-scheme)', async () => {
  const server = await open(
    '<style>[data-md-color-scheme="slate"] { background: #1e2129; color: #e2e4e9 }</style>',
    '<broadphase-playground id="s" mode="quadtree" count="60" height="260"></broadphase-playground>',
  );
  try {
    await browser.page.evaluate(() => document.body.setAttribute('data-md-color-scheme', 'default'));
    assert.equal((await looks('s')).theme, 'light');
    for (const [scheme, want] of [['slate', 'dark'], ['default', 'light']]) {
      await browser.page.evaluate((scheme) => document.body.setAttribute('data-md-color-scheme', scheme), scheme);
      await waitUntil(browser.page, `the ${want} theme`, () => document.getElementById('s').shadowRoot.querySelector('.bp-embed').dataset.theme, (t) => t === want);
      assert.ok(near((await looks('s')).corner, CORNER[want]), `expected the canvas in the ${want} palette`);
    }
  } finally {
    await server.close();
  }
});

test('theme="light" and theme="dark" win over the page, side by side each in its own palette, and change like any attribute', async () => {
  const server = await open('<style>body { background: #fff }</style>', '<broadphase-playground id="d" theme="dark" mode="tiles" height="260"></broadphase-playground><broadphase-playground id="l" theme="light" mode="tiles" height="260"></broadphase-playground>');
  try {
    const [d, l] = [await looks('d'), await looks('l')];
    assert.equal(d.theme, 'dark', 'expected theme="dark" on a white page to be dark');
    assert.equal(l.theme, 'light');
    assert.ok(near(d.corner, CORNER.dark) && near(l.corner, CORNER.light), `expected each canvas in its own palette, corners ${d.corner} and ${l.corner}`);
    await browser.page.evaluate(() => document.getElementById('d').setAttribute('theme', 'light'));
    await waitUntil(browser.page, 'the light theme', () => document.getElementById('d').shadowRoot.querySelector('.bp-embed').dataset.theme, (t) => t === 'light');
    assert.ok(near((await looks('d')).corner, CORNER.light), 'expected the canvas redrawn light');
    await browser.page.evaluate(() => document.getElementById('d').setAttribute('theme', 'sepia'));
    const problems = await browser.page.evaluate(() => document.getElementById('d').playground.problems.map((p) => p.message));
    assert.ok(problems.some((p) => /theme/.test(p) && /sepia/.test(p)), `expected theme="sepia" to be refused by name, problems: ${JSON.stringify(problems)}`);
  } finally {
    await server.close();
  }
});

test('a theme change keeps a tile map the author wrote, the reader\'s edit and the undo history, and rebuilds nothing', async () => {
  const MAP = ['################', '##............##', '##............##', '##............##', '##............##', '################'];
  const server = await open(
    '<style>html.dark body { background: #1b1b1f; color: #ddd }</style>',
    `<broadphase-playground id="m" mode="tiles" height="420" tiles="\n${MAP.map((r) => `      ${r}`).join('\n')}\n    "></broadphase-playground>`,
  );
  const rows = () => browser.page.evaluate(() => document.getElementById('m').getState().tiles.split('\n').map((l) => l.trim()).filter(Boolean));
  const undo = () => browser.page.evaluate(() => {
    const button = document.getElementById('m').shadowRoot.querySelector('[data-tool="undo"]');
    return button === null ? 'missing' : button.hidden || button.getClientRects().length === 0 ? 'hidden' : button.disabled ? 'disabled' : 'enabled';
  });
  const toggle = async (want) => {
    await browser.page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), want === 'dark');
    await waitUntil(browser.page, `the ${want} theme`, () => document.getElementById('m').shadowRoot.querySelector('.bp-embed').dataset.theme, (t) => t === want);
    const seen = await looks('m');
    assert.ok(near(seen.corner, CORNER[want]), `expected the canvas redrawn in the ${want} palette, its corner is ${seen.corner}`);
  };
  try {
    assert.equal((await looks('m')).theme, 'light');
    assert.deepEqual(await rows(), MAP, 'expected the author\'s map');
    // The same canvas before and after: a rebuilt mode would make a new one.
    await browser.page.evaluate(() => (document.getElementById('m').shadowRoot.querySelector('canvas').dataset.kept = 'yes'));
    await toggle('dark');
    assert.deepEqual(await rows(), MAP, 'expected the author\'s map after the switch to dark');
    // The reader paints a tile in the middle of the map.
    const box = await browser.page.evaluate(() => {
      const r = document.getElementById('m').shadowRoot.querySelector('canvas').getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    await browser.page.mouse.click(box.x, box.y);
    const edited = await waitUntil(browser.page, 'the painted tile in the map', () => document.getElementById('m').getState().tiles, (t) => t.replace(/\s+/g, '') !== MAP.join(''));
    assert.equal(await undo(), 'enabled', 'expected undo offered after the edit');
    await toggle('light');
    assert.equal((await browser.page.evaluate(() => document.getElementById('m').getState().tiles)).replace(/\s+/g, ''), edited.replace(/\s+/g, ''), 'expected the reader\'s edit kept across the switch');
    assert.equal(await undo(), 'enabled', 'expected undo still offered after the switch');
    await toggle('dark');
    assert.equal(await browser.page.evaluate(() => document.getElementById('m').shadowRoot.querySelector('canvas').dataset.kept), 'yes', 'expected the same canvas (nothing rebuilt) after three switches');
    await browser.page.evaluate(() => document.getElementById('m').shadowRoot.querySelector('[data-tool="undo"]').click());
    await waitUntil(browser.page, 'the undo to restore the author\'s map', () => document.getElementById('m').getState().tiles.replace(/\s+/g, ''), (t) => t === MAP.join(''));
    assert.deepEqual(await browser.page.evaluate(() => document.getElementById('m').playground.problems.map((p) => p.message)), [], 'expected no refused settings');
    assert.deepEqual(browser.problems, [], 'expected no console errors');
  } finally {
    await server.close();
  }
});

test('in every mode, an embed switched by the page looks exactly like one made in that theme: the canvas, and every colour of its panels and legend', async () => {
  const modes = ['quadtree', 'grids', 'hierarchy', 'tiles', 'rays', 'play'];
  const element = (id, mode, theme) => `<broadphase-playground id="${id}" mode="${mode}" theme="${theme}" paused height="280" style="width: 900px"></broadphase-playground>`;
  /** The canvas as a screenshot, and every colour the shadow tree shows (text, backgrounds, borders). */
  const look = async (id) => {
    const { rect, colours } = await browser.page.evaluate((id) => {
      const el = document.getElementById(id);
      const r = el.shadowRoot.querySelector('canvas').getBoundingClientRect();
      const colours = new Set();
      for (const node of el.shadowRoot.querySelectorAll('*')) {
        if (node.classList.contains('bp-canvas-probe')) continue;
        const s = getComputedStyle(node);
        for (const c of [s.color, s.backgroundColor, s.borderTopColor]) colours.add(c);
      }
      return { rect: { x: r.x, y: r.y, width: r.width, height: r.height }, colours: [...colours].sort() };
    }, id);
    return { png: (await browser.page.screenshot({ clip: rect })).toString('base64'), colours };
  };
  const differing = (a, b) =>
    browser.page.evaluate(
      async ([a, b]) => {
        const pixels = async (b64) => {
          const img = new Image();
          img.src = `data:image/png;base64,${b64}`;
          await img.decode();
          const g = new OffscreenCanvas(img.width, img.height).getContext('2d');
          g.drawImage(img, 0, 0);
          return g.getImageData(0, 0, img.width, img.height).data;
        };
        const [p, q] = [await pixels(a), await pixels(b)];
        let n = 0;
        for (let i = 0; i < p.length; i += 4) if (Math.abs(p[i] - q[i]) + Math.abs(p[i + 1] - q[i + 1]) + Math.abs(p[i + 2] - q[i + 2]) > 12) n += 1;
        return n;
      },
      [a, b],
    );
  for (const mode of modes) {
    const server = await open('<style>html.dark body { background: #1b1b1f }</style>', `${element('auto', mode, 'auto')}${element('dark', mode, 'dark')}${element('light', mode, 'light')}`);
    try {
      for (const id of ['auto', 'dark', 'light']) await looks(id);
      for (const want of ['dark', 'light']) {
        await browser.page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), want === 'dark');
        await waitUntil(browser.page, `the ${want} theme`, () => document.getElementById('auto').shadowRoot.querySelector('.bp-embed').dataset.theme, (t) => t === want);
        await looks('auto');
        const [switched, made] = [await look('auto'), await look(want)];
        assert.equal(await differing(switched.png, made.png), 0, `${mode}: expected the switched canvas to match one made ${want}`);
        assert.deepEqual(switched.colours, made.colours, `${mode}: expected the switched panels and legend in the ${want} palette's colours`);
      }
      assert.deepEqual(browser.problems, [], `${mode}: expected no console errors`);
    } finally {
      await server.close();
    }
  }
});
