// A scene's settings as something to hand on: a link to the full
// playground (its address with the scene in the hash, long values packed,
// as the address bar carries it) and the `<broadphase-playground>` markup
// that shows the same scene in any HTML page (each setting an attribute
// under its one name, the text a link would carry; a tile map as a
// `<template data-tiles>` child, row by row). Both write what
// `writeParams` writes, so a link, an attribute and the embed code read
// back as the same values.

import { formatParams, packParams } from './address';
import { writeParams } from './read';
import type { ModeName, SomeSettings } from './table';

/** The script line the embed code starts with: the library beside the page, where docs/EMBED.md puts it. */
export const EMBED_SCRIPT = '<script type="module" src="broadphase-embed.js"></script>';

/** `mode` and `values` as a link's parameters, mode first (as the address bar writes them). */
function linkParams(mode: ModeName, values: SomeSettings): URLSearchParams {
  const params = new URLSearchParams({ mode });
  for (const [key, value] of writeParams(values, mode)) params.append(key, value);
  return params;
}

/** `base` (any hash dropped) with the scene in the hash, long values left as they are: at once, for a link followed now. */
export function plainLink(base: string, mode: ModeName, values: SomeSettings): string {
  return `${base.replace(/#.*$/, '')}#${formatParams(linkParams(mode, values))}`;
}

/** `base` (any hash dropped) with the scene in the hash, long values packed (`~…`) as the address bar packs them. */
export async function shareLink(base: string, mode: ModeName, values: SomeSettings): Promise<string> {
  return `${base.replace(/#.*$/, '')}#${formatParams(await packParams(linkParams(mode, values)))}`;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/**
 * The markup of an element showing `mode`'s scene with `values`: the
 * script line (unless `script` is false), then the element, its settings
 * as attributes (a true flag bare, as `paused`), a tile map as a
 * `<template data-tiles>` child.
 */
export function embedCode(mode: ModeName, values: SomeSettings, script = true): string {
  const attributes = [`mode="${mode}"`];
  let map: string | null = null;
  for (const [key, value] of writeParams(values, mode)) {
    if (key === 'tiles') map = value.replace(/\n+$/, '');
    else attributes.push(value === '' ? key : `${key}="${escapeAttribute(value)}"`);
  }
  const open = `<broadphase-playground ${attributes.join(' ')}>`;
  const element =
    map === null
      ? `${open}</broadphase-playground>`
      : [open, '  <template data-tiles>', ...map.split('\n').map((line) => `    ${escapeText(line)}`), '  </template>', '</broadphase-playground>'].join('\n');
  return script ? `${EMBED_SCRIPT}\n${element}` : element;
}
