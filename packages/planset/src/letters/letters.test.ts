import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { extractPdfText } from '../check/pdf-text.ts';
import { solidPng } from '../fixtures/golden.fixtures.ts';
import { exampleDesign, letterInput } from '../fixtures/letter.fixtures.ts';
import { DOCUMENT_TYPES, type LetterType } from './letter-input.schema.ts';
import { LetterRefusal } from './letter.compose.ts';
import { renderLetter } from './letter.render.ts';
import { sealsShown } from '../seals/seal-check.ts';
import { stampSeals } from '../seals/seal-stamp.ts';

const text = async (pdf: Uint8Array) => (await extractPdfText(pdf)).map((p) => p.text).join('\n');

const groundMount = { racking: 'IronRidge GM', foundation: 'Ground Screw', tiltDeg: 25, meanHeightFt: 6, arrayDepthFt: 13.5, postSpacingFt: 10, postsPerColumn: 2, deadLoadPsf: 3.5, allowableUpliftLb: 2000, allowableCompressionLb: 3000, allowableLateralLb: 1000 };
const wallBattery = { model: 'Tesla Powerwall 3 (1707000)', weightLb: 286.6, depthIn: 7.6, count: 1, fasteners: 4, topRowFasteners: 2, rowSpacingIn: 24, species: 'SPF' as const, diameterIn: 0.3125, threadPenetrationIn: 2.5, lateralDesignValueLb: 150 };
const seismicD = { designCriteria: { windSpeedMph: 115, exposure: 'C' as const, groundSnowLoadPsf: 30, riskCategory: 'II', seismicDesignCategory: 'D', minDesignTempC: -6 }, seismic: { arrayAreaFt2: 430, roofAreaFt2: 3000 } };
/** The example design with the AHJ's 5 psf ground snow load, calculated without slope reduction. */
function unreducedDesign() {
  const d = exampleDesign();
  d.site = { ...d.site, groundSnowLoadPsf: 5 };
  d.requirements = { ...d.requirements, unreducedSnowLoad: true };
  return d;
}
/** The inputs each type needs beyond the common ones. */
const extra: Partial<Record<LetterType, () => Parameters<typeof letterInput>>> = {
  structural_ground_mount_letter: () => ['structural_ground_mount_letter', { groundMount }],
  wall_mounted_battery_letter: () => ['wall_mounted_battery_letter', { wallBattery }],
  seismic_calculations: () => ['seismic_calculations', seismicD],
  unreduced_snow_load: () => ['unreduced_snow_load', { requirements: { unreducedSnowLoad: true } }, unreducedDesign()],
};

const revisionData = { reason: 'equipment_change', description: 'The client changed the module model.', changes: [{ item: 'Module', before: 'ABC 390', after: 'ABC 400' }] };

// Rendering and reading back ten pages takes a few seconds on a busy machine.
describe('letters: each type names the engineer, licence, codes, criteria and the report numbers with their sections', { timeout: 60_000 }, () => {
  // The criteria are the design's (issue 24, finding 7): the worked example's 30 psf, the unreduced-snow design's 5 psf.
  const common = ['Dana Whitfield, P.E.', 'TX PE Licence No. PE-123456 (expires 2027-12-31)', 'City of Austin', '4512 Ramsey Ave, Austin, TX 78756', 'Ultimate wind speed: 115 mph, Exposure C', 'Calculation page C-1'];
  const expected: Record<Exclude<LetterType, 'florida_statute_377_705' | 'third_party_stamp'>, string[]> = {
    calculation_package: ['Calculation Package', 'made with NEC 2020, ASCE 7-16 and IEBC 2018', '68 checks; all pass', 'C-1 DC system voltage', 'Section: NEC 2020 690.7(A)(1)'],
    structural_roof_letter: ['Structural Roof Letter', 'Prescriptive Method (5 %)', '2018 IEBC 503.3', 'Array A1: added gravity load on existing framing (5 % rule): ', 'Array A1: existing rafter bending (NDS): 1509.46 psi ≤ 1547.33 psi — OK', 'NDS 2018 3.3, 4.3 (Table 4.3.1)', 'Array A1 existing framing: 2x6 rafter at 24 in. on centre, longest horizontal span 150 in., Douglas Fir-Larch No. 2 (assumed, to be verified in the field before installation: member, spacing, span, species, grade); existing roof dead load 4.57 psf', 'IEBC 2018 503.3', 'Array A1: wind uplift pressure on panels: 77.86 psf', 'ASCE 7-16 §29.4.4', 'Array A1: lag screw withdrawal: 555.49 lb ≤ 1063.96 lb — OK', 'NDS 2018 12.2.1', 'C-1 Site loads (ASCE 7-16)', 'C-2 Array A1 structure'],
    electrical_load_calculations: ['Electrical Letter and Load Calculations', 'NEC 2020 Articles 690 and 705', 'System size: 8 kW DC, 7.6 kW AC', 'String S1: maximum system voltage: 508.04 V ≤ 600 V — OK', 'NEC 2020 690.7(A)(1)', 'load-side-breaker (120 % rule)', 'NEC 2020 705.12(B)(3)(2)', 'C-1 DC system voltage'],
    busbar_certification: ['Busbar Certification', 'existing 200 A busbar with a 200 A main breaker', 'with a 40 A PV breaker', 'Interconnection option: load-side-breaker (120 % rule): 240 A ≤ 240 A — OK', 'NEC 2020 705.12(B)(3)(2)', 'C-1 Point of interconnection'],
    revision_letter: ['Revision Letter', 'Reason: equipment_change', 'The client changed the module model.', 'Module: ABC 390 → ABC 400', 'all 68 checks pass'],
    design_affidavit: ['Design Affidavit', 'I, Dana Whitfield, a Professional Engineer licensed in TX (No. PE-123456)', '2021 IBC, 2021 IRC, 2018 IEBC, ASCE 7-16, NEC 2020 and 2021 IFC as adopted by City of Austin', '68 calculations were made; all pass'],
    post_install_letter: ['Post-Install Letter', 'as-built attachment', 'IEBC 2018 503.3'],
    structural_ground_mount_letter: ['Structural Ground-Mount Letter', 'on IronRidge GM racking with Ground Screw foundations', 'open monoslope structure for wind per ASCE 7-16 Chapter 27',
      'Posts at 10 ft along the row, 2 per column; 25° tilt, 13.5 ft table depth', 'Ground mount: net wind pressure, uplift: 50.53 psf', 'ASCE 7-16 §27.3.2, Eq. 27.3-2, Figure 27.3-4',
      'Ground mount: uplift on one post (Ground Screw): 1712.87 lb ≤ 2000 lb — OK', 'ASCE 7-16 §2.4.1', 'p = qh · G · CN', 'C-1 Ground-mounted array (IronRidge GM)'],
    wall_mounted_battery_letter: ['Wall-Mounted Battery Letter', '1 × Tesla Powerwall 3 (1707000) at the above address: 286.6 lb and 7.6 in. deep', '4 lag screws of 0.3125 in. diameter',
      'Wall battery: shear on one fastener: 71.65 lb ≤ 135 lb — OK', 'NDS 2018 12.3, Table 12K; Table 2.3.2', 'Wall battery: withdrawal on one top-row fastener: 22.69 lb ≤ 460.75 lb — OK',
      'NDS 2018 12.2.1, Eq. 12.2-1', 'Wall battery: combined load on one top-row fastener: 75.16 lb ≤ 144.3 lb — OK', 'NDS 2018 12.4.1', 'C-1 Wall-mounted battery (Tesla Powerwall 3 (1707000))'],
    seismic_calculations: ['Seismic Calculations', 'Seismic design category D (ASCE 7-16 §11.6)', '430 ft² of arrays at up to 2.8 psf on a roof of 3000 ft² at 4.57 psf',
      'Added seismic weight of the arrays: 8.76 % ≤ 10 % — OK', 'IEBC 2018 503.4, Exception', 'C-1 Seismic: added weight on the lateral system', 'C-2 Array A1 structure'],
    appendix_g: ['Appendix G: Structural Calculations', 'as City of Austin requires (appendix_g)', 'Array A1: wind uplift pressure on panels: 77.86 psf', 'ASCE 7-16 §29.4.4',
      'Array A1: lag screw withdrawal: 555.49 lb ≤ 1063.96 lb — OK', 'NDS 2018 12.2.1', 'C-1 Site loads (ASCE 7-16)', 'C-3 Array A2 structure'],
    unreduced_snow_load: ['Unreduced Snow Load Letter', 'applied without reduction for roof slope: the slope factor Cs = 1.0', 'pg = 5 psf (§7.3)',
      'Array A1: pf = 3.5 psf, Cs = 1.0, ps = 3.5 psf; Array A2', 'Ground snow load: 5 psf (unreduced snow load required by the AHJ)',
      'Array A1: sloped snow load on the panels: 3.5 psf', 'ASCE 7-16 §7.4, Eq. 7.4-1', 'C-2 Array A1 structure'],
  };
  for (const [type, words] of Object.entries(expected) as [LetterType, string[]][]) {
    it(type, async () => {
      const r = await renderLetter(extra[type] ? letterInput(...extra[type]()) : letterInput(type, type === 'revision_letter' ? { revisionData } : {}));
      const t = await text(r.pdf);
      for (const w of [...common, ...words, `Ground snow load: ${type === 'unreduced_snow_load' ? 5 : 30} psf`]) expect(t, w).toContain(w);
      expect(r.calculationPages.length).toBeGreaterThan(0);
      expect(r.calculationPages[0]!.page).toBeGreaterThan(1);
      expect(r.pageCount).toBe((await PDFDocument.load(r.pdf)).getPageCount());
      expect(r.seal).toMatchObject({ size: 144 });
      expect(r.seal.page).toBeLessThan(r.calculationPages[0]!.page);
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

  it('is a draft: a marked seal box, no verification code, and the places the seal step fills', async () => {
    const r = await renderLetter(letterInput('design_affidavit'));
    const t = await text(r.pdf);
    expect(t).toContain('PE seal');
    expect(t).not.toContain('Verification code');
    expect(r.sealSlots.filter((x) => x.kind === 'letter-seal')).toEqual([{ page: r.seal.page, discipline: 'structural', kind: 'letter-seal', box: expect.objectContaining({ w: 170 }) }]);
    expect(r.sealSlots.filter((x) => x.kind === 'footer').map((x) => x.page)).toEqual(Array.from({ length: r.pageCount }, (_, i) => i + 1));
  });

  it('sealed: the seal step prints the verification code and where to check it under the seal and on every page', async () => {
    const r = await renderLetter(letterInput('electrical_load_calculations', { engineer: { ...letterInput('design_affidavit').engineer, discipline: 'electrical' } }));
    const seal = { discipline: 'electrical' as const, engineerName: 'Dana Whitfield', licenceState: 'TX', licenceNumber: 'PE-123456', date: '2026-11-24', code: 'ABCD-EFGH-JKMN-PQRS-TVWX', verifyUrl: 'https://portal.example/verify', seal: solidPng(300, 300, [30, 60, 160]), signature: solidPng(240, 60, [20, 20, 20]) };
    const sealed = await stampSeals(r.pdf, r.sealSlots, [seal]);
    const pages = await extractPdfText(sealed.pdf);
    expect(pages[r.seal.page - 1]!.text).toContain('Verification code ABCD-EFGH-JKMN-PQRS-TVWX');
    for (const [i, p] of pages.entries()) expect(p.text, `page ${i + 1}`).toContain('Sealed by Dana Whitfield, P.E., TX PE No. PE-123456, on 2026-11-24 · Verification code ABCD-EFGH-JKMN-PQRS-TVWX at https://portal.example/verify');
    expect(await sealsShown(sealed.pdf, r.sealSlots, [{ discipline: 'electrical', licenceNumber: 'PE-123456', code: seal.code }])).toMatchObject({ ok: true });
    // The draft does not pass the check: settings alone never make a document sealed.
    const draft = await sealsShown(r.pdf, r.sealSlots, [{ discipline: 'electrical', licenceNumber: 'PE-123456', code: seal.code }]);
    expect(draft.ok).toBe(false);
    expect(draft.findings.length).toBe(r.pageCount);
    expect(draft.findings[0]!.missing).toEqual(['verification code ABCD-EFGH-JKMN-PQRS-TVWX']);
  });

  it('keeps the signature and seal with the last paragraph: never alone on a page', async () => {
    // A description growing sentence by sentence moves the signature block down the first page and
    // over to the second: wherever it lands, the letter's text stands above it on its page.
    const sealPages = new Set<number>();
    for (let n = 1; n <= 25; n += 3) {
      const description = Array.from({ length: n }, (_, i) => `Change ${i + 1} is explained here in a sentence of ordinary length for a revision.`).join(' ');
      const r = await renderLetter(letterInput('revision_letter', { revisionData: { reason: 'other', description, changes: [] } }));
      const pages = await extractPdfText(r.pdf);
      const above = pages[r.seal.page - 1]!.items.filter((it) => it.y < r.seal.y - 12 && it.y > 60);
      expect(above.length, `${n} sentences: text above the signature on page ${r.seal.page}`).toBeGreaterThan(0);
      expect(above.some((it) => it.str.startsWith('•') || it.str.length > 40), `${n} sentences: a paragraph or finding, not just a heading`).toBe(true);
      sealPages.add(r.seal.page);
    }
    // The lengths tried moved the signature block to the second page at least once.
    expect([...sealPages].sort()).toEqual([1, 2]);
  });

  it('the electrical letter shows only the interconnection method used, with its verdict', async () => {
    const r = await renderLetter(letterInput('electrical_load_calculations'));
    const t = await text(r.pdf);
    expect(t).toContain('Interconnection option: load-side-breaker (120 % rule): 240 A ≤ 240 A — OK');
    expect(t).not.toMatch(/Interconnection option: (load-side-tap|main-breaker-derate|supply-side-tap)/);
    expect(t).toContain('Interconnection method: load-side-breaker (120 % rule) — OK');
  });

  it('covers every letter type', () => {
    expect([...Object.keys(expected), 'florida_statute_377_705', 'third_party_stamp'].sort()).toEqual([...DOCUMENT_TYPES].sort());
  });

  it('third_party_stamp: names who stamps, with a stamp box, and is refused without them', async () => {
    const thirdParty = { kind: 'nabcep' as const, name: 'Sam Ortiz', credential: 'NABCEP PV Installation Professional', number: 'PV-031122-015' };
    const r = await renderLetter(letterInput('third_party_stamp', { thirdParty }));
    const t = await text(r.pdf);
    for (const w of ['NABCEP or Third-Party Stamp', 'the stamp of a NABCEP-certified professional (NABCEP_stamp)', 'The plan set is stamped by: Sam Ortiz, NABCEP PV Installation Professional No. PV-031122-015',
      'NABCEP stamp: Sam Ortiz', 'sealed by Dana Whitfield, P.E. (TX No. PE-123456) under ASCE 7-16, 2018 IEBC and NEC 2020: 68 checks; all pass', 'Codes: 2021 IBC', 'TX PE Licence No. PE-123456']) expect(t, w).toContain(w);
    const other = await text((await renderLetter(letterInput('third_party_stamp', { thirdParty: { ...thirdParty, kind: 'third_party', credential: 'PE', organisation: 'Ortiz Engineering' } }))).pdf);
    expect(other).toContain('a third-party stamp (third_party_stamps), which replaces the contractor stamp. The plan set is stamped by: Sam Ortiz, PE No. PV-031122-015 (Ortiz Engineering)');
    await expect(renderLetter(letterInput('third_party_stamp'))).rejects.toThrow('A NABCEP or third-party stamp page needs who stamps the plan set: name, credential and certification or licence number.');
  });

  it('refuses the new letters without their inputs, or when their checks fail', async () => {
    await expect(renderLetter(letterInput('structural_ground_mount_letter'))).rejects.toThrow(/A ground-mount letter needs the array's design: racking, foundation, tilt/);
    await expect(renderLetter(letterInput('structural_ground_mount_letter', { groundMount: { ...groundMount, allowableUpliftLb: 500 } }))).rejects.toThrow('Ground mount: uplift on one post (Ground Screw): 1712.87 lb ≤ 500 lb — NOT OK (ASCE 7-16 §2.4.1 (ASD combinations); foundation capacity: racking design): the posts as designed do not carry the loads.');
    await expect(renderLetter(letterInput('wall_mounted_battery_letter'))).rejects.toThrow(/A wall-mounted battery letter needs a battery with a catalogue weight and depth/);
    await expect(renderLetter(letterInput('wall_mounted_battery_letter', { wallBattery: { ...wallBattery, fasteners: 2, lateralDesignValueLb: 100 } }))).rejects.toThrow(/Wall battery: shear on one fastener: 143.3 lb ≤ 90 lb — NOT OK/);
    await expect(renderLetter(letterInput('seismic_calculations', { seismic: seismicD.seismic }))).resolves.toBeDefined();
    await expect(renderLetter(letterInput('seismic_calculations', { ...seismicD, designCriteria: { ...seismicD.designCriteria, seismicDesignCategory: undefined } }))).rejects.toThrow('City of Austin has no seismic design category: set it on the AHJ (ASCE 7-16 §11.6) before the seismic calculations.');
    await expect(renderLetter(letterInput('seismic_calculations', { ...seismicD, seismic: undefined }))).rejects.toThrow(/need the roof's plan area \(roof_area_ft2\)/);
    await expect(renderLetter(letterInput('seismic_calculations', { ...seismicD, seismic: { arrayAreaFt2: 430, roofAreaFt2: 1000 } }))).rejects.toThrow('Added seismic weight of the arrays: 26.29 % ≤ 10 % — NOT OK (IEBC 2018 503.4, Exception): the added weight is over 10 %');
    // A Forte job has no 5 % check: the roof dead load comes from the exported member loads; SkyCiv exports line loads only.
    const forte = exampleDesign();
    forte.site = { ...forte.site, structuralMethod: 'forte' };
    expect(await text((await renderLetter(letterInput('seismic_calculations', seismicD, forte))).pdf)).toContain('on a roof of 3000 ft² at 4.57 psf');
    const skyciv = exampleDesign();
    skyciv.site = { ...skyciv.site, structuralMethod: 'skyciv' };
    await expect(renderLetter(letterInput('seismic_calculations', seismicD, skyciv))).rejects.toThrow(/no roof dead load to compare the arrays' weight with \(a SkyCiv export gives line loads only\)/);
    await expect(renderLetter(letterInput('unreduced_snow_load', { requirements: { unreducedSnowLoad: true } }))).rejects.toThrow(/The engineering report reduced the snow load for roof slope \(Array A1: sloped snow load on the panels; Array A2/);
  });

  it('Forte/SkyCiv: refused without the uploaded result; with it, cites the tool, prints the exported inputs and appends the result pages', async () => {
    const forte = exampleDesign();
    forte.site = { ...forte.site, structuralMethod: 'forte' };
    await expect(renderLetter(letterInput('structural_roof_letter', {}, forte))).rejects.toThrow('Array A1, A2 is designed with Forte: the letter needs that analysis\'s uploaded result, not the Prescriptive Method (5 %). Upload the Forte result (PDF) to the job\'s files and choose it as the structural analysis result.');
    const up = await PDFDocument.create();
    const font = await up.embedFont(StandardFonts.Helvetica);
    for (let i = 0; i < 2; i++) up.addPage([612, 792]).drawText(`Forte member report page ${i + 1}`, { x: 72, y: 700, font, size: 14 });
    const pdf = await up.save();
    await expect(renderLetter(letterInput('structural_roof_letter', { structuralAnalysis: { tool: 'SkyCiv', fileName: 'a.pdf', pdf } }, forte))).rejects.toThrow(/designed with Forte/);
    await expect(renderLetter(letterInput('structural_roof_letter', { structuralAnalysis: { tool: 'Forte', fileName: 'a.pdf', pdf: new Uint8Array([1, 2, 3]) } }, forte))).rejects.toThrow('The Forte result "a.pdf" is not a readable PDF');
    // The member analysis does not excuse the attachments: a failing lag is still refused.
    const weak = exampleDesign();
    weak.site = { ...weak.site, structuralMethod: 'forte' };
    weak.arrays = weak.arrays.map((a) => ({ ...a, lag: { threadPenetrationIn: 0.5 } }));
    await expect(renderLetter(letterInput('structural_roof_letter', { structuralAnalysis: { tool: 'Forte', fileName: 'a.pdf', pdf } }, weak))).rejects.toThrow(/^Array A1: lag screw withdrawal: 555.49 lb ≤ 212.79 lb — NOT OK.*the attachments as designed do not carry the loads\.$/);
    // A stress analysis requirement does not refuse an analysed letter.
    const r = await renderLetter(letterInput('structural_roof_letter', { requirements: { stressAnalysis: true }, structuralAnalysis: { tool: 'Forte', fileName: 'forte-A1.pdf', pdf } }, forte));
    const pages = await extractPdfText(r.pdf);
    const t = pages.map((p) => p.text).join('\n');
    for (const w of ['Structural Roof Letter', 'by a member analysis in Forte (a stress analysis, not the Prescriptive Method)', 'The Forte result "forte-A1.pdf" is the member analysis of record',
      'Analysis result pages attached: R-1 to R-2 (Forte: forte-A1.pdf)', 'Array A1 memberType: Roof rafter [Forte input (exported)]', 'Array A1 loads: name Roof dead, type Dead, psf 4.57',
      'Array A1: lag screw withdrawal: 555.49 lb ≤ 1063.96 lb — OK', 'Dana Whitfield, P.E.', 'TX PE Licence No. PE-123456', 'Codes: 2021 IBC']) expect(t, w).toContain(w);
    expect(t).not.toContain('Prescriptive Method (5 %): the gravity load');
    expect(r.pageCount).toBe((await PDFDocument.load(r.pdf)).getPageCount());
    expect(r.calculationPages.slice(-2)).toEqual([{ name: 'R-1 Forte result (forte-A1.pdf)', page: r.pageCount - 1 }, { name: 'R-2 Forte result (forte-A1.pdf)', page: r.pageCount }]);
    expect(pages[r.pageCount - 1]!.text).toContain('Forte member report page 2');
    // Deterministic with the upload too.
    const again = await renderLetter(letterInput('structural_roof_letter', { structuralAnalysis: { tool: 'Forte', fileName: 'forte-A1.pdf', pdf } }, forte));
    const again2 = await renderLetter(letterInput('structural_roof_letter', { structuralAnalysis: { tool: 'Forte', fileName: 'forte-A1.pdf', pdf } }, forte));
    expect(Buffer.from(again.pdf).equals(Buffer.from(again2.pdf))).toBe(true);
  });
});

describe('the electrical letter carries its Article 220 load calculation (issue 25, finding 2)', () => {
  // A 40 A inverter output: 1.25 × 40 + 200 = 250 A > 240 A, so the 200 A main is derated to 175 A.
  const base = exampleDesign();
  const derating = (service: Record<string, unknown>) => ({ ...base, equipment: { ...base.equipment, inverter: { ...base.equipment.inverter, continuousOutputCurrentA: 40, ratedOutputW: 9600, maxOcpdA: 50 } }, service: { ...base.service, ...service } });
  it('a derate given only a load worked out elsewhere (calculatedLoadA) is refused: the letter cannot show the calculation', async () => {
    const input = letterInput('electrical_load_calculations', {}, derating({ calculatedLoadA: 80 }));
    expect(input.report.interconnection).toMatchObject({ method: 'main-breaker-derate', mainBreakerA: 175 });
    await expect(renderLetter(input)).rejects.toMatchObject({ code: 'load-calculation-required', message: expect.stringMatching(/derated to 175 A: the letter needs the NEC Article 220/) });
  });
  it('a derate with its 220.87 calculation prints it: the paragraph, the findings and the calculation page', async () => {
    const input = letterInput('electrical_load_calculations', {}, derating({ loadCalculation: { method: '220.87', maxDemandKw: 9.6, dataPeriod: '12-months', existingRenewableOrPeakShaving: false, newLoads: [] } }));
    const t = await text((await renderLetter(input)).pdf);
    // 9.6 kW / 240 V = 40 A × 1.25 = 50 A ≤ 175 A.
    expect(t).toMatch(/Dwelling load calculation \(NEC 2020 220\.87\): .*calculated load 12000 VA \/ 240 V = 50 A, within the 175 A derated main breaker \(230\.79\)/);
    expect(t).toMatch(/Calculated load within the service rating \(derated main breaker\)/);
    expect(t).toContain('Dwelling load calculation (NEC 220.87)');
  });
  it('without a derate or an upgrade the letter says no calculation is required', async () => {
    const t = await text((await renderLetter(letterInput('electrical_load_calculations'))).pdf);
    expect(t).toContain('no Article 220 load calculation is required for the interconnection');
  });
});

describe('the structural letter states the attachment layout the roof plan draws', { timeout: 60_000 }, () => {
  it('per array: the fewest attachments on a rail, the longest span and cantilever, as the report checked the drawn rails', async () => {
    const d = exampleDesign();
    const arrays = (d as unknown as { arrays: Record<string, unknown>[] }).arrays;
    (d as unknown as { arrays: unknown[] }).arrays = arrays.map((a, k) => (k === 0 ? { ...a, rails: [{ id: 'P1-R1', attachments: 4, spansIn: [48, 48, 24], cantileversIn: [20, 12] }, { id: 'P1-R2', attachments: 4, spansIn: [48, 48, 24], cantileversIn: [20, 12] }] } : a));
    const t = await text((await renderLetter(letterInput('structural_roof_letter', {}, d))).pdf);
    expect(t).toContain('Array A1: rails held by at least 4 attachments each, spans up to 48 in. and cantilevers up to 20 in.');
    expect(t).toContain('Array A1: rail cantilever past the end attachment: 20 in');
  });
  it('the rail product\'s capacity and its source, and the cantilever limit with its basis (issue 24, finding 3)', async () => {
    const d = exampleDesign();
    const arrays = (d as unknown as { arrays: Record<string, unknown>[] }).arrays;
    (d as unknown as { arrays: unknown[] }).arrays = arrays.map((a, k) => (k === 0 ? {
      ...a, rail: { model: 'IronRidge XR10 Rail', profile: 'light', maxCantileverRatio: 0.4, cantileverSource: 'IronRidge, Tech Tip: Cantilever (2018, v1.0)' },
      rails: [{ id: 'P1-R1', attachments: 3, spansIn: [48, 48], cantileversIn: [10, 12] }],
    } : a));
    const t = (await text((await renderLetter(letterInput('structural_roof_letter', {}, d))).pdf)).replace(/\s+/g, ' ');
    expect(t).toContain('Array A1 rail capacity: 265 lb-ft, IronRidge XR10 Rail: ASSUMED light rail class, ADM Fb 21.2 ksi × Sx 0.15 in³, not the maker\'s certified value.');
    expect(t).toMatch(/Array A1 cantilever limit: [\d.]+ in\. \(40 % of allowable span\), IronRidge, Tech Tip: Cantilever \(2018, v1\.0\)\./);
  });
});
