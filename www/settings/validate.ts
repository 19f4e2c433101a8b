// Reading settings from the outside — a page's URL hash, an element's
// attributes, mount() options — through the one table (schema.ts). A value
// that is refused keeps the default and a value that is clamped is
// changed, and either way a `Problem` says so: the caller shows it (a
// notice) and warns in the console. Nothing is refused or clamped silently.

import { appliesTo, SETTINGS, settingBy, type ModeName, type RangePolicy, type SettingSpec } from './schema';

/** One setting that was refused, clamped or ignored. */
export interface Problem {
  /** The attribute, option or URL parameter as the author wrote it. */
  readonly name: string;
  /** The value as given. */
  readonly value: string;
  /** What happened and why, in words. */
  readonly message: string;
}

function shown(value: unknown): string {
  if (typeof value === 'string') return value.length > 60 ? `${value.slice(0, 57)}…` : value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function refused(name: string, value: unknown, reason: string, spec: SettingSpec, mode: ModeName): Problem {
  return { name, value: shown(value), message: `${name}: ${reason}; allowed: ${spec.allowed(mode)}. Using the default (${spec.defaultText}).` };
}

function notFor(name: string, value: unknown, spec: SettingSpec, mode: ModeName): Problem {
  const modes = spec.modes === 'all' ? 'every mode' : spec.modes.join(', ');
  return { name, value: shown(value), message: `${name} does not apply to the ${mode} mode (only to ${modes}); ignored.` };
}

/** The mode named in `raw` (a refused mode is a problem; the default then). */
export function readMode(raw: string | null | undefined, problems: Problem[], name = 'mode'): ModeName {
  const spec = settingBy('option', 'mode') as SettingSpec;
  if (raw === null || raw === undefined) return 'quadtree';
  const checked = spec.parse(raw, 'quadtree', 'default');
  if (checked.ok) return checked.value as ModeName;
  problems.push(refused(name, raw, checked.reason, spec, 'quadtree'));
  return 'quadtree';
}

/**
 * A page's URL parameters for `mode`, checked: refused values dropped
 * (the mode's default applies), out-of-range numbers clamped, unknown
 * parameters and those of other modes ignored; each one a problem.
 */
export function readParams(raw: URLSearchParams, mode: ModeName): { params: URLSearchParams; problems: Problem[] } {
  const problems: Problem[] = [];
  const params = new URLSearchParams({ mode });
  for (const [name, value] of raw) {
    if (name === 'mode') continue;
    const spec = settingBy('param', name);
    if (spec === undefined) {
      problems.push({ name, value: shown(value), message: `${name} is not a setting of the playground; ignored.` });
      continue;
    }
    if (!appliesTo(spec, mode)) {
      problems.push(notFor(name, value, spec, mode));
      continue;
    }
    const checked = spec.parse(value, mode, 'clamp');
    if (!checked.ok) {
      problems.push(refused(name, value, checked.reason, spec, mode));
      continue;
    }
    if (checked.note !== undefined) problems.push({ name, value: shown(value), message: `${name} ${checked.note} (allowed: ${spec.allowed(mode)}).` });
    if (spec.defaultValue !== undefined && checked.value === spec.defaultValue) continue;
    params.set(name, spec.format(checked.value));
  }
  return { params, problems };
}

/**
 * Options given from script or read from attributes (`raw[option]`), for
 * `mode`: each checked, refused ones dropped (the default applies), each
 * refusal a problem naming the attribute (`names: 'attribute'`) or the
 * option. Unknown options are problems too.
 */
export function checkOptions(
  raw: Readonly<Record<string, unknown>>,
  mode: ModeName,
  names: 'attribute' | 'option',
  policy: RangePolicy = 'default',
): { options: Record<string, unknown>; problems: Problem[] } {
  const options: Record<string, unknown> = {};
  const problems: Problem[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const spec = settingBy('option', key);
    if (spec === undefined) {
      problems.push({ name: key, value: shown(value), message: `${key} is not an option of the playground; ignored.` });
      continue;
    }
    const name = names === 'attribute' ? spec.attribute : spec.option;
    if (key === 'mode') {
      options.mode = value;
      continue;
    }
    if (!appliesTo(spec, mode)) {
      problems.push(notFor(name, value, spec, mode));
      continue;
    }
    const checked = typeof value === 'string' && names === 'attribute' ? spec.parse(value, mode, policy) : spec.check(value, mode, policy);
    if (!checked.ok) {
      problems.push(refused(name, value, checked.reason, spec, mode));
      continue;
    }
    if (checked.note !== undefined) problems.push({ name, value: shown(value), message: `${name} ${checked.note} (allowed: ${spec.allowed(mode)}).` });
    options[key] = checked.value;
  }
  return { options, problems };
}

/** Checked options as the URL parameters a mode reads. */
export function toParams(options: Readonly<Record<string, unknown>>, mode: ModeName): URLSearchParams {
  const params = new URLSearchParams({ mode });
  for (const spec of SETTINGS) {
    const value = options[spec.option];
    if (spec.param === null || spec.param === 'mode' || value === undefined || !appliesTo(spec, mode)) continue;
    if (spec.defaultValue !== undefined && value === spec.defaultValue) continue;
    params.set(spec.param, spec.format(value));
  }
  return params;
}

/** What a mode published (its URL parameters) as options. */
export function fromParams(params: URLSearchParams, mode: ModeName): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const spec of SETTINGS) {
    if (spec.param === null || spec.param === 'mode' || !appliesTo(spec, mode)) continue;
    const raw = params.get(spec.param);
    if (raw === null) {
      if (spec.defaultValue !== undefined) out[spec.option] = spec.defaultValue;
      continue;
    }
    const checked = spec.parse(raw, mode, 'clamp');
    if (checked.ok) out[spec.option] = checked.value;
  }
  return out;
}

/** Shows problems in the console, one warning each. */
export function warnAll(problems: readonly Problem[], where: string): void {
  for (const p of problems) console.warn(`broadphase ${where}: ${p.message}`);
}
