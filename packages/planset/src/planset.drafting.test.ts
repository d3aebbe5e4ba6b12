import DxfParser from 'dxf-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkDisplay } from './check/check-display.ts';
import { LEAST_TEXT_PT, lintSheet } from './check/drawing.lint.ts';
import { extractPdfText, type PageText } from './check/pdf-text.ts';
import type { Sheet, TextPrim } from './draw/drawing.model.ts';
import { ftIn, inchFraction, num } from './draw/units.ts';
import { GOLDEN_NAMES, goldenInput, type GoldenName } from './fixtures/golden.fixtures.ts';
import type { PlanSetInputRaw } from './input.schema.ts';
import { PlanSetError } from './planset.errors.ts';
import { renderPlanSet, type PlanSetResult } from './planset.render.ts';
import { DEMO_DATASHEET_MARK, makeDemoDatasheet } from './render/demo-datasheet.ts';
import { CONSISTENCY_STATEMENT, consistencyLine } from './sheets/title-block.sheet.ts';
import { TB } from './sheets/sheet-context.ts';
import { loadSheetFonts } from './draw/fonts.ts';
import { TextMeasure } from './draw/text.measure.ts';

/*
 * Issue 24 findings 4, 5, 6, 8 and 9, read back from what the renderer wrote: the site plan's
 * dimensions and setbacks in the PDF text, the pathways kept clear of roof equipment, cut sheets that
 * the requirements call for, drawing-grade numbers and the least text size in the PDF itself, the DXF
 * entities, and the consistency statement only on a set whose checks passed.
 */

const results = new Map<GoldenName, { r: PlanSetResult; text: PageText[] }>();
beforeAll(async () => {
  for (const n of GOLDEN_NAMES) {
    const r = await renderPlanSet(await goldenInput(n));
    results.set(n, { r, text: await extractPdfText(r.pdf) });
  }
}, 300_000);

const pageText = (n: GoldenName, number: string) => {
  const { r, text } = results.get(n)!;
  return text[r.pages.findIndex((p) => p.number === number)]!;
};

async function failure(name: GoldenName, mutate: (i: PlanSetInputRaw) => void, ahj: Record<string, unknown> = {}): Promise<PlanSetError> {
  const input = await goldenInput(name, {}, ahj);
  mutate(input);
  const e = await renderPlanSet(input, { skipConsistency: true }).then(() => null, (x: unknown) => x);
  expect(e).toBeInstanceOf(PlanSetError);
  return e as PlanSetError;
}

const FT_IN = /\b\d+'-\d+(?: \d+\/\d+)?"/;

describe('numbers formatted for a drawing', () => {
  it('feet-inches to the nearest 1/8 in, inches with fractions, decimals without noise', () => {
    expect(ftIn(67.79527559055119)).toBe('5\'-7 3/4"');
    expect(ftIn(18)).toBe('1\'-6"');
    expect(ftIn(36)).toBe('3\'-0"');
    expect(ftIn(9)).toBe('9"');
    expect(ftIn(143.99)).toBe('12\'-0"');
    expect(inchFraction(41.1)).toBe('41 1/8"');
    expect(num(0.1 + 0.2)).toBe('0.3');
    expect(num(-0.0001)).toBe('0');
  });

  it('states the 5 % rule as the load after against 105 % of the load before, never a negative percentage', () => {
    const c = {
      id: 'structural.array.A1.added-load', title: 'Array A1: added gravity load on existing framing (5 % rule)', formula: '', unit: '%', pass: true,
      value: -8.712, limit: { relation: '<=' as const, value: 5, unit: '%' }, ref: { code: 'IEBC', edition: '2018', section: '503.3' },
      inputs: [{ name: 'before (D + S)', value: 40.25, unit: 'psf' }, { name: 'after (D + S)', value: 36.74, unit: 'psf' }],
    };
    expect(checkDisplay(c)).toEqual({ value: '36.7 psf', limit: '≤ 42.3 psf (105 % of 40.3 psf existing)' });
  });

  it('no golden sheet prints float noise or a negative percentage', () => {
    for (const n of GOLDEN_NAMES) {
      const { r, text } = results.get(n)!;
      text.forEach((t, i) => {
        if (r.pages[i]!.page.startsWith('cut')) return;
        expect(t.text, `${n} ${r.pages[i]!.number}`).not.toMatch(/\d\.\d{5,}/);
        expect(t.text, `${n} ${r.pages[i]!.number}`).not.toMatch(/(?<![\w.)])[-−–]\s?\d+(?:\.\d+)?\s?%/);
      });
    }
  });
});

describe('least text size', () => {
  const sheet = (size: number, text = 'NOTE'): Sheet => ({
    key: 'pv1', number: 'PV-1', title: 'T', frame: { x: 0, y: 0, w: 1000, h: 1000 },
    prims: [{ kind: 'text', layer: 'G-ANNO', text, x: 100, y: 100, size, bold: false, width: 30 } satisfies TextPrim],
  });

  it('the drawing lint fails text under 8 pt even where the AHJ would accept less, and under the AHJ minimum above that', () => {
    expect(LEAST_TEXT_PT).toBe(8);
    expect(lintSheet(sheet(7.5), 7).map((f) => f.rule)).toEqual(['min-size']);
    expect(lintSheet(sheet(8), 7)).toEqual([]);
    expect(lintSheet(sheet(9), 10).map((f) => f.rule)).toEqual(['min-size']);
    expect(lintSheet(sheet(8, 'MODULE 67.79527559055119"'), 7).map((f) => f.rule)).toEqual(['number']);
    expect(lintSheet(sheet(8, 'ADDED LOAD -56.1 %'), 7).map((f) => f.rule)).toEqual(['number']);
    expect(lintSheet(sheet(8, 'PV-1 5 %'), 7)).toEqual([]);
  });

  it('every text our sheets put in the PDF is at least 8 pt (read back with pdfjs)', () => {
    for (const n of GOLDEN_NAMES) {
      const { r, text } = results.get(n)!;
      text.forEach((t, i) => {
        if (r.pages[i]!.page.startsWith('cut')) return;
        const small = t.items.filter((it) => it.str.trim() && it.size < 8 - 0.05);
        expect(small.map((it) => `${it.str} ${it.size.toFixed(1)} pt`), `${n} ${r.pages[i]!.number}`).toEqual([]);
      });
    }
  });

  it('an AHJ that asks for 10 pt (min_text_size) gets no text under 10 pt, or a failed run that says why', async () => {
    const input = await goldenInput('string-gable', {}, { min_text_size: '10' });
    const r = await renderPlanSet(input).then((x) => x, (e: unknown) => e);
    if (r instanceof PlanSetError) {
      expect(r.detail).toMatch(/needs \d+ pt|needs \d+ pt of height|more height/);
      return;
    }
    const texts = await extractPdfText((r as PlanSetResult).pdf);
    texts.forEach((t, i) => {
      if ((r as PlanSetResult).pages[i]!.page.startsWith('cut')) return;
      expect(t.items.filter((it) => it.str.trim() && it.size < 10 - 0.05).map((it) => it.str)).toEqual([]);
    });
  });
});

describe('site plan (PV-1)', () => {
  it.each(GOLDEN_NAMES)('%s: property lines and building dimensioned in feet-inches, array and equipment setbacks, street, scale, north, locator and equipment schedule', async (n) => {
    const input = await goldenInput(n);
    const t = pageText(n, 'PV-1').text;
    const dims = [...t.matchAll(/\b(\d+)'-(\d+)(?: (\d+)\/(\d+))?"/g)];
    expect(dims.length).toBeGreaterThanOrEqual(8);
    // each property line's length is printed
    const p = input.design.site.property;
    for (let i = 0; i < p.length; i++) {
      const a = p[i]!;
      const b = p[(i + 1) % p.length]!;
      expect(t).toContain(ftIn(Math.hypot(b.x - a.x, b.y - a.y) * 12));
    }
    expect(t).toMatch(/ARRAY \d+'-\d+/);
    expect(t).toContain(`${input.design.site.street.name.toUpperCase()} (STREET)`);
    expect(t).toMatch(/SCALE: 1(\/\d+)?" = \d+'-0"/);
    expect(t).toContain('VICINITY / LOCATOR');
    expect(t).toContain('EQUIPMENT LOCATIONS');
    expect(t).toContain('UTILITY METER');
    expect(t).toMatch(/\d+'-\d+(?: \d\/\d)?" [NESW]{1,2}\b/);
    expect(t).toContain('(E) RESIDENCE');
    expect(t).toMatch(/\bN\b/);
  });

  it('fails when the property line runs past the street line', async () => {
    const e = await failure('string-gable', (i) => {
      i.design.site.street = { ...i.design.site.street, from: { x: -25, y: -30 }, to: { x: 60, y: -30 } };
    });
    expect(e.key).toBe('pv1_failed');
    expect(e.detail).toMatch(/property line runs past the street line of Maple Street/);
  });
});

describe('roof plan (PV-2)', () => {
  it('dimensions the fire setbacks and pathways in feet-inches', () => {
    const t = pageText('micro-two-plane', 'PV-2').text;
    expect(t).toMatch(/3'-0" PATHWAY/);
    expect(t).toMatch(/3'-0" RIDGE|1'-6" (RIDGE|VALLEY)/);
    expect(t).not.toMatch(/(?<![-\d])\d+(\.\d+)?" PATHWAY/);
  });

  it('a junction box inside a pathway or setback fails the run, named', async () => {
    const e = await failure('string-gable', (i) => {
      // half a foot inside the ridge of the plane with modules: inside the ridge setback
      const plane = i.design.roofPlanes.find((p) => i.design.modules.some((m) => m.planeId === p.id))!;
      const k = plane.edges.indexOf('ridge');
      const a = plane.polygon[k]!;
      const b = plane.polygon[(k + 1) % plane.polygon.length]!;
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const c = { x: plane.polygon.reduce((s, q) => s + q.x, 0) / plane.polygon.length, y: plane.polygon.reduce((s, q) => s + q.y, 0) / plane.polygon.length };
      const d = Math.hypot(c.x - mid.x, c.y - mid.y);
      const jb = i.design.equipment.find((q) => q.kind === 'junction_box')!;
      jb.x = mid.x + ((c.x - mid.x) / d) * 0.5;
      jb.y = mid.y + ((c.y - mid.y) / d) * 0.5;
    });
    expect(e.key).toBe('pv2_failed');
    expect(e.detail).toMatch(/the junction box at .* is .* inside its .* (pathway|setback); move it out of the pathway/);
  });
});

describe('cut sheets', () => {
  it('a set whose requirements call for cut sheets fails naming the model without a datasheet', async () => {
    const e = await failure('string-gable', (i) => { delete (i.equipment.inverter as { datasheet?: unknown }).datasheet; }, { cut_sheets_required: true });
    expect(e.key).toBe('cut_sheets_failed');
    expect(e.detail).toMatch(/cut_sheets_required.*the inverter Example Power Example 7\.6 kW string inverter has no readable datasheet/);
  });

  it('without the requirement the set completes with a warning naming it', async () => {
    const input = await goldenInput('string-gable');
    delete (input.equipment.inverter as { datasheet?: unknown }).datasheet;
    const r = await renderPlanSet(input, { skipConsistency: true });
    expect(r.warnings.map((w) => w.detail).join(' ')).toMatch(/no cut sheet for the inverter/);
  });

  it('binds the datasheets after the sheets when they are there (the golden sets), with the model named on the frame', () => {
    for (const n of GOLDEN_NAMES) {
      const { r, text } = results.get(n)!;
      const cuts = r.pages.map((p, i) => ({ p, t: text[i]!.text })).filter((x) => x.p.page.startsWith('cut'));
      expect(cuts.length).toBeGreaterThanOrEqual(3);
      expect(r.pages.findIndex((p) => p.page.startsWith('cut'))).toBeGreaterThanOrEqual(5);
      expect(cuts.some((x) => /CUT SHEET — MODULE/.test(x.t))).toBe(true);
    }
  });

  it('a demo datasheet is generated from catalogue data and says on the page that it is a demo', async () => {
    const bytes = await makeDemoDatasheet({ kind: 'module', manufacturer: 'Acme', model: 'AC-400', type: 'mono', data: { pmaxW: 400, lengthIn: 67.79527559055119, vocV: 49.1 } });
    const [t] = await extractPdfText(bytes);
    expect(t!.text).toContain('AC-400');
    expect(t!.text).toContain(DEMO_DATASHEET_MARK);
    expect(t!.text).toContain('DEMO DATASHEET - GENERATED, NOT FROM THE MANUFACTURER');
    expect(t!.text).toContain('Pmax (W)');
    expect(t!.text).toContain('67.795');
    // Units as a datasheet writes them (a battery's "continuousPowerKw" once printed "Continuous Power Kw").
    const battery = await makeDemoDatasheet({ kind: 'battery', manufacturer: 'Acme', model: 'B-13', data: { energyKwh: 13.5, continuousPowerKw: 5.8 } });
    const [b] = await extractPdfText(battery);
    expect(b!.text).toContain('Energy (kWh)');
    expect(b!.text).toContain('Continuous Power (kW)');
    // Acronyms in capitals, and a long note wrapped whole (an inverter's CEC note once stopped at the page's edge).
    const note = 'The CEC inverter list gives an MPPT window of 29-45 V for this model; the maker states 27-45 V in its datasheet, and this row keeps the maker\'s figure.';
    const inverter = await makeDemoDatasheet({ kind: 'inverter', manufacturer: 'Acme', model: 'I-1', data: { acPowerW: 290, maxDcVoltageV: 60, mpptCount: 1, notes: note } });
    const [i] = await extractPdfText(inverter);
    expect(i!.text).toContain('AC Power (W)');
    expect(i!.text).toContain('Max DC Voltage (V)');
    expect(i!.text).toContain('MPPT Count');
    expect(i!.text.replace(/\s+/g, ' ')).toContain(note);
  });
});

describe('DXF modelspace', () => {
  it.each(GOLDEN_NAMES)('%s: rafters on S-FRAM, dimensions as DIMENSION entities in feet-inches, attachments, setbacks and the title block', async (n) => {
    const { r } = results.get(n)!;
    const input = await goldenInput(n);
    const dxf = new DxfParser().parseSync(r.dxf)!;
    expect(dxf.entities.filter((e) => e.layer === 'S-FRAM' && e.type === 'LINE').length).toBeGreaterThan(0);
    expect(dxf.entities.filter((e) => e.layer === 'S-ATTACH' && e.type === 'CIRCLE').length).toBe(input.design.attachments?.length);
    expect(dxf.entities.filter((e) => e.layer === 'A-ROOF-SETBACK').length).toBeGreaterThan(0);
    const dims = dxf.entities.filter((e) => e.type === 'DIMENSION') as unknown as { layer: string; text?: string }[];
    expect(dims.length).toBeGreaterThanOrEqual(input.design.site.property.length + input.design.site.building.length);
    expect(dims.every((d) => d.layer === 'A-ANNO-DIMS')).toBe(true);
    const texts = dims.map((d) => d.text ?? '');
    expect(texts.filter((t) => FT_IN.test(t)).length).toBe(dims.length);
    expect(texts.some((t) => /^ARRAY /.test(t))).toBe(true);
    expect(texts.some((t) => /PATHWAY|RIDGE|EAVE|RAKE|HIP|VALLEY/.test(t))).toBe(true);
    const tb = dxf.entities.filter((e) => e.layer === 'G-TTLB' && e.type === 'TEXT').map((e) => (e as { text?: string }).text ?? '');
    expect(tb).toContain(input.company.name.toUpperCase());
    expect(tb.some((t) => t.startsWith('SYSTEM: '))).toBe(true);
    expect(dxf.header.$INSUNITS).toBe(1);
  });

  it.each(GOLDEN_NAMES)('%s: every DIMENSION references its own anonymous display block (dimension line, extension lines, ticks, its text), so it shows without a regenerate', (n) => {
    const { r } = results.get(n)!;
    const dxf = new DxfParser().parseSync(r.dxf)!;
    const dims = dxf.entities.filter((e) => e.type === 'DIMENSION') as unknown as { block?: string; text: string; dimensionType: number; anchorPoint: { x: number; y: number }; linearOrAngularPoint1: { x: number; y: number }; linearOrAngularPoint2: { x: number; y: number } }[];
    expect(dims.length).toBeGreaterThan(8);
    const names = dims.map((d) => d.block ?? '');
    expect(new Set(names).size, 'one block per dimension').toBe(dims.length);
    for (const d of dims) {
      const name = d.block ?? '';
      expect(name, d.text).toMatch(/^\*D\d+$/);
      const blk = (dxf.blocks as Record<string, { type?: number; entities?: { type: string; text?: string; layer?: string; vertices?: { x: number; y: number }[] }[] }>)[name];
      expect(blk, `block ${name} of "${d.text}"`).toBeDefined();
      expect(blk!.type! & 1, `${name} is anonymous`).toBe(1);
      const ents = blk!.entities ?? [];
      // the dimension line and a tick at each end at least, and its text
      expect(ents.filter((e) => e.type === 'LINE').length, name).toBeGreaterThanOrEqual(3);
      expect(ents.filter((e) => e.type === 'TEXT').map((e) => e.text)).toEqual([d.text]);
      // the dimension line runs parallel to the measured points, as long as they are apart
      const [p1, p2] = [d.linearOrAngularPoint1, d.linearOrAngularPoint2];
      const len = Math.hypot(p2.x - p1.x, p2.y - p1.y);
      const lines = ents.filter((e) => e.type === 'LINE').map((e) => e.vertices!);
      expect(lines.some(([a, b]) => Math.abs(Math.hypot(b!.x - a!.x, b!.y - a!.y) - len) < 1e-3 && Math.abs((b!.x - a!.x) * (p2.y - p1.y) - (b!.y - a!.y) * (p2.x - p1.x)) < 1e-3 * len * len), `${name} has the dimension line`).toBe(true);
      expect(d.dimensionType & 31).toBe(1);
    }
  });
});

describe('the consistency statement', () => {
  it('is in every title block of a set whose cross-sheet checks all passed, and nowhere as a footer', () => {
    for (const n of GOLDEN_NAMES) {
      const { r, text } = results.get(n)!;
      expect(r.certificate?.ok).toBe(true);
      for (const t of text) expect(t.text).toContain(CONSISTENCY_STATEMENT);
      expect(pageText(n, 'PV-1').text).not.toMatch(/CONSISTENCY VERIFIED · INPUT/);
    }
  });

  it('stays inside the title block at 8 and at 10 pt', () => {
    const m = new TextMeasure(loadSheetFonts());
    for (const pt of [8, 10]) {
      const l = consistencyLine(m, pt);
      expect(l.size).toBe(pt);
      expect(l.x + l.width).toBeLessThanOrEqual(TB.x + TB.w - 4);
    }
  });

  it('is not printed when the checks did not run (a preview, or a set rendered without the certificate)', async () => {
    const input = await goldenInput('string-gable');
    const unchecked = await renderPlanSet(input, { skipConsistency: true });
    for (const t of await extractPdfText(unchecked.pdf)) expect(t.text).not.toContain(CONSISTENCY_STATEMENT);
    const preview = await renderPlanSet(input, { sheetsOnly: true });
    for (const s of preview.sheets) expect(s.svg).not.toContain(CONSISTENCY_STATEMENT);
  });
});
