/*
 * Requirements resolution benchmark: resolve every definition with a value set at all
 * four levels (default, company, utility, AHJ). Target: p99 ≤ 5 ms.
 * Run: npx tsx bench/requirements-resolve.bench.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultGroupValue, REQUIREMENT_DEFINITIONS } from '../packages/domain/src/requirements/requirement-definitions.data.ts';
import { resolveRequirements } from '../packages/domain/src/requirements/resolve.rules.ts';
import { validateRequirementValues } from '../packages/domain/src/requirements/validate.rules.ts';
import { parseSamCecInverters } from '../packages/domain/src/catalogue/sam-cec.parser.ts';

function valueFor(d: (typeof REQUIREMENT_DEFINITIONS)[number]): unknown {
  if (d.type === 'group') return defaultGroupValue(d);
  if (d.type === 'select') return d.options!.at(-1)!.value;
  return d.default;
}
const all = Object.fromEntries(REQUIREMENT_DEFINITIONS.map((d) => [d.key, valueFor(d)]));
// Separate objects per scope, as the API builds them from separate row sets.
const scopes = { company: { ...all }, utility: { ...all }, ahj: { ...all } };

function measure(label: string, iterations: number, fn: () => unknown) {
  for (let i = 0; i < 500; i++) fn();
  const times = new Float64Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    fn();
    times[i] = performance.now() - t;
  }
  times.sort();
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  console.log(`${label}: n=${iterations} p50=${q(0.5).toFixed(3)} ms p99=${q(0.99).toFixed(3)} ms max=${q(1).toFixed(3)} ms`);
  return q(0.99);
}

console.log(`definitions: ${REQUIREMENT_DEFINITIONS.length}, node ${process.version}`);
const p99 = measure('resolveRequirements (all set at 4 levels)', 20_000, () =>
  resolveRequirements(REQUIREMENT_DEFINITIONS, scopes, { systemSizeKw: 9.6, hasBattery: true }),
);
measure('validateRequirementValues (all keys)', 5_000, () => validateRequirementValues(all));

const here = path.dirname(fileURLToPath(import.meta.url));
const cec = path.resolve(here, '../../shared/data/cec/cec-inverters-2019-03-05.csv');
try {
  const text = readFileSync(cec, 'utf8');
  measure(`parseSamCecInverters (${Math.round(text.length / 1024)} KB)`, 20, () => parseSamCecInverters(text));
} catch {
  console.log('parseSamCecInverters: CEC file not found, skipped');
}

if (p99 > 5) {
  console.error(`FAIL: resolve p99 ${p99.toFixed(3)} ms > 5 ms`);
  process.exitCode = 1;
}
