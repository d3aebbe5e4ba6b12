// Prints the module graph of docs/architecture.md as two Mermaid diagrams (API, web), read from the
// code's static imports (type-only imports included, tests left out). Run it after moving code and
// paste the output over the diagrams: `node scripts/module-graph.mjs`.
// Left out, to keep the diagrams readable: edges inside a node, and edges into the shared layers that
// every module may import (packages/domain; the API's platform/ and db/; the web's components/ and lib/).
const SHARED = new Set(['domain', 'api/platform', 'api/db', 'web/components', 'web/lib']);
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { resolveImport } from './eslint/no-import-cycle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function* walk(dir) {
  if (!fs.existsSync(dir)) return;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (!['node_modules', 'dist', 'migrations', 'fixtures', 'test'].includes(e.name)) yield* walk(p);
    } else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) yield p;
  }
}

/** The node of the graph a file belongs to, or null for files the graph leaves out. */
export function nodeOf(file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  let m;
  if ((m = rel.match(/^apps\/api\/src\/modules\/([^/]+)\//))) return `api/${m[1]}`;
  if ((m = rel.match(/^apps\/api\/src\/(platform|db|cli|workers?)\//))) return `api/${m[1]}`;
  if ((m = rel.match(/^apps\/api\/src\/([^/]+)\.ts$/))) return ['config', 'context'].includes(m[1]) ? `api/${m[1]}` : 'api/app';
  if ((m = rel.match(/^apps\/web\/src\/features\/([^/]+)\//))) return `web/${m[1]}`;
  if ((m = rel.match(/^apps\/web\/src\/(app|components|lib)\//))) return `web/${m[1]}`;
  if (rel === 'apps/web/src/main.tsx') return 'web/app';
  if ((m = rel.match(/^packages\/([^/]+)\/src\//))) return m[1];
  return null;
}

function specifiers(file) {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out = [];
  for (const st of sf.statements) {
    if ((ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) out.push(st.moduleSpecifier.text);
  }
  return out;
}

export function moduleEdges() {
  const edges = new Map();
  for (const dir of ['apps/api/src', 'apps/web/src', 'packages']) {
    for (const file of walk(path.join(root, dir))) {
      const from = nodeOf(file);
      if (!from) continue;
      for (const s of specifiers(file)) {
        const target = resolveImport(s, file);
        const to = target && nodeOf(target);
        if (!to || to === from || SHARED.has(to)) continue;
        const key = `${from} --> ${to}`;
        edges.set(key, (edges.get(key) ?? 0) + 1);
      }
    }
  }
  return [...edges.keys()].sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const all = moduleEdges();
  const id = (n) => n.replace(/[^a-z0-9]/gi, '_');
  const diagram = (prefix) => {
    const edges = all.filter((e) => e.startsWith(prefix)).map((e) => e.split(' --> '));
    const nodes = [...new Set(edges.flat())].sort();
    return [
      '```mermaid',
      'graph LR',
      ...nodes.map((n) => `  ${id(n)}[${n}]`),
      ...edges.map(([a, b]) => `  ${id(a)} --> ${id(b)}`),
      '```',
    ].join('\n');
  };
  console.log(`API (apps/api/src):\n\n${diagram('api/')}\n\nWeb (apps/web/src):\n\n${diagram('web/')}`);
}
