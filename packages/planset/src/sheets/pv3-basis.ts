import { Canvas } from '../draw/canvas.ts';
import { attachmentOf, check, req, roofMaterialName } from '../planset.model.ts';
import type { PlanSetInput } from '../input.schema.ts';
import type { Check } from '@sunstamp/engineering/report.schema';
import { PlanSetError } from '../planset.errors.ts';
import { attachmentSpacingIn, cantileverIn } from './pv2.sheet.ts';
import { type SheetContext } from './sheet-context.ts';
import { codeRefText } from '@sunstamp/engineering/report.builder';
import { siteCriteriaDifference } from '@sunstamp/engineering/structural/site-criteria';
import { checkDisplay } from '../check/check-display.ts';
import { fmt } from './pv3-details.ts';

/* PV-3's text: the structural basis lines, the framing schedule, the checks table's rows and widths, the design loads. */

export const inputOf = (c: Check | undefined, name: string | RegExp) => c?.inputs.find((i) => (typeof name === 'string' ? i.name === name : name.test(i.name)));

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
  const perArray = new Map<string, string[]>();
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
    perArray.set(id, out);
    const key = out.join('\n');
    groups.set(key, [...(groups.get(key) ?? []), id]);
  }
  const label = (ids: string[]) => `${ids.length > 1 ? 'ARRAYS' : 'ARRAY'} ${ids.join(', ')}`;
  // Arrays with the same basis: one block, named on its first line.
  if (groups.size <= 1) return [...groups].flatMap(([key, ids]) => key ? key.split('\n').map((l, i) => (i === 0 ? `${label(ids)} ${l}` : l)) : []);
  // Arrays that differ (often only in a drawn cantilever): each line once, naming the arrays it is for,
  // instead of every array's whole block again.
  const lines = new Map<string, { ids: string[]; at: number }>();
  for (const [id, out] of perArray) {
    out.forEach((l, at) => {
      const seen = lines.get(l);
      if (seen) seen.ids.push(id);
      else lines.set(l, { ids: [id], at });
    });
  }
  // In the blocks' order: an array's own line sits beside the other arrays' line of the same kind.
  return [...lines].sort((a, b) => a[1].at - b[1].at).map(([l, { ids }]) => `${label(ids)} ${l}`);
}

/** PV-3A's title: PV-3 continued (the sheet index lists it). */

export function framingSchedule(ctx: SheetContext): { headers: string[]; rows: string[][] } {
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
      attachmentShortName(attachmentOf(input, p.arrayId).name),
      ...(attachmentOf(input, p.arrayId).kind === 'ballast' ? ['BALLAST', 'BALLAST'] : [`${fmt(attachmentSpacingIn(ctx, p.arrayId))}"`, `${fmt(cantileverIn(ctx, p.arrayId))}"`]), dead ? `${fmt(dead.value)} PSF` : '—',
    ];
  });
  const headers = ['PLANE', 'ARRAY', 'FRAMING', 'SIZE', 'SPACING', 'SPANS', 'SPECIES / GRADE', 'PITCH', 'ROOF', ...(showLayers ? ['LAYERS'] : []), 'ROOF DEAD LOAD', 'ATTACHMENT', 'MAX SPAN', 'MAX CANT.', 'PV DEAD LOAD'];
  return { headers, rows };
}

/**
 * The attachment's name for the schedule: up to its first comma outside parentheses ("FLASHED L-FOOT,
 * LAG SCREWED TO RAFTER" → "FLASHED L-FOOT"); a comma inside parentheses is part of the name, so a
 * custom "ROOF TECH RT-MINI (FLASHLESS, SEALANT-BASED)" is printed whole, never cut to "(FLASHLESS".
 */
export function attachmentShortName(name: string): string {
  let depth = 0;
  for (let i = 0; i < name.length; i++) {
    const ch = name[i];
    if (ch === '(') depth += 1;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === ',' && depth === 0) return name.slice(0, i).trim();
  }
  return name.trim();
}

/** The engine's structural checks as PV-3's table rows, with their ids (the PDF links each value to its check). */
export function checkRows(ctx: SheetContext): { rows: string[][]; ids: string[] } {
  const checks = ctx.input.report.sections.filter((s) => s.id.startsWith('structural')).flatMap((s) => s.checks);
  return {
    rows: checks.map((k) => [
      k.title.toUpperCase(), checkDisplay(k).value, k.limit ? checkDisplay(k).limit : '—',
      k.pass === null ? '—' : k.pass ? 'OK' : 'FAIL', k.ref.code === 'Sunstamp' ? codeRefText(k.ref) : `${k.ref.code} ${k.ref.section}`, // editions: in the panel's title
    ]),
    ids: checks.map((k) => k.id),
  };
}

export const CHECK_HEADERS = ['CHECK', 'VALUE', 'LIMIT', 'RESULT', 'REFERENCE'];
/**
 * Column widths from shares of w, each at least as wide as its header's longest word in bold at the
 * table's size, so no header word breaks ("RESUL / T"); the wider columns give up what the others need.
 */
export function columnWidths(c: Canvas, headers: string[], shares: number[], w: number, size: number): number[] {
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

export const CHECK_SHARES = [0.37, 0.11, 0.13, 0.06, 0.33];
export const checkWidths = (c: Canvas, w: number) => columnWidths(c, CHECK_HEADERS, CHECK_SHARES, w, 6.5);
export const checksTitle = (ctx: SheetContext) => `STRUCTURAL CHECKS (${ctx.input.report.codes.asce}, ${ctx.input.report.codes.iebc})`;

/** The design loads and structural basis PV-3 prints above the engine's calculation. */
export function designLoads(ctx: SheetContext): string[] {
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

