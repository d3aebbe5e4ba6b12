import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { extractPdfText } from '../check/pdf-text.ts';
import { solidPng } from '../fixtures/golden.fixtures.ts';
import { exampleDesign, letterInput } from '../fixtures/letter.fixtures.ts';
import { DOCUMENT_TYPES, type LetterType } from './letter-input.schema.ts';
import { LetterRefusal } from './letter.compose.ts';
import { renderLetter } from './letter.render.ts';
import { pagesToStamp, stampPlanSetPages, stampRequired } from './plan-set-stamp.ts';

const text = async (pdf: Uint8Array) => (await extractPdfText(pdf)).map((p) => p.text).join('\n');

const revisionData = { reason: 'equipment_change', description: 'The client changed the module model.', changes: [{ item: 'Module', before: 'ABC 390', after: 'ABC 400' }] };

// Rendering and reading back ten pages takes a few seconds on a busy machine.
describe('letters: each type names the engineer, licence, codes, criteria and the report numbers with their sections', { timeout: 60_000 }, () => {
  const common = ['Dana Whitfield, P.E.', 'TX PE Licence No. PE-123456 (expires 2027-12-31)', 'City of Austin', '4512 Ramsey Ave, Austin, TX 78756', 'Ultimate wind speed: 115 mph, Exposure C', 'Ground snow load: 5 psf', 'Calculation page C-1'];
  const expected: Record<Exclude<LetterType, 'florida_statute_377_705'>, string[]> = {
    calculation_package: ['Calculation Package', 'made with NEC 2020, ASCE 7-16 and IEBC 2018', '62 checks; all pass', 'C-1 DC system voltage', 'Section: NEC 2020 690.7(A)(1)'],
    structural_roof_letter: ['Structural Roof Letter', 'Prescriptive Method (5 %)', '2018 IEBC 503.3', 'Array A1: added gravity load on existing framing (5 % rule): -8.7 % <= 5 % — OK', 'IEBC 2018 503.3', 'Array A1: wind uplift pressure on panels: 77.86 psf', 'ASCE 7-16 §29.4.4', 'Array A1: lag screw withdrawal: 555.49 lb <= 1063.96 lb — OK', 'NDS 2018 12.2.1', 'C-1 Site loads (ASCE 7-16)', 'C-2 Array A1 structure'],
    electrical_load_calculations: ['Electrical Letter and Load Calculations', 'NEC 2020 Articles 690 and 705', 'System size: 8 kW DC, 7.6 kW AC', 'String S1: maximum system voltage: 508.04 V <= 600 V — OK', 'NEC 2020 690.7(A)(1)', 'load-side-breaker (120 % rule)', 'NEC 2020 705.12(B)(3)(2)', 'C-1 DC system voltage'],
    busbar_certification: ['Busbar Certification', 'existing 200 A busbar with a 200 A main breaker', 'with a 40 A PV breaker', 'Interconnection option: load-side-breaker (120 % rule): 240 A <= 240 A — OK', 'NEC 2020 705.12(B)(3)(2)', 'C-1 Point of interconnection'],
    revision_letter: ['Revision Letter', 'Reason: equipment_change', 'The client changed the module model.', 'Module: ABC 390 → ABC 400', 'all 62 checks pass'],
    design_affidavit: ['Design Affidavit', 'I, Dana Whitfield, a Professional Engineer licensed in TX (No. PE-123456)', '2021 IBC, 2021 IRC, 2018 IEBC, ASCE 7-16, NEC 2020 and 2021 IFC as adopted by City of Austin', '62 calculations were made; all pass'],
    post_install_letter: ['Post-Install Letter', 'as-built attachment', 'IEBC 2018 503.3'],
  };
  for (const [type, words] of Object.entries(expected) as [LetterType, string[]][]) {
    it(type, async () => {
      const r = await renderLetter(letterInput(type, type === 'revision_letter' ? { revisionData } : {}));
      const t = await text(r.pdf);
      for (const w of [...common, ...words]) expect(t, w).toContain(w);
      expect(r.calculationPages.length).toBeGreaterThan(0);
      expect(r.calculationPages[0]!.page).toBeGreaterThan(1);
      expect(r.pageCount).toBe((await PDFDocument.load(r.pdf)).getPageCount());
      expect(r.seal).toMatchObject({ size: 144 });
      expect(r.seal!.page).toBeLessThan(r.calculationPages[0]!.page);
      // Calculation pages show each check's formula and section.
      expect(t).toContain('Section: ');
    });
  }

  it('florida_statute_377_705: a Florida job gets the certification; any other state is refused', async () => {
    const fl = letterInput('florida_statute_377_705', { job: { ...letterInput('design_affidavit').job, address: { street: '1 Ocean Dr', city: 'Miami', state: 'FL', zip: '33139' }, ahjName: 'Miami-Dade County' } });
    const t = await text((await renderLetter(fl)).pdf);
    for (const w of ['Florida Statute 377.705 Certification', 'Pursuant to Florida Statute 377.705', 'Florida Building Code (2021 IBC, 2018 IEBC), ASCE 7-16 and NEC 2020', 'TX PE Licence No. PE-123456']) expect(t).toContain(w);
    await expect(renderLetter(letterInput('florida_statute_377_705'))).rejects.toThrow(/Florida jobs only; this job is in TX/);
  });

  it('refuses the 5 % letter when the AHJ requires a stress analysis, and when the added load is over 5 %', async () => {
    const refused = renderLetter(letterInput('structural_roof_letter', { requirements: { stressAnalysis: true } }));
    await expect(refused).rejects.toBeInstanceOf(LetterRefusal);
    await expect(refused).rejects.toThrow('City of Austin requires a stress analysis (stress_analysis): a Prescriptive Method (5 %) letter is prohibited.');
    const heavy = exampleDesign();
    // A light existing roof and a heavy array: the added gravity load goes past 5 %.
    heavy.arrays = heavy.arrays.map((a) => ({ ...a, roofDeadLoadPsf: 1, roofLiveLoadPsf: 0, rackingWeightPsf: 8 }));
    await expect(renderLetter(letterInput('structural_roof_letter', {}, heavy))).rejects.toThrow(/exceeds 5 %, so the Prescriptive Method letter does not apply/);
  });

  it('refuses when the report was calculated with other editions than the AHJ adopted', async () => {
    const input = letterInput('design_affidavit');
    await expect(renderLetter({ ...input, codes: { ...input.codes, electrical: 'NEC 2023' } })).rejects.toThrow('The engineering report was calculated with NEC 2020, but City of Austin adopted NEC 2023: recalculate with the AHJ\'s editions.');
  });

  it('a revision letter needs revision_letter_data', async () => {
    await expect(renderLetter(letterInput('revision_letter'))).rejects.toThrow('A revision letter needs revision_letter_data: what changed and why.');
  });

  it('is deterministic: the same input gives the same bytes', async () => {
    const a = await renderLetter(letterInput('busbar_certification'));
    const b = await renderLetter(letterInput('busbar_certification'));
    expect(Buffer.from(a.pdf).equals(Buffer.from(b.pdf))).toBe(true);
  });

  it('without a seal leaves a marked seal box', async () => {
    const r = await renderLetter(letterInput('design_affidavit', { seal: undefined }));
    expect(r.seal).toBeNull();
    expect(await text(r.pdf)).toContain('PE seal');
  });

  it('prints the verification code and where to check it, under the seal and on every page', async () => {
    const verification = { url: 'https://portal.example/verify', code: 'ABCDE-FGHJK-MNPQR-STVWX' };
    const r = await renderLetter(letterInput('electrical_load_calculations', { verification }));
    const pages = await extractPdfText(r.pdf);
    expect(pages[r.seal!.page - 1]!.text).toContain('Verify at https://portal.example/verify');
    for (const [i, p] of pages.entries()) expect(p.text, `page ${i + 1}`).toContain('Verification code ABCDE-FGHJK-MNPQR-STVWX');
    expect(await text((await renderLetter(letterInput('electrical_load_calculations'))).pdf)).not.toContain('Verification code');
  });

  it('covers every letter type', () => {
    expect([...Object.keys(expected), 'florida_statute_377_705'].sort()).toEqual([...DOCUMENT_TYPES].sort());
  });
});

describe('plan-set stamps', () => {
  it('stampRequired follows the three options', () => {
    expect(stampRequired('No Stamp Required', 50)).toBe(false);
    expect(stampRequired('Always Include', 2)).toBe(true);
    expect(stampRequired('Only Over 10 Kilowatts', 10)).toBe(false);
    expect(stampRequired('Only Over 10 Kilowatts', 10.1)).toBe(true);
    expect(stampRequired(undefined, 20)).toBe(false);
  });

  it('pagesToStamp reads the page lists per discipline', () => {
    const v = { structural_stamps_on_cad: 'Always Include', structural_pages_to_stamp: 'PV-3, pv-3a', electrical_stamps_on_cad: 'Only Over 10 Kilowatts', professional_stamps_on_electrical: 'No Stamp Required', electrical_pages_to_stamp: 'PV-4,PV-5' };
    expect(pagesToStamp(v, 8)).toEqual({ structural: ['PV-3', 'PV-3A'], electrical: [] });
    expect(pagesToStamp(v, 12)).toEqual({ structural: ['PV-3', 'PV-3A'], electrical: ['PV-4', 'PV-5'] });
  });

  it('places seals on the named pages only and reports names the set lacks', async () => {
    const d = await PDFDocument.create();
    for (let i = 0; i < 6; i++) d.addPage([1224, 792]);
    const pdf = await d.save();
    const r = await stampPlanSetPages(pdf, ['PV-1', 'PV-2', 'PV-3', 'PV-4', 'PV-5', null], [
      { discipline: 'structural', pages: ['PV-3'], seal: solidPng(200, 200, [200, 0, 0]) },
      { discipline: 'electrical', pages: ['PV-4', 'PV-3', 'PV-9'], seal: solidPng(200, 200, [0, 0, 200]) },
    ]);
    expect(r.stamped).toEqual([
      { page: 3, name: 'PV-3', discipline: 'structural' },
      { page: 3, name: 'PV-3', discipline: 'electrical' },
      { page: 4, name: 'PV-4', discipline: 'electrical' },
    ]);
    expect(r.missing).toEqual(['PV-9']);
    const out = await PDFDocument.load(r.pdf);
    const xObjects = (i: number) => out.getPage(i).node.Resources()?.lookup(PDFDocument.prototype.constructor === PDFDocument ? (out.context.obj('XObject') as never) : (null as never));
    expect(out.getPageCount()).toBe(6);
    expect(xObjects(2)).toBeDefined();
    expect(xObjects(0)).toBeUndefined();
  });
});
