// Packed values in a link: a long value (a tile map, many boxes) travels
// as `~` + base64url of its raw-deflated text. Unpacking is where a link
// can cost the most, so every limit is checked before the work it guards:
// the packed text's length before decoding, the inflated size while
// inflating (the stream is stopped at the limit, never inflated in full
// first), and the text must be UTF-8. A value that fails is refused with
// a reason, once; nothing here loops or retries.
//
// The decompressor is fed the packed bytes a small piece at a time
// (`INFLATE_PIECE`): a DecompressionStream inflates a whole input chunk
// before its reader sees any of the output, so a link handed over in one
// chunk would be inflated in full (a 530 KB link to 400 MB) before the
// limit could stop it. Piece by piece, a refused value costs at most the
// limit plus what one piece inflates to (deflate's ratio is at most about
// 1,032 to 1: a few MB).

/** A packed value starts with this. */
export const PACKED_MARK = '~';
/** Values longer than this go into a link packed; shorter ones stay readable. */
export const PACK_OVER = 160;
/** The longest value (packed or not) a link may carry, in characters. */
export const MAX_VALUE_CHARS = 4_000_000;
/** The most bytes a packed value may inflate to (no setting takes more text). */
export const MAX_UNPACKED_BYTES = 4_000_000;
/** Packed bytes handed to the decompressor at a time (see the header). */
export const INFLATE_PIECE = 4096;

export type Unpacked = { ok: true; text: string } | { ok: false; reason: string };

const refuse = (reason: string): Unpacked => ({ ok: false, reason });

export function isPacked(value: string): boolean {
  return value.startsWith(PACKED_MARK);
}

function toBase64Url(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Each base64url character's six bits by its code, -1 for any other character. */
const BASE64URL_BITS = (() => {
  const table = new Int8Array(128).fill(-1);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  for (let i = 0; i < alphabet.length; i++) table[alphabet.charCodeAt(i)] = i;
  return table;
})();

/**
 * The bytes of base64url text (unpadded), or null when it is not
 * base64url. Decoded in one pass into the bytes: no intermediate strings
 * (a link's value can be megabytes long, and is refused by its size after
 * this, so this is where it must cost least).
 */
function fromBase64Url(text: string): Uint8Array | null {
  const n = text.length;
  if (n % 4 === 1) return null;
  const out = new Uint8Array((n * 3) >> 2);
  let at = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < n; i++) {
    const code = text.charCodeAt(i);
    const six = code < 128 ? BASE64URL_BITS[code] : -1;
    if (six < 0) return null;
    acc = ((acc << 6) | six) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (acc >> bits) & 0xff;
    }
  }
  return out.subarray(0, at);
}

async function deflate(data: Uint8Array): Promise<Uint8Array> {
  const out = new Blob([data as BlobPart]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/**
 * Inflates `data`, fed to the decompressor `INFLATE_PIECE` bytes at a
 * time while the output is read as it comes, and stopped as soon as the
 * output passes `limit` bytes; null past the limit. The stream's
 * backpressure paces the feeding: a piece is taken only once the output
 * of the one before has been read.
 */
async function inflateAtMost(data: Uint8Array, limit: number): Promise<Uint8Array | null> {
  const stream = new DecompressionStream('deflate-raw');
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  let stopped = false;
  const feeding = (async () => {
    for (let at = 0; at < data.byteLength && !stopped; at += INFLATE_PIECE) {
      await writer.write(data.subarray(at, at + INFLATE_PIECE) as Uint8Array<ArrayBuffer>);
    }
    if (!stopped) await writer.close();
  })();
  // A bad value errors the stream: the reader sees it. Once stopped, the
  // writer's refusal is expected.
  feeding.catch(() => {});
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      stopped = true;
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  await feeding;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** `text` packed (`~…`), or null when packing would not make it shorter (or cannot be done here). */
export async function packValue(text: string): Promise<string | null> {
  if (typeof CompressionStream === 'undefined') return null;
  const packed = PACKED_MARK + toBase64Url(await deflate(new TextEncoder().encode(text)));
  return packed.length < text.length ? packed : null;
}

/** The text of a packed value (`~…`), or why it cannot be had. */
export async function unpackValue(value: string, limit = MAX_UNPACKED_BYTES): Promise<Unpacked> {
  if (!isPacked(value)) return { ok: true, text: value };
  if (value.length > MAX_VALUE_CHARS) return refuse(`is a packed value of ${value.length.toLocaleString('en-US')} characters, more than ${MAX_VALUE_CHARS.toLocaleString('en-US')}`);
  if (typeof DecompressionStream === 'undefined') return refuse('is packed, and this browser cannot unpack it');
  const bytes = fromBase64Url(value.slice(PACKED_MARK.length));
  if (bytes === null) return refuse('is a packed value (it starts with ~) that is not base64url: the link may be cut or changed');
  let inflated: Uint8Array | null;
  try {
    inflated = await inflateAtMost(bytes, limit);
  } catch {
    return refuse('is a packed value (it starts with ~) that does not unpack: the link may be cut or changed');
  }
  if (inflated === null) return refuse(`unpacks to more than ${limit.toLocaleString('en-US')} bytes`);
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(inflated) };
  } catch {
    return refuse('unpacks to bytes that are not UTF-8 text');
  }
}
