// A plain static file server for browser tests (Node's `http`, not Vite):
// how a tutorial author's site serves the library build. Files come from
// `files`, a map of URL path → absolute file path (or text), so a test can
// lay the same build out in any directory structure. `.wasm` is served as
// `wasmType` (default application/wasm; static servers often send
// application/octet-stream).

import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css', '.json': 'application/json' };

/** Starts the server on a free port; returns { url, close }. */
export async function serveFiles(files, { wasmType = 'application/wasm' } = {}) {
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
    res.writeHead(200, { 'Content-Type': ext === '.wasm' ? wasmType : (TYPES[ext] ?? 'application/octet-stream') });
    res.end(body);
  });
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
