import { Canvas, DrawingOverflow } from '../draw/canvas.ts';
import type { Sheet } from '../draw/drawing.model.ts';
import { attachmentOf, check, req, roofMaterialName, sheetNumber } from '../planset.model.ts';
import type { PlanSetInput } from '../input.schema.ts';
import type { Check } from '@sunstamp/engineering/report.schema';
import type { AttachmentKind } from '@sunstamp/domain/design/attachment-type.rules';
import { PlanSetError } from '../planset.errors.ts';
import { attachmentSpacingIn, cantileverIn } from './pv2.sheet.ts';
import { AREA, type SheetContext } from './sheet-context.ts';
import { drawCustomLeaders, drawNotesPanel, sheetNotes } from './sheet-notes.ts';
import { drawTitleBlock } from './title-block.sheet.ts';
import { TRUSS_WEBS } from './truss-shapes.data.ts';
import { codeRefText } from '@sunstamp/engineering/report.builder';
import { siteCriteriaDifference } from '@sunstamp/engineering/structural/site-criteria';
import { checkDisplay } from '../check/check-display.ts';
import { lintSheet } from '../check/drawing.lint.ts';

/*
 * PV-3: structural (research/planset.md §1.6): framing per roof plane (type, size, spacing, spans,
 * roof material and layers), the attachment detail (flashing, foot, lag diameter and embedment,
 * rail, module), the framing sketch of the truss type, design loads, the engine's structural checks
 * with their values, limits and code sections, the elevation detail when asked, PV-3 notes.
 */

/** Inches as a drafting fraction when it is a sixteenth (0.3125 → 5/16), else a decimal. */
export function inchFraction(v: number): string {
  const n = Math.round(v * 16);
  if (Math.abs(n / 16 - v) > 1e-6) return String(Math.round(v * 100) / 100);
  const whole = Math.floor(n / 16);
  let num = n % 16;
  let den = 16;
  while (num && num % 2 === 0) { num /= 2; den /= 2; }
  return num === 0 ? String(whole) : `${whole ? whole + ' ' : ''}${num}/${den}`;
}
const fmt = (v: number | string | boolean) => (typeof v === 'number' ? String(Math.round(v * 100) / 100) : String(v));

export function lagOf(ctx: SheetContext, arrayId: string): { d: number; p: number } {
  const c = check(ctx.input.report, `structural.array.${arrayId}.lag-withdrawal`);
  const d = c?.inputs.find((i) => i.name === 'D')?.value;
  const p = c?.inputs.find((i) => i.name === 'p')?.value;
  const r = ctx.input.equipment.racking;
  return { d: typeof d === 'number' ? d : r.lagDiameterIn, p: typeof p === 'number' ? p : r.lagEmbedmentIn };
}

/** How far above the deck the attachment's leader meets the drawn part, pt. */
const LEADER_AT: Partial<Record<AttachmentKind, number>> = { 'tile-hook': 26, 'seam-clamp': 30, ballast: 12 };

/** What the detail says under the attachment: how the roofing is kept watertight. */
function sealingOf(kind: AttachmentKind, flashing: string): string {
  switch (kind) {
    case 'flashed-lag': case 'deck-mount': return `FLASHING: ${flashing}`;
    case 'tile-hook': return 'TILE NOTCHED OVER HOOK, UNDERLAYMENT SEALED AT EACH LAG';
    case 'tile-replacement': return 'TILE REPLACED BY FLASHED REPLACEMENT TILE AROUND THE STANDOFF';
    case 'metal-bracket': return 'BRACKET FASTENERS WITH SEALING WASHERS, BUTYL TAPE UNDER BRACKET';
    case 'membrane-mount': return 'MEMBRANE FLASHING BOOT WELDED / ADHERED PER ROOFING MAKER';
    case 'seam-clamp': return 'NO ROOF PENETRATION: CLAMP SET SCREWS ON THE SEAM PER MANUFACTURER';
    case 'ballast': return 'NO ROOF PENETRATION: PROTECTION MAT UNDER EACH BALLAST TRAY';
  }
}

function attachmentDetail(c: Canvas, ctx: SheetContext, box: { x: number; y: number; w: number; h: number }): void {
  const r = ctx.input.equipment.racking;
  const plane = ctx.input.design.roofPlanes.find((p) => ctx.input.design.modules.some((m) => m.planeId === p.id)) ?? ctx.input.design.roofPlanes[0]!;
  const att = attachmentOf(ctx.input, plane.arrayId);
  const lag = lagOf(ctx, plane.arrayId);
  const cx = box.x + box.w * 0.25;
  const deckY = box.y + box.h * 0.52;
  const roofW = box.w * 0.44;
  c.layer = 'S-DETL';
  // rafter (section)
  c.rect(cx - 12, deckY + 6, 24, 84, { fill: '#f1e3c8', lineWidth: 1 });
  c.line(cx - 12, deckY + 6, cx + 12, deckY + 90, { lineWidth: 0.4, stroke: '#a08050' });
  c.line(cx + 12, deckY + 6, cx - 12, deckY + 90, { lineWidth: 0.4, stroke: '#a08050' });
  // deck
  c.rect(box.x + 16, deckY, roofW, 6, { fill: '#d9d9d9', lineWidth: 0.8 });
  let footTop = deckY - 36;
  switch (att.kind) {
    case 'tile-hook': case 'tile-replacement': {
      // tiles on battens, the hook's base on the deck and its arm over the tile
      for (let x = box.x + 16; x < box.x + 16 + roofW - 4; x += 34) c.poly([[x, deckY - 2], [x + 34, deckY - 2], [x + 34, deckY - 14], [x + 4, deckY - 18]], true, { fill: '#b86b4b', lineWidth: 0.6 });
      if (att.kind === 'tile-hook') {
        c.rect(cx - 9, deckY - 3, 18, 3, { fill: '#bfbfbf', lineWidth: 0.6 });
        c.poly([[cx - 2, deckY - 3], [cx - 2, deckY - 24], [cx + 16, deckY - 24], [cx + 16, deckY - 36], [cx + 12, deckY - 36], [cx + 12, deckY - 28], [cx + 2, deckY - 28], [cx + 2, deckY - 3]], true, { fill: '#bfbfbf', lineWidth: 0.8 });
      } else {
        c.rect(cx - 26, deckY - 18, 52, 3, { fill: '#9db3c8', lineWidth: 0.6 });
        c.rect(cx - 3, deckY - 36, 6, 36, { fill: '#bfbfbf', lineWidth: 0.8 });
        c.rect(cx - 10, deckY - 40, 24, 4, { fill: '#bfbfbf', lineWidth: 0.8 });
      }
      break;
    }
    case 'seam-clamp': {
      // metal panel with a standing seam, the clamp on the seam; no penetration
      c.rect(box.x + 16, deckY - 2, roofW, 2, { fill: '#8c9aa6', lineWidth: 0.5 });
      c.rect(cx - 2, deckY - 16, 4, 14, { fill: '#8c9aa6', lineWidth: 0.6 });
      c.rect(cx - 9, deckY - 24, 18, 14, { fill: '#bfbfbf', lineWidth: 0.8 });
      c.rect(cx - 4, deckY - 36, 20, 12, { fill: '#bfbfbf', lineWidth: 0.8 });
      break;
    }
    case 'ballast': {
      c.rect(box.x + 16, deckY - 2, roofW, 2, { fill: '#e6e6e6', lineWidth: 0.5 });
      c.rect(cx - 30, deckY - 6, 60, 4, { fill: '#777', lineWidth: 0.5 });
      for (const dx of [-26, -8, 10]) c.rect(cx + dx, deckY - 18, 16, 12, { fill: '#a6a6a6', lineWidth: 0.6 });
      c.poly([[cx - 30, deckY - 6], [cx - 30, deckY - 40], [cx + 30, deckY - 40], [cx + 30, deckY - 6]], false, { lineWidth: 0.8 });
      footTop = deckY - 40;
      break;
    }
    default: {
      // shingle / membrane / metal panel, flashing and foot
      c.rect(box.x + 16, deckY - 4, roofW, 4, { fill: att.kind === 'membrane-mount' ? '#e6e6e6' : att.kind === 'metal-bracket' ? '#8c9aa6' : '#555', lineWidth: 0.5 });
      c.rect(cx - 30, deckY - 6, 60, 2, { fill: '#9db3c8', lineWidth: 0.6 });
      c.poly([[cx - 10, deckY - 6], [cx - 10, deckY - 40], [cx + 14, deckY - 40], [cx + 14, deckY - 36], [cx - 6, deckY - 36], [cx - 6, deckY - 6]], true, { fill: '#bfbfbf', lineWidth: 0.8 });
    }
  }
  // rail and module
  c.rect(cx - 4, footTop - 22, 22, 18, { fill: '#e0e0e0', lineWidth: 0.9 });
  c.rect(box.x + 22, footTop - 30, box.w * 0.4, 8, { fill: '#1f4e79', lineWidth: 0.6 });
  // lag into the rafter, only where the attachment is fastened into the framing
  if (att.intoFraming) {
    c.line(cx, deckY - 10, cx, deckY + 6 + lag.p * 12, { lineWidth: 2.2 });
    for (let k = 1; k < 8; k++) c.line(cx - 3, deckY + 8 + k * lag.p * 1.4, cx + 3, deckY + 6 + k * lag.p * 1.4, { lineWidth: 0.5 });
  }
  // callouts on the right
  const tx = box.x + box.w * 0.5;
  const ballast = att.kind === 'ballast' ? check(ctx.input.report, `structural.array.${plane.arrayId}.ballast`) : undefined;
  const callouts: [string, number, number][] = [
    [`PV MODULE (${ctx.input.equipment.module.model})`, footTop - 26, footTop - 26],
    [`${att.kind === 'ballast' ? 'RACKING' : 'RAIL'}: ${r.manufacturer} ${r.railModel}`, footTop - 13, footTop - 13],
    [`ATTACHMENT: ${att.name}${r.attachmentModel ? ` (${r.attachmentModel})` : ''}`, deckY - (LEADER_AT[att.kind] ?? 38), deckY - 24],
    [att.custom ? (att.penetrating ? 'PENETRATION SEALED PER THE ATTACHMENT MANUFACTURER\'S INSTRUCTIONS' : 'NO ROOF PENETRATION') : sealingOf(att.kind, r.flashing), deckY - 5, deckY - 10],
    [`${roofMaterialName(plane.material)} ON SHEATHING`, deckY - 2, deckY + 6],
    ...(att.intoFraming ? [[`(1) ${inchFraction(lag.d)}" DIA. LAG SCREW, ${inchFraction(lag.p)}" MIN. EMBEDMENT INTO FRAMING`, deckY + 20, deckY + 24] as [string, number, number]] : []),
    ...(ballast ? [[`BALLAST: ${fmt(ballast.value)} PSF OF ARRAY AREA (${fmt(ballast.limit!.value as number)} PSF REQUIRED)`, deckY - 12, deckY + 20] as [string, number, number]] : []),
    [`FRAMING: ${plane.framing.size} @ ${plane.framing.spacingIn}" O.C.`, deckY + 50, deckY + 44],
  ];
  c.layer = 'G-ANNO';
  // callouts stack downwards, each below the last one's wrapped lines
  const s7 = c.sz(7);
  const lh = c.lh(s7);
  const cw = box.x + box.w - tx - 6;
  let nextY = box.y + 14;
  for (const [t, yTarget, yText] of callouts) {
    const lines = c.m.wrap(t, s7, cw);
    const y = Math.max(yText, nextY);
    c.line(cx + 10, yTarget, tx - 4, y - 3, { lineWidth: 0.4 });
    lines.forEach((ln, i) => c.text(ln, tx, y + i * lh, { size: 7 }));
    nextY = y + lines.length * lh + 2;
  }
  if (nextY > box.y + box.h - 14) throw new DrawingOverflow('PV-3 attachment detail', 'callouts do not fit the detail box');
  const kinds = new Set(ctx.input.design.roofPlanes.filter((p) => ctx.input.design.modules.some((m) => m.planeId === p.id)).map((p) => attachmentOf(ctx.input, p.arrayId).kind));
  c.text(`ATTACHMENT DETAIL${kinds.size > 1 ? ` (ARRAY ${plane.arrayId}; OTHERS IN THE SCHEDULE)` : ''} — NOT TO SCALE`, box.x + 8, box.y + box.h - 8, { size: 7, bold: true });
}

function framingSketch(c: Canvas, ctx: SheetContext, box: { x: number; y: number; w: number; h: number }): void {
  const plane = ctx.input.design.roofPlanes[0]!;
  const f = plane.framing;
  const span = f.spansIn.reduce((a, b) => a + b, 0) * 2;
  const rise = (span / 2) * Math.tan((plane.pitchDeg * Math.PI) / 180);
  const w = box.w - 40;
  const scale = Math.min(w / span, (box.h - 60) / rise);
  const x0 = box.x + (box.w - span * scale) / 2;
  const y0 = box.y + box.h - 34;
  const P = (u: number, v: number): [number, number] => [x0 + u * span * scale, y0 - v * rise * scale];
  c.layer = 'S-FRAM';
  c.poly([P(0, 0), P(0.5, 1), P(1, 0)], false, { lineWidth: 1.6 });
  c.line(...P(0, 0), ...P(1, 0), { lineWidth: 1.2 });
  if (f.type === 'Non Standard' && f.trussBuilderCoords?.length) {
    const xs = f.trussBuilderCoords.map((p) => p.x);
    const ys = f.trussBuilderCoords.map((p) => p.y);
    const [mx, my] = [Math.max(...xs, 1), Math.max(...ys, 1)];
    c.poly(f.trussBuilderCoords.map((p) => P(p.x / mx, p.y / my)), false, { lineWidth: 0.8 });
  }
  for (const [a, b, cc, d] of TRUSS_WEBS[f.type] ?? []) c.line(...P(a, b), ...P(cc, d), { lineWidth: 0.8 });
  c.layer = 'G-ANNO';
  c.text(`${f.type.toUpperCase()} FRAMING — ${f.size} @ ${f.spacingIn}" O.C., ${plane.pitchDeg}° PITCH`, box.x + box.w / 2, box.y + 14, { size: 7, bold: true, align: 'center', maxWidth: box.w - 8 });
  c.text(`SPANS ${f.spansIn.map((s) => `${s}"`).join(' + ')} (HORIZONTAL) EACH SIDE`, box.x + box.w / 2, y0 + 14, { size: 7, align: 'center', maxWidth: box.w - 8 });
  c.text('SCHEMATIC — NOT TO SCALE', box.x + 8, box.y + box.h - 8, { size: 7, bold: true });
}

function elevationDetail(c: Canvas, ctx: SheetContext, box: { x: number; y: number; w: number; h: number }): void {
  if (ctx.images['elevation-detail']) {
    c.image('elevation-detail', box.x + 4, box.y + 4, box.w - 8, box.h - 20);
    c.text('ELEVATION DETAIL (PROVIDED)', box.x + 8, box.y + box.h - 6, { size: 7, bold: true });
    return;
  }
  const plane = ctx.input.design.roofPlanes[0]!;
  const gx = box.x + 20;
  const gy = box.y + box.h - 26;
  const wallH = 60;
  // the half-span drawn: a fifth of the box, less where a steep roof would rise past the heading
  const tan = Math.tan((plane.pitchDeg * Math.PI) / 180);
  const run = Math.min(box.w * 0.2, (box.h - 26 - wallH - 30) / Math.max(tan, 1e-6));
  const rise = run * tan;
  c.layer = 'S-DETL';
  c.line(box.x + 8, gy, box.x + box.w - 8, gy, { lineWidth: 1.2 });
  c.rect(gx, gy - wallH, run * 2, wallH, { lineWidth: 1 });
  c.poly([[gx - 10, gy - wallH], [gx + run, gy - wallH - rise], [gx + run * 2 + 10, gy - wallH]], false, { lineWidth: 1.4 });
  const t = Math.atan2(rise, run);
  const along = (d: number, off: number): [number, number] => [gx + run + d * Math.cos(t) + off * Math.sin(t), gy - wallH - rise + d * Math.sin(t) - off * Math.cos(t)];
  c.poly([along(12, 6), along(run * 0.9, 6), along(run * 0.9, 10), along(12, 10)], true, { fill: '#1f4e79', lineWidth: 0.5 });
  c.layer = 'G-ANNO';
  const tx = gx + run * 2 + 24;
  const stories = ctx.input.job.dynamic.num_stories;
  const notes = [`ROOF PITCH ${plane.pitchDeg}°`, 'MODULES 2"–10" ABOVE ROOF SURFACE', ...(stories ? [`${stories} STOR${stories > 1 ? 'IES' : 'Y'}`] : [])];
  c.notes(notes, tx, box.y + 24, box.x + box.w - tx - 6, box.h - 60, { numbered: false, where: 'PV-3 elevation detail' });
  c.text('ELEVATION DETAIL — NOT TO SCALE', box.x + 8, box.y + 14, { size: 7, bold: true });
}

const inputOf = (c: Check | undefined, name: string | RegExp) => c?.inputs.find((i) => (typeof name === 'string' ? i.name === name : name.test(i.name)));

/** The framing's species and grade as the report's member check took them, each with "assumed" or "verified". */
export function framingFactsOf(input: PlanSetInput, arrayId: string): { species: string; grade: string; assumed: string[] } | undefined {
  const c = check(input.report, `structural.array.${arrayId}.member-bending`);
  if (!c) return undefined;
  const species = inputOf(c, /^species \(/);
  const grade = inputOf(c, /^grade \(/);
  if (!species || !grade) return undefined;
  const assumed = c.inputs.filter((i) => /\(assumed\)$/.test(i.name)).map((i) => i.name.replace(/ \(assumed\)$/, '').replace(/^longest horizontal /, ''));
  return { species: String(species.value), grade: String(grade.value), assumed };
}

/**
 * The structural basis PV-3 states per array (issue 24, finding 3), read from the report's checks so the
 * sheet prints what was calculated: the framing (assumed or verified), the roof and PV dead loads, the rail's
 * capacity and its source, the member check with its NDS factors, and the wind edge treatment.
 * Arrays whose lines are the same are stated once.
 */
export function structuralBasisLines(input: PlanSetInput): string[] {
  const arrays = [...new Set(input.design.roofPlanes.filter((p) => input.design.modules.some((m) => m.planeId === p.id)).map((p) => p.arrayId))];
  const groups = new Map<string, string[]>();
  for (const id of arrays) {
    const k = (suffix: string) => check(input.report, `structural.array.${id}.${suffix}`);
    const out: string[] = [];
    const bend = k('member-bending');
    const wood = framingFactsOf(input, id);
    if (bend && wood) {
      const member = String(inputOf(bend, /^member \(/)?.value ?? '').toUpperCase();
      const spacing = inputOf(bend, /^spacing \(/)?.value;
      const span = inputOf(bend, /^longest horizontal span \(/)?.value;
      out.push(`EXISTING FRAMING: ${member} @ ${fmt(spacing ?? '—')}" O.C., LONGEST SPAN ${fmt(span ?? '—')}" (HORIZONTAL), ${wood.species} ${wood.grade}`.toUpperCase()
        + (wood.assumed.length ? `. ASSUMED, TO BE VERIFIED IN THE FIELD BEFORE INSTALLATION: ${wood.assumed.join(', ').toUpperCase()}` : '. ALL VERIFIED'));
    }
    const roof = k('roof-dead-load');
    if (roof) out.push(`ROOF DEAD LOAD ${fmt(roof.value)} PSF = ${roof.inputs.map((i) => `${fmt(i.value)} ${i.name}`).join(' + ')}`.toUpperCase());
    const pv = k('dead-load');
    if (pv) out.push(`PV DEAD LOAD ${fmt(pv.value)} PSF (MODULE WEIGHT / AREA + RACKING ${fmt(inputOf(pv, 'racking')?.value ?? 0)} PSF)`);
    const rail = k('rail-span');
    const ma = inputOf(rail, /^M_allow/);
    const source = inputOf(rail, 'rail capacity source')?.value;
    if (ma && source) out.push(`RAIL CAPACITY ${fmt(ma.value)} LB-FT: ${source}`.toUpperCase());
    const cant = k('rail-cantilever');
    const cantLimit = cant && inputOf(cant, /^cantilever limit \(/);
    // The cantilever limit's basis, where the rail product gives one (the maker's document, or why it is assumed).
    if (cant && cantLimit && inputOf(cant, 'cantilever limit source')) {
      const cantSource = inputOf(cant, 'cantilever limit source')?.value;
      out.push(`RAIL CANTILEVER ${fmt(cant.value)}" ${cant.pass === false ? '>' : '≤'} ${fmt(cantLimit.value)}" = ${cantLimit.name.replace(/^cantilever limit \((.*)\)$/, '$1')} ${fmt(inputOf(cant, 'allowable span')?.value ?? '—')}"${cantSource ? `: ${cantSource}` : ''}`.toUpperCase());
    }
    if (bend) {
      const v = (n: string) => fmt(inputOf(bend, n)?.value ?? '—');
      out.push(`${String(bend.title.split(': ')[1] ?? 'MEMBER').toUpperCase()}, ${String(inputOf(bend, 'governing combination')?.value ?? '').toUpperCase()}: F'B = FB ${v('Fb')} × CD ${v('C_D')} × CF ${v('C_F')} × CR ${v('C_r')} × CM·CT·CL·CI 1.0 = ${v("F'b")} PSI ${bend.pass === false ? '<' : '≥'} FB ${fmt(bend.value)} PSI (${bend.ref.code} ${bend.ref.edition})`);
    }
    const defl = k('member-deflection');
    if (defl) out.push(`DEFLECTION ${fmt(defl.value)}" ${defl.pass === false ? '>' : '≤'} L/120 = ${fmt(defl.limit?.value ?? 0)}" (S OR LR ${fmt(inputOf(defl, 'Δ (S or Lr)')?.value ?? 0)}" VS L/180 ${fmt(inputOf(defl, 'limit L/180')?.value ?? 0)}"), ${defl.ref.code} ${defl.ref.section}`.toUpperCase());
    const edge = k('edge-distance');
    if (edge) out.push(`WIND EDGE DISTANCE ${fmt(edge.value)}" ≥ 2H2 = ${fmt(edge.limit?.value ?? 0)}" FROM ROOF EDGES, GABLE AND HIP RIDGES; ${String(inputOf(edge, /^uplift treatment/)?.value ?? '').toUpperCase()} (${`${edge.ref.code} ${edge.ref.edition}`.replace(/^ASCE 7 7-/, 'ASCE 7-')} ${edge.ref.section})`);
    const key = out.join('\n');
    groups.set(key, [...(groups.get(key) ?? []), id]);
  }
  return [...groups].flatMap(([key, ids]) => key ? key.split('\n').map((l, i) => (i === 0 ? `${ids.length > 1 ? 'ARRAYS' : 'ARRAY'} ${ids.join(', ')} ${l}` : l)) : []);
}

/** PV-3A's title: PV-3 continued (the sheet index lists it). */
export const PV3A_TITLE = 'STRUCTURAL (CONTINUED)';

type Box = { x: number; y: number; w: number; h: number };

/** Height of PV-3's top row of details. */
const TOP_H = 250;
/** Height of the elevation detail on PV-3A (a column's width, so less height keeps it in proportion). */
const ELEVATION_H_PV3A = 160;

/** The rows of PV-3's framing and attachment schedule, and its headers. */
function framingSchedule(ctx: SheetContext): { headers: string[]; rows: string[][] } {
  const { input } = ctx;
  const layers = input.job.dynamic.asphalt_shingle_layers;
  const showLayers = req(input, 'asphalt_shingle_layers_on_cad').on;
  // Asked for and blank is a missing input of the run (never a dash in the column).
  if (showLayers && layers === undefined) throw new PlanSetError('pv3_failed', 'PV-3: asphalt_shingle_layers_on_cad is on but the job has no asphalt_shingle_layers');
  const rows = input.design.roofPlanes.filter((p) => input.design.modules.some((m) => m.planeId === p.id)).map((p) => {
    const dead = check(input.report, `structural.array.${p.arrayId}.dead-load`);
    const roofDead = check(input.report, `structural.array.${p.arrayId}.roof-dead-load`);
    const wood = framingFactsOf(input, p.arrayId);
    return [
      p.name.toUpperCase(), p.arrayId, p.framing.type.toUpperCase(), p.framing.size, `${p.framing.spacingIn}"`, p.framing.spansIn.map((s) => `${s}"`).join(' + '),
      wood ? `${wood.species} ${wood.grade}`.toUpperCase() : '—',
      `${p.pitchDeg}°`, roofMaterialName(p.material), ...(showLayers ? [String(layers)] : []), roofDead ? `${fmt(roofDead.value)} PSF` : '—',
      attachmentOf(input, p.arrayId).name.replace(/,.*$/, ''),
      ...(attachmentOf(input, p.arrayId).kind === 'ballast' ? ['BALLAST', 'BALLAST'] : [`${fmt(attachmentSpacingIn(ctx, p.arrayId))}"`, `${fmt(cantileverIn(ctx, p.arrayId))}"`]), dead ? `${fmt(dead.value)} PSF` : '—',
    ];
  });
  const headers = ['PLANE', 'ARRAY', 'FRAMING', 'SIZE', 'SPACING', 'SPANS', 'SPECIES / GRADE', 'PITCH', 'ROOF', ...(showLayers ? ['LAYERS'] : []), 'ROOF DEAD LOAD', 'ATTACHMENT', 'MAX SPAN', 'MAX CANT.', 'PV DEAD LOAD'];
  return { headers, rows };
}

/** The engine's structural checks as PV-3's table rows, with their ids (the PDF links each value to its check). */
function checkRows(ctx: SheetContext): { rows: string[][]; ids: string[] } {
  const checks = ctx.input.report.sections.filter((s) => s.id.startsWith('structural')).flatMap((s) => s.checks);
  return {
    rows: checks.map((k) => [
      k.title.toUpperCase(), checkDisplay(k).value, k.limit ? checkDisplay(k).limit : '—',
      k.pass === null ? '—' : k.pass ? 'OK' : 'FAIL', k.ref.code === 'Sunstamp' ? codeRefText(k.ref) : `${k.ref.code} ${k.ref.section}`, // editions: in the panel's title
    ]),
    ids: checks.map((k) => k.id),
  };
}

const CHECK_HEADERS = ['CHECK', 'VALUE', 'LIMIT', 'RESULT', 'REFERENCE'];
/**
 * Column widths from shares of w, each at least as wide as its header's longest word in bold at the
 * table's size, so no header word breaks ("RESUL / T"); the wider columns give up what the others need.
 */
function columnWidths(c: Canvas, headers: string[], shares: number[], w: number, size: number): number[] {
  const s = c.sz(size);
  const min = headers.map((h) => Math.max(...h.split(/\s+/).map((word) => c.m.width(word, s, true))) + 6);
  let widths = shares.map((f) => f * w);
  for (let k = 0; k < headers.length; k++) {
    const short = widths.map((x, i) => x < min[i]! - 1e-6);
    if (!short.some(Boolean)) break;
    const need = widths.reduce((a, x, i) => a + (short[i] ? min[i]! - x : 0), 0);
    const spare = widths.reduce((a, x, i) => a + (short[i] ? 0 : x - min[i]!), 0);
    if (spare <= need) break;
    widths = widths.map((x, i) => (short[i] ? min[i]! : x - ((x - min[i]!) / spare) * need));
  }
  return widths;
}

const CHECK_SHARES = [0.37, 0.11, 0.13, 0.06, 0.33];
const checkWidths = (c: Canvas, w: number) => columnWidths(c, CHECK_HEADERS, CHECK_SHARES, w, 6.5);
const checksTitle = (ctx: SheetContext) => `STRUCTURAL CHECKS (${ctx.input.report.codes.asce}, ${ctx.input.report.codes.iebc})`;

/** The design loads and structural basis PV-3 prints above the engine's calculation. */
function designLoads(ctx: SheetContext): string[] {
  const { input } = ctx;
  const dc = input.job.designCriteria;
  // PV-1 and PV-3 print these criteria above the engine's calculation: they must be the ones it used (issue 24, finding 7).
  const differ = siteCriteriaDifference(dc, input.report);
  if (differ) throw new PlanSetError('pv3_failed', `PV-3: ${differ}`);
  return [
    `BASIC WIND SPEED ${dc.windSpeedMph} MPH, EXPOSURE ${dc.exposure}, RISK CATEGORY ${dc.riskCategory}`,
    `GROUND SNOW LOAD ${dc.groundSnowLoadPsf} PSF`,
    `STRUCTURAL METHOD: ${input.report.structuralExports.length ? input.report.structuralExports[0]!.tool : 'PRESCRIPTIVE / ENGINE CALCULATION'}`,
    ...structuralBasisLines(input),
  ];
}

/** The height drawNotesPanel needs for the sheet's notes at width w. */
function notesPanelHeight(c: Canvas, n: ReturnType<typeof sheetNotes>, w: number): number {
  const band = c.sz(9) * 1.8 + 8;
  const groups = [n.warning, n.utility, n.extra].filter((g) => g.length);
  if (!groups.length) return band + c.sz(7) + 12;
  return band + groups.reduce((h, g) => h + c.lh(c.sz(7)) + 1 + c.notesHeight(g, w - 10) + 3, 0) + 2;
}

/** The top row of PV-3: the attachment detail, the framing sketch and (when it is on this sheet) the elevation detail. */
function topRow(c: Canvas, ctx: SheetContext, withElevation: boolean): number {
  const { input } = ctx;
  const W = AREA.w;
  const y = AREA.y;
  const topH = TOP_H;
  const showDetail = req(input, 'attachment_detail').value !== false;
  const nTop = 1 + (showDetail ? 1 : 0) + (withElevation ? 1 : 0);
  const tw = (W - (nTop - 1) * 8) / nTop;
  let tx = AREA.x;
  if (showDetail) {
    c.rect(tx, y, tw, topH, { lineWidth: 1 }, 'G-BORD');
    attachmentDetail(c, ctx, { x: tx, y, w: tw, h: topH });
    tx += tw + 8;
  }
  c.rect(tx, y, tw, topH, { lineWidth: 1 }, 'G-BORD');
  framingSketch(c, ctx, { x: tx, y, w: tw, h: topH });
  tx += tw + 8;
  if (withElevation) {
    c.rect(tx, y, tw, topH, { lineWidth: 1 }, 'G-BORD');
    elevationDetail(c, ctx, { x: tx, y, w: tw, h: topH });
  }
  drawCustomLeaders(c, ctx, 'pv3', { x: AREA.x + tw * 0.25, y: AREA.y + topH * 0.52 }, { x: AREA.x, y: AREA.y, w: tw, h: topH }, 'top');
  return y + topH + 8;
}

/** The framing schedule across the sheet at y (drawn when `draw`); answers the y below it. */
function framingPanel(c: Canvas, ctx: SheetContext, y: number, draw = true): number {
  const W = AREA.w;
  const { headers, rows } = framingSchedule(ctx);
  const colWidths = columnWidths(c, headers, headers.map(() => 1 / headers.length), W - 10, c.minSize);
  const fh = c.tableHeight(headers, rows, colWidths) + c.sz(9) * 1.8 + 12;
  if (draw) {
    const fa = c.panel('ROOF FRAMING & ATTACHMENT SCHEDULE', AREA.x, y, W, fh);
    c.table(headers, rows, fa.x, fa.y, colWidths, { where: 'PV-3 framing schedule' });
  }
  return y + fh + 8;
}

/**
 * Where PV-3's checks panel starts when the set has a PV-3A, and how many checks it holds (the panel
 * runs across the sheet, with a line under the table pointing to PV-3A); PV-3A prints the rest.
 */
function continuedChecksCut(c: Canvas, ctx: SheetContext, rows: string[][]): { y: number; shown: number; noteH: number } {
  const y = framingPanel(c, ctx, AREA.y + TOP_H + 8, false);
  const noteH = c.lh(c.sz(7)) + 4;
  const inner = AREA.y + AREA.h - y - c.sz(9) * 1.8 - 8;
  return { y, noteH, shown: checkRowsFitting(c, rows, 0, AREA.w - 10, inner - noteH) };
}

/** How many of the check rows from `from` fit a table of width w in height h (a wrapped check takes a taller row). */
function checkRowsFitting(c: Canvas, rows: string[][], from: number, w: number, h: number): number {
  let n = rows.length - from;
  while (n > 0 && c.tableHeight(CHECK_HEADERS, rows.slice(from, from + n), checkWidths(c, w), { size: 6.5 }) > h) n--;
  return n;
}

/** Whether PV-3 holds everything on one sheet at the set's least text size (else the set has PV-3A). */
export function pv3FitsOneSheet(ctx: SheetContext): boolean {
  try {
    return lintSheet(buildPv3({ ...ctx, pages: ctx.pages.filter((p) => p.page !== 'pv3a') }), ctx.minPt).length === 0;
  } catch (e) {
    if (e instanceof DrawingOverflow) return false;
    throw e;
  }
}

export function buildPv3(ctx: SheetContext): Sheet {
  const { input } = ctx;
  const number = sheetNumber(input, 'pv3');
  const title = 'STRUCTURAL & ATTACHMENT';
  const c = new Canvas(ctx.m, ctx.minPt, `${number} ${title}`);
  drawTitleBlock(c, ctx, 'pv3', title, number);
  const W = AREA.w;
  const continued = ctx.pages.some((p) => p.page === 'pv3a');
  const showElev = req(input, 'elevation_detail').on || req(input, 'elevation_detail_file').on;
  // With a PV-3A the elevation detail goes there, and the attachment detail and framing sketch share the row.
  let y = topRow(c, ctx, showElev && !continued);
  y = framingPanel(c, ctx, y);
  const { rows: crow, ids } = checkRows(ctx);
  const ch = AREA.y + AREA.h - y;

  if (continued) {
    // The checks across the sheet, as many as fit; the rest, the design loads and basis, the elevation
    // detail and the PV-3 notes on PV-3A (at 10 pt text they do not all fit one sheet).
    const more = sheetNumber(input, 'pv3a');
    const { shown } = continuedChecksCut(c, ctx, crow);
    const ca = c.panel(checksTitle(ctx), AREA.x, y, W, ch);
    c.table(CHECK_HEADERS, crow.slice(0, shown), ca.x, ca.y, checkWidths(c, ca.w), {
      size: 6.5, where: 'PV-3 structural checks', checkIds: ids.slice(0, shown).map((k) => [k, k, k, k, undefined]),
    });
    const rest = crow.length - shown;
    c.text(`${rest ? `${rest} MORE CHECKS, ` : ''}DESIGN LOADS, STRUCTURAL BASIS${showElev ? ', ELEVATION DETAIL' : ''} AND PV-3 NOTES: SEE SHEET ${more}`, ca.x, ca.y + ca.h, { size: 7, bold: true, maxWidth: ca.w });
    return { key: 'pv3', number, title, prims: c.prims, frame: { x: 18, y: 18, w: 1188, h: 756 } };
  }

  // checks table + loads / notes side by side
  const loads = designLoads(ctx);
  // The design loads and structural basis are printed in full (the sheet states what was calculated); at the
  // 8 pt minimum several arrays' basis lines can outgrow a 40 % column, so the checks table (which already
  // cuts short with a pointer to the calculation package) gives up width until they fit above the PV-3 notes.
  const notesMinH = c.lh(c.sz(7)) * 3 + c.sz(9) * 1.8 + 12;
  const loadsHeight = (w: number) => c.notesHeight(loads, w - 8 - 10, { numbered: false }) + c.sz(9) * 1.8 + 12;
  let cw = W * 0.6;
  while (cw > W * 0.3 && loadsHeight(W - cw) > ch - notesMinH - 6) cw -= W * 0.05;
  const ca = c.panel(checksTitle(ctx), AREA.x, y, cw, ch);
  // as many checks as fit the panel (a wrapped check takes a taller row)
  let rowsFit = crow.length;
  // A table cut short keeps a line under it for the note saying so.
  const noteH = c.lh(c.sz(7)) + 2;
  while (rowsFit > 0 && c.tableHeight(CHECK_HEADERS, crow.slice(0, rowsFit), checkWidths(c, ca.w), { size: 6.5 }) > ca.h - (rowsFit < crow.length ? noteH : 0)) rowsFit--;
  const shown = crow.slice(0, rowsFit);
  c.table(CHECK_HEADERS, shown, ca.x, ca.y, checkWidths(c, ca.w), {
    size: 6.5, where: 'PV-3 structural checks', checkIds: ids.slice(0, rowsFit).map((k) => [k, k, k, k, undefined]),
  });
  if (shown.length < crow.length) c.text(`${crow.length - shown.length} MORE CHECKS IN THE STRUCTURAL CALCULATION PACKAGE`, ca.x, ca.y + ca.h, { size: 7, bold: true, maxWidth: ca.w });
  const lx = AREA.x + cw + 8;
  const lw = W - cw - 8;
  const lh = c.notesHeight(loads, lw - 10, { numbered: false }) + c.sz(9) * 1.8 + 12;
  const la = c.panel('DESIGN LOADS', lx, y, lw, lh);
  c.notes(loads, la.x, la.y, la.w, la.h + 2, { numbered: false, where: 'PV-3 design loads' });
  const nh = ch - lh - 6;
  if (nh < c.sz(9) * 1.8 + 8) throw new DrawingOverflow('PV-3 notes', `no room for the PV-3 notes below the design loads (${nh.toFixed(0)} pt)`);
  drawNotesPanel(c, ctx, 'pv3', sheetNotes(ctx, 'pv3'), { x: lx, y: y + lh + 6, w: lw, h: nh });
  return { key: 'pv3', number, title, prims: c.prims, frame: { x: 18, y: 18, w: 1188, h: 756 } };
}

/**
 * PV-3A, PV-3 continued (when PV-3 does not hold everything at the set's least text size, e.g. 10 pt):
 * the checks PV-3 had no room for (across the sheet, as on PV-3), then the design loads and structural
 * basis, the elevation detail and the PV-3 notes flowed down two columns. What still does not fit fails
 * the run naming the part.
 */
export function buildPv3a(ctx: SheetContext): Sheet {
  const { input } = ctx;
  const number = sheetNumber(input, 'pv3a');
  const c = new Canvas(ctx.m, ctx.minPt, `${number} ${PV3A_TITLE}`);
  drawTitleBlock(c, ctx, 'pv3a', PV3A_TITLE, number);
  const gap = 8;
  const colW = (AREA.w - gap) / 2;
  const bottom = AREA.y + AREA.h;
  let col = 0;
  // the columns start under the checks table
  let top = AREA.y;
  let y = top;
  const colX = () => AREA.x + col * (colW + gap);
  const nextColumn = (what: string) => {
    col++;
    y = top;
    if (col > 1) throw new DrawingOverflow(`${number} ${what}`, `PV-3 and ${number} have no room left for the ${what}`);
  };
  /** Room for a block of height h: this column if it fits, else the next. */
  const place = (h: number, what: string): Box => {
    if (y + h > bottom + 0.01) nextColumn(what);
    if (h > bottom - top + 0.01) throw new DrawingOverflow(`${number} ${what}`, `needs ${h.toFixed(0)} pt of height, a column has ${(bottom - top).toFixed(0)} pt`);
    const b = { x: colX(), y, w: colW, h };
    y += h + gap;
    return b;
  };

  // the checks PV-3 had no room for (the same cut as PV-3's), continuing its table across the sheet
  const { rows: crow, ids } = checkRows(ctx);
  const from = continuedChecksCut(c, ctx, crow).shown;
  const band = c.sz(9) * 1.8;
  if (from < crow.length) {
    const rest = crow.slice(from);
    const h = c.tableHeight(CHECK_HEADERS, rest, checkWidths(c, AREA.w - 10), { size: 6.5 }) + band + 8;
    if (h > AREA.h) throw new DrawingOverflow(`${number} structural checks`, `${rest.length} checks need ${h.toFixed(0)} pt of height, the sheet has ${AREA.h.toFixed(0)} pt`);
    const a = c.panel(`${checksTitle(ctx)}, CONTINUED FROM SHEET ${sheetNumber(input, 'pv3')}`, AREA.x, AREA.y, AREA.w, h);
    c.table(CHECK_HEADERS, rest, a.x, a.y, checkWidths(c, a.w), {
      size: 6.5, where: `${number} structural checks`, checkIds: ids.slice(from).map((k) => [k, k, k, k, undefined]),
    });
    top = AREA.y + h + gap;
    y = top;
  }

  const loads = designLoads(ctx);
  const lh = c.notesHeight(loads, colW - 10, { numbered: false }) + band + 12;
  const la = place(lh, 'DESIGN LOADS');
  const lp = c.panel('DESIGN LOADS', la.x, la.y, la.w, la.h);
  c.notes(loads, lp.x, lp.y, lp.w, lp.h + 2, { numbered: false, where: `${number} design loads` });

  if (req(input, 'elevation_detail').on || req(input, 'elevation_detail_file').on) {
    const eb = place(ELEVATION_H_PV3A, 'ELEVATION DETAIL');
    c.rect(eb.x, eb.y, eb.w, eb.h, { lineWidth: 1 }, 'G-BORD');
    elevationDetail(c, ctx, eb);
  }

  const notes = sheetNotes(ctx, 'pv3');
  const nb = place(notesPanelHeight(c, notes, colW), 'PV-3 NOTES');
  drawNotesPanel(c, ctx, 'pv3', notes, nb);
  return { key: 'pv3', number, title: PV3A_TITLE, prims: c.prims, frame: { x: 18, y: 18, w: 1188, h: 756 } };
}
