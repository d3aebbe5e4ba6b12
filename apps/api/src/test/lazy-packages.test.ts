import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtServer, freePort, startBuiltServer, type BundleMetafile } from './built-server.ts';

/*
 * The packages the API bundle loads at their first use instead of at start (apps/api/build.mjs,
 * LAZY_PACKAGES): their code stays out of the bundle, the bundled code takes from each only the
 * functions its stand-in has, and those functions reach the real package.
 */

type Build = { LAZY_PACKAGES: Record<string, string[]>; lazyShim(pkg: string, target: string): string };

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = path.resolve(apiRoot, '../..');
const requireHere = createRequire(import.meta.url);
let build: Build;
let meta: BundleMetafile;

// The bundle the crash tests run too (built once per test process).
beforeAll(async () => {
  build = (await import(pathToFileURL(path.join(apiRoot, 'build.mjs')).href)) as Build;
  meta = (await builtServer()).meta;
}, 120_000);

/** What a CommonJS or ES module takes from `pkg`: the names, or `*` when it uses the module object as a whole. */
function namesTakenFrom(source: string, pkg: string): string[] {
  const spec = `['"]${pkg.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}['"]`;
  const names = new Set<string>();
  const destructured = [
    new RegExp(`(?:const|let|var)\\s*\\{([^}]*)\\}\\s*=\\s*require\\(\\s*${spec}\\s*\\)`, 'g'),
    new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*${spec}`, 'g'),
  ];
  for (const re of destructured) {
    for (const m of source.matchAll(re)) for (const part of m[1]!.split(',')) if (part.trim()) names.add(part.split(/:|\sas\s/)[0]!.trim());
  }
  const bound = [
    new RegExp(`(?:const|let|var)\\s+([\\w$]+)\\s*=\\s*require\\(\\s*${spec}\\s*\\)`, 'g'),
    new RegExp(`import\\s+(?:\\*\\s+as\\s+)?([\\w$]+)\\s+from\\s*${spec}`, 'g'),
  ];
  for (const re of bound) {
    for (const m of source.matchAll(re)) {
      const id = m[1]!.replace(/\$/g, '\\$');
      const rest = source.replace(m[0], '');
      for (const use of rest.matchAll(new RegExp(`(?<![\\w$.])${id}\\.([\\w$]+)`, 'g'))) names.add(use[1]!);
      // Any other mention (not in a string, not a property or key of that name) hands the module
      // on, and what is used of it is unknown.
      if (new RegExp(`(?<![\\w$.'"\`])${id}(?![\\w$'"\`])(?!\\s*[.:])`).test(rest)) names.add('*');
    }
  }
  return [...names].sort();
}

describe('packages loaded at their first use (apps/api/build.mjs)', () => {
  it('reads what a module takes from a package', () => {
    expect(namesTakenFrom("const yaml = require('yaml')\nyaml.parse(a); x = yaml.stringify(b)", 'yaml')).toEqual(['parse', 'stringify']);
    expect(namesTakenFrom("const { glob, sync: s } = require('glob')", 'glob')).toEqual(['glob', 'sync']);
    expect(namesTakenFrom("import { parse as p } from 'yaml'", 'yaml')).toEqual(['parse']);
    expect(namesTakenFrom("const yaml = require('yaml')\nhandOn(yaml)", 'yaml')).toEqual(['*']);
    expect(namesTakenFrom("const c = require('cron-parser')\nc.parseExpression(x)", 'cron-parser')).toEqual(['parseExpression']);
  });

  it('leaves their code out of the bundle', () => {
    // The stand-ins are named after the file they load (`lazy-deps:<path>`): they are not that code.
    const bundled = Object.values(meta.outputs).flatMap((o) => Object.keys(o.inputs)).filter((f) => !f.startsWith('lazy-deps:'));
    // luxon is what cron-parser pulls in.
    for (const pkg of [...Object.keys(build.LAZY_PACKAGES), 'luxon']) {
      expect(bundled.filter((f) => f.includes(`node_modules/${pkg}/`)), pkg).toEqual([]);
    }
  });

  it('the bundled code takes from each only the functions its stand-in has', () => {
    const consumers = new Map<string, string[]>();
    for (const [file, input] of Object.entries(meta.inputs)) {
      for (const imp of input.imports) {
        if (!imp.path.startsWith('lazy-deps:')) continue;
        const pkg = Object.keys(build.LAZY_PACKAGES).find((p) => imp.original === p);
        expect(pkg, `${file} imports ${imp.path}`).toBeDefined();
        consumers.set(pkg!, [...(consumers.get(pkg!) ?? []), file]);
      }
    }
    // Each package is still reached (else it no longer belongs in the list) and only through its stand-in.
    expect([...consumers.keys()].sort()).toEqual(Object.keys(build.LAZY_PACKAGES).sort());
    for (const [pkg, files] of consumers) {
      for (const file of files) {
        const taken = namesTakenFrom(fs.readFileSync(path.resolve(repoRoot, file), 'utf8'), pkg);
        expect(taken.length, `${file} takes nothing it can be seen taking from ${pkg}`).toBeGreaterThan(0);
        for (const name of taken) expect(build.LAZY_PACKAGES[pkg], `${file} takes ${name} from ${pkg}`).toContain(name);
      }
    }
  });

  it('a stand-in\'s functions load the real package at their first call', async () => {
    const standIn = (pkg: string) => {
      const exports: Record<string, (...args: unknown[]) => any> = {};
      const source = build.lazyShim(pkg, requireHere.resolve(pkg)).replace(/lazy-real:/g, '');
      vm.compileFunction(source, ['require', 'exports'])(requireHere, exports);
      return exports;
    };
    const yaml = standIn('yaml');
    expect(yaml.stringify!({ openapi: '3.1.0' })).toBe('openapi: 3.1.0\n');
    expect(yaml.parse!('a: [1, 2]')).toEqual({ a: [1, 2] });
    const cron = standIn('cron-parser');
    expect(cron.parseExpression!('0 9 * * 1', { currentDate: new Date('2026-11-30T12:00:00Z'), tz: 'UTC' }).next().toISOString()).toBe('2026-12-07T09:00:00.000Z');
    const { glob } = standIn('glob');
    expect(await glob!('build.mjs', { cwd: apiRoot })).toEqual(['build.mjs']);
  });

  it('the built server answers with the YAML API description', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-lazy-'));
    const port = await freePort();
    const server = await startBuiltServer(port, { DATA_DIR: dataDir, SEED_DEMO: 'false', WORKERS: 'off', LOG_LEVEL: 'warn' });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/docs/yaml`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toMatch(/^openapi: 3\.\d+\.\d+\n/);
      expect(text).toContain('title: Sunstamp API');
    } finally {
      server.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
