// The play mode's colours in each theme, read as each frame is drawn (an
// embed's palette, light or dark). On the light map the dark theme's bright
// objects would be faint: each object is set off the map at least 3:1, by
// its fill or its outline (tests/ts/contrast.test.mjs).

import { contrastRatio, over, parseColour, type Rgba } from '../../runtime/contrast';
import { pairs, theme, themeName, type ContrastPair, type ThemeName } from '../../runtime/theme';

type Name = 'player' | 'playerEdge' | 'coin' | 'coinEdge' | 'mine' | 'platform' | 'drone' | 'droneEdge' | 'sees' | 'blocked' | 'grid' | 'touched' | 'solidNear' | 'interestingNear' | 'hit' | 'grace';

const OWN: Record<ThemeName, Record<Name, string>> = {
  dark: {
    player: '#ffd166',
    playerEdge: '#fff4d6',
    coin: '#f7c948',
    coinEdge: '#f7c948',
    mine: '#ff5d73',
    platform: '#5ad1c4',
    drone: '#b892ff',
    droneEdge: '#fff4d6',
    sees: 'rgba(72, 219, 160, 0.9)',
    blocked: 'rgba(255, 82, 97, 0.75)',
    grid: 'rgba(120, 170, 255, 0.18)',
    touched: 'rgba(255, 209, 102, 0.22)',
    solidNear: '#ff5261',
    interestingNear: '#e8eef8',
    hit: '#ff5261',
    grace: '#ffffff',
  },
  light: {
    player: '#ffd166',
    playerEdge: '#5a3a00',
    coin: '#f7c948',
    coinEdge: '#7a5200',
    mine: '#c0182c',
    platform: '#0f7a70',
    drone: '#6b3fd4',
    droneEdge: '#1b2330',
    sees: 'rgba(8, 122, 84, 0.9)',
    blocked: 'rgba(192, 24, 44, 0.7)',
    grid: 'rgba(20, 70, 160, 0.18)',
    touched: 'rgba(184, 110, 0, 0.18)',
    solidNear: '#c0182c',
    interestingNear: '#1b2330',
    hit: '#c0182c',
    grace: '#1b2330',
  },
};

/** The play mode's colours in the palette being drawn with. */
export const playColours = Object.fromEntries(Object.keys(OWN.dark).map((name) => [name, ''])) as Record<Name, string>;
for (const name of Object.keys(OWN.dark) as Name[]) Object.defineProperty(playColours, name, { get: () => OWN[themeName()][name] });

/** What sets an object filled with `fill` and outlined with `edge` off the map: the stronger of the two. */
function setOff(fill: string, edge: string): string {
  const map = parseColour(theme.tileCell) as Rgba;
  const ratio = (css: string) => contrastRatio(over(parseColour(css) as Rgba, map), map);
  return ratio(fill) >= ratio(edge) ? fill : edge;
}

/** What the mode draws on what, for the contrast check (see theme.ts, `ContrastPair`). */
export const playPairs: readonly ContrastPair[] = pairs([
  ['the player', 'mark', () => setOff(playColours.player, playColours.playerEdge), () => [theme.tileCell]],
  ['gold', 'mark', () => setOff(playColours.coin, playColours.coinEdge), () => [theme.tileCell]],
  ['a mine', 'mark', () => playColours.mine, () => [theme.tileCell]],
  ['the platform', 'mark', () => playColours.platform, () => [theme.tileCell]],
  ['a drone', 'mark', () => setOff(playColours.drone, playColours.droneEdge), () => [theme.tileCell]],
  ['a drone that sees you', 'mark', () => playColours.sees, () => [theme.tileCell]],
  ['a blocked sight line', 'mark', () => playColours.blocked, () => [theme.tileCell]],
  ['the hit', 'mark', () => playColours.hit, () => [theme.tileCell]],
  ['the grace ring', 'mark', () => playColours.grace, () => [theme.tileCell]],
]);
