// The library build as a tutorial author uses it: dist-lib/ copied into a
// plain static site (Node's `http`, no Vite) and loaded in headless
// Chromium, in four layouts — the wasm beside the module (served with the
// wrong MIME type, as many static servers do); the wasm elsewhere, found
// by a later element's `wasm-url`; no wasm at all (a visible error box of
// the element's height); mount() into a fixed-height container (no
// overflow). Every canvas must paint. Then every setting of the table gets
// a bad value and must be warned about by name, and docs/EMBED.md must
// carry the table the code validates against and the build's download size.
// Run `npm run build:lib` first (npm test does).

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { serveFiles } from './static-server.mjs';
import { openChromium, root, screenshots, waitUntil } from './support.mjs';

const LIB = join(root, 'dist-lib');
const MODULE = join(LIB, 'broadphase-embed.js');
const WASM = join(LIB, 'broadphase_bg.wasm');

let browser;

before(async () => {
  for (const f of [MODULE, WASM]) assert.ok(existsSync(f), `expected ${f}: run \`npm run build:lib\` first`);
  browser = await openChromium({ width: 1100, height: 900 });
});

after(async () => {
  await browser?.close();
});

const page = (body) => ({ text: `<!doctype html><meta charset="utf-8"><title>embed</title><link rel="icon" href="data:,"><body style="margin:0;font:16px serif">${body}</body>` });

/** Whether an element's canvas shows more than one colour (it drew something). */
function painted(id) {
  return browser.page.evaluate((id) => {
    // The 2D canvas, and the WebGL2 one under it where the embed draws on a GPU.
    const canvas = document.getElementById(id)?.shadowRoot?.querySelector('canvas:not(.gpu-canvas)');
    if (!canvas || canvas.width < 2) return false;
    const picture = document.createElement('canvas');
    picture.width = canvas.width;
    picture.height = canvas.height;
    const g = picture.getContext('2d');
    const under = canvas.previousElementSibling;
    if (under instanceof HTMLCanvasElement && under.classList.contains('gpu-canvas') && under.style.display !== 'none') g.drawImage(under, 0, 0);
    g.drawImage(canvas, 0, 0);
    const data = g.getImageData(0, 0, canvas.width, canvas.height).data;
    const first = data.slice(0, 3).join();
    for (let i = 0; i < data.length; i += 4 * 97) if (data.slice(i, i + 3).join() !== first) return true;
    return false;
  }, id);
}

async function open(files, path, options) {
  const server = await serveFiles(files, options);
  browser.problems.length = 0;
  browser.warnings.length = 0;
  await browser.page.goto(`${server.url}${path}`);
  return server;
}

test('wasm beside the module, served as application/octet-stream: it loads without an error and paints', async () => {
  const server = await open(
    {
      '/lib/broadphase-embed.js': MODULE,
      '/lib/broadphase_bg.wasm': WASM,
      '/index.html': page('<script type="module" src="/lib/broadphase-embed.js"></script><broadphase-playground id="a" mode="quadtree" count="200" height="400"></broadphase-playground>'),
    },
    '/index.html',
    { wasmType: 'application/octet-stream' },
  );
  try {
    await waitUntil(browser.page, 'the embed to paint', () => document.getElementById('a').playground?.frame ?? 0, (f) => f > 3, 20_000);
    assert.ok(await painted('a'), 'expected the canvas to show the scene');
    const height = await browser.page.evaluate(() => document.getElementById('a').getBoundingClientRect().height);
    assert.equal(height, 400, 'expected the element to be the height its attribute asks for');
    assert.deepEqual(browser.problems, [], 'expected no errors with the wrong MIME type');
    assert.deepEqual(browser.warnings.filter((w) => /MIME|instantiateStreaming/.test(w)), [], 'expected no MIME warning either');
  } finally {
    await server.close();
  }
});

test('wasm elsewhere: the element without wasm-url fails visibly, the later one with wasm-url loads, then both run', async () => {
  const server = await open(
    {
      '/js/broadphase-embed.js': MODULE,
      '/assets/broadphase_bg.wasm': WASM,
      '/index.html': page(
        '<script type="module" src="/js/broadphase-embed.js"></script>' +
          '<broadphase-playground id="first" mode="grids" count="100" height="300"></broadphase-playground>' +
          '<broadphase-playground id="second" mode="tiles" height="360" wasm-url="/assets/broadphase_bg.wasm"></broadphase-playground>',
      ),
    },
    '/index.html',
  );
  try {
    await waitUntil(browser.page, 'both embeds to run', () => ['first', 'second'].map((id) => document.getElementById(id).playground?.frame ?? 0), (f) => f.every((n) => n > 3), 20_000);
    assert.ok((await painted('first')) && (await painted('second')), 'expected both canvases to paint once the core loaded from the second URL');
    const errorBox = await browser.page.evaluate(() => document.getElementById('first').shadowRoot.querySelector('.bp-error'));
    assert.equal(errorBox, null, 'expected the first element\'s error box to give way to the playground');
  } finally {
    await server.close();
  }
});

test('no wasm anywhere: a visible error box of the element\'s height says what was tried and how to fix it', async () => {
  const server = await open(
    {
      '/js/broadphase-embed.js': MODULE,
      '/index.html': page('<script type="module" src="/js/broadphase-embed.js"></script><broadphase-playground id="lost" mode="rays" height="340"></broadphase-playground><p id="after">After.</p>'),
    },
    '/index.html',
  );
  try {
    const box = await waitUntil(
      browser.page,
      'an error box',
      () => {
        const el = document.getElementById('lost');
        const error = el.shadowRoot.querySelector('.bp-error');
        if (error === null) return null;
        const r = error.getBoundingClientRect();
        return { text: error.textContent, height: r.height, role: error.getAttribute('role'), host: el.getBoundingClientRect().height, visible: r.width > 100 && getComputedStyle(error).visibility !== 'hidden' };
      },
      (b) => b !== null,
      20_000,
    );
    assert.equal(box.host, 340, 'expected the element to keep its height');
    assert.ok(box.height >= 300 && box.visible, `expected a visible error box of the element's height, found ${JSON.stringify(box)}`);
    assert.equal(box.role, 'alert');
    assert.match(box.text, /\/js\/broadphase_bg\.wasm/, 'expected the URL tried');
    assert.match(box.text, /404/, 'expected the HTTP status');
    assert.match(box.text, /wasm-url/, 'expected how to fix it');
    await browser.page.screenshot({ path: join(screenshots, 'embed-error.png') });
  } finally {
    await server.close();
  }
});

test('mount() into a container with a set height fits it exactly: no overflow, the next paragraph right below', async () => {
  const server = await open(
    {
      '/lib/broadphase-embed.js': MODULE,
      '/lib/broadphase_bg.wasm': WASM,
      '/index.html': page(
        '<div style="width:700px"><div id="demo" style="height:480px"></div><p id="next" style="margin:0">Next paragraph.</p></div>' +
          '<script type="module">import { mount } from "/lib/broadphase-embed.js"; window.handle = mount(document.getElementById("demo"), { mode: "quadtree", count: 150, panels: ["stats"] });</script>',
      ),
    },
    '/index.html',
  );
  try {
    await waitUntil(browser.page, 'the mounted playground to draw', () => window.handle?.frame ?? 0, (f) => f > 3, 20_000);
    const fit = await browser.page.evaluate(() => {
      const host = document.getElementById('demo');
      const frame = host.shadowRoot.querySelector('.bp-embed');
      const canvas = host.shadowRoot.querySelector('canvas').getBoundingClientRect();
      return {
        host: host.getBoundingClientRect().height,
        frame: frame.getBoundingClientRect().height,
        scroll: [frame.scrollHeight, frame.clientHeight],
        next: document.getElementById('next').getBoundingClientRect().top - host.getBoundingClientRect().bottom,
        canvasShare: [canvas.width / host.getBoundingClientRect().width, canvas.height / host.getBoundingClientRect().height],
      };
    });
    assert.equal(fit.host, 480, 'expected the container to keep its 480 px');
    assert.equal(fit.frame, 480, 'expected the playground to be exactly as tall as its container');
    assert.ok(fit.scroll[0] <= fit.scroll[1] + 1, `expected nothing to overflow the frame, found ${fit.scroll}`);
    assert.equal(fit.next, 0, 'expected the next paragraph right below the container, not overlapped');
    // A square world in a wide, low element: the panels beside it draw the map larger than under it.
    assert.ok(fit.canvasShare.every((s) => s >= 0.55), `expected the canvas to keep most of the element, it has ${fit.canvasShare.map((s) => `${(s * 100).toFixed(0)} %`).join(' of the width, ')} of the height`);
    assert.ok(await painted('demo'), 'expected the canvas to paint');
    await browser.page.screenshot({ path: join(screenshots, 'embed-mount.png') });
  } finally {
    await server.close();
  }
});

/** A value every checker refuses, per kind of setting. */
const BAD = {
  name: 'nonsense',
  'whole number': 'lots',
  number: 'fast',
  'true or false': 'maybe',
  'box list': '1,2,3',
  'id:box list': '0:1,2,3,4',
  'child:parent list': '3:3',
  'tick:edit list': '9:1:1,2,3;4:speed:1',
  'ASCII map': '',
  '4 numbers': '1_2',
  '2 numbers': 'x',
  '3 numbers': '1_2',
  'panel ids': 'Stats!',
  'CSS length': '<script>',
  URL: 'http://[bad',
  'cell side': '4_2_middle',
};

test('every setting in the table, given a bad value, is warned about by name and shown in the embed', async () => {
  const files = { '/lib/broadphase-embed.js': MODULE, '/lib/broadphase_bg.wasm': WASM, '/index.html': page('<script type="module" src="/lib/broadphase-embed.js"></script><div id="host"></div>') };
  const server = await open(files, '/index.html');
  try {
    await browser.page.waitForFunction(() => customElements.get('broadphase-playground') !== undefined);
    const table = await browser.page.evaluate(() => customElements.get('broadphase-playground') && import('/lib/broadphase-embed.js').then((m) => m.SETTINGS.map((s) => ({ attribute: m.attributeOf(s.name), type: s.type, modes: s.modes }))));
    assert.ok(table.length >= 20, 'expected the settings table');
    for (const s of table) {
      const bad = BAD[s.type];
      assert.ok(bad !== undefined, `no bad value for settings of type ${s.type}`);
      const mode = s.modes === 'all' ? 'quadtree' : s.modes[0];
      browser.warnings.length = 0;
      const shown = await browser.page.evaluate(
        async ({ attribute, bad, mode }) => {
          const host = document.getElementById('host');
          host.replaceChildren();
          const el = document.createElement('broadphase-playground');
          if (attribute !== 'mode') el.setAttribute('mode', mode);
          el.setAttribute(attribute, bad);
          el.setAttribute('height', attribute === 'height' ? bad : '200');
          host.append(el);
          await el.ready.catch(() => {});
          await new Promise((r) => setTimeout(r, 50));
          const notice = el.shadowRoot.querySelector('.bp-problems');
          return { notice: notice && !notice.hidden ? notice.textContent : null, problems: el.playground.problems.map((p) => p.name) };
        },
        { attribute: s.attribute, bad, mode },
      );
      assert.ok(shown.problems.includes(s.attribute), `expected ${s.attribute}="${bad}" to be a problem named ${s.attribute}, problems: ${JSON.stringify(shown.problems)}`);
      assert.ok(shown.notice?.includes(s.attribute), `expected the embed's notice to name ${s.attribute}, it says ${JSON.stringify(shown.notice)}`);
      assert.ok(browser.warnings.some((w) => w.includes(`${s.attribute}:`) || w.includes(`${s.attribute} `)), `expected a console warning naming ${s.attribute}, saw ${JSON.stringify(browser.warnings)}`);
    }
    assert.deepEqual(browser.problems.filter((p) => !/could not load|WebAssembly/.test(p)), [], 'expected no errors besides');
  } finally {
    await server.close();
  }
});

test('docs/EMBED.md carries the settings and panel tables the code validates against', async () => {
  const files = { '/lib/broadphase-embed.js': MODULE, '/lib/broadphase_bg.wasm': WASM, '/index.html': page('<script type="module" src="/lib/broadphase-embed.js"></script><div id="host"></div>') };
  const server = await open(files, '/index.html');
  try {
    const tables = await browser.page.evaluate(async () => {
      const lib = await import('/lib/broadphase-embed.js');
      const byMode = {};
      for (const mode of ['quadtree', 'grids', 'hierarchy', 'tiles', 'rays']) {
        const div = document.createElement('div');
        document.getElementById('host').append(div);
        const handle = lib.mount(div, { mode, height: 200 });
        await handle.ready;
        byMode[mode] = handle.panels;
        handle.destroy();
        div.remove();
      }
      return { settings: lib.settingsTable(), panels: lib.panelsTable(byMode) };
    });
    const path = join(root, 'docs', 'EMBED.md');
    let doc = readFileSync(path, 'utf8');
    const between = (name) => {
      const start = doc.indexOf(`<!-- ${name}: generated -->`);
      const end = doc.indexOf(`<!-- /${name} -->`);
      return start < 0 || end < 0 ? null : doc.slice(start + `<!-- ${name}: generated -->`.length, end).trim();
    };
    // The download's size, from this build: the wasm and the module, gzipped, to the nearest 5 KB.
    const kb5 = (file) => `about ${Math.round(gzipSync(readFileSync(file), { level: 9 }).length / 1024 / 5) * 5} KB`;
    tables.sizes = `${kb5(WASM)} gzipped, the module ${kb5(MODULE)}`;
    if (process.env.UPDATE_EMBED_DOCS === '1') {
      let next = doc;
      for (const [name, text] of [['settings', `\n${tables.settings}\n`], ['panels', `\n${tables.panels}\n`], ['sizes', tables.sizes]]) {
        const start = next.indexOf(`<!-- ${name}: generated -->`) + `<!-- ${name}: generated -->`.length;
        const end = next.indexOf(`<!-- /${name} -->`);
        next = `${next.slice(0, start)}${text}${next.slice(end)}`;
      }
      writeFileSync(path, next);
      doc = next;
    }
    assert.equal(between('settings'), tables.settings, 'docs/EMBED.md\'s settings table differs from the code (UPDATE_EMBED_DOCS=1 node --test e2e/embed-static.test.mjs rewrites it)');
    assert.equal(between('panels'), tables.panels, 'docs/EMBED.md\'s panel table differs from the modes (UPDATE_EMBED_DOCS=1 … rewrites it)');
    assert.equal(between('sizes'), tables.sizes, 'docs/EMBED.md\'s download size differs from the build\'s (UPDATE_EMBED_DOCS=1 … rewrites it)');
  } finally {
    await server.close();
  }
});

mkdirSync(screenshots, { recursive: true });
