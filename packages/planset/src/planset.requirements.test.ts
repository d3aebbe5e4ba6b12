import { describe, expect, it } from 'vitest';
import { goldenDatasheets, goldenInput, makeDatasheet, solidPng, type GoldenName } from './fixtures/golden.fixtures.ts';
import type { PlanSetInputRaw } from './input.schema.ts';
import { renderPlanSet, type PlanSetResult } from './planset.render.ts';

/*
 * One test per plan-set requirement key the renderer honours: turning it on changes the sheet as the
 * spec says. Sheets only (no PDF): the SVG carries the same text the PDF does.
 */

type Mutate = (i: PlanSetInputRaw) => void;

async function render(name: GoldenName, company: Record<string, unknown> = {}, mutate?: Mutate, opts: { full?: boolean } = {}): Promise<PlanSetResult> {
  const input = await goldenInput(name, company);
  mutate?.(input);
  return renderPlanSet(input, { sheetsOnly: !opts.full, skipConsistency: true });
}

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
function text(r: PlanSetResult, number: string): string {
  const s = r.sheets.find((x) => x.number === number);
  if (!s) throw new Error(`no sheet ${number} in ${r.sheets.map((x) => x.number).join(', ')}`);
  return [...s.svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => unescape(m[1]!)).join(' ');
}
const all = (r: PlanSetResult) => r.sheets.map((s) => text(r, s.number)).join(' ');
/** The sheet that carries the labels and stickers: PV-5B (logical page 'labels') when they no longer fit on PV-5 at the 8 pt minimum, else PV-5. */
const labelsSheet = (r: PlanSetResult) => (r.sheets.find((s) => s.page === 'labels') ?? r.sheets.find((s) => s.page === 'pv5'))!;
const labels = (r: PlanSetResult) => text(r, labelsSheet(r).number);

const base = await render('string-gable');

describe('page naming and title block', () => {
  it.each([['pv_plain', 'PV1'], ['pv_zero', 'PV-01'], ['discipline', 'G-1']])('page_naming %s numbers the cover %s', async (v, num) => {
    const r = await render('string-gable', { page_naming: v });
    expect(r.sheets[0]!.number).toBe(num);
    expect(text(r, num)).toContain(num);
  });
  it('title_block_notes puts each semicolon point in every title block, with {variables}', async () => {
    const r = await render('string-gable', { title_block_notes: 'FIELD VERIFY MSP; SYSTEM {system_size_dc_kw} KW' });
    for (const s of r.sheets) expect(text(r, s.number)).toContain('• FIELD VERIFY MSP');
    expect(text(r, 'PV-3')).toContain('• SYSTEM 8.00 KW');
  });
  it('contractor_license_on_title_block off removes the licence line', async () => {
    expect(text(base, 'PV-1')).toContain('LIC #: EC-0049213');
    const r = await render('string-gable', { contractor_license_on_title_block: false });
    expect(text(r, 'PV-2')).not.toContain('LIC #:');
  });
  it.each([
    ['case_number_on_title_block', 'CASE #: CASE-2026-0412'], ['tmk_on_title_block', 'TMK: 1-2-3-004-005'], ['site_id_on_title_block', 'SITE ID: SITE-88'],
    ['building_permit_number_on_title_block', 'PERMIT #: BP-77812'], ['num_stories_on_cad', 'STORIES: 1'], ['utility_program_on_cad', 'UTILITY PROGRAM: Solar Rewards'],
  ])('%s shows the dynamic CAD field (%s)', async (key, shown) => {
    expect(text(base, 'PV-1')).not.toContain(shown);
    expect(text(await render('string-gable', { [key]: true }), 'PV-4')).toContain(shown);
  });
  it('parcel_info_on_title_block shows the eight parcel fields', async () => {
    const t = text(await render('string-gable', { parcel_info_on_title_block: true }), 'PV-1');
    for (const s of ['APN: 146330210', 'COUNTY: Boulder', 'MUNICIPALITY: Boulder', 'ZONING: RL-1', 'LOT: 0.21 AC', 'BUILDING: 1850 SQ FT', 'ROOF HEIGHT: 18 FT', 'LEGAL: LOT 4 BLK 2 MAPLE SUB']) expect(t).toContain(s);
  });
  it('building_permit_number_on_title_block without a number (issued after approval) prints a line to write it in', async () => {
    const r = await render('string-gable', { building_permit_number_on_title_block: true }, (i) => { delete i.job.dynamic!.building_permit_number; });
    for (const s of r.sheets) expect(text(r, s.number)).toContain('PERMIT #: ________');
    expect(all(r)).not.toContain('PERMIT #: —');
  });
  // The run's assembly answers a blank one as a missing input: the renderer never prints a dash for a fact the AHJ asked for.
  it.each([
    ['case_number_on_title_block', 'case_number'], ['tmk_on_title_block', 'tmk'], ['site_id_on_title_block', 'site_id'],
    ['num_stories_on_cad', 'num_stories'], ['utility_program_on_cad', 'utility_program'],
  ] as const)('%s without the job\'s %s is refused (title_block_failed), not printed as a dash', async (key, field) => {
    const e = await render('string-gable', { [key]: true }, (i) => { delete i.job.dynamic![field]; }).catch((x: unknown) => x);
    expect(e).toMatchObject({ key: 'title_block_failed', detail: `title block: ${key} is on but the job has no ${field}` });
  });
  it('parcel_info_on_title_block with a parcel field blank is refused', async () => {
    const e = await render('string-gable', { parcel_info_on_title_block: true }, (i) => { delete i.job.dynamic!.parcel_info!.zoning; }).catch((x: unknown) => x);
    expect(e).toMatchObject({ key: 'title_block_failed', detail: 'title block: parcel_info_on_title_block is on but the job has no parcel_info.zoning' });
  });
});

describe('stamps', () => {
  const png = solidPng(60, 40, [200, 30, 30]);
  it('contractor_stamp goes on every sheet with layout All', async () => {
    const r = await render('string-gable', { contractor_stamp: { id: 'f1', name: 'stamp.png' } }, (i) => { i.stamps = { contractor: png }; });
    for (const s of r.sheets) expect(s.svg).toContain('#contractor-stamp');
    expect(text(r, 'PV-1')).toContain('CONTRACTOR STAMP');
  });
  it('contractor_stamp_layout "PV-4 and PV-5 only" keeps it off PV-1…PV-3', async () => {
    const r = await render('string-gable', { contractor_stamp: { id: 'f1', name: 'stamp.png' }, contractor_stamp_layout: 'PV-4 and PV-5 only' }, (i) => { i.stamps = { contractor: png }; });
    // PV-5B (the labels sheet, when the labels do not fit on PV-5) continues PV-5 and takes its stamp.
    const pv5b = r.sheets.some((s) => s.page === 'labels') ? ['PV-5B'] : [];
    expect(r.sheets.filter((s) => s.svg.includes('#contractor-stamp')).map((s) => s.number)).toEqual(['PV-4', 'PV-5', ...pv5b]);
  });
  it('an engineering stamp requirement removes the contractor stamp; the structural seal\'s place goes on the listed pages', async () => {
    const r = await render('string-gable', { contractor_stamp: { id: 'f1', name: 'stamp.png' }, structural_stamps_on_cad: 'Always Include' }, (i) => {
      i.stamps = { contractor: png, sealAreas: [{ discipline: 'structural', pages: ['PV-2', 'PV-3'] }] };
    });
    expect(r.sheets.some((s) => s.svg.includes('#contractor-stamp'))).toBe(false);
    expect(r.sheets.filter((s) => text(r, s.number).includes('STRUCTURAL PE SEAL')).map((s) => s.number)).toEqual(['PV-2', 'PV-3']);
    expect(r.sealSlots.map((x) => [x.page, x.discipline, x.kind])).toEqual([[2, 'structural', 'sheet'], [3, 'structural', 'sheet']]);
  });
  it('a seal with no page list, or a list naming no sheet of the set, covers the default sheets; two seals share the box', async () => {
    const r = await render('string-gable', {}, (i) => {
      i.stamps = { sealAreas: [{ discipline: 'structural', pages: [] }, { discipline: 'electrical', pages: ['PV-9'] }] };
    });
    const on = (label: string) => r.sheets.filter((s) => text(r, s.number).includes(label)).map((s) => s.number);
    expect(on('STRUCTURAL PE SEAL')).toEqual(['PV-1', 'PV-2', 'PV-3']);
    // The default electrical coverage includes PV-5's continuation PV-5B (labels) when the set has it.
    const pv5b = r.sheets.some((s) => s.page === 'labels') ? ['PV-5B'] : [];
    expect(on('ELECTRICAL PE SEAL')).toEqual(['PV-1', 'PV-4', 'PV-5', ...pv5b]);
    const cover = r.sealSlots.filter((x) => x.page === 1);
    expect(cover.map((x) => x.discipline)).toEqual(['structural', 'electrical']);
    expect(cover[0]!.box.w).toBeCloseTo(cover[1]!.box.w);
    expect(cover[1]!.box.x).toBeCloseTo(cover[0]!.box.x + cover[0]!.box.w);
    expect(text(r, 'PV-1')).not.toContain('STAMP AREA');
  });
  it('without a seal the stamp box says STAMP AREA and the set has no seal places', async () => {
    expect(text(base, 'PV-3')).toContain('STAMP AREA');
    expect(base.sealSlots).toEqual([]);
  });
  it('stamp_1 places a boxed callout at its equipment when its logic holds, and not otherwise', async () => {
    const on = await render('string-gable', { stamp_1: { title: 'Utility Accessible 24/7', location: 'Utility Meter', logic: 'always' } });
    expect(text(on, 'PV-1')).toContain('UTILITY ACCESSIBLE 24/7');
    expect(text(on, 'PV-5')).toContain('UTILITY ACCESSIBLE 24/7 — AT UTILITY METER');
    const off = await render('string-gable', { stamp_1: { title: 'Energy Storage System', location: 'Main Panel', logic: 'battery_present' } });
    expect(all(off)).not.toContain('ENERGY STORAGE SYSTEM');
  });

  it('long callouts on a crowded equipment column stay clear of every tag (they once overlapped the ACD tag and failed PV-1)', async () => {
    const r = await render('battery-hip', {
      stamp_1: { title: 'Visible, Lockable, Labeled AC Disconnect', location: 'AC Disconnect', logic: 'always' },
      stamp_2: { title: 'Utility Accessible 24/7', location: 'Utility Meter', logic: 'always' },
    });
    expect(text(r, 'PV-1')).toContain('VISIBLE, LOCKABLE, LABELED AC DISCONNECT');
    expect(text(r, 'PV-1')).toContain('UTILITY ACCESSIBLE 24/7');
  });
});

describe('notes', () => {
  it.each([1, 2, 3, 4, 5])('pv%i utility, warning and extra notes appear on PV-%i with {variables} filled', async (n) => {
    const r = await render('string-gable', {
      [`pv${n}_utility_notes`]: 'METER {meter_number} ACCESSIBLE', [`pv${n}_warning_notes`]: 'DUAL POWER SOURCE', [`pv${n}_extra_notes`]: 'SEE {inverter_model} MANUAL',
    });
    const t = text(r, `PV-${n}`);
    expect(t).toContain('METER 55012345 ACCESSIBLE');
    expect(t).toContain('DUAL POWER SOURCE');
    expect(t).toContain('SEE Example 7.6 kW string inverter MANUAL');
    expect(text(r, `PV-${n === 1 ? 2 : 1}`)).not.toContain('DUAL POWER SOURCE');
  });
  it.each([1, 2, 3, 4, 5])('pv%i_title_block_notes go in the title block of that sheet only', async (n) => {
    const r = await render('string-gable', { [`pv${n}_title_block_notes`]: 'SHEET NOTE X' });
    expect(text(r, `PV-${n}`)).toContain('• SHEET NOTE X');
    expect(text(r, `PV-${n === 1 ? 2 : 1}`)).not.toContain('SHEET NOTE X');
  });
  it.each([1, 2, 3, 4, 5])('pv%i_custom_leaders draw callouts with leader lines', async (n) => {
    const r = await render('string-gable', { [`pv${n}_custom_leaders`]: 'NEW CONDUIT ON ROOF' });
    const s = r.sheets.find((x) => x.number === `PV-${n}`)!;
    expect(text(r, `PV-${n}`)).toContain('NEW CONDUIT ON ROOF');
    expect(s.svg.split('\n').filter((l) => l.startsWith('<line class="G-ANNO"')).length).toBeGreaterThan(base.sheets.find((x) => x.number === `PV-${n}`)!.svg.split('\n').filter((l) => l.startsWith('<line class="G-ANNO"')).length);
  });
  it('general_notes replace the default general notes on PV-1', async () => {
    const r = await render('string-gable', { general_notes: 'ONE; TWO FOR {ahj_name}' });
    expect(text(r, 'PV-1')).toContain('TWO FOR City of Boulder');
    expect(text(r, 'PV-1')).not.toContain('ROOF PENETRATIONS SHALL BE FLASHED');
  });
  it('electrical_notes replace the default electrical notes on PV-4', async () => {
    const r = await render('string-gable', { electrical_notes: 'USE {electrical_code} ONLY' });
    expect(text(r, 'PV-4')).toContain('USE 2020 NEC ONLY');
  });
  it('cut_sheet_spec_notes appear on PV-5 and on every cut sheet', async () => {
    const r = await render('string-gable', { cut_sheet_spec_notes: 'HIGHLIGHTED VALUES GOVERN' }, undefined, { full: true });
    expect(text(r, 'PV-5')).toContain('HIGHLIGHTED VALUES GOVERN');
    expect(text(r, 'PV-6')).toContain('HIGHLIGHTED VALUES GOVERN');
  });
  it('custom_applicable_codes are listed on PV-1', async () => {
    expect(text(await render('string-gable', { custom_applicable_codes: 'BOULDER REVISED CODE TITLE 10; 2022 COLORADO PLUMBING CODE' }), 'PV-1')).toContain('BOULDER REVISED CODE TITLE 10');
  });
});

describe('electrical', () => {
  it('dwg_electrical_code CEC names the California Electrical Code edition of the NEC the engine used', async () => {
    const r = await render('string-gable', { dwg_electrical_code: 'CEC' });
    expect(text(r, 'PV-1')).toContain('ELECTRICAL: 2022 CEC');
    expect(labels(r)).toContain('CEC 690.53');
    expect(all(r)).not.toContain('2020 NEC');
  });
  it('dwg_interconnection_label RPA renames the point of interconnection', async () => {
    const r = await render('string-gable', { dwg_interconnection_label: 'Reference Point of Applicability (RPA)' });
    expect(text(r, 'PV-4')).toContain('REFERENCE POINT OF APPLICABILITY (RPA)');
    expect(text(base, 'PV-4')).toContain('POINT OF INTERCONNECTION');
  });
  it('conduit_sizing puts each run\'s conduit on its wire in the diagram (the schedule always prints trade size and fill, issue 25)', async () => {
    expect(text(base, 'PV-4')).toContain('3/4" EMT');
    expect(text(base, 'PV-4')).not.toContain('IN 3/4" EMT');
    expect(text(await render('string-gable', { conduit_sizing: true }), 'PV-4')).toContain('IN 3/4" EMT');
  });
  it('ac_wire_size that the report does not carry fails PV-4 (the engine must be rerun with it)', async () => {
    await expect(render('string-gable', { ac_wire_size: '6 AWG' })).rejects.toMatchObject({ key: 'pv4_failed' });
  });
  it('ac_wire_size equal to the report\'s is accepted', async () => {
    await expect(render('string-gable', { ac_wire_size: '8 AWG' })).resolves.toBeTruthy();
  });
  it('unfused_60a_disconnect_model_number names the 60 A non-fused disconnect', async () => {
    const r = await render('string-gable', { unfused_60a_disconnect_model_number: 'DU222RB' });
    expect(text(r, 'PV-1')).toContain('60 A NON-FUSED AC DISCONNECT DU222RB');
    expect(text(r, 'PV-4')).toContain('DU222RB');
  });
  it('fused_100a_disconnect_model_number names the fused disconnect of a supply-side tap', async () => {
    expect(text(await render('battery-hip', { fused_100a_disconnect_model_number: 'D323NRB' }), 'PV-1')).toContain('100 A FUSED AC DISCONNECT D323NRB');
  });
  it('combiner_panel_125a_model_number and micro_combiner_panel_amperage name the micro combiner', async () => {
    const r = await render('micro-two-plane', { combiner_panel_125a_model_number: 'X-IQ-AM1-240-4' }, (i) => { delete i.equipment.combiner; });
    expect(text(r, 'PV-1')).toContain('125 A AC COMBINER PANEL X-IQ-AM1-240-4');
    const r2 = await render('micro-two-plane', { micro_combiner_panel_amperage: 100, combiner_panel_100a_model_number: 'CMB-100' }, (i) => { delete i.equipment.combiner; });
    expect(text(r2, 'PV-1')).toContain('100 A AC COMBINER PANEL CMB-100');
  });
  it('production_meter with its model number and feed adds the meter to PV-1 and PV-4', async () => {
    const r = await render('string-gable', { production_meter: 'Always Include', production_meter_model_number: 'CENTRON C1SR', production_meter_feed: 'Bottom Fed' });
    expect(text(r, 'PV-1')).toContain('PRODUCTION METER CENTRON C1SR, BOTTOM FED');
    expect(text(r, 'PV-4')).toContain('PRODUCTION METER');
    expect(text(base, 'PV-4')).not.toContain('PRODUCTION METER');
  });
  it('production_meter "Only Over 10 Kilowatts" stays off an 8 kW set', async () => {
    expect(text(await render('string-gable', { production_meter: 'Only Over 10 Kilowatts' }), 'PV-1')).not.toContain('PRODUCTION METER');
  });
  it('double_acd shows two AC disconnects', async () => {
    const r = await render('string-gable', { double_acd: 'Always Include' });
    expect(text(r, 'PV-1')).toContain('(2) 60 A NON-FUSED AC DISCONNECT');
    expect(text(r, 'PV-4')).toContain('(2) AC DISCONNECTS IN SERIES');
  });
  it('ac_disconnect_distance_to_meter: the measured distance is printed, and a disconnect too far fails PV-1', async () => {
    expect(text(base, 'PV-1')).toContain('AC DISCONNECT 7\'-0" FROM UTILITY METER (MAX 10\'-0")');
    await expect(render('string-gable', { ac_disconnect_distance_to_meter: 5 })).rejects.toMatchObject({ key: 'pv1_failed' });
  });
  it('pv_equipment_distance_to_meter limits the inverter distance', async () => {
    expect(text(await render('string-gable', { pv_equipment_distance_to_meter: 20 }), 'PV-1')).toContain('INVERTER 12\'-0" FROM METER (MAX 20\'-0")');
    await expect(render('string-gable', { pv_equipment_distance_to_meter: 5 })).rejects.toMatchObject({ key: 'pv1_failed' });
  });
});

describe('labels and stickers', () => {
  it('sticker_1 with logic "always" is placed with its colour, title, code and {variables}', async () => {
    const r = await render('string-gable', { sticker_1: { color: 'Yellow', code: 'NEC 705.12(B)(3)', title: 'CAUTION', warning_icon: true, text: 'PV BREAKER {pv_breaker_rating} A', text_white_background: true, location: 'Main Panel', logic: 'always' } });
    const t = labels(r);
    expect(t).toContain('PV BREAKER 40 A');
    expect(t).toContain('NEC 705.12(B)(3) · MAIN PANEL');
    expect(labelsSheet(r).svg).toContain('#ffd100');
  });
  it('sticker logic that does not hold keeps the sticker off (battery_present on a job without a battery)', async () => {
    const r = await render('string-gable', { sticker_2: { color: 'Red', code: '', title: 'ESS', warning_icon: true, text: 'ENERGY STORAGE ON SITE', text_white_background: false, location: 'Battery', logic: 'battery_present' } });
    expect(all(r)).not.toContain('ENERGY STORAGE ON SITE');
    const b = await render('battery-hip', { sticker_2: { color: 'Red', code: '', title: 'ESS', warning_icon: true, text: 'ENERGY STORAGE ON SITE', text_white_background: false, location: 'Battery', logic: 'battery_present' } });
    expect(labels(b)).toContain('ENERGY STORAGE ON SITE');
  });
  it('a sticker code in NEC form follows dwg_electrical_code', async () => {
    const r = await render('string-gable', { dwg_electrical_code: 'CEC', sticker_1: { color: 'Red', code: 'NEC 690.13(B)', title: 'WARNING', warning_icon: true, text: 'PV SYSTEM DISCONNECT', text_white_background: false, location: 'AC Disconnect', logic: 'always' } });
    expect(labels(r)).toContain('CEC 690.13(B)');
  });
  it('labels_page moves the labels to a page of their own', async () => {
    const r = await render('string-gable', { labels_page: true });
    expect(r.sheets.map((s) => s.number)).toContain('PV-5B');
    expect(text(r, 'PV-5B')).toContain('NEC 690.53');
    expect(text(r, 'PV-5')).not.toContain('NEC 690.53');
  });
  it('placard_directory adds the 705.10 directory', async () => {
    expect(labels(await render('string-gable', { placard_directory: true }))).toContain('NEC 705.10');
  });
});

describe('structural sheet and details', () => {
  it('asphalt_shingle_layers_on_cad adds the layers column', async () => {
    expect(text(base, 'PV-3')).not.toContain('LAYERS');
    expect(text(await render('string-gable', { asphalt_shingle_layers_on_cad: true }), 'PV-3')).toContain('LAYERS');
    const e = await render('string-gable', { asphalt_shingle_layers_on_cad: true }, (i) => { delete i.job.dynamic!.asphalt_shingle_layers; }).catch((x: unknown) => x);
    expect(e).toMatchObject({ key: 'pv3_failed', detail: 'PV-3: asphalt_shingle_layers_on_cad is on but the job has no asphalt_shingle_layers' });
  });
  it('attachment_detail off removes the attachment detail', async () => {
    expect(text(base, 'PV-3')).toContain('ATTACHMENT DETAIL');
    expect(text(await render('string-gable', { attachment_detail: false }), 'PV-3')).not.toContain('ATTACHMENT DETAIL');
  });
  it('elevation_detail adds a roof elevation detail; elevation_detail_file uses the drawing given', async () => {
    expect(text(await render('string-gable', { elevation_detail: true }), 'PV-3')).toContain('ELEVATION DETAIL');
    const r = await render('string-gable', { elevation_detail_file: { id: 'e1', name: 'elev.png' } }, (i) => { i.requirementFiles = { elevation_detail_file: [{ name: 'elev.png', bytes: solidPng(40, 20, [0, 0, 0]) }] }; });
    expect(r.sheets.find((s) => s.number === 'PV-3')!.svg).toContain('#elevation-detail');
  });
});

describe('photos and extra cut sheets', () => {
  const photo = (k: number) => ({ name: `photo-${k}.png`, bytes: solidPng(30, 20, [k * 40, 90, 90]) });
  it('attic and electrical photos go on PV-5A, at most site_photo_count (default 2)', async () => {
    const mutate: Mutate = (i) => { i.sitePhotos = { attic: [photo(1), photo(2)], electrical: [photo(3)] }; };
    const none = await render('string-gable', {}, mutate);
    expect(none.sheets.map((s) => s.number)).not.toContain('PV-5A');
    const two = await render('string-gable', { attic_photos_on_cad: true, electrical_photos_on_cad: true }, mutate);
    expect(text(two, 'PV-5A')).toContain('PHOTO 2');
    expect(text(two, 'PV-5A')).not.toContain('PHOTO 3');
    const three = await render('string-gable', { attic_photos_on_cad: true, electrical_photos_on_cad: true, site_photo_count: 3 }, mutate);
    expect(text(three, 'PV-5A')).toContain('PHOTO 3: PHOTO-3.PNG');
  });
  it('cut_sheet_pv8a, cut_sheet_pv11 and noa_cut_sheets are added with their numbers', async () => {
    const ds = await goldenDatasheets();
    const noa = await makeDatasheet('NOTICE OF ACCEPTANCE', 'NOA 21-0512.07', ['Miami-Dade product approval']);
    const r = await render('string-gable', { cut_sheet_pv8a: [{ id: 'a', name: 'wiring.pdf' }], cut_sheet_pv11: [{ id: 'b', name: 'ul.pdf' }], noa_cut_sheets: [{ id: 'c', name: 'noa.pdf' }] }, (i) => {
      i.requirementFiles = { cut_sheet_pv8a: [{ name: 'wiring.pdf', bytes: ds.racking! }], cut_sheet_pv11: [{ name: 'ul.pdf', bytes: ds.module! }], noa_cut_sheets: [{ name: 'noa.pdf', bytes: noa }] };
    }, { full: true });
    const nums = r.pages.map((p) => p.number);
    expect(nums).toContain('PV-8A');
    expect(nums).toContain('PV-11');
    expect(nums.indexOf('PV-8A')).toBeGreaterThan(nums.indexOf('PV-8'));
    expect(r.pageCount).toBe(base.pageCount + 3);
  });
});
