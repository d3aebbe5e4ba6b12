import { GENERATION_ERRORS } from '@sunstamp/domain/constants/messages.constants';
import { describe, expect, it } from 'vitest';
import { checkConsistency, type PageInfo } from './check/consistency.check.ts';
import { lintSheet } from './check/drawing.lint.ts';
import { extractPdfText } from './check/pdf-text.ts';
import type { Sheet } from './draw/drawing.model.ts';
import { goldenInput, type GoldenName } from './fixtures/golden.fixtures.ts';
import { ZPlanSetInput, type PlanSetInputRaw } from './input.schema.ts';
import { PlanSetError } from './planset.errors.ts';
import { editionLabels } from './planset.model.ts';
import { renderPlanSet } from './planset.render.ts';

/*
 * Each spec §8 generation message for a broken input of its part; the detail names the sheet and the
 * value. cut_sheets_failed is a warning: the set still completes.
 */

async function failWith(name: GoldenName, mutate: (i: PlanSetInputRaw) => void, company: Record<string, unknown> = {}): Promise<PlanSetError> {
  const input = await goldenInput(name, company);
  mutate(input);
  try {
    await renderPlanSet(input, { skipConsistency: true });
  } catch (e) {
    expect(e).toBeInstanceOf(PlanSetError);
    return e as PlanSetError;
  }
  throw new Error('rendered without failing');
}

describe('generation failures map to spec §8 messages', () => {
  it('pv1_failed: the AC disconnect is further from the meter than the AHJ allows', async () => {
    const e = await failWith('string-gable', (i) => { i.design.equipment.find((q) => q.kind === 'ac_disconnect')!.y = 30; });
    expect(e.key).toBe('pv1_failed');
    expect(e.userMessage).toBe(GENERATION_ERRORS.pv1_failed.message);
    expect(e.detail).toMatch(/AC disconnect is 24\.0 ft from the utility meter; the requirement allows 10 ft/);
  });
  it('pv1_failed: the job has no owner name', async () => {
    expect((await failWith('string-gable', (i) => { i.job.clientName = ''; })).key).toBe('pv1_failed');
  });
  it('pv2_failed: a module moved into the ridge setback, named', async () => {
    const e = await failWith('string-gable', (i) => { const m = i.design.modules.find((q) => q.planeId === 'P1')!; m.x = 18.5; });
    expect(e.key).toBe('pv2_failed');
    expect(e.detail).toMatch(/module P1-M\d+ is .* from the ridge of Roof 1 East, needs 18 in/);
  });
  it('pv2_failed: the layout has fewer modules than the engineering report', async () => {
    const e = await failWith('micro-two-plane', (i) => { i.design.modules.pop(); });
    expect(e.key).toBe('pv2_failed');
    expect(e.detail).toContain('the layout holds 23 modules (9.20 kW DC); the engineering report has 9.6 kW DC');
  });
  it('pv3_failed: more rafter spans than the framing schedule can print', async () => {
    const e = await failWith('battery-hip', (i) => { i.design.roofPlanes[0]!.framing.spansIn = Array.from({ length: 30 }, () => 144); });
    expect(e.key).toBe('pv3_failed');
    expect(e.userMessage).toBe(GENERATION_ERRORS.pv3_failed.message);
  });
  it('pv3_failed: racking without a lag diameter', async () => {
    expect((await failWith('battery-hip', (i) => { i.equipment.racking.lagDiameterIn = -1; })).key).toBe('pv3_failed');
  });
  it('pv4_failed: a report without a conductor schedule', async () => {
    const e = await failWith('battery-hip', (i) => { i.report.conductorSchedule = []; });
    expect(e.key).toBe('pv4_failed');
    expect(e.detail).toContain('no conductor schedule');
  });
  it('pv4_failed: a DC wire size requirement the report was not computed with', async () => {
    const e = await failWith('string-gable', () => {}, { dc_wire_size: '10 AWG' });
    expect(e.key).toBe('pv4_failed');
    expect(e.detail).toContain('run R0 is 12 AWG in the engineering report; the DC wire size requirement is 10 AWG');
  });
  it('more stickers than PV-5 holds: the labels take a sheet of their own (issue 25: the sheet list grows), PV-5 points at it', async () => {
    const stickers = Object.fromEntries(Array.from({ length: 12 }, (_, k) => [`sticker_${k + 1}`, { color: 'Red', code: 'NEC 690.13(B)', title: 'WARNING', warning_icon: true, text: 'ELECTRIC SHOCK HAZARD. TERMINALS ON THE LINE AND LOAD SIDES MAY BE ENERGIZED IN THE OPEN POSITION. '.repeat(3), text_white_background: false, location: 'AC Disconnect', logic: 'always' }]));
    const r = await renderPlanSet(await goldenInput('string-gable', stickers), { sheetsOnly: true });
    expect(r.pages.map((p) => p.number)).toContain('PV-5B');
    expect(r.sheets.find((x) => x.number === 'PV-5')!.svg).toContain('LABELS AND PLACARDS: SEE SHEET PV-5B');
    expect(r.sheets.find((x) => x.number === 'PV-5B')!.svg.match(/ELECTRIC SHOCK HAZARD/g)!.length).toBeGreaterThanOrEqual(12);
  });
  it('pv5_failed: more stickers than even the labels page holds', async () => {
    const stickers = Object.fromEntries(Array.from({ length: 12 }, (_, k) => [`sticker_${k + 1}`, { color: 'Red', code: 'NEC 690.13(B)', title: 'WARNING', warning_icon: true, text: 'ELECTRIC SHOCK HAZARD. TERMINALS ON THE LINE AND LOAD SIDES MAY BE ENERGIZED IN THE OPEN POSITION. '.repeat(10), text_white_background: false, location: 'AC Disconnect', logic: 'always' }]));
    const e = await failWith('string-gable', () => {}, stickers);
    expect(e.key).toBe('pv5_failed');
    expect(e.detail).toMatch(/labels do not fit on PV-5B/);
  });
  it('title_block_failed: a contractor address too long for the title block', async () => {
    const e = await failWith('string-gable', (i) => { i.contractor.address = 'SUITE 100, '.repeat(300); });
    expect(e.key).toBe('title_block_failed');
    expect(e.userMessage).toBe(GENERATION_ERRORS.title_block_failed.message);
  });
  it('title_block_failed: a contractor stamp that is not an image', async () => {
    expect((await failWith('string-gable', (i) => { i.stamps = { contractor: new TextEncoder().encode('%PDF-1.7 not an image') }; })).key).toBe('title_block_failed');
  });
  it('pv2_failed: a module on a roof plane the design does not have', async () => {
    const e = await failWith('string-gable', (i) => { i.design.modules[0]!.planeId = 'P9'; });
    expect(e.key).toBe('pv2_failed');
    expect(e.detail).toContain('is on roof plane P9, which the design does not have');
  });
  it('modelspace_failed: a roof plane name with a line break would corrupt the DXF', async () => {
    const e = await failWith('string-gable', (i) => { i.design.roofPlanes[0]!.name = 'Roof 1\nEast'; });
    expect(e.key).toBe('modelspace_failed');
    expect(e.userMessage).toBe(GENERATION_ERRORS.modelspace_failed.message);
    expect(e.detail).toContain('is not a group code');
  });
  it('cut_sheets_failed is a warning: an unreadable datasheet is left out and the set completes', async () => {
    const input = await goldenInput('string-gable');
    input.equipment.racking.datasheet = new TextEncoder().encode('%PDF-1.4 truncated');
    const r = await renderPlanSet(input, { skipConsistency: true });
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]!.message).toBe(GENERATION_ERRORS.cut_sheets_failed.message);
    expect(r.warnings[0]!.detail).toContain('racking cut sheet');
    expect(r.pages.some((p) => p.title === 'CUT SHEET — RACKING')).toBe(false);
  });
  it('cut_sheets_failed is a warning: a missing module datasheet', async () => {
    const input = await goldenInput('string-gable');
    delete input.equipment.module.datasheet;
    const r = await renderPlanSet(input, { skipConsistency: true });
    expect(r.warnings.map((w) => w.detail)).toEqual(['no cut sheet for the module Example Solar Example 400 W mono PERC module']);
  });
});

describe('consistency certificate names the sheet and the value', () => {
  it('finds an OCPD, a module count, an edition and a withdrawn section that disagree', async () => {
    const raw = await goldenInput('battery-hip');
    const input = ZPlanSetInput.parse(raw);
    const r = await renderPlanSet(raw);
    const texts = await extractPdfText(r.pdf);
    const pages: PageInfo[] = r.pages.map((p) => ({ ...p }));
    const labels = editionLabels(input);
    expect(checkConsistency(input, pages, texts, labels, 7).ok).toBe(true);
    const edit = (num: string, f: (t: string) => string) => {
      const i = pages.findIndex((p) => p.number === num);
      texts[i] = { ...texts[i]!, text: f(texts[i]!.text) };
    };
    edit('PV-4', (t) => t.replaceAll('70 A', '60 A'));
    edit('PV-2', (t) => t.replace('SOUTH: 20 MOD', 'SOUTH: 19 MOD'));
    edit('PV-1', (t) => `${t} PER 2020 NEC`);
    edit('PV-5', (t) => `${t} NEC 690.54`);
    const res = checkConsistency(input, pages, texts, labels, 7);
    expect(res.ok).toBe(false);
    const by = (sheet: string) => res.findings.filter((f) => f.sheet === sheet).map((f) => `${f.key} ${f.what} ${f.value}`);
    expect(by('PV-4')).toContain('pv4_failed OCPD of run R4 70 A');
    expect(by('PV-2')).toContain('pv2_failed module count 19');
    expect(by('PV-1')).toContain('pv1_failed electrical code edition 2020 NEC');
    expect(by('PV-5')).toContain('pv5_failed code section 690.54');
  }, 60_000);

  it('finds a missing page', async () => {
    const raw = await goldenInput('string-gable');
    const input = ZPlanSetInput.parse(raw);
    const r = await renderPlanSet(raw);
    const texts = (await extractPdfText(r.pdf)).slice(0, -1);
    const res = checkConsistency(input, r.pages.map((p) => ({ ...p })), texts, editionLabels(input), 7);
    expect(res.findings[0]).toMatchObject({ what: 'page count', key: 'title_block_failed' });
  }, 60_000);
});

describe('drawing lint', () => {
  const sheet = (prims: Sheet['prims']): Sheet => ({ key: 'pv1', number: 'PV-1', title: 'T', prims, frame: { x: 18, y: 18, w: 1188, h: 756 } });
  const t = (text: string, x: number, y: number, size = 8) => ({ kind: 'text' as const, layer: 'G-ANNO' as const, text, x, y, size, bold: false, width: text.length * size * 0.5 });
  it('flags text under the AHJ minimum, overlapping text and text leaving the frame; stacked lines pass', () => {
    expect(lintSheet(sheet([t('A LINE', 100, 100), t('NEXT LINE', 100, 109.8)]), 8)).toEqual([]);
    expect(lintSheet(sheet([t('SMALL', 100, 100, 6)]), 8).map((f) => f.rule)).toEqual(['min-size']);
    expect(lintSheet(sheet([t('ONE', 100, 100), t('TWO', 104, 102)]), 8).map((f) => f.rule)).toEqual(['overlap']);
    expect(lintSheet(sheet([t('EDGE', 1200, 100)]), 8).map((f) => f.rule)).toEqual(['frame']);
  });
});
