import type { GenerationErrorKey } from '../planset.errors.ts';
import { electricalCodeName, fmtKw, necEdition, type LogicalPage, type SheetLabel } from '../planset.model.ts';
import type { PlanSetInput } from '../input.schema.ts';
import type { PageText } from './pdf-text.ts';

/*
 * The cross-sheet consistency certificate (a set passes only with it), run on the text pdfjs extracts from the
 * rendered PDF, not on the model: what a reviewer reads is what is checked. Module count, kW DC/AC,
 * equipment models, OCPD ratings, conductor sizes and label values must agree across cover, PV-2,
 * PV-4, PV-5 and the cut sheets; every title block shows the same system size; the page count is the
 * model's; no sheet carries another edition's or jurisdiction's code text; no text under the AHJ
 * minimum size or off the page. Each finding names the sheet and the value.
 */

export interface ConsistencyFinding { sheet: string; page: LogicalPage | 'set'; what: string; value: string; detail: string; key: GenerationErrorKey }
export interface ConsistencyResult { ok: boolean; findings: ConsistencyFinding[]; checked: number; warnings: ConsistencyFinding[] }

export interface PageInfo { page: LogicalPage; number: string; title: string; expectModel?: string; datasheetText?: string }

const norm = (s: string) => s.replace(/\s+/g, ' ').replace(/[‐-―]/g, '-').trim().toUpperCase();

function keyOf(page: LogicalPage | 'set'): GenerationErrorKey {
  if (page === 'set') return 'title_block_failed';
  if (page.startsWith('cut')) return 'cut_sheets_failed';
  if (page === 'pv5a' || page === 'labels') return 'pv5_failed';
  if (page === 'pv3a') return 'pv3_failed';
  if (page === 'threeline' || page === 'ess' || page === 'calc' || page === 'calc2') return 'pv4_failed';
  return `${page}_failed` as GenerationErrorKey;
}

/** extra: values given pages must show (the electrical ratings and currents, check/electrical-consistency.ts). */
// eslint-disable-next-line max-lines-per-function -- one pass over the set's page texts, a few lines per sheet check (cover, roof plan, single line, labels, title blocks, cut sheets, code text) on the same indexes
export function checkConsistency(input: PlanSetInput, pages: PageInfo[], texts: PageText[], labels: SheetLabel[], minPt: number, extra: readonly { page: LogicalPage; what: string; value: string }[] = []): ConsistencyResult {
  const findings: ConsistencyFinding[] = [];
  const warnings: ConsistencyFinding[] = [];
  let checked = 0;
  const fail = (p: PageInfo | undefined, what: string, value: string, detail: string) =>
    findings.push({ sheet: p?.number ?? 'set', page: p?.page ?? 'set', what, value, detail, key: keyOf(p?.page ?? 'set') });

  if (texts.length !== pages.length) fail(undefined, 'page count', String(texts.length), `the PDF has ${texts.length} pages; the model has ${pages.length}`);
  const at = (p: LogicalPage) => {
    const i = pages.findIndex((q) => q.page === p);
    return i >= 0 && texts[i] ? { info: pages[i]!, text: norm(texts[i]!.text), raw: texts[i]! } : undefined;
  };
  const must = (p: LogicalPage, what: string, value: string) => {
    const pg = at(p);
    if (!pg) return;
    checked++;
    if (!pg.text.includes(norm(value))) fail(pg.info, what, value, `${pg.info.number} does not show ${what} "${value}"`);
  };

  const r = input.report;
  const e = input.equipment;
  const n = input.design.modules.length;
  const dc = `${fmtKw(r.summary.systemDcKw)} kW DC`;
  const ac = `${fmtKw(r.summary.systemAcKw)} kW AC`;
  // cover
  must('pv1', 'kW DC', dc);
  must('pv1', 'kW AC', ac);
  must('pv1', 'module count and model', `(${n}) ${e.module.manufacturer} ${e.module.model}`);
  must('pv1', 'inverter model', e.inverter.model);
  if (e.optimizer) must('pv1', 'optimizer model', e.optimizer.model);
  if (e.battery) must('pv1', 'battery model', e.battery.model);
  if (r.interconnection.pvBreakerA) must('pv1', 'PV breaker', `${r.interconnection.pvBreakerA} A PV BREAKER`);
  // roof plan: the per-plane counts add up to the module count
  const pv2 = at('pv2');
  if (pv2) {
    checked++;
    const sum = [...pv2.text.matchAll(/: (\d+) MOD\b/g)].reduce((s, m) => s + Number(m[1]), 0);
    if (sum !== n) fail(pv2.info, 'module count', String(sum), `${pv2.info.number} shows ${sum} modules on its roof planes; the set has ${n}`);
  }
  // single line: every conductor size and OCPD rating of the report, the models, the size
  for (const row of r.conductorSchedule) {
    must('pv4', `conductor size of run ${row.runId}`, row.conductorSize);
    if (row.ocpdA !== null) must('pv4', `OCPD of run ${row.runId}`, `${row.ocpdA} A`);
  }
  must('pv4', 'module model', e.module.model);
  must('pv4', 'inverter model', e.inverter.model);
  must('pv4', 'kW DC', dc);
  if (r.interconnection.pvBreakerA) must('pv4', 'PV breaker', `${r.interconnection.pvBreakerA} A PV BREAKER`);
  // labels: each engine label's lines with its values, on the page that carries the labels
  const labelPage: LogicalPage = pages.some((p) => p.page === 'labels') ? 'labels' : 'pv5';
  for (const l of labels) for (const ln of l.lines) must(labelPage, `label ${l.code}`, ln);
  for (const x of extra) must(x.page, x.what, x.value);
  // every title block shows the same system size
  texts.forEach((t, i) => {
    checked++;
    if (!norm(t.text).includes(norm(`SYSTEM: ${dc} / ${ac}`))) fail(pages[i], 'title block system size', `${dc} / ${ac}`, `${pages[i]?.number ?? i + 1} title block does not show ${dc} / ${ac}`);
  });
  // cut sheets: our frame names the model; the manufacturer's own text should too (a warning)
  pages.forEach((p, i) => {
    if (!p.page.startsWith('cut') || !p.expectModel) return;
    checked++;
    if (!norm(texts[i]?.text ?? '').includes(norm(p.expectModel))) fail(p, 'cut sheet model', p.expectModel, `${p.number} does not name ${p.expectModel}`);
    if (p.datasheetText !== undefined && !norm(p.datasheetText).replace(/[\s-]/g, '').includes(norm(p.expectModel).replace(/[\s-]/g, ''))) {
      warnings.push({ sheet: p.number, page: p.page, what: 'cut sheet model', value: p.expectModel, detail: `the datasheet on ${p.number} does not mention ${p.expectModel}`, key: 'cut_sheets_failed' });
    }
  });

  // code text of other editions and jurisdictions, our sheets only (cut sheets are the manufacturers')
  const ed = necEdition(r);
  const codeName = norm(electricalCodeName(input));
  const adopted = norm([input.job.codes.building, input.job.codes.residential, input.job.codes.existingBuilding, input.job.codes.fire, input.job.codes.structural, ...input.job.codes.other].filter(Boolean).join(' | '));
  const ICODE = /\b(IRC|IFC|IBC|IEBC) ?(20\d\d)\b|\b(20\d\d) (IRC|IFC|IBC|IEBC)\b/g;
  const adoptedPairs = new Set([...adopted.matchAll(ICODE)].map((m) => (m[1] ? `${m[1]} ${m[2]}` : `${m[4]} ${m[3]}`)));
  adoptedPairs.add(`${input.job.fireCode.code} ${input.job.fireCode.edition}`);
  const custom = norm(String(input.requirements.values.custom_applicable_codes?.value ?? ''));
  const forbiddenSections: Record<string, RegExp[]> = {
    '2017': [/\b690\.31\(D\)\(2\)/, /\b690\.12\(D\)/],
    '2020': [/\b690\.31\(G\)/, /\b690\.12\(D\)/],
    '2023': [/\b690\.53\b/, /\b690\.54\b/, /\b690\.56\(C\)/, /\b690\.31\(G\)/],
  };
  const STATE_CODES: [string, RegExp][] = [
    ['FL', /\bFLORIDA BUILDING CODE\b|\bFBC\b/], ['CA', /\bCALIFORNIA (?:BUILDING|RESIDENTIAL|FIRE) CODE\b|\bTITLE 24\b|\bCRC\b|\bCBC\b/],
    ['NY', /\bNEW YORK STATE UNIFORM CODE\b/], ['MA', /\b780 CMR\b/], ['NJ', /\bN\.J\.A\.C\./],
  ];
  pages.forEach((p, i) => {
    if (p.page.startsWith('cut')) return;
    let t = norm(texts[i]?.text ?? '');
    if (custom) for (const c of custom.split(';')) if (c.trim()) t = t.split(c.trim()).join(' ');
    checked++;
    for (const m of t.matchAll(/\b(?:(NEC|CEC) ?(20\d\d)|(20\d\d) (NEC|CEC))\b/g)) {
      const found = m[1] ? `${m[2]} ${m[1]}` : `${m[3]} ${m[4]}`;
      if (found !== codeName) fail(p, 'electrical code edition', found, `${p.number} cites ${found}; the AHJ's code is ${codeName}`);
    }
    for (const m of t.matchAll(ICODE)) {
      const pair = m[1] ? `${m[1]} ${m[2]}` : `${m[4]} ${m[3]}`;
      if (!adoptedPairs.has(pair)) fail(p, 'code edition', m[0], `${p.number} cites ${m[0]}, which is not among the AHJ's adopted codes`);
    }
    for (const re of forbiddenSections[ed] ?? []) {
      const m = re.exec(t);
      if (m) fail(p, 'code section', m[0], `${p.number} cites ${m[0]}, which is not the ${ed} NEC numbering`);
    }
    for (const [state, re] of STATE_CODES) {
      const m = state !== input.job.address.state.toUpperCase() ? re.exec(t) : null;
      if (m) fail(p, 'jurisdiction', m[0], `${p.number} cites ${m[0]} (${state}); the job is in ${input.job.address.state}`);
    }
    // size and page bounds as the PDF has them
    for (const it of texts[i]?.items ?? []) {
      if (it.size < minPt - 0.05) { fail(p, 'text size', it.str, `${p.number}: "${it.str}" is ${it.size.toFixed(1)} pt, under the AHJ minimum ${minPt} pt`); break; }
      if (it.x < 0 || it.y < 0 || it.x > (texts[i]!.width) || it.y > texts[i]!.height) { fail(p, 'frame', it.str, `${p.number}: "${it.str}" is off the page`); break; }
    }
  });
  return { ok: findings.length === 0, findings, checked, warnings };
}
