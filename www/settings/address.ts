// A mode's settings in the address bar. The scene lives in the hash
// (`#mode=grids&count=2000&seed=3`), so a link reproduces what someone saw;
// a `?mode=…&count=…` query is still read, once, so old links and
// bookmarks work, and is dropped the first time the hash is written. The shell owns
// `mode`; a mode's values are written after it, in place (no history entry
// per slider tick). Long values are packed (packed.ts).

import { isPacked, MAX_VALUE_CHARS, PACK_OVER, packValue, unpackValue } from './packed';
import type { Problem } from './read';

/** Parameters of a `#a=1&b` hash (empty for no hash). */
export function hashParams(hash: string = location.hash): URLSearchParams {
  return new URLSearchParams(hash.replace(/^#/, ''));
}

/** The page's state: the hash when it holds any, else the query. */
export function readPageParams(): URLSearchParams {
  const hash = hashParams();
  return [...hash.keys()].length > 0 ? hash : new URLSearchParams(location.search);
}

/** Characters a URL's fragment may hold as they are, which URLSearchParams reads back as themselves (not `&`, `=`, `+`). */
const PLAIN_IN_FRAGMENT: Readonly<Record<string, string>> = { '%7E': '~', '%2C': ',', '%3A': ':', '%3B': ';', '%40': '@', '%21': '!', '%2F': '/' };

/** `a=1&paused`: bare flags read better than `paused=`; lists keep their `,` `:` `;` `@` (shorter, and readable). */
export function formatParams(params: URLSearchParams): string {
  return params
    .toString()
    .replace(/=(&|$)/g, '$1')
    .replace(/%(7E|2C|3A|3B|40|21|2F)/gi, (code) => PLAIN_IN_FRAGMENT[code.toUpperCase()]);
}

/** `params` with every long value packed (`~…`); short ones stay readable. */
export async function packParams(params: URLSearchParams): Promise<URLSearchParams> {
  const out = new URLSearchParams();
  for (const [key, value] of params) out.append(key, value.length > PACK_OVER ? ((await packValue(value)) ?? value) : value);
  return out;
}

/** Whether any value is packed (or too long to read): then `unpackParams` first. */
export function needsUnpacking(params: URLSearchParams): boolean {
  for (const value of params.values()) if (isPacked(value) || value.length > MAX_VALUE_CHARS) return true;
  return false;
}

/**
 * `params` with packed values unpacked, and every value that is too long
 * or does not unpack left out, each a problem saying why: the result holds
 * no packed value, so nothing unpacks it again.
 */
export async function unpackParams(params: URLSearchParams): Promise<{ params: URLSearchParams; problems: Problem[] }> {
  const out = new URLSearchParams();
  const problems: Problem[] = [];
  for (const [key, value] of params) {
    if (value.length > MAX_VALUE_CHARS) {
      problems.push(linkProblem(key, value, `is ${value.length.toLocaleString('en-US')} characters long, more than ${MAX_VALUE_CHARS.toLocaleString('en-US')}`));
      continue;
    }
    const unpacked = await unpackValue(value);
    if (unpacked.ok) out.append(key, unpacked.text);
    else problems.push(linkProblem(key, value, unpacked.reason));
  }
  return { params: out, problems };
}

function linkProblem(name: string, value: string, reason: string): Problem {
  return { name, value: value.length > 60 ? `${value.slice(0, 57)}…` : value, message: `${name}: ${reason}; ignored.` };
}

let writes = 0;
/** The address the page shows: the one the shell last followed, or the page last wrote. */
let shown: string | null = null;

const currentAddress = () => `${location.search}${location.hash}`;

/** Notes that the page shows the address as it is now (the shell is following it). */
export function noteShownAddress(): void {
  shown = currentAddress();
}

/** Whether the address is the one the page shows, not a navigation (back, forward, a pasted link) still to follow. */
export function addressIsShown(): boolean {
  return currentAddress() === shown;
}

/** Drops a write still packing (the shell calls it before it follows a new address, so the old mode cannot overwrite it). */
export function cancelPendingWrites(): void {
  writes += 1;
}

/**
 * Rewrites the address in place (no history entry) as `#mode=…` and
 * `params`: an old `?query` is dropped. Long values are packed, which
 * takes a moment, and a later write wins. Nothing is written over an
 * address the page does not show yet (a navigation the shell is about to
 * follow).
 */
export function writeAddress(mode: string, params: URLSearchParams): void {
  const next = new URLSearchParams({ mode });
  for (const [key, value] of params) if (key !== 'mode') next.append(key, value);
  const write = (ready: URLSearchParams) => {
    if (!addressIsShown()) return;
    const url = `${location.pathname}#${formatParams(ready)}`;
    if (url !== `${location.pathname}${currentAddress()}`) history.replaceState(history.state, '', url);
    noteShownAddress();
  };
  const ticket = ++writes;
  if ([...next.values()].every((v) => v.length <= PACK_OVER)) {
    write(next);
    return;
  }
  void packParams(next).then((packed) => {
    if (ticket === writes) write(packed);
  });
}
