// Both themes readable, in every mode: every piece of text in an embed's
// panels, legend and tools at least 4.5:1 against the background it is
// drawn on (its colour's alpha blended, and each background's over the one
// beneath), 3:1 for large text; and every text the canvas draws, found in
// a screenshot where the canvas drew it, at least 4.5:1 against what
// surrounds it there. (The palettes' own pairs — which colour is drawn on
// which, lines and marks included — are checked without a browser in
// tests/ts/contrast.test.mjs.) Disabled controls are exempt, as WCAG has it.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { decodePng } from './png.mjs';
import { launch } from './support.mjs';

const MODES = ['quadtree', 'grids', 'hierarchy', 'tiles', 'rays', 'play'];

let browser;
let page;

before(async () => {
  browser = await launch({ width: 1100, height: 900 });
  page = browser.page;
  // Every text a canvas draws, where and in what colour (the canvas keeps no record of its own).
  await page.addInitScript(() => {
    const fill = CanvasRenderingContext2D.prototype.fillText;
    window.__canvasTexts = [];
    CanvasRenderingContext2D.prototype.fillText = function (text, x, y, ...rest) {
      if (window.__recordTexts && typeof this.fillStyle === 'string') {
        const m = this.getTransform();
        const size = parseFloat(/(\d+(?:\.\d+)?)px/.exec(this.font)?.[1] ?? '10');
        window.__canvasTexts.push({ canvas: this.canvas, text: String(text), x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f, scale: m.a, width: this.measureText(text).width, size, bold: /\b(6|7|8|9)00\b|bold/.test(this.font), colour: this.fillStyle, align: this.textAlign, baseline: this.textBaseline, alpha: this.globalAlpha });
      }
      return fill.call(this, text, x, y, ...rest);
    };
  });
});

after(async () => {
  if (browser) {
    assert.deepEqual(browser.problems, [], 'expected no console errors or page errors');
    await browser.close();
  }
});

/** The page's embeds, one per mode, in `theme`, paused (the canvas stays still for its screenshot). */
async function embeds(theme) {
  await page.goto(`${browser.baseUrl}tutorial.html`);
  await page.evaluate(() => customElements.whenDefined('broadphase-playground'));
  await page.evaluate(
    ([modes, theme]) => {
      for (const sheet of document.querySelectorAll('link[rel="stylesheet"], style')) sheet.remove();
      document.body.style.background = theme === 'light' ? '#ffffff' : '#0b0f16';
      document.body.replaceChildren(...modes.map((m) => Object.assign(document.createElement('broadphase-playground'), { id: `c-${m}` })));
      for (const el of document.body.children) {
        el.setAttribute('mode', el.id.slice(2));
        el.setAttribute('theme', theme);
        el.setAttribute('paused', '');
        el.style.cssText = 'width: 1000px; margin: 20px';
      }
    },
    [MODES, theme],
  );
  await page.evaluate(() => Promise.all([...document.querySelectorAll('broadphase-playground')].map((el) => el.ready)));
}

/** Text in embed `id` below its threshold ({ out }), and the text nearest its threshold ({ lowest }). */
function textFailures(id) {
  return page.evaluate((id) => {
    let lowest = { margin: Infinity, what: '' };
    const parse = (css) => {
      const m = /rgba?\(\s*([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)/.exec(css);
      if (m === null) return null;
      const a = m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
      return [Number(m[1]), Number(m[2]), Number(m[3]), a];
    };
    const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
    const lum = (c) => {
      const lin = (v) => ((v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
    };
    const ratio = (a, b) => {
      const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
      return (x + 0.05) / (y + 0.05);
    };
    const parentOf = (el) => el.parentElement ?? el.getRootNode().host ?? null;
    /** The colour behind `el`: its and its ancestors' backgrounds, each over the next. */
    const backdrop = (el) => {
      const layers = [];
      for (let a = el; a !== null; a = parentOf(a)) {
        const c = parse(getComputedStyle(a).backgroundColor);
        if (c !== null && c[3] > 0) layers.push(c);
        if (c !== null && c[3] >= 1) break;
      }
      return layers.reduceRight((under, top) => over(top, under), [255, 255, 255, 1]);
    };
    const host = document.getElementById(id);
    const out = [];
    for (const el of host.shadowRoot.querySelectorAll('*')) {
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== '');
      if (!own || el.getClientRects().length === 0) continue;
      const cs = getComputedStyle(el);
      if (cs.visibility !== 'visible' || el.closest(':disabled, [aria-disabled="true"]') !== null) continue;
      const size = parseFloat(cs.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(cs.fontWeight) >= 700);
      const bg = backdrop(el);
      const fg = over(parse(cs.color), bg);
      const r = ratio(fg, bg);
      const need = large ? 3 : 4.5;
      if (r / need < lowest.margin) lowest = { margin: r / need, what: `"${el.textContent.trim().slice(0, 30)}" ${r.toFixed(2)}:1 (needs ${need})` };
      if (r < need - 0.005) out.push(`"${el.textContent.trim().slice(0, 30)}" (${el.localName}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')}) ${cs.color} on rgb(${bg.slice(0, 3).map(Math.round).join(', ')}): ${r.toFixed(2)}:1, needs ${need}:1`);
    }
    return { out, lowest };
  }, id);
}

/** Clicks through every tab and page of embed `id`, calling `check` on each view. */
async function everyView(id, check) {
  const tabs = await page.evaluate((id) => [...document.getElementById(id).shadowRoot.querySelectorAll('.panel-tab')].filter((t) => t.getClientRects().length > 0).length, id);
  for (let t = 0; t < Math.max(1, tabs); t++) {
    if (tabs > 0) await page.evaluate(([id, t]) => [...document.getElementById(id).shadowRoot.querySelectorAll('.panel-tab')].filter((b) => b.getClientRects().length > 0)[t].click(), [id, t]);
    for (let p = 0; p < 12; p++) {
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await check();
      const turned = await page.evaluate((id) => {
        const next = document.getElementById(id).shadowRoot.querySelector('.panel-pager:not([hidden]) [data-turn="next"]');
        if (next === null || next.disabled) return false;
        next.click();
        return true;
      }, id);
      if (!turned) break;
    }
  }
}

const lum = (c) => {
  const lin = (v) => ((v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
};
const ratio = (a, b) => {
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

/** Canvas texts of embed `id` below 4.5:1 against what surrounds them in a screenshot. */
async function canvasFailures(id) {
  let lowest = { margin: Infinity, what: '' };
  await page.evaluate((id) => document.getElementById(id).scrollIntoView({ block: 'center' }), id);
  await page.evaluate(() => {
    window.__canvasTexts = [];
    window.__recordTexts = true;
    return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
  const texts = await page.evaluate((id) => {
    window.__recordTexts = false;
    const canvas = document.getElementById(id).shadowRoot.querySelector('canvas#world');
    const r = canvas.getBoundingClientRect();
    const k = r.width / canvas.width;
    const seen = new Map();
    for (const t of window.__canvasTexts) {
      if (t.canvas !== canvas) continue;
      const w = t.width * t.scale * k;
      const h = t.size * t.scale * k;
      const x = r.left + t.x * k;
      const y = r.top + t.y * k;
      const left = t.align === 'center' ? x - w / 2 : t.align === 'right' || t.align === 'end' ? x - w : x;
      const top = t.baseline === 'middle' ? y - h / 2 : t.baseline === 'top' || t.baseline === 'hanging' ? y : t.baseline === 'bottom' || t.baseline === 'ideographic' ? y - h : y - h * 0.8;
      seen.set(`${t.text}@${Math.round(left)},${Math.round(top)}`, { text: t.text, left, top, width: w, height: h, colour: t.colour, alpha: t.alpha, size: t.size, bold: t.bold, inside: left >= r.left && top >= r.top && left + w <= r.right && top + h <= r.bottom });
    }
    return [...seen.values()].filter((t) => t.inside && t.text.trim() !== '');
  }, id);
  // Each colour as the browser reads it (a name, hex or rgba()), as r, g, b, a.
  const resolved = await page.evaluate((list) => {
    const probe = document.createElement('span');
    document.body.append(probe);
    const out = {};
    for (const css of list) {
      probe.style.color = '';
      probe.style.color = css;
      out[css] = getComputedStyle(probe).color;
    }
    probe.remove();
    return out;
  }, [...new Set(texts.map((t) => t.colour))]);
  const colourOf = (css) => {
    const m = /rgba?\(\s*([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:\s*[,/]\s*([\d.]+))?\s*\)/.exec(resolved[css] ?? '');
    return m === null ? null : [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])];
  };
  const shot = decodePng(await page.screenshot());
  const at = (x, y) => {
    const i = 4 * (Math.round(y) * shot.width + Math.round(x));
    return [shot.data[i], shot.data[i + 1], shot.data[i + 2], 1];
  };
  const out = [];
  for (const t of texts) {
    // What surrounds the text: the commonest colour in its box and a ring 2 px around it.
    const counts = new Map();
    for (let y = Math.floor(t.top) - 2; y <= Math.ceil(t.top + t.height) + 2; y++) {
      for (let x = Math.floor(t.left) - 2; x <= Math.ceil(t.left + t.width) + 2; x++) {
        if (x < 0 || y < 0 || x >= shot.width || y >= shot.height) continue;
        const key = at(x, y).slice(0, 3).join();
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
    const bg = [...[...counts.entries()].sort((a, b) => b[1] - a[1])[0][0].split(',').map(Number), 1];
    const c = colourOf(t.colour);
    if (c === null) continue;
    const alpha = c[3] * t.alpha;
    const fg = [0, 1, 2].map((i) => c[i] * alpha + bg[i] * (1 - alpha));
    const r = ratio(fg, bg);
    const need = t.size >= 24 || (t.size >= 18.66 && t.bold) ? 3 : 4.5;
    if (r / need < lowest.margin) lowest = { margin: r / need, what: `canvas "${t.text}" ${r.toFixed(2)}:1 (needs ${need})` };
    if (r < need - 0.005) out.push(`canvas text "${t.text}" ${t.colour} on rgb(${bg.slice(0, 3).join(', ')}): ${r.toFixed(2)}:1, needs ${need}:1`);
  }
  return { out, count: texts.length, lowest };
}

for (const theme of ['light', 'dark']) {
  test(`the ${theme} theme, every mode: text in the panels ≥ 4.5:1 on its background (3:1 large), every canvas text ≥ 4.5:1 in a screenshot`, async (t) => {
    await embeds(theme);
    const failures = new Set();
    // The text nearest its threshold, panels and canvas, reported.
    let lowest = { margin: Infinity, what: '' };
    const counts = {};
    for (const mode of MODES) {
      const id = `c-${mode}`;
      if (mode === 'rays') {
        // Two steps of the DDA: its tMax marks and their labels on the canvas, its panel's step readout.
        await page.evaluate((id) => document.getElementById(id).shadowRoot.querySelector('canvas#world').focus(), id);
        await page.keyboard.press('n');
        await page.keyboard.press('n');
      }
      await everyView(id, async () => {
        const text = await textFailures(id);
        for (const f of text.out) failures.add(`${mode}: ${f}`);
        if (text.lowest.margin < lowest.margin) lowest = { margin: text.lowest.margin, what: `${mode}: ${text.lowest.what}` };
      });
      const { out, count, lowest: low } = await canvasFailures(id);
      counts[mode] = count;
      if (low.margin < lowest.margin) lowest = { margin: low.margin, what: `${mode}: ${low.what}` };
      for (const f of out) failures.add(`${mode}: ${f}`);
    }
    for (const mode of MODES) assert.ok(counts[mode] > 0 || mode === 'play' || mode === 'grids', `${mode}: expected the canvas to draw some text (${counts[mode]} found)`);
    t.diagnostic(`${theme}: the text nearest its threshold: ${lowest.what}`);
    assert.deepEqual([...failures], [], `${theme}: ${failures.size} texts below the threshold:\n${[...failures].join('\n')}`);
  });
}
