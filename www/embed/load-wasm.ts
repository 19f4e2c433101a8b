// Loading the wasm core for embeds, once per page, from wherever the author
// put it: the element's `wasm-url`, else `window.BROADPHASE_WASM_URL`, else
// `broadphase_bg.wasm` beside this module. Each URL is fetched and compiled
// here (not by the generated glue, which shares one attempt for all
// callers), so a failed URL is not remembered: the next element with
// another URL tries again, and once any load succeeds every element runs.
// A failure says what was tried and what the server answered.

import { init } from '../core/index';

declare global {
  interface Window {
    /** Where embeds look for the wasm file when an element has no `wasm-url`. */
    BROADPHASE_WASM_URL?: string;
  }
}

/** Why the core could not start: the URL tried and what happened. */
export class WasmLoadError extends Error {
  constructor(
    readonly url: string,
    /** The HTTP status, when the server answered. */
    readonly status: number | null,
    readonly reason: string,
  ) {
    super(`could not load the WebAssembly core from ${url}: ${reason}`);
  }

  static {
    // Spelled out on the prototype, before any instance's stack is taken:
    // a minifier renames the class, and the console would show that name.
    this.prototype.name = 'WasmLoadError';
  }
}

/** The wasm file beside this module (the library build keeps it there). */
const BESIDE_MODULE = new URL('../../pkg/broadphase_bg.wasm', import.meta.url);

/** Where to fetch the wasm from, given an element's (or mount option's) URL. */
export function wasmUrlFor(own?: string | URL): URL {
  const page = typeof window === 'undefined' ? undefined : window.BROADPHASE_WASM_URL;
  const chosen = own ?? page;
  return chosen === undefined ? BESIDE_MODULE : new URL(String(chosen), document.baseURI);
}

let started = false;
const attempts = new Map<string, Promise<void>>();
const waiting = new Set<() => void>();

/** Whether the core is running (some load succeeded). */
export function wasmReady(): boolean {
  return started;
}

/** Calls `then` once the core runs (at once if it does): an element that failed starts when another succeeds. */
export function whenWasmReady(then: () => void): () => void {
  if (started) {
    then();
    return () => {};
  }
  waiting.add(then);
  return () => waiting.delete(then);
}

/** Loads the core from `url` unless it already runs; a failure is forgotten, so the URL may be tried again. */
export function loadWasm(url: URL): Promise<void> {
  if (started) return Promise.resolve();
  const key = url.href;
  let attempt = attempts.get(key);
  if (attempt === undefined) {
    attempt = compile(url)
      .then((module) => init({ module_or_path: module }))
      .then(() => {
        started = true;
        for (const then of [...waiting]) then();
        waiting.clear();
      });
    attempts.set(key, attempt);
    attempt.catch(() => attempts.delete(key));
  }
  return attempt;
}

async function compile(url: URL): Promise<WebAssembly.Module> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new WasmLoadError(url.href, null, `the request failed (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!response.ok) throw new WasmLoadError(url.href, response.status, `the server answered ${response.status} ${response.statusText}`.trim());
  // Streaming compilation needs the right MIME type; many static servers
  // send application/octet-stream, which compiles just as well from bytes.
  if ((response.headers.get('Content-Type') ?? '').startsWith('application/wasm')) {
    try {
      return await WebAssembly.compileStreaming(response.clone());
    } catch {
      // Fall through to the bytes, which say what is wrong.
    }
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  const magic = [0x00, 0x61, 0x73, 0x6d];
  if (!magic.every((b, i) => bytes[i] === b)) {
    const start = new TextDecoder().decode(bytes.subarray(0, 40)).replace(/\s+/g, ' ').trim();
    throw new WasmLoadError(url.href, response.status, `the file is not WebAssembly (it starts with "${start}"; perhaps a page served in its place)`);
  }
  try {
    return await WebAssembly.compile(bytes);
  } catch (error) {
    throw new WasmLoadError(url.href, response.status, `the file did not compile (${error instanceof Error ? error.message : String(error)})`);
  }
}
