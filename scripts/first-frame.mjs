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
    // round trip and the entry's download later. index.html names it and
    // what it imports up front, so they download beside the entry. Every
    // link preloads it, including the links that draw no picture: deciding
    // by the address needs a script of its own (a file, for pages whose
    // policy allows only their own scripts), and waiting for that script
    // costs the default link's first canvas more than the other links'
    // wasted download (docs/BENCHMARKS.md, "First pictures for every lesson
    // embed").
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
        return [...files]
          .filter((file) => !html.includes(file))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` }, injectTo: 'head' }));
      },
    },
  };
}

