import type { Check, Report, Section } from '@sunstamp/engineering/report.schema';
import { LETTER_TITLES, type LetterInput, type LetterType } from './letter-input.schema.ts';

/*
 * The words of each letter, before any layout: a title, paragraphs, findings (each a number of the
 * report with its code section), and the report sections printed as calculation pages. Pure; the
 * PDF renderer lays this out, tests read it back from the PDF.
 */

export type LetterRefusalCode =
  | 'stress-analysis-prohibits-5-percent-letter'
  | 'added-load-over-5-percent'
  | 'structural-method-needs-analysis'
  | 'florida-only'
  | 'revision-data-required'
  | 'no-structural-checks'
  | 'no-interconnection'
  | 'code-editions-differ';

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
}

const num = (v: number | string | boolean) => (typeof v === 'number' ? String(Math.round(v * 100) / 100) : String(v));

export function refOf(c: Check): string {
  return `${c.ref.code} ${c.ref.edition} ${c.ref.section}`.replace(/^ASCE 7 7-/, 'ASCE 7-');
}

export function checkLine(c: Check): string {
  const value = `${num(c.value)}${c.unit ? ` ${c.unit}` : ''}`;
  const limit = c.limit ? ` ${c.limit.relation} ${num(c.limit.value)}${c.limit.unit ? ` ${c.limit.unit}` : ''}` : '';
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

function systemLine(r: Report): string {
  return `System size: ${num(r.summary.systemDcKw)} kW DC, ${num(r.summary.systemAcKw)} kW AC`;
}

/** "IEBC 2018" and "2018 IEBC" name one edition; "ASCE 7-16" and "ASCE 7 7-16" too. */
const editionKey = (s: string) => (s.match(/\d{4}|7-\d{2}/g) ?? []).join(' ');

export function composeLetter(input: LetterInput): ComposedLetter {
  const { job, report, engineer } = input;
  // A letter cites the AHJ's editions and the report's numbers: both must come from the same editions.
  for (const [mine, adopted] of [[report.codes.nec, input.codes.electrical], [report.codes.asce, input.codes.structural], [report.codes.iebc, input.codes.existingBuilding]] as const) {
    if (editionKey(mine) !== editionKey(adopted)) {
      throw new LetterRefusal(input.type, 'code-editions-differ', `The engineering report was calculated with ${mine}, but ${job.ahjName} adopted ${adopted}: recalculate with the AHJ's editions.`);
    }
  }
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
      `${input.firm.name} · ${input.firm.address} · ${input.firm.phone}`,
    ],
  };
  const compose = (paragraphs: string[], findings: Finding[], calculations: Section[]): ComposedLetter => {
    const pages = calculationPageNames(calculations);
    const withPages = pages.length ? [...paragraphs, `Calculation pages attached: ${pages.join('; ')}.`] : paragraphs;
    return { ...base, paragraphs: withPages, findings, calculations };
  };

  switch (input.type) {
    case 'structural_roof_letter':
    case 'post_install_letter': {
      const t = input.type;
      if (report.structuralExports.length > 0) {
        throw new LetterRefusal(t, 'structural-method-needs-analysis', `Array ${report.structuralExports.map((e) => e.arrayId).join(', ')} is designed with ${report.structuralExports[0]!.tool}: the letter needs that analysis's uploaded result, not the Prescriptive Method (5 %).`);
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
      return compose([lead, systemLine(report), `Arrays: ${calc.filter((s) => s.id.startsWith('structural.array.')).length}; attachments as shown on the plan set.`], structural.map(finding), calc);
    }
    case 'electrical_load_calculations': {
      const checks = checksWhere(report, (c, s) => s.id.startsWith('electrical.') && c.ref.code === 'NEC' && (c.id.endsWith('.voltage') || c.id.includes('interconnection.method') || c.id.endsWith('.ocpd') && c.id.includes('.run.') || c.id.endsWith('.ampacity-corrected') || c.id.endsWith('.voltage-drop') || c.id.includes('rapid-shutdown') || c.id.endsWith('source-current')));
      return compose([
        `We have reviewed the electrical design of the photovoltaic system at the above address for compliance with ${input.codes.electrical} Articles 690 and 705. Conductors, overcurrent protection, system voltage, rapid shutdown and the point of interconnection were calculated as summarised below; every check passes${report.summary.pass ? '' : ' except those marked NOT OK'}.`,
        systemLine(report),
        `Interconnection: ${report.interconnection.method ?? 'none'}${report.interconnection.rule ? ` (${report.interconnection.rule})` : ''}; main breaker ${report.interconnection.mainBreakerA} A on a ${report.interconnection.busbarA} A busbar.`,
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
