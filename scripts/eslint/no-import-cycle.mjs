// ESLint rule `sunstamp/no-import-cycle`: a file may not reach itself through static imports.
//
// Why not `import-x/no-cycle`: it skips `import type`, and the circles this repository grew were made
// of type-only imports (services importing `AppContext` from `app.ts`, which imports the routes that
// import those services). A type-only circle still ties the files into one unit that cannot be read,
// tested or moved apart, so here every static edge counts: `import`, `import type`, `export … from`
// and `import x = require()`. Dynamic `import()` does not count: it is how the web splits its bundle
// and loads a page lazily, and it does not run at module evaluation.
//
// The graph is read with the TypeScript parser and resolver (the same module resolution as tsc, so
// workspace packages and `.ts` extensions resolve as they do for the type check), one file at a time
// as the search reaches it, and cached by modification time for the life of the process.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const compilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  jsx: ts.JsxEmit.ReactJSX,
};
const resolutionCache = ts.createModuleResolutionCache(process.cwd(), (f) => f, compilerOptions);
const edgeCache = new Map(); // file → { mtime, targets: string[] }
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|jsx)$/;

/** The repository file a specifier names, or null for packages in node_modules and anything unresolved. */
export function resolveImport(specifier, fromFile) {
  const r = ts.resolveModuleName(specifier, fromFile, compilerOptions, ts.sys, resolutionCache).resolvedModule;
  if (!r || r.isExternalLibraryImport) return null;
  const file = r.resolvedFileName;
  if (file.includes(`${path.sep}node_modules${path.sep}`) || !SOURCE.test(file) || file.endsWith('.d.ts')) return null;
  try {
    return fs.realpathSync(file);
  } catch {
    return null;
  }
}

function staticSpecifiers(sourceFile) {
  const out = [];
  for (const st of sourceFile.statements) {
    if ((ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
      out.push(st.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(st) && ts.isExternalModuleReference(st.moduleReference) && ts.isStringLiteral(st.moduleReference.expression)) {
      out.push(st.moduleReference.expression.text);
    }
  }
  return out;
}

function edgesOf(file) {
  let mtime;
  try {
    mtime = fs.statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const hit = edgeCache.get(file);
  if (hit && hit.mtime === mtime) return hit.targets;
  const text = fs.readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const targets = [...new Set(staticSpecifiers(sf).map((s) => resolveImport(s, file)).filter(Boolean))];
  edgeCache.set(file, { mtime, targets });
  return targets;
}

/** The shortest path of static imports from `start` back to `goal`, or null when there is none. */
export function findPath(start, goal) {
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const f = queue.shift();
    for (const t of edgesOf(f)) {
      if (t === goal) {
        const chain = [t];
        for (let c = f; c !== null; c = prev.get(c)) chain.unshift(c);
        return chain;
      }
      if (!prev.has(t)) {
        prev.set(t, f);
        queue.push(t);
      }
    }
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included' },
    schema: [],
    messages: { cycle: 'Import cycle: {{chain}}. Type-only imports count; move the shared type or value to a module both sides can import.' },
  },
  create(context) {
    const filename = context.physicalFilename ?? context.filename;
    if (!path.isAbsolute(filename) || !fs.existsSync(filename)) return {};
    const self = fs.realpathSync(filename);
    const root = context.cwd ?? process.cwd();
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const target = resolveImport(source.value, self);
      if (!target) return;
      const chain = target === self ? [self, self] : findPath(target, self);
      if (!chain) return;
      const shown = (target === self ? chain : [self, ...chain]).map((f) => path.relative(root, f));
      context.report({ node, messageId: 'cycle', data: { chain: shown.join(' → ') } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      TSImportEqualsDeclaration: (node) => {
        if (node.moduleReference.type === 'TSExternalModuleReference') check(node, node.moduleReference.expression);
      },
    };
  },
};
