// A plain static file server for browser tests (Node's `http`, not Vite):
// how a tutorial author's site serves the library build. Files come from
// `files`, a map of URL path → absolute file path (or text), so a test can
// lay the same build out in any directory structure. `.wasm` is served as
// `wasmType` (default application/wasm; static servers often send
// application/octet-stream).

import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css', '.json': 'application/json', '.txt': 'text/plain; charset=utf-8', '.xml': 'application/xml' };

/** Starts the server on a free port; returns { url, close }. `headers` go with every answer (a page's policy). */
export async function serveFiles(files, { wasmType = 'application/wasm', headers = {} } = {}) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const entry = files[path];
    if (entry === undefined) {
      res.writeHead(404, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><title>404</title><h1>Not found</h1>');
      return;
    }
    const body = typeof entry === 'object' && 'text' in entry ? entry.text : readFileSync(entry);
    const ext = path.slice(path.lastIndexOf('.'));
    res.writeHead(200, { ...headers, 'Content-Type': ext === '.wasm' ? wasmType : (TYPES[ext] ?? 'application/octet-stream') });
    res.end(body);
  });
  return listening(server);
}

/**
 * Serves a built site's folder as static hosts do: `/a/b` answers with
 * `a/b`, `a/b.html` or `a/b/index.html` (clean URLs), anything else a 404
 * page. With `gzip`, text and wasm go out gzipped to clients that accept
 * it (compressed once per file). Returns { url, close }.
 */
export async function serveDirectory(dir, { gzip = false, headers = {} } = {}) {
  const { existsSync, statSync } = await import('node:fs');
  const { join, normalize } = await import('node:path');
  const { gzipSync } = await import('node:zlib');
  const packed = new Map();
  const find = (path) => {
    const base = join(dir, normalize(path).replace(/^(\.\.[/\\])+/, ''));
    for (const file of [base, `${base}.html`, join(base, 'index.html')]) if (existsSync(file) && statSync(file).isFile()) return file;
    return null;
  };
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = find(path);
    if (file === null) {
      const notFound = find('/404.html');
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(notFound === null ? '<!doctype html><title>404</title><h1>Not found</h1>' : readFileSync(notFound));
      return;
    }
    const ext = file.slice(file.lastIndexOf('.'));
    const type = ext === '.wasm' ? 'application/wasm' : ext === '.svg' ? 'image/svg+xml' : ext === '.mjs' ? TYPES['.js'] : (TYPES[ext] ?? 'application/octet-stream');
    const compressible = /^(text\/|application\/(json|wasm|javascript)|image\/svg)/.test(type);
    if (gzip && compressible && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      if (!packed.has(file)) packed.set(file, gzipSync(readFileSync(file), { level: 9 }));
      res.writeHead(200, { ...headers, 'Content-Type': type, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
      res.end(packed.get(file));
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Type': type });
    res.end(readFileSync(file));
  });
  return listening(server);
}

/** Starts `server` on a free local port: its URL, and a close that waits. */
async function listening(server) {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    // Browsers keep connections alive: without closing them, close() waits
    // for their idle timeout (a minute or more per test).
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
}
