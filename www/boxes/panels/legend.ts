// A legend's line: a swatch and what its colour means. Swatches use the
// theme's CSS variables, so they match the canvas exactly.

import { h } from '../../runtime/ui';

export function swatch(kind: string, text: string): HTMLElement {
  return h('li', {}, h('span', { class: `swatch swatch-${kind}`, 'aria-hidden': 'true' }), text);
}
