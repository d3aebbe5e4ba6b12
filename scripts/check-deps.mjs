// The house rule on dependency direction (DESIGN.md): apps/web → packages/domain only; apps/api →
// packages/*; packages never import apps; packages/domain imports no other package of ours.
// Exits non-zero and lists every import that breaks it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const RULES = [
  { from: 'apps/web/src', forbid: [/^@sunstamp\/(api|engineering|planset)\b/, /apps\/api/, /drizzle-orm|^pg$|@electric-sql/] },
  { from: 'packages/domain/src', forbid: [/^@sunstamp\/(?!domain)/, /(^|\/)apps\//, /^node:(fs|net|http)/] },
  { from: 'packages/engineering/src', forbid: [/^@sunstamp\/(api|web|planset)\b/, /(^|\/)apps\//] },
  { from: 'packages/planset/src', forbid: [/^@sunstamp\/(api|web)\b/, /(^|\/)apps\//] },
];

function* walk(dir) {
  if (!fs.existsSync(dir)) return;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) { if (e.name !== 'node_modules' && e.name !== 'dist') yield* walk(p); }
    else if (/\.(ts|tsx|mts)$/.test(e.name)) yield p;
  }
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

export function findViolations() {
  const out = [];
  for (const rule of RULES) {
    for (const file of walk(path.join(root, rule.from))) {
      // The CLI of the engineering package is its one place allowed to touch the file system.
      const allowFs = file.endsWith('/cli.ts') || /\.test\.ts$/.test(file) || /\.bench\.ts$/.test(file);
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(IMPORT)) {
        const spec = m[1] ?? m[2];
        const resolved = spec.startsWith('.') ? path.relative(root, path.resolve(path.dirname(file), spec)) : spec;
        for (const f of rule.forbid) {
          if (allowFs && /node:/.test(f.source)) continue;
          if (f.test(resolved)) out.push(`${path.relative(root, file)} imports ${spec}`);
        }
      }
    }
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const v = findViolations();
  if (v.length) {
    console.error('Dependency rule broken:\n' + v.map((s) => '  ' + s).join('\n'));
    process.exit(1);
  }
  console.log('dependency directions ok');
}
