// Speed target: a full electrical + structural report for a 100-module, 4-array job in
// ≤ 5 ms p99, in process. Run: npx tsx bench/engineering-report.bench.ts
import { performance } from 'node:perf_hooks';
import { calculateDesign } from '../packages/engineering/src/design.calc.ts';
import type { DesignInputRaw } from '../packages/engineering/src/design-input.schema.ts';

function buildInput(): DesignInputRaw {
  const arrays = ['A1', 'A2', 'A3', 'A4'].map((id, i) => ({
    id,
    moduleCount: 25,
    roofPitchDeg: 14 + i * 6,
    windZone: (['1', '2', '3', '2'] as const)[i],
    attachmentSpacingIn: 48,
    framing: { size: '2x6' as const, spacingIn: 24, spansIn: [150], species: 'DF-L' as const, panelsOnRafter: 2 },
  }));
  // 100 modules: four arrays of 25 in ten strings of 10 (one string spans two arrays on paper only).
  const strings = Array.from({ length: 10 }, (_, i) => ({ id: `S${i + 1}`, modulesInSeries: 10 }));
  const groups = [['S1', 'S2', 'S3'], ['S4', 'S5'], ['S6', 'S7', 'S8'], ['S9', 'S10']];
  return {
    projectName: 'bench: 100 modules, 4 arrays',
    site: { designMinTempC: -15, highAmbientTempC: 36, windSpeedMph: 120, exposure: 'C', groundSnowLoadPsf: 25, meanRoofHeightFt: 25 },
    equipment: {
      module: { model: 'bench 400 W', pmaxW: 400, vocV: 45.3, iscA: 11.14, vmpV: 37.13, impA: 10.77, vocTempCoeffPctPerC: -0.27, lengthIn: 74, widthIn: 41.1, weightLb: 48.5 },
      inverter: { model: 'bench 10 kW', kind: 'string', count: 4, continuousOutputCurrentA: 40, ratedOutputW: 9600, maxDcInputVoltageV: 600 },
      rapidShutdownDevice: 'mlpe',
    },
    arrays,
    strings,
    runs: [
      ...groups.map((ids, i) => ({ id: `R${i + 1}`, from: `JB${i + 1}`, to: 'Inverters', lengthFt: 40 + 15 * i, location: 'rooftop-raceway' as const, heightAboveRoofIn: 1, carries: { kind: 'strings' as const, ids } })),
      { id: 'R5', from: 'AC combiner', to: 'Fused disconnect', lengthFt: 10, location: 'exterior', carries: { kind: 'inverter-output' } },
      { id: 'R6', from: 'Fused disconnect', to: 'Service tap', lengthFt: 8, location: 'exterior', carries: { kind: 'supply-side-tap' } },
    ],
    service: { mainBreakerA: 200, busbarA: 200, serviceA: 400 },
  };
}

const input = buildInput();
const WARMUP = 300;
const RUNS = 2000;
let checks = 0;
for (let i = 0; i < WARMUP; i++) checks += calculateDesign(input).summary.checks;
const times: number[] = new Array(RUNS);
// CPU time too: on a shared machine the wall-clock tail is mostly the scheduler, not the engine.
const cpu: number[] = new Array(RUNS);
for (let i = 0; i < RUNS; i++) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = calculateDesign(input);
  times[i] = performance.now() - t0;
  const c = process.cpuUsage(c0);
  cpu[i] = (c.user + c.system) / 1000;
  checks += r.summary.checks;
}
times.sort((a, b) => a - b);
cpu.sort((a, b) => a - b);
const at = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const pct = (p: number) => at(times, p);
const report = calculateDesign(input);
console.log(`engineering report: ${report.summary.checks} checks, ${report.sections.length} sections, ${RUNS} runs after ${WARMUP} warm-up`);
console.log(`wall: p50 ${pct(50).toFixed(3)} ms  p99 ${pct(99).toFixed(3)} ms  max ${times[times.length - 1].toFixed(3)} ms  (target p99 ≤ 5 ms)`);
console.log(`cpu:  p50 ${at(cpu, 50).toFixed(3)} ms  p99 ${at(cpu, 99).toFixed(3)} ms  max ${cpu[cpu.length - 1].toFixed(3)} ms`);
if (checks < 0) console.log('unreachable');
