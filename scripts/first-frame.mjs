// A Vite plugin: `virtual:first-frame` is index.html's default scene's
// first frame as the core computed it at build time (www/first-frame/record.ts,
// run through Vite's module runner on pkg/'s wasm), which the page draws
// while its own core is still arriving (www/first-frame/show.ts);
// `virtual:first-frame/embeds` is the same for tutorial.html's embeds of a
// quadtree or grids lesson: each one's first
// moment, keyed by its id and its attributes as written, which the embed
// draws until its core runs (www/first-frame/embed.ts). Only the pages'
// build (vite.config.ts) has the plugin: the embeddable library's build
// (vite.lib.config.ts) records nothing and its embeds start as before.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const ID = 'virtual:first-frame';
const RESOLVED = `\0${ID}`;
const EMBEDS_ID = 'virtual:first-frame/embeds';
const EMBEDS_RESOLVED = `\0${EMBEDS_ID}`;
const root = fileURLToPath(new URL('..', import.meta.url));
/** The page whose embeds get a first picture. */
const EMBED_PAGE = 'tutorial.html';
/** The attributes a recorded embed may have, and its modes: the recorder knows how to build these (a quadtree or grids lesson). */
const RECORDABLE = new Set(['id', 'mode', 'lesson', 'panels']);
const PICTURED_MODES = new Set(['quadtree', 'grids']);

/**
 * The first `count` `<broadphase-playground>` tags of `html` (all without
 * one), as attribute name → value (the page's own HTML, written plainly:
 * double quotes).
 */
export function embedsOf(html, count = Infinity) {
  const tags = [...html.matchAll(/<broadphase-playground\b([^>]*)>/g)].slice(0, count);
  return tags.map(([, attrs]) => Object.fromEntries([...attrs.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value])));
}

/** The first moments of EMBED_PAGE's first embeds, as the module `virtual:first-frame/embeds` says them. */
export async function recordEmbedFrames() {
  const wasm = new Uint8Array(readFileSync(new URL('../pkg/broadphase_bg.wasm', import.meta.url)));
  const { module } = await runnerImport(`${root}www/first-frame/record.ts`, { configFile: false, root, logLevel: 'warn' });
  const { module: frames } = await runnerImport(`${root}www/first-frame/frame.ts`, { configFile: false, root, logLevel: 'warn' });
  const html = readFileSync(new URL(`../${EMBED_PAGE}`, import.meta.url), 'utf8');
  const pictures = [];
  const skipped = [];
  for (const attributes of embedsOf(html)) {
    const others = Object.keys(attributes).filter((name) => !RECORDABLE.has(name));
    // A scene the recorder cannot build is left to start as before, and the build says so.
    if (attributes.id === undefined || !PICTURED_MODES.has(attributes.mode) || attributes.lesson === undefined || others.length > 0) {
      skipped.push(attributes.id ?? JSON.stringify(attributes));
      continue;
    }
    const { id, ...settings } = attributes;
    pictures.push(`{ id: ${JSON.stringify(id)}, attributes: ${JSON.stringify(settings)}, frame: parseFrame(${JSON.stringify(frames.frameJson(module.recordLessonFrame(wasm, attributes.lesson, attributes.mode)))}) }`);
  }
  if (skipped.length > 0) console.warn(`first frame: ${EMBED_PAGE}'s embeds ${skipped.join(', ')} get no first picture (only a ${[...PICTURED_MODES].join(' or ')} lesson with ${[...RECORDABLE].join(', ')} is recorded)`);
  return `import { parseFrame } from ${JSON.stringify(`${root}www/first-frame/frame.ts`)};\nexport default [${pictures.join(',\n')}];`;
}

/** The first frame, as the JSON the virtual module exports. */
export async function recordFirstFrameJson() {
  const wasm = readFileSync(new URL('../pkg/broadphase_bg.wasm', import.meta.url));
  const { module } = await runnerImport(`${root}www/first-frame/record.ts`, { configFile: false, root, logLevel: 'warn' });
  return JSON.stringify(module.recordFirstFrame(new Uint8Array(wasm)));
}

export function firstFrame() {
  return {
    name: 'broadphase-first-frame',
    resolveId(id) {
      return id === ID ? RESOLVED : id === EMBEDS_ID ? EMBEDS_RESOLVED : null;
    },
    async load(id) {
      if (id === EMBEDS_RESOLVED) return recordEmbedFrames();
      if (id !== RESOLVED) return null;
      return `export default JSON.parse(${JSON.stringify(await recordFirstFrameJson())});`;
    },
    // The picture's code is a dynamic import of the page's entry: without a
    // preload its request would only start once the entry has run, a whole
    // round trip and the entry's download later. index.html names what it
    // imports up front, and loads a small script of its own (emitted here,
    // async, so it holds nothing up) that names the picture's chunk (its
    // code and the recorded frame) as a module preload, so it downloads
    // beside the entry, but only for the link the picture is drawn for:
    // any other link does not fetch it (no picture rather than a wrong one).
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (bundle === undefined || !context.filename.endsWith('index.html')) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const show = chunks.find((c) => c.facadeModuleId?.endsWith('www/first-frame/show.ts'));
        if (show === undefined) return html;
        const files = new Set();
        const visit = (file) => {
          if (files.has(file)) return;
          files.add(file);
          for (const next of bundle[file]?.imports ?? []) visit(next);
        };
        visit(show.fileName);
        // What it imports is the quadtree mode's code, which the entry asks for too: named for every link, as before.
        const shared = [...files].filter((file) => file !== show.fileName && !html.includes(file));
        const ref = this.emitFile({ type: 'asset', name: 'first-picture-preload.js', source: preloadScript([`./${show.fileName}`]) });
        return [
          ...shared.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` }, injectTo: 'head' })),
          // First in the head and asked for first: the picture's chunk it names waits for it.
          { tag: 'script', attrs: { src: `./${this.getFileName(ref)}`, async: true, fetchpriority: 'high' }, injectTo: 'head-prepend' },
        ];
      },
    },
  };
}

/**
 * index.html's preload script: module preloads of `hrefs` (the picture's
 * chunk), added only when the address is the link the
 * picture is drawn for, as www/main.ts decides it (`readPageParams`: the
 * hash when it holds any, else the query; then `isDefaultLink` of
 * first-frame/show.ts: nothing, or only `mode=quadtree`). A classic script
 * file rather than inline, so a page whose policy allows only its own
 * scripts runs it too.
 */
export function preloadScript(hrefs) {
  return `// The first picture's code, preloaded only for the link it is drawn for (scripts/first-frame.mjs).
(function (hrefs) {
  var params = new URLSearchParams(location.hash.replace(/^#/, ''));
  if (Array.from(params.keys()).length === 0) params = new URLSearchParams(location.search);
  var keys = Array.from(params.keys());
  var isDefault = keys.every(function (k) { return k === 'mode'; }) && params.getAll('mode').every(function (m) { return m === 'quadtree'; });
  if (!isDefault) return;
  hrefs.forEach(function (href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  });
})(${JSON.stringify(hrefs)});
`;
}
