// Issue 25 (plan sets part 2, electrical): what the engine refuses and how it sizes the supply side.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { calculateDesign } from './design.calc.ts';
import { EngineRefusalError } from './engine-refusal.ts';

function load(name: string): any {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`../examples/${name}.input.json`, import.meta.url)), 'utf8'));
}
function refusal(f: () => unknown): EngineRefusalError {
  try { f(); } catch (e) { if (e instanceof EngineRefusalError) return e; throw e; }
  throw new Error('not refused');
}

describe('3. impossible service equipment is refused, never solved by another interconnection', () => {
  it('a 400 A main on a 100 A busbar is refused (it used to land on a supply-side tap)', () => {
    const base = load('string-inverter-load-side');
    const e = refusal(() => calculateDesign({ ...base, service: { ...base.service, busbarA: 100, mainBreakerA: 400 } }));
    expect(e.code).toBe('service-equipment-invalid');
    expect(e.message).toMatch(/main breaker \(400 A\) is larger than the busbar it protects \(100 A\)/);
  });
  it('a rating outside NEC 240.6(A) is refused by name', () => {
    const base = load('string-inverter-load-side');
    const e = refusal(() => calculateDesign({ ...base, service: { ...base.service, busbarA: 210, mainBreakerA: 200 } }));
    expect(e.code).toBe('service-equipment-invalid');
    expect(e.message).toMatch(/service\.busbarA = 210 A is not a standard ampere rating/);
  });
  it('real panels still calculate: equal ratings, a larger busbar', () => {
    const base = load('string-inverter-load-side');
    for (const [busbarA, mainBreakerA] of [[200, 200], [225, 200], [125, 100]]) {
      expect(calculateDesign({ ...base, service: { ...base.service, busbarA, mainBreakerA } }).interconnection.busbarA).toBe(busbarA);
    }
  });
});
