// Settings in and out, through the one table: `readSettings` turns what
// came from outside — a link's parameters, an element's attributes,
// mount() options — into the typed values a mode receives, each refused,
// clamped or ignored value a `Problem` the caller shows and warns;
// `writeParams` and `optionsOf` write typed values back as a link's
// parameters or as `getState()` options. Nothing else parses a setting.

import { appliesTo, attributeOf, SETTINGS, settingBy, type ModeName, type SettingSpec, type SettingValues, type SomeSettings } from './table';
import type { RangePolicy } from './kinds';
import { lessonNamed } from './lessons';
import { MAX_VALUE_CHARS } from './packed';

/** One setting that was refused, clamped or ignored. */
export interface Problem {
  /** The attribute, option or URL parameter as the author wrote it. */
  readonly name: string;
  /** The value as given (shortened). */
  readonly value: string;
  /** What happened and why, in words. */
  readonly message: string;
}

/** Where raw settings came from: a link (keyed by parameter, out-of-range values clamped), or an element's attributes or script options (keyed by name, out-of-range values refused). */
export type SettingsSource = 'link' | 'attribute' | 'option';

/** What `readSettings` gives. */
export interface ReadSettings {
  /** Every setting's value in force for the mode: what was given and accepted, else the mode's default. */
  readonly values: SettingValues;
  /** Only what was given and accepted (what a rewritten address keeps). */
  readonly given: SomeSettings;
  readonly problems: Problem[];
}

const ROWS = SETTINGS as readonly SettingSpec[];

export function shownValue(value: unknown): string {
  if (typeof value === 'string') return value.length > 60 ? `${value.slice(0, 57)}…` : value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function refused(name: string, value: unknown, reason: string, spec: SettingSpec, mode: ModeName): Problem {
  return { name, value: shownValue(value), message: `${name}: ${reason}; allowed: ${spec.kind.allowed(mode)}. Using the default (${spec.defaultText}).` };
}

function notFor(name: string, value: unknown, spec: SettingSpec, mode: ModeName): Problem {
  const modes = spec.modes === 'all' ? 'every mode' : spec.modes.join(', ');
  return { name, value: shownValue(value), message: `${name} does not apply to the ${mode} mode (only to ${modes}); ignored.` };
}

/** The mode named by `raw` (absent: quadtree); a refused name is a problem named `name`, and quadtree then. */
export function readMode(raw: unknown, problems: Problem[], name = 'mode'): ModeName {
  const spec = settingBy('name', 'mode') as SettingSpec;
  if (raw === undefined || raw === null) return 'quadtree';
  const checked = typeof raw === 'string' ? spec.kind.parse(raw, 'quadtree', 'default') : spec.kind.check(raw, 'quadtree', 'default');
  if (checked.ok) return checked.value as ModeName;
  problems.push(refused(name, raw, checked.reason, spec, 'quadtree'));
  return 'quadtree';
}

/**
 * Every setting's default for `mode` (those the mode picks from its scene
 * left out), and with a lesson of the mode, the lesson's values over them:
 * a lesson is a scene's defaults.
 */
export function defaultSettings(mode: ModeName, lesson?: string): SettingValues {
  const values: Record<string, unknown> = {};
  for (const spec of ROWS) if (spec.fallback !== undefined) values[spec.name] = spec.fallback(mode);
  Object.assign(values, lessonValues(mode, lesson));
  values.mode = mode;
  return values as SettingValues;
}

/** A lesson's settings as typed values (none for no lesson, or one the mode lacks); `lesson` itself among them. */
export function lessonValues(mode: ModeName, lesson: string | undefined): SomeSettings {
  const spec = lessonNamed(mode, lesson);
  if (spec === undefined) return {};
  const values: Record<string, unknown> = { lesson: spec.name };
  for (const [attribute, text] of Object.entries(spec.settings)) {
    const row = settingBy('attribute', attribute);
    const checked = row?.kind.parse(text, mode, 'default');
    // The lessons are the code's own: tests/ts/settings.test.mjs reads every one.
    if (row === undefined || checked === undefined || !checked.ok) throw new Error(`lesson ${spec.name}: ${attribute}="${text}" is not a setting of the ${mode} mode`);
    values[row.name] = checked.value;
  }
  return values as SomeSettings;
}

/**
 * Reads raw settings for `mode`: a link's parameters (`source: 'link'`,
 * keyed by parameter: a setting's attribute, or an older link's alias such
 * as `n`), or attribute texts or script values keyed by name. Every value
 * is checked by its kind; refused ones keep the
 * default, out-of-range ones are clamped (a link) or refused (an embed),
 * unknown ones and those of other modes are ignored — each a problem.
 * `mode` itself is read by `readMode` and skipped here.
 */
export function readSettings(raw: URLSearchParams | Readonly<Record<string, unknown>>, mode: ModeName, source: SettingsSource): ReadSettings {
  const policy: RangePolicy = source === 'link' ? 'clamp' : 'default';
  const problems: Problem[] = [];
  const given: Record<string, unknown> = {};
  const entries: Iterable<[string, unknown]> = raw instanceof URLSearchParams ? raw.entries() : Object.entries(raw);
  for (const [key, value] of entries) {
    if (value === undefined) continue;
    if (typeof value === 'string' && value.length > MAX_VALUE_CHARS) {
      problems.push({ name: key, value: shownValue(value), message: `${key}: is ${value.length.toLocaleString('en-US')} characters long, more than ${MAX_VALUE_CHARS.toLocaleString('en-US')}; ignored.` });
      continue;
    }
    const spec = source === 'link' ? settingBy('link', key) : settingBy('name', key);
    if (spec === undefined) {
      const what = source === 'link' ? 'a setting' : 'an option';
      problems.push({ name: key, value: shownValue(value), message: `${key} is not ${what} of the playground; ignored.` });
      continue;
    }
    if (spec.name === 'mode') continue;
    const name = source === 'attribute' ? attributeOf(spec.name) : key;
    if (!appliesTo(spec, mode)) {
      problems.push(notFor(name, value, spec, mode));
      continue;
    }
    const checked = typeof value === 'string' && source !== 'option' ? spec.kind.parse(value, mode, policy) : spec.kind.check(value, mode, policy);
    if (!checked.ok) {
      problems.push(refused(name, value, checked.reason, spec, mode));
      continue;
    }
    if (checked.note !== undefined) problems.push({ name, value: shownValue(value), message: `${name} ${checked.note} (allowed: ${spec.kind.allowed(mode)}).` });
    given[spec.name] = checked.value;
  }
  return { values: { ...defaultSettings(mode, given.lesson as string | undefined), ...given } as SettingValues, given: given as SomeSettings, problems };
}

/** A link's mode and settings: `readSettings` for the mode the link names (a problem, and quadtree, if it names none that exists). */
export function readLink(raw: URLSearchParams): ReadSettings & { mode: ModeName } {
  const problems: Problem[] = [];
  const mode = readMode(raw.get('mode'), problems);
  const read = readSettings(raw, mode, 'link');
  return { ...read, problems: [...problems, ...read.problems], mode };
}

/**
 * Values as a link's parameters for `mode`, in the table's order, each by
 * its one name (never an alias): settings of other modes and embed-only
 * ones left out, and so are the mode's
 * defaults (a link says what differs); a true/false one is written only
 * when it is not the value a link leaves unsaid (`paused`, `tree=0`), so
 * a reader who prefers reduced motion shares `paused` as they saw it.
 */
export function writeParams(values: SomeSettings, mode: ModeName): URLSearchParams {
  const params = new URLSearchParams();
  const all = values as Readonly<Record<string, unknown>>;
  const lesson = lessonValues(mode, values.lesson) as Readonly<Record<string, unknown>>;
  for (const spec of ROWS) {
    const value = all[spec.name];
    if (!spec.inLink || spec.name === 'mode' || value === undefined || !appliesTo(spec, mode)) continue;
    // A lesson's own value goes unsaid (the lesson says it), the lesson's name excepted.
    const taught = spec.name !== 'lesson' ? lesson[spec.name] : undefined;
    if (taught !== undefined ? spec.kind.format(value) === spec.kind.format(taught) : isUnsaid(spec, value, mode)) continue;
    params.set(attributeOf(spec.name), spec.kind.format(value));
  }
  return params;
}

/** Whether a link leaves `value` unsaid: a flag at its unsaid value, or any other setting at its default. */
function isUnsaid(spec: SettingSpec, value: unknown, mode: ModeName): boolean {
  return spec.kind.unsaid !== undefined ? value === spec.kind.unsaid : spec.fallback !== undefined && value === spec.fallback(mode);
}

/**
 * The settings of `values` that make `mode`'s scene, those a link carries
 * for it (the embed-only look and other modes' settings left out): what a
 * mode that keeps its settings as typed values publishes. Each is there,
 * undefined when not set, so a published scene overrides a value given
 * earlier that the reader has since cleared (a cell size back to auto).
 */
export function sceneSettings(values: SomeSettings, mode: ModeName): SomeSettings {
  const out: Record<string, unknown> = {};
  const all = values as Readonly<Record<string, unknown>>;
  for (const spec of ROWS) if (spec.inLink && spec.name !== 'mode' && spec.name !== 'view' && appliesTo(spec, mode)) out[spec.name] = all[spec.name];
  return out as SomeSettings;
}

/** Values as `getState()` options (a list as its text). */
export function optionsOf(values: SomeSettings): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const spec = settingBy('name', key);
    if (spec === undefined || value === undefined) continue;
    out[key] = spec.kind.option !== undefined ? spec.kind.option(value) : value;
  }
  return out;
}

/** Shows problems in the console, one warning each. */
export function warnAll(problems: readonly Problem[], where: string): void {
  for (const p of problems) console.warn(`broadphase ${where}: ${p.message}`);
}
