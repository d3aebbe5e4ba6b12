import { describe, expect, it } from 'vitest';
import { GOLDEN_NAMES, goldenInput, type GoldenName, type GoldenRoof } from './fixtures/golden.fixtures.ts';
import { renderPlanSet, type PlanSetResult } from './planset.render.ts';
import { coveredLogicalPages } from './seals/seal-coverage.ts';
import { ZPlanSetInput, type PlanSetInputRaw } from './input.schema.ts';
import { backupUpgradeInput, dcBatteryInput, dcPartialBackupInput, derateInput, optimizerInput, partialBackupInput, partialBackupSourcesInBackupPanelInput, stringBackupInput } from './fixtures/electrical.fixtures.ts';

/*
 * An AHJ that asks for 10 pt text (min_text_size, San Francisco) gets the structural sheets at 10 pt:
 * PV-1's left column widens where its text outgrows the sheet, and what PV-3 cannot hold at 10 pt
 * (checks, design loads and basis, elevation detail, PV-3 notes) continues on PV-3A, listed in the
 * sheet index. Every golden, on each roof type, at 8 and at 10 pt; the sheets are read back from their
 * SVG (the text sizes the PDF gets). The electrical sheets are built for every combination below.
 */

const STRUCTURAL = ['pv1', 'pv2', 'pv3', 'pv3a'] as const;
const SEAM: GoldenRoof = { material: 'standing_seam_24ga', connectionType: 'standing_seam_clamp', engine: { allowableUpliftLb: 600 } };
const EXTRAS = {
  elevation_detail: true, asphalt_shingle_layers_on_cad: true, pv3_warning_notes: 'DO NOT INSTALL ON DAMAGED FRAMING',
  pv3_extra_notes: 'VERIFY RAFTER SIZE AND SPACING IN THE FIELD; NOTIFY THE ENGINEER OF ANY DIFFERENCE BEFORE INSTALLATION; ALL LAGS INTO RAFTER CENTERS',
};

async function structural(n: GoldenName, pt: '8' | '10', ahj: Record<string, unknown> = {}, roof?: GoldenRoof): Promise<PlanSetResult> {
  return renderPlanSet(await goldenInput(n, {}, { min_text_size: pt, ...ahj }, roof), { sheetsOnly: true, only: [...STRUCTURAL] });
}

/** Every text size an SVG sheet sets, and its visible text. */
function read(svg: string): { sizes: number[]; text: string } {
  const sizes = [...svg.matchAll(/<text [^>]*font-size="([\d.]+)"/g)].map((m) => Number(m[1]));
  const text = [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>')).join('\n');
  return { sizes, text };
}

const sheet = (r: PlanSetResult, page: string) => r.sheets.find((s) => s.page === page);

describe('the structural sheets at 10 pt', () => {
  it.each(GOLDEN_NAMES)('%s: PV-1, PV-2 and PV-3 (with PV-3A where it continues) build, pass the drawing lint and set no text under 10 pt', async (n) => {
    for (const [ahj, roof] of [[{}, undefined], [EXTRAS, undefined], [{}, SEAM], [EXTRAS, SEAM]] as const) {
      const r = await structural(n, '10', ahj, roof);
      const built = r.sheets.map((s) => s.page);
      expect(built.slice(0, 3)).toEqual(['pv1', 'pv2', 'pv3']);
      for (const s of r.sheets) {
        const { sizes } = read(s.svg);
        expect(sizes.length).toBeGreaterThan(20);
        expect(Math.min(...sizes), `${n} ${s.number}`).toBeGreaterThanOrEqual(10);
      }
      // the sheet index lists every page of the set, PV-3A with it when the set has one
      const index = read(sheet(r, 'pv1')!.svg).text.replace(/\s+/g, ' ');
      for (const p of r.pages) expect(index).toContain(`${p.number} ${p.title}`);
      expect(built.includes('pv3a')).toBe(r.pages.some((p) => p.page === 'pv3a'));
    }
  });

  it('continues PV-3 on PV-3A when it does not hold everything at 10 pt: every check is printed once, and the design loads, elevation detail and notes are there', async () => {
    const n: GoldenName = 'string-gable';
    const r = await structural(n, '10', EXTRAS, SEAM);
    expect(r.pages.map((p) => p.number).slice(0, 5)).toEqual(['PV-1', 'PV-2', 'PV-3', 'PV-3A', 'PV-4']);
    const pv3 = read(sheet(r, 'pv3')!.svg).text;
    const pv3a = read(sheet(r, 'pv3a')!.svg).text;
    expect(pv3).toMatch(/DESIGN LOADS, STRUCTURAL BASIS, ELEVATION DETAIL AND PV-3 NOTES: SEE SHEET PV-3A/);
    expect(pv3).toContain('ATTACHMENT DETAIL');
    expect(pv3).toContain('ROOF FRAMING & ATTACHMENT SCHEDULE');
    expect(pv3a).toContain('CONTINUED FROM SHEET PV-3');
    expect(pv3a).toContain('DESIGN LOADS');
    expect(pv3a).toContain('ELEVATION DETAIL');
    expect(pv3a).toContain('PV-3 NOTES');
    expect(pv3a).toContain('DO NOT INSTALL ON DAMAGED FRAMING');
    expect(pv3a).toMatch(/EXISTING FRAMING: 2X6/);
    // each structural check's title is printed on PV-3 or PV-3A, and only once in all
    const input = ZPlanSetInput.parse(await goldenInput(n, {}, { min_text_size: '10', ...EXTRAS }, SEAM));
    const checks = input.report.sections.filter((s) => s.id.startsWith('structural')).flatMap((s) => s.checks);
    const both = `${pv3}\n${pv3a}`;
    const lines = both.split('\n');
    for (const k of checks) {
      const title = k.title.toUpperCase();
      // a wrapped title spans lines: match its first words at the start of a line
      const head = title.split(' ').slice(0, 4).join(' ');
      expect(lines.some((l) => l.startsWith(head)), `${title} on PV-3 or PV-3A`).toBe(true);
    }
    const shown = checks.filter((k) => lines.some((l) => l === k.title.toUpperCase())).length;
    const rows = lines.filter((l) => checks.some((k) => l === k.title.toUpperCase())).length;
    expect(rows).toBe(shown);
    // PV-3A is PV-3 continued: a structural seal on PV-3 covers it, also when a list names PV-3 only
    const pages = r.pages.map((p) => p.page);
    expect(coveredLogicalPages(input, pages, { discipline: 'structural', pages: ['PV-3'] })).toEqual(['pv3', 'pv3a']);
    expect(coveredLogicalPages(input, pages, { discipline: 'structural', pages: [] })).toEqual(['pv1', 'pv2', 'pv3', 'pv3a']);
  });

  it('keeps PV-3 on one sheet at 8 pt (the goldens\' page lists are unchanged)', async () => {
    for (const n of GOLDEN_NAMES) {
      const r = await structural(n, '8', EXTRAS, SEAM);
      expect(r.pages.some((p) => p.page === 'pv3a'), n).toBe(false);
      expect(Math.min(...r.sheets.flatMap((s) => read(s.svg).sizes))).toBeGreaterThanOrEqual(8);
    }
  });
});

/*
 * Every golden and storage combination the engine supports, at 8 and at 10 pt (the AHJ's min_text_size):
 * string, micro, optimizer, supply-side tap, derate with a load calculation, panel upgrade, AC-coupled
 * whole-home and partial backup (sources in the MSP or in the backup loads panel), DC-coupled alone and with
 * partial backup. The whole set builds (each sheet passes the drawing lint, or the run would fail), and no
 * sheet sets text under the asked size.
 */
const COMBINATIONS: [string, () => Promise<PlanSetInputRaw>][] = [
  ['string inverter, load-side breaker', () => goldenInput('string-gable')],
  ['micro-inverters', () => goldenInput('micro-two-plane')],
  ['optimizers + AC-coupled battery, supply-side tap', () => goldenInput('battery-hip')],
  ['optimizers, supply-side tap, no storage', optimizerInput],
  ['main-breaker derate with load calculation', derateInput],
  ['micro + AC-coupled whole-home backup + panel upgrade', () => backupUpgradeInput()],
  ['string inverter + AC-coupled whole-home backup', stringBackupInput],
  ['AC-coupled partial backup, sources in the MSP', partialBackupInput],
  ['AC-coupled partial backup, sources in the backup loads panel', partialBackupSourcesInBackupPanelInput],
  ['DC-coupled battery, supply-side tap (2023)', () => dcBatteryInput()],
  ['DC-coupled battery, supply-side tap (2017)', () => dcBatteryInput({ nec: '2017' })],
  ['DC-coupled battery, supply-side tap (2020)', () => dcBatteryInput({ nec: '2020' })],
  ['DC-coupled partial backup with load calculation', dcPartialBackupInput],
];

/** The input as an AHJ that sets min_text_size would resolve it. */
function atTextSize(i: PlanSetInputRaw, pt: '8' | '10'): PlanSetInputRaw {
  const values = { ...i.requirements.values, min_text_size: { key: 'min_text_size', value: pt, source: 'ahj' as const, on: true } };
  return { ...i, requirements: { ...i.requirements, values } };
}

describe('every electrical and storage combination at 8 and at 10 pt', () => {
  it.each(COMBINATIONS)('%s: every sheet builds, passes the drawing lint and sets no text under the asked size', async (_name, make) => {
    for (const pt of ['8', '10'] as const) {
      const r = await renderPlanSet(atTextSize(await make(), pt), { sheetsOnly: true });
      const drawn = r.pages.filter((p) => !p.page.startsWith('cut'));
      expect(r.sheets.map((s) => s.number)).toEqual(drawn.map((p) => p.number));
      for (const s of r.sheets) {
        const { sizes } = read(s.svg);
        expect(sizes.length, s.number).toBeGreaterThan(5);
        expect(Math.min(...sizes), `${s.number} at ${pt} pt`).toBeGreaterThanOrEqual(Number(pt));
      }
      // the sheet index lists every page of the set
      const index = read(sheet(r, 'pv1')!.svg).text.replace(/\s+/g, ' ');
      for (const p of drawn) expect(index).toContain(`${p.number} ${p.title}`);
    }
  }, 120_000);
});

describe('what the 10 pt sheets carry over', () => {
  it('the ESS sheet that cannot hold its storage checks names the calculation sheet that prints them, and that sheet prints each one', async () => {
    const input = await dcPartialBackupInput();
    const r = await renderPlanSet(atTextSize(input, '10'), { sheetsOnly: true });
    const flat = (p: string) => read(sheet(r, p)!.svg).text.replace(/\s+/g, ' ');
    const ess = flat('ess');
    const storage = ZPlanSetInput.parse(input).report.sections.find((s) => s.id === 'electrical.storage')!;
    const m = /ARE PRINTED WITH THE ELECTRICAL CALCULATIONS ON SHEETS? (PV-4[A-Z](?: AND PV-4[A-Z])?), TABLE "([^"]+)"/.exec(ess);
    expect(m, ess.slice(-600)).not.toBeNull();
    expect(m![2]).toBe(storage.title.toUpperCase());
    const named = m![1]!.split(' AND ').map((n) => r.pages.find((p) => p.number === n)!.page);
    const calcText = named.map(flat).join(' ');
    expect(calcText).toContain(storage.title.toUpperCase().split(/[,(]/)[0]!.trim());
    for (const k of storage.checks) expect(calcText, k.title).toContain(k.title.toUpperCase().split(' ').slice(0, 2).join(' '));
    // the checks are not on the ESS sheet itself, and every electrical check title heads a row on PV-4B or PV-4C
    expect(ess).not.toContain('CHECK FORMULA');
    const both = `${flat('calc')} ${flat('calc2')}`;
    for (const s of ZPlanSetInput.parse(input).report.sections.filter((x) => x.id.startsWith('electrical.') && x.id !== 'electrical.load-calculation' && x.id !== 'electrical.conductors')) {
      for (const k of s.checks) expect(both, k.title).toContain(k.title.toUpperCase().split(' ').slice(0, 2).join(' '));
    }
  }, 60_000);
});
