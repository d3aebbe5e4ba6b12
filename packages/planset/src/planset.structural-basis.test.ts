import { describe, expect, it } from 'vitest';
import { extractPdfText } from './check/pdf-text.ts';
import { goldenInput, type GoldenRoof } from './fixtures/golden.fixtures.ts';
import { renderPlanSet } from './planset.render.ts';
import { composeLetter } from './letters/letter.compose.ts';
import { ZLetterInput } from './letters/letter-input.schema.ts';
import { attachmentShortName } from './sheets/pv3-basis.ts';

/*
 * Issue 24 findings 3 and 7, read from the sheet as a plan checker and a PE would: per roof type PV-3
 * states the existing framing with what is assumed, the roof dead load of that roofing with its ASCE 7
 * Table C3-1 source, the PV dead load, the rail's capacity with its source, the NDS member check with
 * its factors, and the §29.4.4 edge distance; no check rests on a house rule. The exposure PV-1, PV-3
 * and the letter print is the one the calculation used: a plan set or a letter whose criteria differ
 * from its report is refused.
 */

const pv3Of = async (roof?: GoldenRoof) => {
  const input = await goldenInput('string-gable', {}, {}, roof);
  const r = await renderPlanSet(input);
  const text = await extractPdfText(r.pdf);
  const page = (n: string) => text[r.pages.findIndex((p) => p.number === n)]!.text.replace(/\s+/g, ' ');
  return { input, pv1: page('PV-1'), pv3: page('PV-3') };
};

describe('the attachment schedule\'s name cell', () => {
  it('cuts a catalogue name at its first comma, and never inside parentheses (a custom "RT-MINI (FLASHLESS, SEALANT-BASED)" printed "(FLASHLESS")', () => {
    expect(attachmentShortName('FLASHED L-FOOT, LAG SCREWED TO RAFTER')).toBe('FLASHED L-FOOT');
    expect(attachmentShortName('ROOF TECH RT-MINI (FLASHLESS, SEALANT-BASED)')).toBe('ROOF TECH RT-MINI (FLASHLESS, SEALANT-BASED)');
    expect(attachmentShortName('TILE HOOK (CONCRETE, FLAT), LAG SCREWED TO RAFTER')).toBe('TILE HOOK (CONCRETE, FLAT)');
    expect(attachmentShortName('SEAM CLAMP')).toBe('SEAM CLAMP');
  });
});

describe('PV-3 states the structural basis, per roof type', { timeout: 120_000 }, () => {
  const cases: { roof: GoldenRoof; roofing: RegExp; deadPsf: number }[] = [
    // 2 (C3-1 asphalt shingles) + 1.6 (sheathing) + 0.97 (2x6 @ 24 in., 34 pcf) = 4.57 psf
    { roof: { material: 'asphalt_shingle', connectionType: 'flashed_l_foot' }, roofing: /2 ASPHALT SHINGLE \(ASCE 7 TABLE C3-1, ASPHALT SHINGLES\)/, deadPsf: 4.57 },
    // 16 (C3-1 cement tile) + 1.6 + 0.97 = 18.57 psf: not a hidden 10
    { roof: { material: 'concrete_tile', connectionType: 'tile_hook' }, roofing: /16 CONCRETE TILE \(ASCE 7 TABLE C3-1, CEMENT TILE\)/, deadPsf: 18.57 },
    { roof: { material: 'standing_seam_24ga', connectionType: 'standing_seam_clamp', engine: { allowableUpliftLb: 600 } }, roofing: /2\.5 STANDING SEAM METAL \(ASCE 7 TABLE C3-1, METAL DECK 20 GAGE/, deadPsf: 5.07 },
    { roof: { material: 'tpo_membrane', connectionType: 'membrane_mount' }, roofing: /0\.7 SINGLE-PLY MEMBRANE \(ASCE 7 TABLE C3-1, WATERPROOFING MEMBRANE, SINGLE-PLY SHEET\)/, deadPsf: 3.27 },
  ];
  it.each(cases)('$roof.material', async ({ roof, roofing, deadPsf }) => {
    const { input, pv3 } = await pv3Of(roof);
    expect(pv3).toContain(`ROOF DEAD LOAD ${deadPsf} PSF`);
    expect(pv3).toMatch(roofing);
    expect(pv3).toMatch(/EXISTING FRAMING: 2X6 RAFTER @ 24" O\.C\., LONGEST SPAN 150" \(HORIZONTAL\), DOUGLAS FIR-LARCH NO\. 2\. ASSUMED, TO BE VERIFIED IN THE FIELD BEFORE INSTALLATION: MEMBER, SPACING, SPAN, SPECIES, GRADE/);
    expect(pv3).toMatch(/PV DEAD LOAD [\d.]+ PSF/);
    // The golden roof is 2x6 @ 24 in. over 150 in. under 30 psf ground snow: under concrete tile its rafter
    // fails (as the IRC rafter tables would have it), and the sheet says so rather than hiding it.
    const bendingCheck = input.report.sections.flatMap((s) => s.checks).find((c) => c.id === 'structural.array.A1.member-bending')!;
    const deflCheck = input.report.sections.flatMap((s) => s.checks).find((c) => c.id === 'structural.array.A1.member-deflection')!;
    expect(bendingCheck.pass).toBe(roof.material !== 'concrete_tile');
    expect(pv3).toMatch(new RegExp(`F'B = FB 900 × CD 1\\.(15|25|6) × CF 1\\.3 × CR 1\\.15 × CM·CT·CL·CI 1\\.0 = [\\d.]+ PSI ${bendingCheck.pass ? '≥' : '<'} FB [\\d.]+ PSI \\(NDS 2018\\)`));
    expect(pv3).toMatch(new RegExp(`DEFLECTION [\\d.]+" ${deflCheck.pass ? '≤' : '>'} L/120`));
    if (!bendingCheck.pass) expect(pv3).toMatch(/EXISTING RAFTER BENDING \(NDS\) [\d.]+ psi ≤ [\d.]+ psi FAIL/);
    expect(pv3).toMatch(/WIND EDGE DISTANCE [\d.]+" ≥ 2H2 = 12"/);
    expect(pv3).toMatch(/RAIL CAPACITY [\d.]+ LB-FT/);
    expect(pv3).not.toMatch(/SUNSTAMP RULE|Sunstamp rule/i);
    const structural = input.report.sections.filter((s) => s.id.startsWith('structural')).flatMap((s) => s.checks);
    expect(structural.filter((c) => c.ref.code === 'Sunstamp')).toEqual([]);
    // The member check's value on the sheet is the report's.
    const bending = structural.find((c) => c.id === 'structural.array.A1.member-bending')!;
    expect(pv3).toContain(`FB ${Math.round((bending.value as number) * 100) / 100} PSI`);
  });

  it('a verified framing fact is printed as verified; the rail product\'s own capacity and source are printed', async () => {
    const { calculateDesign } = await import('@sunstamp/engineering/design.calc');
    const { goldenLayout } = await import('./fixtures/golden.fixtures.ts');
    const { engine } = goldenLayout('string-gable');
    const e = JSON.parse(JSON.stringify(engine));
    for (const a of e.arrays) {
      a.framing = { ...a.framing, verified: ['size', 'spacing', 'spans', 'species', 'grade'], species: 'SPF', grade: 'no1' };
      a.rail = { ...a.rail, model: 'Example XR Rail', allowableMomentLbFt: 600, capacitySource: 'Example rail design guide, Table 3' };
    }
    const input = await goldenInput('string-gable');
    const r = await renderPlanSet({ ...input, report: calculateDesign(e) });
    const text = await extractPdfText(r.pdf);
    const pv3 = text[r.pages.findIndex((p) => p.number === 'PV-3')]!.text.replace(/\s+/g, ' ');
    expect(pv3).toMatch(/SPRUCE-PINE-FIR NO\. 1\. ALL VERIFIED/);
    expect(pv3).toContain('RAIL CAPACITY 600 LB-FT: EXAMPLE XR RAIL, EXAMPLE RAIL DESIGN GUIDE, TABLE 3');
    expect(pv3).toMatch(/F'B = FB 875 × CD [\d.]+ × CF 1\.3 × CR 1\.15/);
    // The maker's values on file: nothing for the engineer of record to accept at sealing.
    const { pagesStatingAssumedValues } = await import('./seals/seal-check.ts');
    expect(await pagesStatingAssumedValues(r.pdf)).toEqual([]);
  });

  it('an assumed rail class is printed as not the maker\'s certified value, which the seal check finds on PV-3', async () => {
    const { pagesStatingAssumedValues } = await import('./seals/seal-check.ts');
    const { NOT_MAKER_VALUE } = await import('@sunstamp/engineering/tables/rail-profiles.table');
    const { SEED_RACKING } = await import('@sunstamp/domain/catalogue/equipment.data');
    const { input, pv3 } = await pv3Of();
    expect(pv3).toContain(`ASSUMED STANDARD RAIL CLASS, ADM FB 21.2 KSI × SX 0.25 IN³, ${NOT_MAKER_VALUE.toUpperCase()}`);
    expect(pv3).not.toMatch(/TO BE CONFIRMED BY STAFF/);
    const r = await renderPlanSet(input);
    expect(await pagesStatingAssumedValues(r.pdf)).toEqual([{ page: 3, sheet: 'PV-3' }]);
    // The catalogue's assumed cantilever ratio (SolarMount) carries the same words, so a seal over it asks too.
    for (const rail of SEED_RACKING.filter((x) => /ASSUMED/.test(x.maxCantileverSource ?? ''))) expect(rail.maxCantileverSource, rail.model).toContain(NOT_MAKER_VALUE);
  });
});

describe('exposure: one source for the sheets, the calculation and the letter (finding 7)', { timeout: 120_000 }, () => {
  it('PV-1 and PV-3 print the exposure the report used; a plan set whose criteria differ is refused', async () => {
    const { input, pv1, pv3 } = await pv3Of();
    const used = input.report.sections.flatMap((s) => s.checks).find((c) => c.id === 'structural.wind.qh')!.inputs.find((i) => i.name === 'exposure')!.value;
    expect(pv1).toContain(`EXPOSURE ${used}`);
    expect(pv3).toContain(`EXPOSURE ${used}`);
    const other = used === 'B' ? 'C' : 'B';
    const bad = await goldenInput('string-gable');
    bad.job.designCriteria = { ...bad.job.designCriteria, exposure: other };
    await expect(renderPlanSet(bad)).rejects.toThrow(`Exposure ${other} is printed but the calculation uses Exposure ${used}`);
  });

  it('a letter whose exposure differs from its calculation pages is refused', async () => {
    const input = await goldenInput('string-gable');
    const used = input.report.sections.flatMap((s) => s.checks).find((c) => c.id === 'structural.wind.qh')!.inputs.find((i) => i.name === 'exposure')!.value as 'B' | 'C';
    const letter = (exposure: 'B' | 'C' | 'D') => ZLetterInput.parse({
      type: 'structural_roof_letter',
      job: { id: 'j', name: 'Job', clientName: 'Client', address: { street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' }, ahjName: 'City of Austin', revision: 0, date: '2026-11-28' },
      codes: { building: '2021 IBC', residential: '2021 IRC', existingBuilding: input.report.codes.iebc, structural: input.report.codes.asce, electrical: input.report.codes.nec, fire: '2021 IFC' },
      designCriteria: { windSpeedMph: input.job.designCriteria.windSpeedMph, exposure, groundSnowLoadPsf: input.job.designCriteria.groundSnowLoadPsf },
      report: input.report,
      engineer: { name: 'Dana Whitfield', discipline: 'structural', licenceState: 'TX', licenceNumber: '1', licenceExpires: '2027-12-31' },
      firm: { name: 'Firm', address: '1 Main', phone: '555' },
    });
    expect(composeLetter(letter(used)).criteria[0]).toContain(`Exposure ${used}`);
    const other = used === 'B' ? 'C' : 'B';
    expect(() => composeLetter(letter(other))).toThrow(`Exposure ${other} is printed but the calculation uses Exposure ${used}`);
  });
});

describe('PV-3 structural basis with more than one array', () => {
  const basisOf = async (a2DeadLoad?: number) => {
    const { structuralBasisLines } = await import('./sheets/pv3-basis.ts');
    const { ZPlanSetInput } = await import('./input.schema.ts');
    const input = ZPlanSetInput.parse(await goldenInput('micro-two-plane'));
    if (a2DeadLoad !== undefined) {
      // A2 differs from A1 in one value only (as two arrays with different drawn cantilevers do).
      const dead = input.report.sections.flatMap((s) => s.checks).find((c) => c.id === 'structural.array.A2.dead-load')!;
      dead.value = a2DeadLoad;
    }
    return structuralBasisLines(input);
  };

  it('arrays with the same basis share one block, named on its first line', async () => {
    const lines = await basisOf();
    expect(lines[0]).toMatch(/^ARRAYS A1, A2 EXISTING FRAMING/);
    expect(lines.slice(1).some((l) => /^ARRAYS? /.test(l))).toBe(false);
  });

  it('arrays that differ in one value print every other line once, and that line per array, side by side', async () => {
    const lines = await basisOf(3.1);
    expect(lines.every((l) => /^ARRAYS? A\d/.test(l))).toBe(true);
    const bare = lines.map((l) => l.replace(/^ARRAYS? A\d(, A\d)* /, ''));
    const dead = lines.map((l, i) => [l, i] as const).filter(([l]) => /PV DEAD LOAD/.test(l));
    expect(dead.map(([l]) => l)).toEqual([expect.stringMatching(/^ARRAY A1 PV DEAD LOAD 2\.8 PSF/), expect.stringMatching(/^ARRAY A2 PV DEAD LOAD 3\.1 PSF/)]);
    expect(dead[1]![1] - dead[0]![1]).toBe(1);
    // only the differing statement appears twice (once per array); the framing is named for both
    expect(bare.filter((l, i) => bare.indexOf(l) !== i)).toEqual([]);
    expect(lines.filter((l) => /EXISTING FRAMING/.test(l))).toEqual([expect.stringMatching(/^ARRAYS A1, A2 EXISTING FRAMING/)]);
    expect(lines.length).toBe((await basisOf()).length + 1);
  });
});
