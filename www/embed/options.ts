// An embed's options and their two translations: to the query parameters
// the modes already read (`?n=…&seed=…`), and back from what a mode
// publishes, so getState() reports what the reader has changed.

/** The five playground modes. */
export type ModeName = 'quadtree' | 'grids' | 'hierarchy' | 'tiles' | 'rays';
export const MODE_NAMES: readonly ModeName[] = ['quadtree', 'grids', 'hierarchy', 'tiles', 'rays'];

export interface PlaygroundOptions {
  /** Which demo: quadtree (default), grids (comparison), hierarchy, tiles (editor with touched cells), rays. */
  mode?: ModeName;
  /** Objects in the scene (quadtree, grids, hierarchy). */
  count?: number;
  /** The scene's seed: same seed, same scene. */
  seed?: number;
  /** 'uniform' | 'clustered' | 'mixed'. */
  layout?: string;
  /** A name from `World.structures()`: 'quadtree', 'grid', 'loose-grid', … */
  structure?: string;
  /** Quadtree: objects a node holds before it splits. */
  maxObjects?: number;
  /** Quadtree: deepest level. */
  maxLevels?: number;
  /** Grids: cell size in world units (omit: the core chooses). */
  cellSize?: number;
  /** Simulation speed, 0–4. */
  speed?: number;
  /** false: start paused. Default: running, unless the reader prefers reduced motion. */
  running?: boolean;
  /**
   * Explicit boxes instead of a seeded scene (quadtree, grids, hierarchy
   * modes): `"x,y,w,h[,vx,vy]; …"` in world units from the origin.
   */
  boxes?: string;
  /** Tiles: a preset from `World.tilePresets()`. */
  preset?: string;
  /** Tiles: the map as ASCII (two characters a cell, rows on lines; see the core's `tileAscii`). */
  tiles?: string;
  /** Tiles: the shape in hand. */
  shape?: string;
  /** Panel ids to show ('stats', 'controls', 'tiles-readout', …), 'all' (default) or 'none'. */
  panels?: readonly string[] | 'all' | 'none';
  /** false hides the control panels (settings, palettes, keys). */
  controls?: boolean;
  /** The legend and help line under the canvas (default true). */
  legend?: boolean;
  /** The playground's height: a number of CSS px or any CSS length (default 520px). */
  height?: number | string;
  /** Where the wasm file is, when it is not beside the script. */
  wasmUrl?: string | URL;
}

/** What getState() returns: the options, with the scene as the reader left it. */
export type PlaygroundState = PlaygroundOptions & { mode: ModeName };

/** Option ↔ query parameter, for the plain numbers and strings. */
const NUMBERS: [keyof PlaygroundOptions, string][] = [
  ['count', 'n'],
  ['seed', 'seed'],
  ['maxObjects', 'mo'],
  ['maxLevels', 'ml'],
  ['cellSize', 'cell'],
  ['speed', 'speed'],
];
const STRINGS: [keyof PlaygroundOptions, string][] = [
  ['layout', 'layout'],
  ['structure', 'structure'],
  ['preset', 'preset'],
  ['tiles', 'tiles'],
  ['shape', 'shape'],
  ['boxes', 'boxes'],
];
/** Options that live in the query (and so need the mode re-created when they change). */
export const SCENE_KEYS: readonly (keyof PlaygroundOptions)[] = ['mode', 'running', ...NUMBERS.map(([k]) => k), ...STRINGS.map(([k]) => k)];

export function modeOf(options: PlaygroundOptions): ModeName {
  return options.mode !== undefined && MODE_NAMES.includes(options.mode) ? options.mode : 'quadtree';
}

/** The query parameters a mode reads, for `options`. */
export function toParams(options: PlaygroundOptions, reducedMotion: boolean): URLSearchParams {
  const params = new URLSearchParams({ mode: modeOf(options) });
  for (const [key, name] of NUMBERS) {
    const v = options[key];
    if (typeof v === 'number' && Number.isFinite(v)) params.set(name, String(v));
  }
  for (const [key, name] of STRINGS) {
    const v = options[key];
    if (typeof v === 'string' && v !== '') params.set(name, v);
  }
  if (options.running === false || (options.running === undefined && reducedMotion)) params.set('paused', '');
  return params;
}

/** The scene options a mode's published parameters say. */
export function fromParams(params: URLSearchParams): Partial<PlaygroundOptions> {
  const out: Partial<PlaygroundOptions> = {};
  const o = out as Record<string, unknown>;
  for (const [key, name] of NUMBERS) {
    const raw = params.get(name);
    if (raw !== null && raw !== '' && Number.isFinite(Number(raw))) o[key] = Number(raw);
  }
  for (const [key, name] of STRINGS) {
    const raw = params.get(name);
    if (raw !== null) o[key] = raw;
  }
  out.running = !params.has('paused');
  return out;
}

/** 'stats, controls' → ['stats', 'controls']; 'all' and 'none' pass through. */
export function parsePanels(raw: string | null): PlaygroundOptions['panels'] {
  if (raw === null) return undefined;
  const t = raw.trim();
  if (t === '' || t === 'all') return 'all';
  if (t === 'none') return 'none';
  return t.split(/[\s,]+/).filter((s) => s !== '');
}
