import { createHash } from 'node:crypto';
import { ZodError } from 'zod';
import { Canvas, DrawingOverflow } from './draw/canvas.ts';
import type { ImageTable, Sheet } from './draw/drawing.model.ts';
import { loadSheetFonts, type SheetFonts } from './draw/fonts.ts';
import { TextMeasure } from './draw/text.measure.ts';
import { checkConsistency, type ConsistencyResult, type PageInfo } from './check/consistency.check.ts';
import { electricalExpectations } from './check/electrical-consistency.ts';
import { LEAST_TEXT_PT, lintSheet, type LintFinding } from './check/drawing.lint.ts';
import { extractPdfText } from './check/pdf-text.ts';
import { sniffImage } from './images.ts';
import { ZPlanSetInput, type PlanSetInput } from './input.schema.ts';
import { checkRoofAccess } from './layout/auto-layout.ts';
import { railProblems, railsOfSet } from './check/rails.check.ts';
import { PlanSetError, messageOf, type GenerationErrorKey } from './planset.errors.ts';
import { drawingVariables, editionLabels, electricalSheets, fillVariables, planSetFacts, points, req, reqText, sheetNumber, TEMPLATE_VERSION, type LogicalPage } from './planset.model.ts';
import { assembleSet, loadCutSheets, type CutSheetSource } from './render/cut-sheets.ts';
import { renderModelspaceDxf } from './render/dxf.render.ts';
import { renderSheetsPdf } from './render/pdf.render.ts';
import { renderSheetSvg } from './render/svg.render.ts';
import { DEFAULT_CUT_SHEET_NOTES } from './sheets/notes.data.ts';
import { buildPv1 } from './sheets/pv1.sheet.ts';
import { buildPv2 } from './sheets/pv2.sheet.ts';
import { buildPv3, buildPv3a, pv3FitsOneSheet, PV3A_TITLE } from './sheets/pv3.sheet.ts';
import { buildPv4 } from './sheets/pv4.sheet.ts';
import { buildLabelsPage, buildPv5, buildPv5a, labelsFitOnPv5, sitePhotoRefs } from './sheets/pv5.sheet.ts';
import { buildCalc, buildEss, buildThreeLine, calcFitsOneSheet, CALC2_TITLE, ELECTRICAL_SHEET_TITLES } from './sheets/electrical-sheets.ts';
import { AREA, type SheetContext } from './sheets/sheet-context.ts';
import { combinerOf } from './sheets/electrical-model.ts';
import { placedAsOrdered } from './sheets/ordered-system.ts';
import { CONSISTENCY_STATEMENT, consistencyLine, drawTitleBlock, sheetSealSlots } from './sheets/title-block.sheet.ts';
import type { SealSlot } from './seals/seal-slots.ts';

/*
 * renderPlanSet: PlanSetInput → the set. Pure (bytes in, bytes out; the font is read once per
 * process). Stages follow the spec's generation events so the API run can report them:
 *   sheets (cad_generation_initiated: PV-1…PV-5, title blocks) → lint of the drawing model →
 *   cut sheets and modelspace (cut_sheets_initiated) → PDF assembly → consistency certificate
 *   (title_block_initiated "Cleaning Up") → done.
 * A failure is a PlanSetError with the spec §8 key of the part that failed and a detail naming the
 * sheet and value; cut-sheet problems are warnings and the set still completes.
 */

export type RenderStage = 'cad_generation_initiated' | 'cut_sheets_initiated' | 'title_block_initiated';

export interface RenderOptions {
  fonts?: SheetFonts;
  /** Called as each stage starts (the API turns these into progress events). */
  onStage?: (stage: RenderStage) => void;
  /** Skip the pdfjs consistency certificate (previews while designing). */
  skipConsistency?: boolean;
  /** Abort between stages (the run's own 120 s limit). */
  signal?: AbortSignal;
  /**
   * Build and lint PV-1…PV-5 and answer their SVGs only: no PDF, cut sheets, DXF or certificate (the
   * design page's live preview, and tests of what a requirement changes on a sheet).
   */
  sheetsOnly?: boolean;
  /**
   * With sheetsOnly: build and lint only these sheets (the set's page list, sheet index and title blocks
   * stay the whole set's). Tests of one discipline's sheets, e.g. the structural sheets at 10 pt.
   */
  only?: LogicalPage[];
}

export interface RenderedSheet { page: LogicalPage; number: string; title: string; svg: string }

export interface PlanSetResult {
  pdf: Uint8Array;
  dxf: string;
  sheets: RenderedSheet[];
  pageCount: number;
  pages: { page: LogicalPage; number: string; title: string }[];
  warnings: { key: 'cut_sheets_failed'; message: string; detail: string }[];
  certificate: ConsistencyResult | null;
  inputHash: string;
  templateVersion: string;
  /** Modules per plane etc. for the job page. */
  facts: ReturnType<typeof planSetFacts>;
  /** Where each PE seal the set needs goes (the sheets' stamp boxes); the set itself is a draft until sealed. */
  sealSlots: SealSlot[];
}

/** Stable hash of the input (bytes hashed, keys sorted) and the template version. */
export function hashPlanSetInput(input: PlanSetInput): string {
  const h = createHash('sha256');
  const walk = (v: unknown): unknown => {
    if (v instanceof Uint8Array) return { sha256: createHash('sha256').update(v).digest('hex') };
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, walk((v as Record<string, unknown>)[k])]));
    return v;
  };
  h.update(TEMPLATE_VERSION);
  h.update(JSON.stringify(walk(input)));
  return h.digest('hex');
}

/** Which part a bad input field belongs to (spec §8 keys). */
function keyOfPath(path: PropertyKey[]): GenerationErrorKey {
  const [a, b] = path.map(String);
  if (a === 'company' || a === 'contractor' || a === 'revisions' || a === 'stamps') return 'title_block_failed';
  if (a === 'design') {
    if (b === 'modules' || b === 'roofPlanes' || b === 'obstructions') return 'pv2_failed';
    if (b === 'attachments') return 'pv3_failed';
    if (b === 'runs' || b === 'strings' || b === 'branchCircuits') return 'pv4_failed';
    return 'pv1_failed';
  }
  if (a === 'equipment') return b === 'racking' ? 'pv3_failed' : 'pv4_failed';
  if (a === 'report') return 'pv4_failed';
  if (a === 'requirements' || a === 'requirementFiles' || a === 'sitePhotos') return 'pv5_failed';
  return 'pv1_failed';
}

function sheetKey(page: LogicalPage): GenerationErrorKey {
  if (page === 'pv5a' || page === 'labels') return 'pv5_failed';
  if (page === 'pv3a') return 'pv3_failed';
  if (page === 'threeline' || page === 'ess' || page === 'calc' || page === 'calc2') return 'pv4_failed';
  if (page.startsWith('cut')) return 'cut_sheets_failed';
  return `${page}_failed` as GenerationErrorKey;
}

function build<T = Sheet>(page: LogicalPage, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof PlanSetError) throw e;
    if (e instanceof DrawingOverflow && e.where === 'title block') throw new PlanSetError('title_block_failed', e.message);
    throw new PlanSetError(sheetKey(page), (e as Error).message);
  }
}

function imageTable(input: PlanSetInput): ImageTable {
  const t: ImageTable = {};
  const add = (ref: string, b: Uint8Array | undefined, key: GenerationErrorKey) => {
    if (!b) return;
    if (!sniffImage(b)) throw new PlanSetError(key, `${ref} is not a PNG or JPEG image`);
    t[ref] = b;
  };
  add('contractor-stamp', input.stamps.contractor, 'title_block_failed');
  add('company-logo', input.company.logo, 'title_block_failed');
  input.sitePhotos.attic.forEach((p, i) => add(`photo-attic-${i}`, p.bytes, 'pv5_failed'));
  input.sitePhotos.electrical.forEach((p, i) => add(`photo-electrical-${i}`, p.bytes, 'pv5_failed'));
  const elev = input.requirementFiles.elevation_detail_file?.[0];
  if (elev && req(input, 'elevation_detail_file').on && sniffImage(elev.bytes)) t['elevation-detail'] = elev.bytes;
  return t;
}

const CUT_BOX = { x: AREA.x, y: AREA.y + 22, w: AREA.w, h: AREA.h - 22 - 34 };

function buildCutFrame(ctx: SheetContext, page: LogicalPage, number: string, src: CutSheetSource, pageNo: number): Sheet {
  const title = `CUT SHEET — ${src.slot}`;
  const c = new Canvas(ctx.m, ctx.minPt, `${number} ${title}`);
  drawTitleBlock(c, ctx, page, title, number);
  c.text(`${src.slot}: ${src.title}${src.pageCount > 1 ? ` (PAGE ${pageNo + 1} OF ${src.pageCount})` : ''}`, AREA.x, AREA.y + 12, { size: 10, bold: true, maxWidth: AREA.w });
  c.rect(CUT_BOX.x, CUT_BOX.y, CUT_BOX.w, CUT_BOX.h, { lineWidth: 0.5, stroke: '#999' }, 'G-BORD');
  const cs = points(reqText(ctx.input, 'cut_sheet_spec_notes'));
  const notes = (cs.length ? cs : DEFAULT_CUT_SHEET_NOTES).map((n, i) => `${i + 1}. ${fillVariables(n, ctx.vars)}`).join('  ');
  c.para(notes, AREA.x, CUT_BOX.y + CUT_BOX.h + 4, AREA.w, 30, { size: 7, where: `${number} cut sheet notes` });
  return { key: 'pv5', number, title, prims: c.prims, frame: { x: 18, y: 18, w: 1188, h: 756 } };
}

// eslint-disable-next-line max-lines-per-function -- the set's render order is the point: sheet list, continuations, lint, render, certificate; each decision feeds the sheet index and title blocks built after it
export async function renderPlanSet(raw: unknown, opts: RenderOptions = {}): Promise<PlanSetResult> {
  const parsed = ZPlanSetInput.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new PlanSetError(keyOfPath(issue.path), `invalid input at ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  const input = placedAsOrdered(parsed.data, combinerOf(parsed.data) !== null);
  const abort = () => {
    if (opts.signal?.aborted) throw new PlanSetError('title_block_failed', 'generation stopped: time limit reached');
  };
  const fonts = opts.fonts ?? loadSheetFonts();
  const m = new TextMeasure(fonts);
  const inputHash = hashPlanSetInput(parsed.data);
  // The least text size: 8 pt on every set (the drawing lint's floor), more where the AHJ asks (min_text_size).
  const minPt = Math.max(LEAST_TEXT_PT, input.job.minTextPt, Number(reqText(input, 'min_text_size')) || 0);
  const size = { lengthIn: input.equipment.module.lengthIn, widthIn: input.equipment.module.widthIn };
  let access;
  try {
    access = checkRoofAccess(input.design.roofPlanes, input.design.modules, size, { fireCode: input.job.fireCode, roofIsHip: input.job.roofType === 'Hip Roof', obstructions: input.design.obstructions });
  } catch (e) {
    throw new PlanSetError('pv2_failed', (e as Error).message);
  }
  let labels;
  try {
    labels = editionLabels(input);
  } catch (e) {
    throw new PlanSetError('pv5_failed', (e as Error).message);
  }
  // The rails as drawn, read back from the attachments; the report must have checked exactly these.
  const { set: rails, problems: railGeometry } = railsOfSet(input);
  rails.problems = [...railGeometry, ...railProblems(input, rails)];
  const ctx: SheetContext = {
    input, m, vars: drawingVariables(input), facts: planSetFacts(input), labels, access, rails,
    images: imageTable(input), pages: [], inputHash, minPt,
  };

  // cut sheets first: their pages are part of the sheet index and the page count
  opts.onStage?.('cad_generation_initiated');
  const { sources, warnings: cutWarnings } = await loadCutSheets(input, { enforce: !opts.sheetsOnly });
  const hasPhotos = sitePhotoRefs(ctx).length > 0;
  // The sheet list grows as the system does (issue 25, finding 7): the electrical sheets after PV-4, and
  // the labels on a sheet of their own when asked for or when the system's labels outgrow PV-5.
  const electrical = electricalSheets(input);
  let separateLabels = req(input, 'labels_page').on;
  if (!separateLabels) {
    try {
      separateLabels = !labelsFitOnPv5(ctx);
    } catch (e) {
      throw new PlanSetError('pv5_failed', (e as Error).message);
    }
  }
  const logical: LogicalPage[] = ['pv1', 'pv2', 'pv3', 'pv4', ...electrical, 'pv5', ...(hasPhotos ? ['pv5a' as const] : []), ...(separateLabels ? ['labels' as const] : [])];
  const titles: Record<string, string> = { pv1: 'COVER & SITE PLAN', pv2: 'ROOF PLAN & ARRAY LAYOUT', pv3: 'STRUCTURAL & ATTACHMENT', pv4: 'SINGLE LINE DIAGRAM', ...ELECTRICAL_SHEET_TITLES, pv5: separateLabels ? 'NOTES & SPECIFICATIONS' : 'LABELS & NOTES', pv5a: 'SITE PHOTOS', labels: 'LABELS & PLACARDS' };
  ctx.pages = logical.map((p) => ({ page: p, number: sheetNumber(input, p), title: titles[p]! }));
  const reserved = new Set(sources.flatMap((s) => (s.fixedNumber && /^\d+$/.test(s.fixedNumber) ? [Number(s.fixedNumber)] : [])));
  const cutPages: { page: LogicalPage; number: string; title: string; src: CutSheetSource; srcPage: number }[] = [];
  let next = 6;
  for (const s of sources) {
    for (let i = 0; i < s.pageCount; i++) {
      let num: number | string;
      if (s.fixedNumber && i === 0) num = s.fixedNumber;
      else { while (reserved.has(next)) next++; num = next++; }
      const page = `cut${num}` as LogicalPage;
      const printed = sheetNumber(input, page);
      cutPages.push({ page, number: printed, title: `CUT SHEET — ${s.slot}`, src: s, srcPage: i });
    }
  }
  cutPages.sort((a, b) => parseFloat(a.page.slice(3)) - parseFloat(b.page.slice(3)) || a.page.localeCompare(b.page));
  ctx.pages.push(...cutPages.map((c) => ({ page: c.page, number: c.number, title: c.title })));
  // PV-3 continues on PV-3A when it does not hold everything at the least text size (10 pt AHJs): tried
  // before any sheet is built, so the sheet index and every title block know the set's pages.
  const pv3Continued = !build('pv3', () => ({ fits: pv3FitsOneSheet(ctx) })).fits;
  if (pv3Continued) ctx.pages.splice(ctx.pages.findIndex((p) => p.page === 'pv3') + 1, 0, { page: 'pv3a', number: sheetNumber(input, 'pv3a'), title: PV3A_TITLE });
  // The electrical calculations continue on a sheet of their own when they (with what PV-4 cannot hold at the
  // least text size) outgrow one: decided here too, so the index and title blocks list it.
  const calcContinued = electrical.includes('calc') && !build('calc', () => ({ fits: calcFitsOneSheet(ctx) })).fits;
  if (calcContinued) ctx.pages.splice(ctx.pages.findIndex((p) => p.page === 'calc') + 1, 0, { page: 'calc2', number: sheetNumber(input, 'calc2'), title: CALC2_TITLE });

  if (opts.only && !opts.sheetsOnly) throw new Error('renderPlanSet: `only` needs `sheetsOnly`');
  const sheets: Sheet[] = [];
  const add = (page: LogicalPage, fn: () => Sheet) => { if (!opts.only || opts.only.includes(page)) sheets.push(build(page, fn)); };
  add('pv1', () => buildPv1(ctx));
  abort();
  add('pv2', () => buildPv2(ctx));
  add('pv3', () => buildPv3(ctx));
  if (pv3Continued) add('pv3a', () => buildPv3a(ctx));
  add('pv4', () => buildPv4(ctx));
  const builders = { threeline: buildThreeLine, ess: buildEss, calc: (cx: typeof ctx) => buildCalc(cx) } as const;
  for (const p of electrical) {
    add(p, () => builders[p](ctx));
    if (p === 'calc' && calcContinued) add('calc2', () => buildCalc(ctx, 2));
  }
  add('pv5', () => buildPv5(ctx));
  if (hasPhotos) add('pv5a', () => buildPv5a(ctx));
  if (separateLabels) add('labels', () => buildLabelsPage(ctx));
  abort();

  // lint the drawing model before anything is rendered
  const pageOf = new Map<string, LogicalPage>();
  ctx.pages.forEach((p) => pageOf.set(p.number, p.page));
  const findings: LintFinding[] = sheets.flatMap((s) => lintSheet(s, minPt));
  if (findings.length) {
    const f = findings[0]!;
    const page = pageOf.get(f.sheet) ?? 'pv1';
    const inTitleBlock = sheets.find((s) => s.number === f.sheet)?.prims.some((p) => p.kind === 'text' && p.text === f.text && p.layer === 'G-TTLB');
    throw new PlanSetError(inTitleBlock ? 'title_block_failed' : sheetKey(page), `${f.sheet}: ${f.rule}: "${f.text.slice(0, 60)}" ${f.detail}${findings.length > 1 ? ` (+${findings.length - 1} more)` : ''}`);
  }

  if (opts.sheetsOnly) {
    return {
      pdf: new Uint8Array(), dxf: '', pageCount: ctx.pages.length, pages: ctx.pages, certificate: null, inputHash, templateVersion: TEMPLATE_VERSION, facts: ctx.facts,
      sealSlots: sheetSealSlots(ctx),
      warnings: cutWarnings.map((w) => ({ key: 'cut_sheets_failed' as const, message: messageOf('cut_sheets_failed'), detail: w.detail })),
      sheets: sheets.map((s) => ({ page: pageOf.get(s.number) ?? 'pv1', number: s.number, title: s.title, svg: renderSheetSvg(s, ctx.images, fonts.family, { embedImages: false }) })),
    };
  }

  opts.onStage?.('cut_sheets_initiated');
  const warnings = cutWarnings.map((w) => ({ key: 'cut_sheets_failed' as const, message: messageOf('cut_sheets_failed'), detail: w.detail }));
  const cutSheets: Sheet[] = [];
  for (const cp of cutPages) {
    try {
      cutSheets.push(buildCutFrame(ctx, cp.page, cp.number, cp.src, cp.srcPage));
    } catch (e) {
      if (e instanceof DrawingOverflow && e.where === 'title block') throw new PlanSetError('title_block_failed', e.message);
      throw new PlanSetError('cut_sheets_failed', (e as Error).message);
    }
  }
  let dxf: string;
  try {
    dxf = renderModelspaceDxf(ctx, access.access);
    // A DXF is pairs of lines, a group code (an integer) then a value; text that broke a pair would
    // make a file no CAD program opens.
    const lines = dxf.split(/\r?\n/);
    for (let k = 0; k + 1 < lines.length; k += 2) {
      if (!/^\s*-?\d+\s*$/.test(lines[k]!)) throw new Error(`line ${k + 1} of the DXF is not a group code ("${lines[k]!.slice(0, 40)}"): a text value holds a line break`);
    }
    const inserts = dxf.match(/^INSERT\r?$/gm)?.length ?? 0;
    if (inserts !== input.design.modules.length) {
      const lost = input.design.modules.filter((m) => !input.design.roofPlanes.some((p) => p.id === m.planeId));
      throw new Error(`${inserts} module blocks for ${input.design.modules.length} modules${lost.length ? `; ${lost.map((m) => `${m.id} is on unknown roof plane ${m.planeId}`).join(', ')}` : ''}`);
    }
  } catch (e) {
    throw new PlanSetError('modelspace_failed', (e as Error).message);
  }
  abort();

  opts.onStage?.('title_block_initiated');
  const all = [...sheets, ...cutSheets];
  // Each title block's statement that every cross-sheet check passed (issue 24 finding 9) goes into
  // the one render when the certificate runs: the checks below then read the very bytes this function
  // answers, statement included (its size and place are checked with the rest), and a set whose
  // checks fail is refused (PlanSetError) with its PDF dropped unread, so the statement leaves here
  // only on a set that passed. A set rendered without the certificate never carries it. (One render:
  // rendering again after the checks, only to add this line, cost a quarter of every generation.)
  if (!opts.skipConsistency) {
    const line = consistencyLine(m, minPt);
    for (const s of all) s.prims.push({ ...line });
  }
  let pdf: Uint8Array;
  try {
    const base = await renderSheetsPdf(all, ctx.images, fonts, {
      title: `${input.job.name} — plan set rev ${input.design.revision}`, author: input.company.name, subject: `PV plan set, ${input.job.clientName}`, date: input.job.date,
    });
    pdf = await assembleSet(base, cutPages.map((cp, i) => ({ pageIndex: sheets.length + i, source: cp.src, sourcePage: cp.srcPage, box: CUT_BOX })));
  } catch (e) {
    throw new PlanSetError('title_block_failed', `PDF assembly: ${(e as Error).message}`);
  }

  let certificate: ConsistencyResult | null = null;
  if (!opts.skipConsistency) {
    // The statement's own words never stand in for a value a sheet must show: they are taken out of
    // the text the checks match against (its items stay, for the size and frame checks).
    const texts = (await extractPdfText(pdf)).map((t) => ({ ...t, text: t.text.replace(CONSISTENCY_STATEMENT, ' ') }));
    const infos: PageInfo[] = ctx.pages.map((p) => ({ ...p }));
    // the datasheets' own text, for the cut-sheet model warning
    const bySource = new Map<CutSheetSource, string>();
    for (const cp of cutPages) {
      if (!cp.src.model || bySource.has(cp.src)) continue;
      try {
        bySource.set(cp.src, (await extractPdfText(cp.src.bytes)).map((t) => t.text).join(' '));
      } catch {
        bySource.set(cp.src, '');
      }
    }
    cutPages.forEach((cp) => {
      const info = infos.find((i) => i.page === cp.page && i.number === cp.number);
      if (info && cp.src.model) { info.expectModel = cp.src.model; info.datasheetText = bySource.get(cp.src); }
    });
    certificate = checkConsistency(input, infos, texts, labelsOnSet(ctx), minPt, electricalExpectations(ctx));
    if (!certificate.ok) {
      const f = certificate.findings[0]!;
      throw new PlanSetError(f.key === 'cut_sheets_failed' ? 'title_block_failed' : f.key, `consistency: ${f.detail}${certificate.findings.length > 1 ? ` (+${certificate.findings.length - 1} more)` : ''}`);
    }
    for (const w of certificate.warnings) warnings.push({ key: 'cut_sheets_failed', message: messageOf('cut_sheets_failed'), detail: w.detail });
  }

  const svgs: RenderedSheet[] = all.map((s, i) => ({ page: ctx.pages[i]!.page, number: s.number, title: s.title, svg: renderSheetSvg(s, ctx.images, fonts.family) }));
  return {
    pdf, dxf, sheets: svgs, pageCount: all.length, pages: ctx.pages, warnings, certificate, inputHash, templateVersion: TEMPLATE_VERSION, facts: ctx.facts,
    sealSlots: sheetSealSlots(ctx),
  };
}

function labelsOnSet(ctx: SheetContext) {
  return ctx.labels;
}

export { PlanSetError, ZodError };
