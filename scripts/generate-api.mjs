// What follows from the public API's one source, www/core/facade.js (each
// member's name, parameters, JSDoc types and doc), read with the TypeScript
// compiler:
// - www/core/signatures.js: each method's parameters, `[name, JS type]` in
//   order, for the façade's slow path (naming the first wrongly typed one)
//   and for the tests that attack every argument;
// - docs/API.md's member tables of `World` and `TileGrid`, between their
//   `<!-- members of … -->` markers, grouped by the `@category` tags.
// The declarations (.d.ts) are not written here: `tsc` emits them from the
// same file where they are needed (scripts/pack.sh, scripts/build-lib.sh).
//
//   node scripts/generate-api.mjs           writes both
//   node scripts/generate-api.mjs --check   exits 1 if a committed copy differs
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const FACADE = `${root}www/core/facade.js`;
const SIGNATURES = `${root}www/core/signatures.js`;
const API = `${root}docs/API.md`;
const CLASSES = ['World', 'TileGrid'];

/** The JS type a parameter's check asks for, from its declared type. */
function kindOf(type, optional, where) {
  if (/^\(.*\)\s*=>/.test(type) && !optional) return 'function';
  const parts = new Set(type.split('|').map((p) => p.trim()));
  if (optional) parts.add('undefined');
  const only = (...names) => parts.size === names.length && names.every((n) => parts.has(n));
  for (const kind of ['number', 'string', 'boolean', 'Uint32Array', 'Float64Array']) if (only(kind)) return kind;
  if (only('number', 'null', 'undefined')) return 'number?';
  throw new Error(`${where}: the façade has no check for a parameter of type ${type}${optional ? ' (optional)' : ''}`);
}

const text = (comment) => ts.getTextOfJSDocComment(comment) ?? '';
const oneLine = (s) => s.replace(/\s+/g, ' ').trim();
const bare = (type) => type.replace(/<ArrayBufferLike>|<ArrayBuffer>/g, '');

/** The public members of each exported class, in source order. */
export function readFacade() {
  const program = ts.createProgram([FACADE], {
    allowJs: true,
    checkJs: false,
    noEmit: true,
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.esnext.disposable.d.ts'],
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(FACADE);
  const classes = {};
  for (const node of source.statements) {
    if (!ts.isClassDeclaration(node) || !CLASSES.includes(node.name?.text)) continue;
    const members = [];
    let category = '';
    for (const member of node.members) {
      const isConstructor = ts.isConstructorDeclaration(member);
      if (!isConstructor && !ts.isMethodDeclaration(member) && !ts.isGetAccessorDeclaration(member)) continue;
      if (member.name !== undefined && ts.isPrivateIdentifier(member.name)) continue;
      const tags = ts.getJSDocTags(member);
      if (tags.some((t) => t.tagName.text === 'private')) continue;
      const docs = ts.getJSDocCommentsAndTags(member).filter(ts.isJSDoc);
      const doc = oneLine(docs.map((d) => text(d.comment)).join(' '));
      const categoryTag = tags.find((t) => t.tagName.text === 'category');
      if (categoryTag !== undefined) category = oneLine(text(categoryTag.comment));
      const name = isConstructor ? 'constructor' : member.name.getText(source);
      const where = `${node.name.text}.${name}`;
      if (doc === '') throw new Error(`${where} has no doc comment in www/core/facade.js`);
      if (category === '') throw new Error(`${where} comes before any @category in www/core/facade.js`);
      const params = member.parameters.map((p) => {
        const declared = ts.getJSDocType(p);
        if (declared === undefined) throw new Error(`${where}: parameter ${p.name.getText(source)} has no @param type`);
        const optional = p.questionToken !== undefined || ts.getJSDocParameterTags(p).some((t) => t.isBracketed);
        const type = declared.getText(source);
        return { name: p.name.getText(source), type, optional, kind: kindOf(type, optional, where) };
      });
      let returns = 'void';
      if (!isConstructor && !ts.isGetAccessorDeclaration(member)) {
        const declared = ts.getJSDocReturnType(member);
        returns = declared !== undefined ? declared.getText(source) : bare(checker.typeToString(checker.getReturnTypeOfSignature(checker.getSignatureFromDeclaration(member))));
      }
      const isStatic = (ts.getCombinedModifierFlags(member) & ts.ModifierFlags.Static) !== 0;
      const kind = isConstructor ? 'constructor' : ts.isGetAccessorDeclaration(member) ? 'getter' : 'method';
      members.push({ name, kind, isStatic, params, returns, doc, category });
    }
    classes[node.name.text] = members;
  }
  for (const name of CLASSES) if (classes[name] === undefined) throw new Error(`www/core/facade.js exports no class ${name}`);
  return classes;
}

/** www/core/signatures.js: every method (and constructor) taking arguments. */
function signaturesFile(classes) {
  const lines = [
    '// Generated from www/core/facade.js by `node scripts/generate-api.mjs`: do not',
    "// edit. Each method's parameters, [name, JS type] in order: the façade's",
    '// slow path names the first wrongly typed one, and the tests attack each.',
    '',
    'export const SIGNATURES = /** @type {const} */ ({',
  ];
  for (const className of CLASSES) {
    lines.push(`  ${className}: {`);
    for (const m of classes[className]) {
      if (m.kind === 'getter' || m.params.length === 0) continue;
      lines.push(`    ${m.name}: [${m.params.map((p) => `['${p.name}', '${p.kind}']`).join(', ')}],`);
    }
    lines.push('  },');
  }
  lines.push('});', '');
  return lines.join('\n');
}

/** How a member is written in the first column of its table. */
function heading(className, m) {
  const params = m.params.map((p) => `${p.name}${p.optional ? '?' : ''}`).join(', ');
  if (m.kind === 'constructor') return `new ${className}(${params})`;
  if (m.kind === 'getter') return m.name;
  const call = `${m.isStatic ? `${className}.` : ''}${m.name}(${params})`;
  return m.returns === 'void' ? call : `${call} → ${m.returns}`;
}

const cell = (s) => s.replace(/\|/g, '\\|');

function membersMarkdown(className, members) {
  const out = [];
  let category = null;
  for (const m of members) {
    if (m.category !== category) {
      category = m.category;
      out.push('', `### ${category}`, '', '| member | meaning |', '|---|---|');
    }
    out.push(`| \`${cell(heading(className, m))}\` | ${cell(m.doc)} |`);
  }
  return out.join('\n');
}

const begin = (className) => `<!-- members of ${className}: generated from the JSDoc of www/core/facade.js by scripts/generate-api.mjs; edit them there -->`;
const end = (className) => `<!-- end of the members of ${className} -->`;

/** docs/API.md with its member tables regenerated. */
function apiFile(classes, doc) {
  let result = doc;
  for (const className of CLASSES) {
    const from = result.indexOf(begin(className));
    const to = result.indexOf(end(className));
    if (from < 0 || to < from) throw new Error(`docs/API.md lacks the markers of ${className}'s members:\n${begin(className)}\n${end(className)}`);
    result = `${result.slice(0, from)}${begin(className)}\n${membersMarkdown(className, classes[className])}\n\n${result.slice(to)}`;
  }
  return result;
}

/** Every generated file: path → the text it should hold. */
export function generated() {
  const classes = readFacade();
  return new Map([
    [SIGNATURES, signaturesFile(classes)],
    [API, apiFile(classes, readFileSync(API, 'utf8'))],
  ]);
}

/** The generated files whose committed copy differs (paths relative to the root). */
export function stale() {
  return [...generated()].filter(([path, want]) => readFileSync(path, 'utf8') !== want).map(([path]) => path.slice(root.length));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) {
    const differ = stale();
    if (differ.length > 0) {
      console.error(`${differ.join(' and ')} differ from what www/core/facade.js says: run node scripts/generate-api.mjs`);
      process.exit(1);
    }
    console.log('www/core/signatures.js and docs/API.md follow www/core/facade.js');
  } else {
    for (const [path, want] of generated()) {
      if (readFileSync(path, 'utf8') !== want) {
        writeFileSync(path, want);
        console.log(`wrote ${path.slice(root.length)}`);
      }
    }
  }
}
