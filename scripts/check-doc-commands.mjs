// Runs every shell command the README and docs/ show, as a reader would
// type it: from the repository's root, with a PATH that does not hold
// node_modules/.bin (a reader's shell does not), so a command that only
// works inside `npm test` fails here. Commands are found in `sh` code blocks
// and in inline code that starts with npm, node, bash, cargo or npx. Each
// must match a rule below, so a document cannot show a command nobody runs.
// Benchmarks and the long fuzzer run with BROADPHASE_QUICK=1, which keeps
// their code path and shrinks their sizes and rounds (and sends the chart
// and clip scripts' output to a temporary folder). Commands run in the
// order the documents show them, as a reader following them would; no
// command may change a tracked file (checked with git status).
//
// Cargo commands here build with a cheaper release profile (no LTO, 16
// codegen units; CARGO_PROFILE_{RELEASE,BENCH}_* in their environment):
// the same code, compiled in a fraction of the time (the fat-LTO builds of
// the benchmarks, the release unit tests and the peers crate took about
// nine minutes on two cores). Only cargo's own commands get it: `npm start`
// and the packaging scripts build the shipped wasm, which keeps its profile.
//
//   node scripts/check-doc-commands.mjs           run them all
//   node scripts/check-doc-commands.mjs --list    only list them with their rule
import { execFileSync, spawn } from 'node:child_process';
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
  // Optional arguments: this build alone, then compared with a build (here
  // itself, which runs the two-build path) on two calls for one round.
  {
    test: /^node benches\/per_call\.mjs \[other checkout or its pkg\/\] \[--only update,box\] \[--rounds N\]$/,
    how: 'run',
    as: 'node benches/per_call.mjs && node benches/per_call.mjs . --only update,box --rounds 1',
  },
  // Browser tests npm test runs anyway (here with a larger count of loads).
  { test: /^(?:npx vite build && )?(?:[A-Z_]+=\S+ )?node --test e2e\/[\w-]+\.test\.mjs$/, how: 'skip', why: 'npm test runs this browser test file' },
  { test: /^node --test tests\/(wasm|ts)\/$/, how: 'skip', why: 'npm test runs these suites' },
  { test: /^npx vite build && node scripts\/bench-page\.mjs$/, how: 'run' },
  { test: /^npm install broadphase-playground$/, how: 'skip', why: 'installs the published package; tests/packages/ installs the packed one' },
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
  // NO_COLOR: FORCE_COLOR=0 turns colours on in picocolors (any value does),
  // and a coloured URL (the port in bold) is not found in the output.
  const { FORCE_COLOR, ...rest } = process.env;
  return { ...rest, PATH: path.join(delimiter), BROADPHASE_QUICK: '1', NO_COLOR: '1' };
}

/** Commands under way: their process groups end with this script (a stopped check leaves no server behind). */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    for (const child of running) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    process.exit(1);
  });
}

const TIMEOUT_MINUTES = 20;

/** The quick release profile for cargo's commands (see the top of this file). */
const QUICK_CARGO_PROFILE = Object.fromEntries(
  ['RELEASE', 'BENCH'].flatMap((p) => [[`CARGO_PROFILE_${p}_LTO`, 'false'], [`CARGO_PROFILE_${p}_CODEGEN_UNITS`, '16']]),
);

function run(command, { serve = false } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const cargo = /^(?:[A-Z_]+=\S+\s+)*cargo\s/.test(command);
    const env = cargo ? { ...readerEnv(), ...QUICK_CARGO_PROFILE } : readerEnv();
    const child = spawn('bash', ['-c', command], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let output = '';
    let served = false;
    let timedOut = false;
    // A cold build of the benchmarks takes minutes; a command past this hangs.
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-child.pid, 'SIGTERM');
    }, TIMEOUT_MINUTES * 60_000);
    child.on('exit', () => {
      running.delete(child);
      clearTimeout(timer);
    });
    const collect = (chunk) => {
      output += chunk;
      if (output.length > 200_000) output = output.slice(-100_000);
      if (serve && !served) {
        const url = output.replace(/\x1b\[[\d;]*m/g, '').match(/https?:\/\/127\.0\.0\.1:\d+\/?/);
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
      const note = timedOut ? `stopped after ${TIMEOUT_MINUTES} minutes` : serve ? `exited (${code}) before serving` : `exit ${code}`;
      resolve({ ok: !serve && !timedOut && code === 0, note, seconds: (Date.now() - started) / 1000, output });
    });
  });
}

/** `git status` of tracked and untracked files (ignored build output left out). */
const gitStatus = () => execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' });

const commands = commandsShown();
const listOnly = process.argv.includes('--list');
const statusBefore = listOnly ? '' : gitStatus();
const startedAll = Date.now();
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
if (!listOnly) {
  const statusAfter = gitStatus();
  if (statusAfter !== statusBefore) {
    failed += 1;
    console.log(`✗ the commands changed the repository (git status before:\n${statusBefore || '(clean)\n'}after:\n${statusAfter})`);
  }
  console.log(`${commands.size} commands, ${((Date.now() - startedAll) / 1000).toFixed(0)} s in all`);
}
if (failed > 0) {
  console.error(`${failed} command(s) shown in the docs do not work as written`);
  process.exit(1);
}
