// A mode's settings in the address bar. The scene lives in the hash
// (`#mode=grids&n=2000&seed=3`), so a link reproduces what someone saw; the
// older `?mode=…&n=…` query is still read, once, so old links and bookmarks
// work, and is dropped the first time the hash is written. The shell owns
// `mode`; a mode owns the rest and rewrites it in place (no history entry
// per slider tick).

/** Parameters of a `#a=1&b` hash (empty for no hash). */
export function hashParams(hash: string = location.hash): URLSearchParams {
  return new URLSearchParams(hash.replace(/^#/, ''));
}

/** The page's state: the hash when it holds any, else the query. */
export function readPageParams(): URLSearchParams {
  const hash = hashParams();
  return [...hash.keys()].length > 0 ? hash : new URLSearchParams(location.search);
}

/** `a=1&paused`: bare flags read better than `paused=`. */
export function formatParams(params: URLSearchParams): string {
  // `~` (a packed value's mark) needs no escape in a URL: keep it readable.
  return params.toString().replace(/=(&|$)/g, '$1').replace(/%7E/gi, '~');
}

/** Values longer than this go into a link compressed (a tile map, many boxes). */
export const PACK_OVER = 160;
/** A packed value starts with this: `~` + base64url of the raw-deflated text. */
const PACKED = '~';

function toBase64Url(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const plain = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

async function through(data: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Blob([data as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** `params` with every long value packed (`~…`); short ones stay readable. */
export async function packParams(params: URLSearchParams): Promise<URLSearchParams> {
  const out = new URLSearchParams();
  for (const [key, value] of params) {
    if (value.length <= PACK_OVER || typeof CompressionStream === 'undefined') {
      out.append(key, value);
      continue;
    }
    const packed = PACKED + toBase64Url(await through(new TextEncoder().encode(value), new CompressionStream('deflate-raw')));
    out.append(key, packed.length < value.length ? packed : value);
  }
  return out;
}

/** Whether any value is packed. */
export function hasPacked(params: URLSearchParams): boolean {
  for (const value of params.values()) if (value.startsWith(PACKED)) return true;
  return false;
}

/**
 * `params` with packed values unpacked. A value that does not unpack is
 * kept as it is, so the settings check refuses it where the user sees why.
 */
export async function unpackParams(params: URLSearchParams): Promise<URLSearchParams> {
  const out = new URLSearchParams();
  for (const [key, value] of params) {
    if (!value.startsWith(PACKED)) {
      out.append(key, value);
      continue;
    }
    try {
      out.append(key, new TextDecoder().decode(await through(fromBase64Url(value.slice(1)), new DecompressionStream('deflate-raw'))));
    } catch {
      out.append(key, value);
    }
  }
  return out;
}

let writes = 0;

/**
 * Replaces the mode's settings with `params`, keeping the shell's `mode`
 * first. Long values are packed, which takes a moment: a later write wins.
 */
export function replaceModeQuery(params: URLSearchParams): void {
  const mode = readPageParams().get('mode') ?? new URLSearchParams(location.search).get('mode');
  const next = new URLSearchParams();
  if (mode !== null) next.set('mode', mode);
  for (const [key, value] of params) if (key !== 'mode') next.append(key, value);
  const write = (ready: URLSearchParams) => {
    const state = formatParams(ready);
    const url = `${location.pathname}${state === '' ? '' : `#${state}`}`;
    if (url !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, '', url);
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
