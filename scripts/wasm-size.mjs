// The core's size: the release wasm raw and gzipped (level 9, as a server
// sends it), and with --parts, which code it is made of. For the parts it
// builds a copy with function names kept (`wasm-pack build --profiling`:
// the release profile and wasm-opt passes, plus names; the code is the
// same bytes) and sums each function body by what its name says it is.
// tests/wasm/size_budget.test.mjs holds the budget.
//
//   node scripts/wasm-size.mjs                   pkg/broadphase_bg.wasm, raw and gzipped
//   node scripts/wasm-size.mjs --parts           and its parts (builds the named copy)
//   node scripts/wasm-size.mjs --parts <checkout> the parts of another checkout's core
//                                                (built in a temporary folder; the checkout is not written to)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const args = process.argv.slice(2);
const parts = args.includes('--parts');
const checkout = resolve(args.find((a) => !a.startsWith('--')) ?? root);
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;

/** Reads an unsigned LEB128 at `at`: [value, next offset]. */
function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}

/** The module's function bodies by index (imports first), its data, and its function names. */
function readModule(bytes) {
  const bodies = new Map();
  const names = new Map();
  let imported = 0;
  let data = new Uint8Array(0);
  for (let at = 8; at < bytes.length; ) {
    const id = bytes[at++];
    let size;
    [size, at] = leb(bytes, at);
    const end = at + size;
    if (id === 2) {
      // Imports: count the functions among them (kind 0).
      let [count, p] = leb(bytes, at);
      for (let i = 0; i < count; i++) {
        for (let s = 0; s < 2; s++) {
          let len;
          [len, p] = leb(bytes, p);
          p += len;
        }
        const kind = bytes[p++];
        if (kind === 0) imported++;
        if (kind === 0 || kind === 4) [, p] = leb(bytes, p);
        else if (kind === 1) {
          p++;
          const flags = bytes[p++];
          [, p] = leb(bytes, p);
          if (flags & 1) [, p] = leb(bytes, p);
        } else if (kind === 2) {
          const flags = bytes[p++];
          [, p] = leb(bytes, p);
          if (flags & 1) [, p] = leb(bytes, p);
        } else if (kind === 3) p += 2;
      }
    } else if (id === 10) {
      let [count, p] = leb(bytes, at);
      for (let i = 0; i < count; i++) {
        let len;
        [len, p] = leb(bytes, p);
        bodies.set(imported + i, bytes.subarray(p, p + len));
        p += len;
      }
    } else if (id === 11) {
      data = bytes.subarray(at, end);
    } else if (id === 0) {
      let [len, p] = leb(bytes, at);
      const name = new TextDecoder().decode(bytes.subarray(p, p + len));
      p += len;
      while (name === 'name' && p < end) {
        const sub = bytes[p++];
        let subSize;
        [subSize, p] = leb(bytes, p);
        if (sub === 1) {
          let [count, q] = leb(bytes, p);
          for (let i = 0; i < count; i++) {
            let index;
            let nameLen;
            [index, q] = leb(bytes, q);
            [nameLen, q] = leb(bytes, q);
            names.set(index, new TextDecoder().decode(bytes.subarray(q, q + nameLen)));
            q += nameLen;
          }
        }
        p += subSize;
      }
    }
    at = end;
  }
  return { bodies, names, data };
}

/** What a function is, by its name: the part it is summed into. */
function partOf(name) {
  if (/^(world|tilegrid)_/.test(name) || /multivalue shim/.test(name)) {
    return /_trace|trace[A-Z]/.test(name) ? 'exports: traces (wasm-bindgen, with what they inline)' : 'exports: the rest (wasm-bindgen, with what they inline)';
  }
  if (/core::slice::sort|slice::sort::/.test(name)) return 'core::slice::sort';
  if (/flt2dec|fmt::float|num::bignum|dec2flt/.test(name)) return 'float formatting (core::fmt::float, flt2dec)';
  if (/core[^:]*::fmt|fmt::Display|fmt::Debug|fmt::Write|as core::fmt/.test(name)) return 'formatting (core::fmt, Display, Debug)';
  if (/dlmalloc|alloc::alloc|__rust_alloc|__rdl_/.test(name)) return 'allocator';
  const module = name.match(/broadphase::(\w+)/);
  if (module) return `broadphase::${module[1]}`;
  return 'std, core, compiler builtins, glue';
}

function table(rows) {
  const header = '| part | raw bytes | gzipped alone |\n|---|---:|---:|';
  return [header, ...rows.map(([part, raw, zipped]) => `| ${part} | ${raw.toLocaleString('en-US')} | ${zipped.toLocaleString('en-US')} |`)].join('\n');
}

const release = readFileSync(join(checkout, 'pkg/broadphase_bg.wasm'));
console.log(`${join(checkout, 'pkg/broadphase_bg.wasm')}: ${release.length.toLocaleString('en-US')} bytes raw, ${gz(release).toLocaleString('en-US')} gzipped (zlib level 9)`);

if (parts) {
  const outDir = checkout === root ? join(root, 'target/wasm-size-names') : mkdtempSync(join(tmpdir(), 'wasm-size-'));
  // The project's tools first (wasm-pack, the wasm-opt it runs), as scripts/prelude.sh puts them.
  const PATH = [join(root, 'node_modules/.bin'), join(homedir(), '.cargo/bin'), process.env.PATH].join(delimiter);
  const env = checkout === root ? { ...process.env, PATH } : { ...process.env, PATH, CARGO_TARGET_DIR: join(outDir, 'target') };
  execFileSync('wasm-pack', ['build', '--target', 'web', '--out-dir', outDir, '--no-pack', '--profiling'], { cwd: checkout, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const named = readFileSync(join(outDir, 'broadphase_bg.wasm'));
  const { bodies, names, data } = readModule(named);
  const sums = new Map();
  for (const [index, body] of bodies) {
    const part = partOf(names.get(index) ?? '');
    const sum = sums.get(part) ?? [];
    sum.push(body);
    sums.set(part, sum);
  }
  const rows = [...sums].map(([part, list]) => [part, list.reduce((n, b) => n + b.length, 0), gz(Buffer.concat(list))]);
  rows.sort((a, b) => b[1] - a[1]);
  rows.push(['data (messages, tables)', data.length, gz(data)]);
  console.log(`\nThe named copy's code by part (${named.length.toLocaleString('en-US')} bytes with its names):\n`);
  console.log(table(rows));
}
