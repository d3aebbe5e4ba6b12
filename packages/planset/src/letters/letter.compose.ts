import type { Check, Report, Section } from '@sunstamp/engineering/report.schema';
import { checkDisplay } from '../check/check-display.ts';
import { groundMountSection } from '@sunstamp/engineering/structural/ground-mount.calc';
import { seismicSection } from '@sunstamp/engineering/structural/seismic.calc';
import { wallBatterySection } from '@sunstamp/engineering/structural/wall-battery.calc';
import { siteCriteriaDifference } from '@sunstamp/engineering/structural/site-criteria';
import { LETTER_TITLES, type LetterInput, type LetterType } from './letter-input.schema.ts';

/*
 * The words of each letter, before any layout: a title, paragraphs, findings (each a number of the
 * report with its code section), and the report sections printed as calculation pages. Pure; the
 * PDF renderer lays this out, tests read it back from the PDF.
 */

export type LetterRefusalCode =
  /** A derated main breaker without the Article 220 load calculation that justifies it (issue 25). */
  | 'load-calculation-required'
  | 'stress-analysis-prohibits-5-percent-letter'
  | 'added-load-over-5-percent'
  | 'structural-method-needs-analysis'
  | 'florida-only'
  | 'revision-data-required'
  | 'no-structural-checks'
  | 'no-interconnection'
  | 'code-editions-differ'
  /** The letter's wind speed or exposure is not the one its calculation used (issue 24, finding 7). */
  | 'design-criteria-differ'
  | 'ground-mount-design-required'
  | 'ground-mount-fails'
  | 'battery-mount-required'
  | 'battery-mount-fails'
  | 'seismic-design-category-required'
  | 'seismic-over-10-percent'
  | 'seismic-roof-area-required'
  | 'snow-load-reduced'
  | 'structural-checks-fail'
  | 'third-party-required'
  | 'structural-result-not-pdf';

/** A letter the engineer cannot sign for this job, with the reason in words staff can act on. */
export class LetterRefusal extends Error {
  readonly code: LetterRefusalCode;
  readonly letterType: LetterType;
  constructor(letterType: LetterType, code: LetterRefusalCode, message: string) {
    super(message);
    this.name = 'LetterRefusal';
    this.code = code;
    this.letterType = letterType;
  }
}

export interface Finding { text: string; ref: string }

export interface ComposedLetter {
  type: LetterType;
  title: string;
  subject: string;
  addressee: string[];
  paragraphs: string[];
  criteria: string[];
  findings: Finding[];
  closing: string[];
  /** The report sections printed after the letter, one or more pages each: C-1, C-2, … */
  calculations: Section[];
  /** A box on the letter page for another party's stamp (NABCEP or third-party stamps), with its caption. */
  stampBox?: string;
}

/** What the renderer knows before composing: the page count of an uploaded analysis result. */
export interface ComposeContext { analysisPages?: number }

/** "Array A1 (Forte) loads: Roof dead, Dead, 10 psf; …": an exported input as the letter prints it. */
function exportLines(report: Report): Finding[] {
  const fmt = (v: unknown): string => {
    if (Array.isArray(v)) return v.map(fmt).join('; ');
    if (v && typeof v === 'object') return Object.entries(v as Record<string, unknown>).map(([k, x]) => `${k} ${fmt(x)}`).join(', ');
    return typeof v === 'number' ? num(v) : String(v);
  };
  return report.structuralExports.flatMap((e) => Object.entries(e.input).map(([k, v]) => ({ text: `Array ${e.arrayId} ${k}: ${fmt(v)}`, ref: `${e.tool} input (exported)` })));
}

const asceEdition = (r: Report) => (r.codes.asce.match(/7-\d{2}/)?.[0] ?? '7-16') as '7-10' | '7-16' | '7-22';
const iebcEdition = (r: Report) => r.codes.iebc.match(/\d{4}/)?.[0] ?? '2018';
const riskOf = (r: string) => (['I', 'II', 'III', 'IV'].includes(r) ? r : 'II') as 'I' | 'II' | 'III' | 'IV';

const num = (v: number | string | boolean) => (typeof v === 'number' ? String(Math.round(v * 100) / 100) : String(v));

export function refOf(c: Check): string {
  return `${c.ref.code} ${c.ref.edition} ${c.ref.section}`.replace(/^ASCE 7 7-/, 'ASCE 7-');
}

export function checkLine(c: Check): string {
  const shown = checkDisplay(c);
  const value = shown.value;
  const limit = shown.limit ? ` ${shown.limit}` : '';
  const verdict = c.pass === null ? '' : c.pass ? ' — OK' : ' — NOT OK';
  return `${c.title}: ${value}${limit}${verdict}`;
}

const finding = (c: Check): Finding => ({ text: checkLine(c), ref: refOf(c) });

function checksWhere(report: Report, pred: (c: Check, s: Section) => boolean): Check[] {
  return report.sections.flatMap((s) => s.checks.filter((c) => pred(c, s)));
}

function sectionsWhere(report: Report, prefix: string): Section[] {
  return report.sections.filter((s) => s.id.startsWith(prefix));
}

/** Calculation page names of a composed letter's sections, as the letter lists them. */
export function calculationPageNames(sections: readonly Section[]): string[] {
  return sections.map((s, i) => `C-${i + 1} ${s.title}`);
}

function criteriaOf(input: LetterInput): string[] {
  const d = input.designCriteria;
  const out = [
    `Ultimate wind speed: ${d.windSpeedMph} mph, Exposure ${d.exposure}, Risk Category ${d.riskCategory} (${input.codes.structural})`,
    `Ground snow load: ${d.groundSnowLoadPsf} psf${input.requirements.unreducedSnowLoad ? ' (unreduced snow load required by the AHJ)' : ''}`,
  ];
  if (d.seismicDesignCategory) out.push(`Seismic design category: ${d.seismicDesignCategory}`);
  if (d.minDesignTempC !== undefined) out.push(`Minimum design temperature: ${d.minDesignTempC} °C (${input.codes.electrical} 690.7)`);
  out.push(`Codes: ${input.codes.building}, ${input.codes.residential}, ${input.codes.existingBuilding}, ${input.codes.structural}, ${input.codes.electrical}, ${input.codes.fire}`);
  return out;
}

/**
 * Per array, the framing and the attachment layout the roof plan draws, as the report checked it
 * (the longest drawn span and cantilever, the fewest attachments on a rail): the letter states what PV-2 shows.
 */
function railLines(r: Report): string[] {
  return r.sections.filter((s) => s.id.startsWith('structural.array.')).flatMap((s) => {
    const id = s.id.slice('structural.array.'.length);
    const get = (suffix: string) => s.checks.find((c) => c.id === `${s.id}.${suffix}`);
    const span = get('rail-span');
    const cant = get('rail-cantilever');
    const att = get('rail-attachments');
    const ballast = get('ballast');
    if (ballast) return [`Array ${id}: ballasted, ${ballast.value} psf of ballast against ${ballast.limit?.value} psf required.`];
    if (!span || !cant || !att) return [];
    const spanFt = span.inputs.find((i) => i.name === 'span')?.value;
    const n = (v: unknown) => Math.round(Number(v) * 10) / 10;
    // The rail's capacity with its source (the maker's value, or the class assumed and to be confirmed) and the cantilever limit's basis.
    const ma = span.inputs.find((i) => i.name.startsWith('M_allow'));
    const source = span.inputs.find((i) => i.name === 'rail capacity source')?.value;
    const limit = cant.inputs.find((i) => i.name.startsWith('cantilever limit ('));
    const limitSource = cant.inputs.find((i) => i.name === 'cantilever limit source')?.value;
    return [`Array ${id}: rails held by at least ${att.value} attachments each, spans up to ${n(Number(spanFt) * 12)} in. and cantilevers up to ${n(cant.value)} in. between attachments on the framing, as drawn on the roof plan.`,
      ...(ma && source ? [`Array ${id} rail capacity: ${n(ma.value)} lb-ft, ${source}.`] : []),
      ...(limit ? [`Array ${id} cantilever limit: ${n(limit.value)} in. (${limit.name.replace(/^cantilever limit \((.*)\)$/, '$1')})${limitSource ? `, ${limitSource}` : ''}.`] : [])];
  });
}

/**
 * Per array, the existing framing as the report's NDS check took it (what PV-3 states), with what is
 * assumed and what staff verified, the roof dead load and the member's verdict (issue 24, finding 7).
 */
function framingLines(r: Report): string[] {
  return r.sections.filter((s) => s.id.startsWith('structural.array.')).flatMap((s) => {
    const id = s.id.slice('structural.array.'.length);
    const bend = s.checks.find((c) => c.id === `${s.id}.member-bending`);
    if (!bend) return [];
    const get = (re: RegExp) => bend.inputs.find((i) => re.test(i.name));
    const assumed = bend.inputs.filter((i) => /\(assumed\)$/.test(i.name)).map((i) => i.name.replace(/ \(assumed\)$/, '').replace(/^longest horizontal /, ''));
    const roof = s.checks.find((c) => c.id === `${s.id}.roof-dead-load`);
    return [`Array ${id} existing framing: ${get(/^member \(/)?.value} at ${num(get(/^spacing \(/)?.value ?? '—')} in. on centre, longest horizontal span ${num(get(/^longest horizontal span \(/)?.value ?? '—')} in., ${get(/^species \(/)?.value} ${get(/^grade \(/)?.value}`
      + `${assumed.length ? ` (assumed, to be verified in the field before installation: ${assumed.join(', ')})` : ' (verified)'}`
      + `${roof ? `; existing roof dead load ${num(roof.value)} psf` : ''}; ${checkLine(bend)} (${refOf(bend)}).`];
  });
}

function systemLine(r: Report): string {
  return `System size: ${num(r.summary.systemDcKw)} kW DC, ${num(r.summary.systemAcKw)} kW AC`;
}

/**
 * A letter prints the interconnection method the design uses, with its verdict; the methods the
 * engine weighed and did not choose (no verdict: "load-side-tap: 0 A >= 230.38 A") stay in the
 * engineering report and the plan set, not in a sealed letter.
 */
export function onlyUsedInterconnection(section: Section): Section {
  if (section.id !== 'electrical.interconnection') return section;
  return { ...section, checks: section.checks.filter((c) => !(c.title.startsWith('Interconnection option:') && c.pass !== true)) };
}

/** "IEBC 2018" and "2018 IEBC" name one edition; "ASCE 7-16" and "ASCE 7 7-16" too. */
const editionKey = (s: string) => (s.match(/\d{4}|7-\d{2}/g) ?? []).join(' ');

// eslint-disable-next-line max-lines-per-function -- the letter's paragraphs in reading order, each a few lines citing the same editions and report numbers
export function composeLetter(input: LetterInput, context: ComposeContext = {}): ComposedLetter {
  const { job, report, engineer } = input;
  // A letter cites the AHJ's editions and the report's numbers: both must come from the same editions.
  for (const [mine, adopted] of [[report.codes.nec, input.codes.electrical], [report.codes.asce, input.codes.structural], [report.codes.iebc, input.codes.existingBuilding]] as const) {
    if (editionKey(mine) !== editionKey(adopted)) {
      throw new LetterRefusal(input.type, 'code-editions-differ', `The engineering report was calculated with ${mine}, but ${job.ahjName} adopted ${adopted}: recalculate with the AHJ's editions.`);
    }
  }
  // The criteria the letter states are those its calculation pages use: one source (issue 24, finding 7).
  const differ = siteCriteriaDifference(input.designCriteria, report);
  if (differ) throw new LetterRefusal(input.type, 'design-criteria-differ', `${differ}: recalculate, or correct the job's design criteria, so the letter and its calculation agree.`);
  const addr = `${job.address.street}, ${job.address.city}, ${job.address.state} ${job.address.zip}`.trim();
  const base = {
    type: input.type,
    title: LETTER_TITLES[input.type],
    subject: `RE: ${job.clientName} — ${addr}${job.revision > 0 ? ` (Revision ${job.revision})` : ''}`,
    addressee: [`${job.ahjName}`, 'Building Department'],
    criteria: criteriaOf(input),
    closing: [
      `${engineer.name}, P.E.`,
      `${engineer.licenceState} PE Licence No. ${engineer.licenceNumber} (expires ${engineer.licenceExpires})`,
      // The firm on a line of its own: name, address and phone on one line wrapped the phone number.
      input.firm.name,
      `${input.firm.address} · ${input.firm.phone}`,
    ],
  };
  const compose = (paragraphs: string[], findings: Finding[], sections: Section[]): ComposedLetter => {
    const calculations = sections.map(onlyUsedInterconnection);
    const pages = calculationPageNames(calculations);
    const withPages = pages.length ? [...paragraphs, `Calculation pages attached: ${pages.join('; ')}.`] : paragraphs;
    return { ...base, paragraphs: withPages, findings, calculations };
  };

  switch (input.type) {
    case 'structural_roof_letter':
    case 'post_install_letter': {
      const t = input.type;
      if (report.structuralExports.length > 0) {
        const tool = report.structuralExports[0]!.tool;
        const analysis = input.structuralAnalysis;
        if (!analysis || analysis.tool !== tool) {
          throw new LetterRefusal(t, 'structural-method-needs-analysis', `Array ${report.structuralExports.map((e) => e.arrayId).join(', ')} is designed with ${tool}: the letter needs that analysis's uploaded result, not the Prescriptive Method (5 %). Upload the ${tool} result (PDF) to the job's files and choose it as the structural analysis result.`);
        }
        const n = context.analysisPages ?? 0;
        const resultPages = n > 0 ? `R-1${n > 1 ? ` to R-${n}` : ''}` : 'R-1';
        const structural = checksWhere(report, (c) => c.id.startsWith('structural.') && !c.id.endsWith('.dead-load') && c.ref.code !== 'Sunstamp');
        // The member analysis replaces the span rule (a house rule); the attachments are still ours to pass.
        const failing = structural.filter((c) => c.pass === false);
        if (failing.length) throw new LetterRefusal(t, 'structural-checks-fail', `${failing.map(checkLine).join('; ')} (${refOf(failing[0]!)}): the attachments as designed do not carry the loads.`);
        const lead = t === 'structural_roof_letter'
          ? `We have reviewed the existing roof framing supporting the proposed photovoltaic system at the above address by a member analysis in ${tool} (a stress analysis, not the Prescriptive Method): each framing member was analysed in ${tool} with the loads exported below, derived per ${input.codes.structural}. The ${tool} result "${analysis.fileName}" is the member analysis of record for the existing framing (${input.codes.existingBuilding}) and is attached after the calculation pages.`
          : `Following the installation of the photovoltaic system at the above address, we have reviewed the as-built attachment of the arrays to the existing roof framing against the design analysed in ${tool}. The installation as built conforms to that design; the ${tool} result "${analysis.fileName}" is attached as pages ${resultPages}.`;
        const calc = sectionsWhere(report, 'structural.');
        return compose([lead, systemLine(report), `${tool} inputs (exported by the engineering report) for arrays ${report.structuralExports.map((e) => e.arrayId).join(', ')} are listed below with the wind, snow and attachment checks. Analysis result pages attached: ${resultPages} (${tool}: ${analysis.fileName}).`], [...structural.map(finding), ...exportLines(report)], calc);
      }
      if (input.requirements.stressAnalysis && t === 'structural_roof_letter') {
        throw new LetterRefusal(t, 'stress-analysis-prohibits-5-percent-letter', `${job.ahjName} requires a stress analysis (stress_analysis): a Prescriptive Method (5 %) letter is prohibited. Design the arrays with Forte or SkyCiv.`);
      }
      const added = checksWhere(report, (c) => c.id.endsWith('.added-load'));
      if (added.length === 0) throw new LetterRefusal(t, 'no-structural-checks', 'The engineering report has no structural checks for this job.');
      const over = added.filter((c) => c.pass === false);
      if (over.length > 0 && t === 'structural_roof_letter') {
        throw new LetterRefusal(t, 'added-load-over-5-percent', `${over.map(checkLine).join('; ')} (${refOf(over[0]!)}): the added load exceeds 5 %, so the Prescriptive Method letter does not apply.`);
      }
      const structural = checksWhere(report, (c) => c.id.startsWith('structural.') && !c.id.endsWith('.dead-load') && c.ref.code !== 'Sunstamp');
      const calc = sectionsWhere(report, 'structural.');
      const lead = t === 'structural_roof_letter'
        ? `We have reviewed the existing roof framing supporting the proposed photovoltaic system at the above address by the Prescriptive Method (5 %): the gravity load added to any existing structural member does not exceed 5 % of its existing load (${input.codes.existingBuilding} 503.3), so the existing structure is permitted to remain without alteration. The attachments were checked for wind uplift and snow per ${input.codes.structural}.`
        : `Following the installation of the photovoltaic system at the above address, we have reviewed the as-built attachment of the arrays to the existing roof framing against the design below. The installation as built conforms to the design and to ${input.codes.existingBuilding} 503.3 and ${input.codes.structural}.`;
      return compose([lead, systemLine(report), `Arrays: ${calc.filter((s) => s.id.startsWith('structural.array.')).length}; attachments as shown on the plan set.`, ...framingLines(report), ...railLines(report)], structural.map(finding), calc);
    }
    case 'electrical_load_calculations': {
      const checks = checksWhere(report, (c, s) => s.id.startsWith('electrical.') && c.ref.code === 'NEC' && (c.id.endsWith('.voltage') || c.id.includes('interconnection.method') || c.id.endsWith('.ocpd') && c.id.includes('.run.') || c.id.endsWith('.ampacity-corrected') || c.id.endsWith('.voltage-drop') || c.id.includes('rapid-shutdown') || c.id.endsWith('source-current') || c.id.startsWith('electrical.load.')));
      // The letter is titled "Load Calculations": a derated main is never certified without the
      // Article 220 calculation behind it, and the calculation is stated when the job has one (issue 25).
      const lc = report.loadCalculation ?? null;
      const derated = report.interconnection.method === 'main-breaker-derate';
      if (derated && !lc) {
        throw new LetterRefusal('electrical_load_calculations', 'load-calculation-required', `The main breaker is derated to ${report.interconnection.mainBreakerA} A: the letter needs the NEC Article 220 dwelling load calculation (220.82, 220.83 or 220.87) that shows the derated main carries the load. Enter the job's load calculation (CAD intake, Load Calculation).`);
      }
      const loadParagraph = lc
        ? `Dwelling load calculation (${input.codes.electrical} ${lc.method}): ${lc.lines.filter((l) => l.demandVa !== null).map((l) => `${l.item} ${Math.round(l.demandVa!)} VA`).join('; ')}; calculated load ${Math.round(lc.totalVa)} VA / ${lc.voltageV} V = ${lc.totalA} A, ${lc.pass ? 'within' : 'EXCEEDING'} the ${lc.serviceRatingA} A ${derated ? 'derated ' : ''}main breaker (230.79). The calculation is set out line by line on the calculation pages.`
        : 'The service is neither derated nor upgraded by this design: no Article 220 load calculation is required for the interconnection.';
      return compose([
        `We have reviewed the electrical design of the photovoltaic system at the above address for compliance with ${input.codes.electrical} Articles 690 and 705. Conductors, overcurrent protection, system voltage, rapid shutdown and the point of interconnection were calculated as summarised below; every check passes${report.summary.pass ? '' : ' except those marked NOT OK'}.`,
        systemLine(report),
        `Interconnection: ${report.interconnection.method ?? 'none'}${report.interconnection.rule ? ` (${report.interconnection.rule})` : ''}; main breaker ${report.interconnection.mainBreakerA} A on a ${report.interconnection.busbarA} A busbar.`,
        loadParagraph,
      ], checks.map(finding), sectionsWhere(report, 'electrical.'));
    }
    case 'busbar_certification': {
      const ic = report.interconnection;
      if (!ic.method) throw new LetterRefusal('busbar_certification', 'no-interconnection', 'The engineering report found no permitted interconnection: there is nothing to certify.');
      const checks = checksWhere(report, (c) => c.id.startsWith('electrical.interconnection.') && (c.pass === true || c.pass === false || c.id.endsWith('source-current')));
      return compose([
        `We certify that the existing ${ic.busbarA} A busbar with a ${ic.mainBreakerA} A main breaker at the above address may accept the photovoltaic source as designed: ${ic.method}${ic.rule ? ` by the ${ic.rule}` : ''}${ic.ref ? ` (${ic.ref.code} ${ic.ref.edition} ${ic.ref.section})` : ''}${ic.pvBreakerA ? `, with a ${ic.pvBreakerA} A PV breaker` : ''}.`,
        systemLine(report),
      ], checks.map(finding), sectionsWhere(report, 'electrical.interconnection'));
    }
    case 'revision_letter': {
      const data = input.revisionData;
      if (!data) throw new LetterRefusal('revision_letter', 'revision-data-required', 'A revision letter needs revision_letter_data: what changed and why.');
      const changes = data.changes.map((c) => `${c.item}${c.before || c.after ? `: ${c.before ?? '—'} → ${c.after ?? '—'}` : ''}`);
      return compose([
        `This letter describes Revision ${job.revision} of the design for the above address. Reason: ${data.reason}. ${data.description}`,
        ...(changes.length ? [`Changes: ${changes.join('; ')}.`] : []),
        `The calculations were repeated for the revised design; ${report.summary.pass ? 'all' : 'not all'} ${report.summary.checks} checks pass. ${systemLine(report)}.`,
      ], checksWhere(report, (c) => c.id.endsWith('.added-load') || c.id.includes('interconnection.method')).map(finding), report.sections);
    }
    case 'design_affidavit':
      return compose([
        `I, ${engineer.name}, a Professional Engineer licensed in ${engineer.licenceState} (No. ${engineer.licenceNumber}), affirm that the photovoltaic system design for the above address was prepared under my responsible charge and complies with ${input.codes.building}, ${input.codes.residential}, ${input.codes.existingBuilding}, ${input.codes.structural}, ${input.codes.electrical} and ${input.codes.fire} as adopted by ${job.ahjName}.`,
        `${report.summary.checks} calculations were made; ${report.summary.pass ? 'all pass' : `${report.summary.failures.length} do not pass`}. ${systemLine(report)}.`,
      ], checksWhere(report, (c) => c.id.endsWith('.added-load') || c.id.includes('interconnection.method') || c.id.endsWith('.voltage') && c.id.startsWith('electrical.string')).map(finding), report.sections);
    case 'structural_ground_mount_letter': {
      const g = input.groundMount;
      if (!g) throw new LetterRefusal(input.type, 'ground-mount-design-required', 'A ground-mount letter needs the array\'s design: racking, foundation, tilt, mean height, table depth, post spacing, posts per column, dead load and the foundation\'s allowable uplift, compression and lateral loads (the net pressure coefficients come from ASCE 7).');
      const d = input.designCriteria;
      const section = groundMountSection({ edition: asceEdition(report), windSpeedMph: d.windSpeedMph, exposure: d.exposure, groundSnowLoadPsf: d.groundSnowLoadPsf, riskCategory: riskOf(d.riskCategory), unreducedSnowLoad: input.requirements.unreducedSnowLoad, ...g });
      const failed = section.checks.filter((c) => c.pass === false);
      if (failed.length) throw new LetterRefusal(input.type, 'ground-mount-fails', `${failed.map(checkLine).join('; ')} (${refOf(failed[0]!)}): the posts as designed do not carry the loads.`);
      return compose([
        `We have reviewed the ground-mounted photovoltaic array at the above address on ${g.racking} racking with ${g.foundation} foundations. The array was analysed as an open monoslope structure for wind per ${input.codes.structural} Chapter 27 (net pressure coefficients of the monoslope free roof figure at the array's tilt) and for snow per ${input.codes.structural} Chapter 7, with the ASD load combinations of §2.4.1; the loads on each post are within the foundation capacities of the racking's design.`,
        systemLine(report),
        `Posts at ${num(g.postSpacingFt)} ft along the row, ${g.postsPerColumn} per column; ${num(g.tiltDeg)}° tilt, ${num(g.arrayDepthFt)} ft table depth, ${num(g.meanHeightFt)} ft mean height; dead load ${num(g.deadLoadPsf)} psf.`,
      ], section.checks.map(finding), [section]);
    }
    case 'wall_mounted_battery_letter': {
      const b = input.wallBattery;
      if (!b) throw new LetterRefusal(input.type, 'battery-mount-required', 'A wall-mounted battery letter needs a battery with a catalogue weight and depth, and the bracket\'s lag screws: count, top-row count, row spacing, diameter, thread penetration, stud species and the lateral design value Z (NDS Table 12K).');
      const section = wallBatterySection(b);
      const failed = section.checks.filter((c) => c.pass === false);
      if (failed.length) throw new LetterRefusal(input.type, 'battery-mount-fails', `${failed.map(checkLine).join('; ')} (${refOf(failed[0]!)}): the fasteners as designed do not carry the battery.`);
      return compose([
        `We have reviewed the wall mounting of ${b.count} × ${b.model} at the above address: ${num(b.weightLb)} lb and ${num(b.depthIn)} in. deep each (catalogue data), each unit on its own bracket. The bracket is fastened into the wall studs (${b.species}) with ${b.fasteners} lag screws of ${b.diameterIn} in. diameter and ${num(b.threadPenetrationIn)} in. thread penetration, ${b.topRowFasteners} in the top row, rows ${num(b.rowSpacingIn)} in. apart.`,
        'The fasteners were checked for shear, for withdrawal from the eccentric weight (centre of gravity at half the unit\'s depth) and for the two combined, per NDS 2018 with the load duration factor of a permanent load (C_D = 0.9); every check passes.',
      ], section.checks.map(finding), [section]);
    }
    case 'seismic_calculations': {
      const sdc = input.designCriteria.seismicDesignCategory;
      if (!sdc) throw new LetterRefusal(input.type, 'seismic-design-category-required', `${job.ahjName} has no seismic design category: set it on the AHJ (${input.codes.structural} §11.6) before the seismic calculations.`);
      const areas = input.seismic;
      if (!areas) throw new LetterRefusal(input.type, 'seismic-roof-area-required', 'The seismic calculations need the roof\'s plan area (roof_area_ft2) to compare the arrays\' weight with the roof\'s.');
      const arraySections = sectionsWhere(report, 'structural.array.');
      const deads = arraySections.flatMap((s) => s.checks.filter((c) => c.id.endsWith('.dead-load')).map((c) => Number(c.value)));
      // The 5 % check carries the roof dead load; a Forte job has no 5 % check but exports it among the member loads.
      const fromChecks = arraySections.flatMap((s) => s.checks.flatMap((c) => c.inputs)).filter((i) => i.name === 'roof dead load' && typeof i.value === 'number').map((i) => Number(i.value));
      const fromForte = report.structuralExports.flatMap((e) => (Array.isArray(e.input.loads) ? e.input.loads as { name?: unknown; psf?: unknown }[] : []))
        .filter((l) => l.name === 'Roof dead' && typeof l.psf === 'number').map((l) => l.psf as number);
      const roofs = fromChecks.length ? fromChecks : fromForte;
      if (!deads.length || !roofs.length) throw new LetterRefusal(input.type, 'no-structural-checks', 'The engineering report has no roof dead load to compare the arrays\' weight with (a SkyCiv export gives line loads only): enter the seismic comparison by hand or calculate with the Prescriptive Method or Forte.');
      const section = seismicSection(iebcEdition(report), sdc, { arrayDeadPsf: Math.max(...deads), arrayAreaFt2: areas.arrayAreaFt2, roofDeadPsf: Math.min(...roofs), roofAreaFt2: areas.roofAreaFt2 });
      const failed = section.checks.filter((c) => c.pass === false);
      if (failed.length) throw new LetterRefusal(input.type, 'seismic-over-10-percent', `${failed.map(checkLine).join('; ')} (${refOf(failed[0]!)}): the added weight is over 10 %, so the lateral force-resisting system must be analysed (${input.codes.structural} Chapter 12).`);
      const worst = Math.max(...section.checks.map((c) => Number(c.value)));
      return compose([
        `Seismic design category ${sdc} (${input.codes.structural} §11.6). The photovoltaic arrays at the above address add dead load to the roof only: ${num(areas.arrayAreaFt2)} ft² of arrays at up to ${num(Math.max(...deads))} psf on a roof of ${num(areas.roofAreaFt2)} ft² at ${num(Math.min(...roofs))} psf. The added seismic weight is ${num(worst)} % of the roof's own weight, no more than 10 %, so the existing lateral force-resisting elements are permitted to remain unaltered (${section.checks[0]!.ref.code} ${section.checks[0]!.ref.edition} ${section.checks[0]!.ref.section}).`,
        'The comparison bounds the increase from above: the building\'s seismic weight also holds its walls and floors.',
        systemLine(report),
      ], section.checks.map(finding), [section, ...arraySections]);
    }
    case 'appendix_g': {
      const calc = sectionsWhere(report, 'structural.');
      if (!calc.length) throw new LetterRefusal(input.type, 'no-structural-checks', 'The engineering report has no structural checks for this job.');
      const structural = checksWhere(report, (c) => c.id.startsWith('structural.') && c.ref.code !== 'Sunstamp');
      return compose([
        `Appendix G to the structural letter for the photovoltaic system at the above address, as ${job.ahjName} requires (appendix_g): the structural calculations, with the site wind pressure and snow load per ${input.codes.structural}, the array dead load, and the rail, attachment and framing checks, each with its code section.`,
        systemLine(report),
      ], structural.map(finding), calc);
    }
    case 'unreduced_snow_load': {
      const snow = checksWhere(report, (c) => c.id.endsWith('.snow-panels'));
      if (!snow.length) throw new LetterRefusal(input.type, 'no-structural-checks', 'The engineering report has no structural checks for this job.');
      const reduced = snow.filter((c) => c.inputs.find((i) => i.name === 'unreduced (requirement)')?.value !== true);
      if (reduced.length || !input.requirements.unreducedSnowLoad) throw new LetterRefusal(input.type, 'snow-load-reduced', `The engineering report reduced the snow load for roof slope (${reduced.map((c) => c.title).join('; ') || 'unreduced_snow_load is off'}): turn the AHJ's unreduced_snow_load requirement on and recalculate.`);
      const failing = checksWhere(report, (c) => c.id.startsWith('structural.') && c.pass === false);
      if (failing.length) throw new LetterRefusal(input.type, 'structural-checks-fail', `With the unreduced snow load, ${failing.map(checkLine).join('; ')} (${refOf(failing[0]!)}): the structure as designed does not carry it.`);
      const flat = checksWhere(report, (c) => c.id.endsWith('.snow-flat'));
      const pg = flat[0]?.inputs.find((i) => i.name === 'pg')?.value ?? input.designCriteria.groundSnowLoadPsf;
      const per = snow.map((c) => {
        const pf = flat.find((f) => f.id === c.id.replace('.snow-panels', '.snow-flat'));
        return `${c.title.replace(': sloped snow load on the panels', '')}: pf = ${pf ? num(pf.value) : '—'} psf, Cs = 1.0, ps = ${num(c.value)} psf${c.notes?.length ? ' (minimum roof snow load pm governs)' : ''}`;
      });
      return compose([
        `As ${job.ahjName} requires (unreduced_snow_load), the snow load on the arrays and on the roof at the above address was applied without reduction for roof slope: the slope factor Cs = 1.0 in ps = Cs · pf (${input.codes.structural} §7.4), with pf = 0.7 · Ce · Ct · Is · pg and pg = ${num(pg)} psf (§7.3). The exposure and thermal factors Ce and Ct are those of the site (Tables 7.3-1, 7.3-2).`,
        `${per.join('; ')}.`,
        'The unreduced snow load was used in the rail, attachment and existing framing checks below.',
      ], checksWhere(report, (c) => c.id.endsWith('.snow-flat') || c.id.endsWith('.snow-panels') || c.id.endsWith('.added-load') || c.id.endsWith('.rail-span')).map(finding), sectionsWhere(report, 'structural.'));
    }
    case 'third_party_stamp': {
      const tp = input.thirdParty;
      if (!tp) throw new LetterRefusal(input.type, 'third-party-required', 'A NABCEP or third-party stamp page needs who stamps the plan set: name, credential and certification or licence number.');
      const nabcep = tp.kind === 'nabcep';
      const who = `${tp.name}, ${tp.credential} No. ${tp.number}${tp.organisation ? ` (${tp.organisation})` : ''}`;
      return {
        ...compose([
          `${job.ahjName} requires the plan set for the above address to carry ${nabcep ? 'the stamp of a NABCEP-certified professional (NABCEP_stamp)' : 'a third-party stamp (third_party_stamps), which replaces the contractor stamp'}. The plan set is stamped by: ${who}.`,
          `The engineering calculations on which the plan set rests were made and sealed by ${engineer.name}, P.E. (${engineer.licenceState} No. ${engineer.licenceNumber}) under ${input.codes.structural}, ${input.codes.existingBuilding} and ${input.codes.electrical}: ${report.summary.checks} checks; ${report.summary.pass ? 'all pass' : `${report.summary.failures.length} do not pass`}. ${systemLine(report)}.`,
        ], [], []),
        stampBox: `${nabcep ? 'NABCEP' : 'Third-party'} stamp: ${who}`,
      };
    }
    case 'calculation_package':
      return compose([
        `Calculations for the photovoltaic system at the above address, made with ${report.codes.nec}, ${report.codes.asce} and ${report.codes.iebc} for the design criteria below. ${report.summary.checks} checks; ${report.summary.pass ? 'all pass' : `${report.summary.failures.length} do not pass`}.`,
        systemLine(report),
      ], report.summary.failures.map((f) => ({ text: `NOT OK: ${f.title}${f.remedy ? ` — ${f.remedy}` : ''}`, ref: f.id })), report.sections);
    case 'florida_statute_377_705':
      if (job.address.state !== 'FL') throw new LetterRefusal('florida_statute_377_705', 'florida-only', `The Florida Statute 377.705 certification applies to Florida jobs only; this job is in ${job.address.state}.`);
      return compose([
        `Pursuant to Florida Statute 377.705, I certify that the photovoltaic system for the above address has been designed in accordance with the Florida Building Code (${input.codes.building}, ${input.codes.existingBuilding}), ${input.codes.structural} and ${input.codes.electrical}, for the design criteria below.`,
        systemLine(report),
      ], checksWhere(report, (c) => c.id.endsWith('.added-load') || c.id.endsWith('.wind-uplift') || c.id.endsWith('.lag-withdrawal') || c.id.includes('interconnection.method')).map(finding), report.sections);
  }
}
