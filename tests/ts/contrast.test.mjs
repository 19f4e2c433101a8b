// Both palettes readable, from their own colour pairs (what is drawn on
// what, www/runtime/theme.ts and each mode's colours.ts): text at least
// 4.5:1, marks at least 3:1, every colour's alpha blended over what is
// under it. The panels' CSS text and the canvas's labels as they show are
// checked in a browser by e2e/contrast.test.mjs.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { load } from './support.mjs';

let theme;
let contrast;
let lists;
before(async () => {
  const [t, c, rays, tiles, play] = await load('/www/runtime/theme.ts', '/www/runtime/contrast.ts', '/www/modes/rays/colours.ts', '/www/modes/tiles/colours.ts', '/www/modes/play/colours.ts');
  [theme, contrast] = [t, c];
  lists = { shared: t.palettePairs, rays: rays.rayPairs, tiles: tiles.tilePairs, play: play.playPairs };
});

for (const name of ['light', 'dark']) {
  test(`the ${name} palette: text ≥ 4.5:1 and marks ≥ 3:1 on what they are drawn on`, (t) => {
    theme.useTheme(name);
    const failures = [];
    let checked = 0;
    /** The lowest ratio of each kind, and what has it. */
    const lowest = { text: { ratio: Infinity, what: '' }, mark: { ratio: Infinity, what: '' } };
    for (const [list, pairs] of Object.entries(lists)) {
      for (const pair of pairs) {
        const parse = (css) => {
          const c = contrast.parseColour(css);
          assert.ok(c !== null, `${list}: "${pair.what}": cannot read the colour ${css}`);
          return c;
        };
        const under = pair.on().map(parse).reduce((below, top) => contrast.over(top, below), [255, 255, 255, 1]);
        const ink = contrast.over(parse(pair.ink()), under);
        const ratio = contrast.contrastRatio(ink, under);
        const need = pair.kind === 'text' ? 4.5 : 3;
        checked += 1;
        const kind = pair.kind === 'text' ? 'text' : 'mark';
        if (ratio < lowest[kind].ratio) lowest[kind] = { ratio, what: `${list}: ${pair.what}` };
        if (ratio < need) failures.push(`${list}: ${pair.what}: ${pair.ink()} on ${pair.on().join(' under ')} is ${ratio.toFixed(2)}:1, needs ${need}:1`);
      }
    }
    assert.ok(checked > 40, `expected the pairs of the theme and the modes, checked ${checked}`);
    for (const [kind, { ratio, what }] of Object.entries(lowest)) t.diagnostic(`${name}: lowest ${kind} ${ratio.toFixed(2)}:1 (${what}), of ${checked} pairs`);
    assert.deepEqual(failures, [], failures.join('\n'));
  });
}
