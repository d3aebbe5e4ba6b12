// Speed target: the plan-set render alone ≤ 400 ms p50 — input → PV-1…PV-5 with title
// blocks, two+ cut sheets, PDF, SVG previews, DXF, in process. Also timed: the same with the pdfjs
// consistency certificate, which the API run adds before a set passes.
// Run: npx tsx bench/planset-render.bench.ts [runs]
import { performance } from 'node:perf_hooks';
import { GOLDEN_NAMES, goldenInput } from '../packages/planset/src/fixtures/golden.fixtures.ts';
import { renderPlanSet } from '../packages/planset/src/planset.render.ts';

const RUNS = Number(process.argv[2] ?? 30);
const WARMUP = 3;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function main() {
  const inputs = await Promise.all(GOLDEN_NAMES.map((n) => goldenInput(n)));
  const rss0 = process.memoryUsage().rss;
  const rows: string[] = [];
  let failed = false;
  for (const certificate of [false, true]) {
    for (let k = 0; k < inputs.length; k++) {
      for (let i = 0; i < WARMUP; i++) await renderPlanSet(inputs[k], { skipConsistency: !certificate });
      const wall: number[] = [];
      const cpu: number[] = [];
      let pages = 0;
      for (let i = 0; i < RUNS; i++) {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const r = await renderPlanSet(inputs[k], { skipConsistency: !certificate });
        wall.push(performance.now() - t0);
        const c = process.cpuUsage(c0);
        cpu.push((c.user + c.system) / 1000);
        pages = r.pageCount;
      }
      const p50 = pct(wall, 50);
      if (!certificate && p50 > 400) failed = true;
      rows.push(`${GOLDEN_NAMES[k]!.padEnd(16)} ${certificate ? 'render + certificate' : 'render alone        '} pages ${pages}  wall p50 ${p50.toFixed(0)} ms  p99 ${pct(wall, 99).toFixed(0)} ms  cpu p50 ${pct(cpu, 50).toFixed(0)} ms`);
    }
  }
  console.log(rows.join('\n'));
  console.log(`RSS growth ${((process.memoryUsage().rss - rss0) / 1048576).toFixed(0)} MB over ${RUNS * 6 + WARMUP * 6} renders`);
  if (failed) {
    console.error('render alone p50 above the 400 ms target');
    process.exitCode = 1;
  }
}

await main();
