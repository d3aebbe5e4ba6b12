// Speed target: a sealed and signed letter (render the draft with its calculation pages, draw the
// PE seal into it and check the result, PAdES signature with a P12) ≤ 500 ms p50, in process. Run: npx tsx bench/letters.bench.ts [runs]
import { performance } from 'node:perf_hooks';
import { letterInput } from '../packages/planset/src/fixtures/letter.fixtures.ts';
import { renderLetter } from '../packages/planset/src/letters/letter.render.ts';
import { solidPng } from '../packages/planset/src/fixtures/golden.fixtures.ts';
import { sealsShown } from '../packages/planset/src/seals/seal-check.ts';
import { stampSeals } from '../packages/planset/src/seals/seal-stamp.ts';
import type { LetterType } from '../packages/planset/src/letters/letter-input.schema.ts';
import { signPdfWithP12, verifyPdfSignature } from '../apps/api/src/platform/signing/pades.ts';
import { makeTestP12 } from '../apps/api/src/platform/signing/test-p12.ts';

const RUNS = Number(process.argv[2] ?? 20);
const WARMUP = 3;
const cert = makeTestP12({ commonName: 'Bench Engineer' });
const SEAL = solidPng(300, 300, [30, 60, 160]);
const TYPES: LetterType[] = ['structural_roof_letter', 'electrical_load_calculations', 'busbar_certification'];
const at = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
let failed = false;

for (const type of TYPES) {
  const input = letterInput(type);
  const one = async () => {
    const letter = await renderLetter(input);
    const seal = { discipline: input.engineer.discipline, engineerName: 'Bench Engineer', licenceState: 'TX', licenceNumber: 'PE-1', date: '2026-01-01', code: 'ABCD-EFGH-JKMN-PQRS-TVWX', verifyUrl: 'https://portal.example/verify', seal: SEAL };
    const sealed = await stampSeals(letter.pdf, letter.sealSlots, [seal]);
    if (!(await sealsShown(sealed.pdf, letter.sealSlots, [{ discipline: seal.discipline, licenceNumber: 'PE-1', code: seal.code }])).ok) throw new Error('the seal does not show');
    const signed = await signPdfWithP12(sealed.pdf, cert.p12, cert.passphrase, { reason: 'bench', name: 'Bench Engineer', location: 'bench', contactInfo: '', signingTime: new Date() });
    return { letter, signed };
  };
  for (let i = 0; i < WARMUP; i++) await one();
  const wall: number[] = [];
  const cpu: number[] = [];
  const renderOnly: number[] = [];
  let pages = 0;
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const { letter, signed } = await one();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    pages = letter.pageCount;
    const t1 = performance.now();
    await renderLetter(input);
    renderOnly.push(performance.now() - t1);
    if (i === 0 && !(await verifyPdfSignature(signed)).valid) throw new Error('the signed letter does not verify');
  }
  for (const xs of [wall, cpu, renderOnly]) xs.sort((a, b) => a - b);
  const p50 = at(wall, 50);
  console.log(`${type}: ${pages} pages, sealed + signed: wall p50 ${p50.toFixed(0)} ms p99 ${at(wall, 99).toFixed(0)} ms, CPU p50 ${at(cpu, 50).toFixed(0)} ms; render alone p50 ${at(renderOnly, 50).toFixed(0)} ms (target ≤ 500 ms p50)`);
  if (p50 > 500) failed = true;
}
if (failed) process.exitCode = 1;
