// A number box that refuses what it cannot take, visibly: while the typed
// text is not a number in range it is marked invalid (aria-invalid, and a
// message naming the allowed range tied to the box by aria-describedby),
// and a committed bad value is not applied: the scene keeps what it had,
// the box keeps what was typed, so the user sees both.

import { h } from './ui';

export interface NumberRule {
  /** What the number is, for the message ("Objects"). */
  readonly what: string;
  readonly min: number;
  /** The largest value (a function when it depends on the scene). */
  readonly max: number | (() => number);
  readonly integer?: boolean;
}

function limit(rule: NumberRule): number {
  return typeof rule.max === 'function' ? rule.max() : rule.max;
}

function format(n: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** The value in `text` if `rule` takes it, else why not. */
export function checkNumber(text: string, rule: NumberRule): { value: number } | { reason: string } {
  const max = limit(rule);
  const allowed = `${rule.integer ? 'a whole number' : 'a number'} from ${format(rule.min)} to ${format(max)}`;
  const n = text.trim() === '' ? NaN : Number(text);
  if (!Number.isFinite(n) || (rule.integer === true && !Number.isInteger(n)) || n < rule.min || n > max) {
    return { reason: `${rule.what} must be ${allowed}; "${text}" is not applied.` };
  }
  return { value: n };
}

/**
 * Wires `input` to `apply`: checked as it is typed, applied on commit
 * (change) only when valid. Returns the message element to place after it
 * and a `valid()` the panel's sync asks before overwriting the box.
 */
export function checkedNumberField(input: HTMLInputElement, rule: NumberRule, apply: (value: number) => void): { message: HTMLElement; valid: () => boolean } {
  const id = `${input.id}-error`;
  const message = h('span', { id, class: 'field-error', role: 'alert', hidden: true });
  input.setAttribute('aria-describedby', id);
  const show = (): { value: number } | null => {
    const checked = checkNumber(input.value, rule);
    const bad = 'reason' in checked;
    input.setAttribute('aria-invalid', String(bad));
    message.hidden = !bad;
    message.textContent = bad ? checked.reason : '';
    return bad ? null : checked;
  };
  input.addEventListener('input', () => void show());
  input.addEventListener('change', () => {
    const ok = show();
    if (ok !== null) apply(ok.value);
    else console.warn(`broadphase: ${message.textContent}`);
  });
  return { message, valid: () => input.getAttribute('aria-invalid') !== 'true' };
}
