import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No import circle in the API or the packages, type-only imports included: every import, export-from
 * and import() of every source file is read with the TypeScript compiler's own pre-processor and
 * resolved to a file; a strongly connected component of more than one file is a circle.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else if (/\.tsx?$/.test(e.name) && !/\.d\.ts$/.test(e.name)) out.push(p);
  }
  return out;
}

/** A relative or workspace specifier to the file it names (npm packages are outside the graph). */
function resolve(from: string, spec: string): string | null {
  let target: string;
  if (spec.startsWith('.')) target = path.resolve(path.dirname(from), spec);
  else {
    const m = /^@sunstamp\/([^/]+)\/(.+)$/.exec(spec);
    if (!m) return null;
    target = path.join(root, 'packages', m[1]!, 'src', m[2]!);
  }
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export function importGraph(files: string[], read: (f: string) => string = (f) => fs.readFileSync(f, 'utf8')) {
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const info = ts.preProcessFile(read(f), true, true);
    graph.set(f, info.importedFiles.map((i) => resolve(f, i.fileName)).filter((x): x is string => !!x));
  }
  return graph;
}

/** Tarjan's strongly connected components; returns those of more than one file (or a file importing itself). */
export function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(comp.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

describe('import graph', () => {
  it('has no circle in apps/api and packages (type-only imports count)', () => {
    const files = [path.join(root, 'apps/api/src'), ...fs.readdirSync(path.join(root, 'packages')).map((p) => path.join(root, 'packages', p, 'src'))]
      .filter((d) => fs.existsSync(d))
      .flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const graph = importGraph(files);
    // The graph is real: the composition root reaches the platform and the route plugins reach their services.
    expect(graph.get(path.join(root, 'apps/api/src/app.ts'))).toContain(path.join(root, 'apps/api/src/modules/jobs/jobs.routes.ts'));
    const found = circles(graph).map((c) => c.map((f) => path.relative(root, f)));
    expect(found).toEqual([]);
  });

  it('finds a circle made only of type imports (the detector is not blind)', () => {
    const dir = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'cycle-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './b.ts';\nexport type A = { b: B };\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "export type B = { a: import('./a.ts').A };\n");
      fs.writeFileSync(path.join(dir, 'c.ts'), "export { type A } from './a.ts';\n");
      const graph = importGraph(['a.ts', 'b.ts', 'c.ts'].map((f) => path.join(dir, f)));
      expect(circles(graph).map((c) => c.map((f) => path.basename(f)))).toEqual([['a.ts', 'b.ts']]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
