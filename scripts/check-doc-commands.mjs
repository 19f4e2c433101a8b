// Runs every shell command the README and docs/ show, as a reader would
// type it: from the repository's root, with a PATH that does not hold
// node_modules/.bin (a reader's shell does not), so a command that only
// works inside `npm test` fails here. Commands are found in `sh` code blocks
// and in inline code that starts with npm, node, bash, cargo or npx. Each
// must match a rule below, so a document cannot show a command nobody runs.
// Benchmarks and the long fuzzer run with BROADPHASE_QUICK=1, which keeps
// their code path and shrinks their sizes and rounds.
//
//   node scripts/check-doc-commands.mjs           run them all
//   node scripts/check-doc-commands.mjs --list    only list them with their rule
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const docs = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const LEADS = /^(?:[A-Z_]+=\S+\s+)*(npm|node|bash|cargo|npx)\s/;

/** Every command shown, with where it was seen first. */
function commandsShown() {
  const found = new Map();
  const add = (command, where) => {
    const text = command.replace(/\s+#.*$/, '').trim();
    if (LEADS.test(text) && !found.has(text)) found.set(text, where);
  };
  for (const file of docs) {
    const text = readFileSync(join(root, file), 'utf8');
    let fence = null;
    text.split('\n').forEach((line, i) => {
      const where = `${file}:${i + 1}`;
      const open = line.match(/^```(\w*)/);
      if (open) {
        fence = fence === null ? open[1] : null;
        return;
      }
      if (fence !== null) {
        if (['sh', 'bash', 'shell', 'console'].includes(fence)) add(line.replace(/^\$\s*/, ''), where);
        return;
      }
      for (const [, code] of line.matchAll(/`([^`]+)`/g)) add(code, where);
    });
  }
  return found;
}

/** How each kind of command is checked: `run` (as written), `serve` (wait for the URL), or `skip` with the reason. */
const RULES = [
  { test: /^npm test$/, how: 'skip', why: 'this check runs inside it' },
  { test: /^npm ci$/, how: 'skip', why: 'scripts/setup.sh runs it before any test' },
  { test: /^npm start$/, how: 'serve' },
  // Placeholders a reader fills in: a seed, an optional size.
  { test: /^BROADPHASE_SEED=n cargo test --test differential$/, how: 'run', as: 'BROADPHASE_SEED=7 cargo test --test differential' },
  { test: /^cargo run --release --manifest-path benches\/peers\/Cargo.toml \[-- 100000\]$/, how: 'run', as: 'cargo run --release --manifest-path benches/peers/Cargo.toml' },
  { test: /^cargo doc --open$/, how: 'run', as: 'cargo doc --no-deps', why: 'without a browser to open' },
  { test: /^npm run [\w:-]+$/, how: 'run' },
  { test: /^node (benches|scripts)\/[\w./-]+\.mjs( [\w.=-]+)*$/, how: 'run' },
  { test: /^bash scripts\/[\w-]+\.sh$/, how: 'run' },
  { test: /^cargo (bench|test|doc|run)\b/, how: 'run' },
];

function ruleFor(command) {
  return RULES.find((r) => r.test.test(command)) ?? null;
}

/** PATH as a reader's shell has it: without the project's node_modules/.bin. */
function readerEnv() {
  const path = (process.env.PATH ?? '').split(delimiter).filter((p) => !p.includes('node_modules'));
  return { ...process.env, PATH: path.join(delimiter), BROADPHASE_QUICK: '1', FORCE_COLOR: '0' };
}

function run(command, { serve = false } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('bash', ['-c', command], { cwd: root, env: readerEnv(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let served = false;
    const collect = (chunk) => {
      output += chunk;
      if (output.length > 200_000) output = output.slice(-100_000);
      if (serve && !served) {
        const url = output.match(/https?:\/\/127\.0\.0\.1:\d+\/?/);
        if (url) {
          served = true;
          fetch(url[0])
            .then((r) => ({ ok: r.status === 200, note: `GET ${url[0]} → ${r.status}` }))
            .catch((e) => ({ ok: false, note: `GET ${url[0]} failed: ${e.message}` }))
            .then((result) => {
              process.kill(-child.pid, 'SIGTERM');
              resolve({ ...result, seconds: (Date.now() - started) / 1000, output });
            });
        }
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => {
      if (served) return;
      resolve({ ok: !serve && code === 0, note: serve ? `exited (${code}) before serving` : `exit ${code}`, seconds: (Date.now() - started) / 1000, output });
    });
  });
}

const commands = commandsShown();
const listOnly = process.argv.includes('--list');
let failed = 0;
for (const [command, where] of commands) {
  const rule = ruleFor(command);
  if (rule === null) {
    console.log(`✗ ${command}  (${where}): no rule says how to check it — add one to scripts/check-doc-commands.mjs`);
    failed += 1;
    continue;
  }
  const as = rule.as ?? command;
  if (rule.how === 'skip' || listOnly) {
    console.log(`${rule.how === 'skip' ? '-' : '·'} ${command}  (${where})${rule.how === 'skip' ? `: skipped, ${rule.why}` : as !== command ? ` → ${as}` : ''}`);
    continue;
  }
  const result = await run(as, { serve: rule.how === 'serve' });
  console.log(`${result.ok ? '✓' : '✗'} ${command}${as !== command ? ` (as ${as})` : ''}  (${where}): ${result.note}, ${result.seconds.toFixed(1)} s`);
  if (!result.ok) {
    failed += 1;
    console.log(result.output.split('\n').slice(-25).map((l) => `    ${l}`).join('\n'));
  }
}
if (failed > 0) {
  console.error(`${failed} command(s) shown in the docs do not work as written`);
  process.exit(1);
}
