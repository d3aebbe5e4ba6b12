import DxfParser from 'dxf-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { drawnRails, rafterLinesU } from '@sunstamp/domain/design/attachment-layout.rules';
import { planeFrame, toPlane } from '@sunstamp/domain/design/plane-geometry.rules';
import type { Check } from '@sunstamp/engineering/report.schema';
import { extractPdfText, type PageText } from './check/pdf-text.ts';
import { GOLDEN_NAMES, goldenInput, type GoldenName, type GoldenRoof } from './fixtures/golden.fixtures.ts';
import type { PlanSetInputRaw } from './input.schema.ts';
import { renderPlanSet, type PlanSetResult } from './planset.render.ts';
import { PlanSetError } from './planset.errors.ts';

/*
 * Issue 24 finding 1, read back as a plan checker would: the attachments drawn in the DXF (S-ATTACH
 * circles) are turned back into rails; every rail has at least two attachments, each on a rafter
 * line of the DXF's S-FRAM layer; every drawn span and cantilever is within what the report's rail
 * checks allow; PV-2's legend and PV-3's schedule print the longest drawn span and cantilever, and
 * the report's checks took exactly those. A layout whose rails the report did not check fails PV-2.
 */

const results = new Map<GoldenName, { input: PlanSetInputRaw; r: PlanSetResult; text: PageText[] }>();
beforeAll(async () => {
  for (const n of GOLDEN_NAMES) {
    const input = await goldenInput(n);
    const r = await renderPlanSet(input);
    results.set(n, { input, r, text: await extractPdfText(r.pdf) });
  }
}, 300_000);

const checkOf = (input: PlanSetInputRaw, id: string): Check => {
  const c = input.report.sections.flatMap((s) => s.checks).find((x) => x.id === id);
  if (!c) throw new Error(`no check ${id}`);
  return c;
};
const inputOf = (c: Check, name: string) => c.inputs.find((i) => i.name === name)?.value;

describe.each(GOLDEN_NAMES)('golden %s: rails and attachments as drawn', (n) => {
  it('the DXF attachments, read back into rails, pass the checks the sheets print', () => {
    const { input, r } = results.get(n)!;
    const dxf = new DxfParser().parseSync(r.dxf)!;
    const circles = dxf.entities.filter((e) => e.layer === 'S-ATTACH' && e.type === 'CIRCLE') as unknown as { center: { x: number; y: number } }[];
    const rafters = dxf.entities.filter((e) => e.layer === 'S-FRAM' && e.type === 'LINE');
    expect(rafters.length).toBeGreaterThan(0);
    expect(circles.length).toBe(input.design.attachments!.length);
    // attachment points in plan feet, assigned to the plane they lie on
    const planes = input.design.roofPlanes;
    const pts = circles.map((c) => ({ x: c.center.x / 12, y: c.center.y / 12 }));
    const attachments = pts.map((p) => {
      const own = input.design.attachments!.find((a) => Math.hypot(a.x - p.x, a.y - p.y) < 1e-3);
      expect(own, `attachment at ${p.x}, ${p.y}`).toBeDefined();
      return { planeId: own!.planeId, ...p };
    });
    const size = { lengthIn: input.equipment.module.lengthIn, widthIn: input.equipment.module.widthIn };
    const { rails, stray } = drawnRails(planes, input.design.modules, size, attachments);
    expect(stray).toEqual([]);
    expect(rails.length).toBeGreaterThan(0);
    for (const rail of rails) {
      expect(rail.attachmentsU.length, rail.id).toBeGreaterThanOrEqual(2);
      expect(rail.offRafter, rail.id).toEqual([]);
      const span = checkOf(input, `structural.array.${rail.arrayId}.rail-span`);
      const cant = checkOf(input, `structural.array.${rail.arrayId}.rail-cantilever`);
      const allowSpan = inputOf(span, 'allowable span') as number;
      for (const s of rail.spansIn) expect(s, rail.id).toBeLessThanOrEqual(allowSpan + 1e-6);
      for (const c of rail.cantileversIn) expect(c, rail.id).toBeLessThanOrEqual(cant.limit!.value as number);
      expect(span.pass && cant.pass && checkOf(input, `structural.array.${rail.arrayId}.rail-attachments`).pass).toBe(true);
    }
    // each attachment sits on an S-FRAM rafter line of its plane (the same lines as rafterLinesU)
    for (const a of attachments) {
      const plane = planes.find((p) => p.id === a.planeId)!;
      const u = toPlane(planeFrame(plane.pitchDeg, plane.azimuthDeg), a).x;
      expect(Math.min(...rafterLinesU(plane).map((x) => Math.abs(x - u)))).toBeLessThan(0.5);
    }
  });

  it('PV-2 and PV-3 print the longest drawn span and cantilever the report checked, and PV-3 lists the cantilever check', () => {
    const { input, r, text } = results.get(n)!;
    const t = (num: string) => text[r.pages.findIndex((p) => p.number === num)]!.text;
    const arrays = [...new Set(input.design.modules.map((m) => input.design.roofPlanes.find((p) => p.id === m.planeId)!.arrayId))];
    for (const a of arrays) {
      const spanIn = Math.round((inputOf(checkOf(input, `structural.array.${a}.rail-span`), 'span') as number) * 12 * 100) / 100;
      const cantIn = Math.round((checkOf(input, `structural.array.${a}.rail-cantilever`).value as number) * 100) / 100;
      expect(t('PV-2')).toContain(`SPANS ${spanIn}" MAX, CANTILEVER ${cantIn}" MAX`);
      expect(t('PV-2')).toContain(`ARRAY ${a} ATTACHMENT: FLASHED L-FOOT, LAG SCREWED TO RAFTER`);
      expect(t('PV-3')).toContain(`${spanIn}"`);
      expect(t('PV-3')).toContain(`${cantIn}"`);
    }
    expect(t('PV-3')).toMatch(/RAIL CANTILEVER PAST THE END ATTACHMENT/);
    expect(t('PV-3')).toMatch(/ATTACHMENTS PER RAIL/);
  });
});

describe('a layout the report did not check', () => {
  it('an attachment removed from the drawing fails PV-2 naming the rail', async () => {
    const input = await goldenInput('string-gable');
    const size = { lengthIn: input.equipment.module.lengthIn, widthIn: input.equipment.module.widthIn };
    const { rails } = drawnRails(input.design.roofPlanes, input.design.modules, size, input.design.attachments!);
    // keep only the first attachment of the first rail
    const first = rails[0]!;
    const f = planeFrame(input.design.roofPlanes.find((p) => p.id === first.planeId)!.pitchDeg, input.design.roofPlanes.find((p) => p.id === first.planeId)!.azimuthDeg);
    const drop = input.design.attachments!.filter((a) => a.planeId === first.planeId && Math.abs(toPlane(f, a).y - first.v) <= 1).slice(1);
    const cut = { ...input, design: { ...input.design, attachments: input.design.attachments!.filter((a) => !drop.includes(a)) } };
    const e = await renderPlanSet(cut).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PlanSetError);
    expect((e as PlanSetError).key).toBe('pv2_failed');
    expect((e as PlanSetError).message).toContain(`rail ${first.id}`);
  });

  it('a report computed without the drawn rails fails PV-2', async () => {
    const input = await goldenInput('micro-two-plane');
    const report = { ...input.report, sections: input.report.sections.map((s) => ({ ...s, checks: s.checks.filter((c) => !c.id.endsWith('.rail-cantilever')) })) };
    const e = await renderPlanSet({ ...input, report }).catch((x: unknown) => x);
    expect((e as PlanSetError).key).toBe('pv2_failed');
    expect((e as PlanSetError).message).toMatch(/did not check array A\d's rails as drawn/);
  });
});

describe('PV-3\'s framing sketch says whose framing it draws', () => {
  const caption = async (input: Awaited<ReturnType<typeof goldenInput>>) => {
    const svg = (await renderPlanSet(input, { sheetsOnly: true, only: ['pv3'] })).sheets.find((x) => x.page === 'pv3')!.svg;
    return /SCHEMATIC[^<]*NOT TO SCALE/.exec(svg)![0];
  };
  it('one framing: a plain caption; a second plane framed or pitched otherwise: the plane drawn, the others in the schedule', async () => {
    const input = await goldenInput('micro-two-plane');
    const [first, ...rest] = input.design.roofPlanes;
    const same = { ...input, design: { ...input.design, roofPlanes: [first!, ...rest.map((p) => ({ ...p, pitchDeg: first!.pitchDeg, framing: first!.framing }))] } };
    expect(await caption(same)).toBe('SCHEMATIC — NOT TO SCALE');
    const other = { ...input, design: { ...input.design, roofPlanes: [first!, ...rest.map((p) => ({ ...p, pitchDeg: first!.pitchDeg + 8 }))] } };
    expect(await caption(other)).toBe(`SCHEMATIC (${first!.name.toUpperCase()}; OTHERS IN THE SCHEDULE) — NOT TO SCALE`);
  });
});

describe('golden per roof type: the attachment fits the roofing and PV-3 draws it', () => {
  const cases: { roof: GoldenRoof; attachment: RegExp; lag: boolean; rails: boolean }[] = [
    { roof: { material: 'asphalt_shingle', connectionType: 'flashed_l_foot' }, attachment: /ATTACHMENT: FLASHED L-FOOT, LAG SCREWED TO RAFTER/, lag: true, rails: true },
    { roof: { material: 'concrete_tile', connectionType: 'tile_hook' }, attachment: /ATTACHMENT: TILE HOOK, LAG SCREWED TO RAFTER/, lag: true, rails: true },
    { roof: { material: 'standing_seam_24ga', connectionType: 'standing_seam_clamp', engine: { allowableUpliftLb: 600 } }, attachment: /ATTACHMENT: STANDING SEAM CLAMP \(NO ROOF PENETRATION\)/, lag: false, rails: true },
    { roof: { material: 'tpo_membrane', connectionType: 'membrane_mount' }, attachment: /ATTACHMENT: FLASHED MEMBRANE ROOF MOUNT/, lag: true, rails: true },
    { roof: { material: 'tpo_membrane', connectionType: 'ballasted', engine: { ballastPsf: 200 } }, attachment: /ATTACHMENT: BALLASTED RACKING \(NO ROOF PENETRATION\)/, lag: false, rails: false },
  ];
  it.each(cases)('$roof.material / $roof.connectionType', async ({ roof, attachment, lag, rails }) => {
    const input = await goldenInput('string-gable', {}, {}, roof);
    const r = await renderPlanSet(input);
    const text = await extractPdfText(r.pdf);
    const pv3 = text[r.pages.findIndex((p) => p.number === 'PV-3')]!.text;
    const pv2 = text[r.pages.findIndex((p) => p.number === 'PV-2')]!.text;
    expect(pv3).toMatch(attachment);
    // "ATTACHMENT:" never prints the rail
    expect(pv3).not.toMatch(/ATTACHMENT: [^\n]*XR100/);
    expect(/DIA\. LAG SCREW, .*MIN\. EMBEDMENT INTO FRAMING/.test(pv3)).toBe(lag);
    const ids = input.report.sections.flatMap((s) => s.checks.map((c) => c.id));
    expect(ids.some((id) => id.endsWith('.lag-withdrawal'))).toBe(lag);
    expect(ids.some((id) => id.endsWith('.rail-cantilever'))).toBe(rails);
    if (!rails) {
      expect(pv2).toMatch(/BALLAST 200 PSF PROVIDED, [\d.]+ PSF REQUIRED/);
      expect(input.design.attachments).toEqual([]);
      expect(pv3).toMatch(/BALLAST AGAINST WIND UPLIFT/);
    }
    if (roof.material.startsWith('standing_seam')) expect(pv3).toMatch(/SEAM CLAMP UPLIFT/);
    // The detail's drawing stays left of its callouts' text (a tile course once ran under "TILE NOTCHED…").
    const svg = r.sheets.find((x) => x.number === 'PV-3')!.svg;
    const calloutX = Number(/<text[^>]*x="([\d.]+)"[^>]*>PV MODULE \(/.exec(svg)![1]);
    const xs = [...svg.matchAll(/<(rect|line|polygon|polyline)[^>]*class="S-DETL"[^>]*>/g)].flatMap(([tag]) => {
      const rect = /x="([\d.-]+)"[^>]*width="([\d.]+)"/.exec(tag);
      if (rect) return [Number(rect[1]) + Number(rect[2])];
      const line = /x1="([\d.-]+)"[^>]*x2="([\d.-]+)"/.exec(tag);
      if (line) return [Number(line[1]), Number(line[2])];
      return [...(/points="([^"]*)"/.exec(tag)?.[1] ?? '').matchAll(/([\d.-]+),[\d.-]+/g)].map((m) => Number(m[1]));
    });
    expect(xs.length).toBeGreaterThan(5);
    expect(Math.max(...xs), 'rightmost line of the detail').toBeLessThan(calloutX - 4);
  });

  it('a flashed L-foot on a tile roof is refused, naming what fits', async () => {
    await expect(goldenInput('string-gable', {}, {}, { material: 'concrete_tile', connectionType: 'flashed_l_foot' })).rejects.toThrow(/use tile hook or tile replacement flashing/);
  });
});
