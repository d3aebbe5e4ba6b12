import { attachmentFor, type AttachmentKind } from '@sunstamp/domain/design/attachment-type.rules';
import type { PlanSetFacts } from '@sunstamp/domain/requirements/sticker-logic.data';
import type { Check, Label, Report } from '@sunstamp/engineering/report.schema';
import type { PlanSetInput } from './input.schema.ts';
import { ROOF_MATERIALS } from '@sunstamp/domain/catalogue/option-lists.data';

/*
 * What the sheets share, derived once from the input: requirement values, the facts sticker logic
 * reads, the {drawing variables}, printed sheet numbers, the electrical code name, the labels in
 * the wording of the AHJ's edition. Every number a sheet prints comes from here or from the report,
 * never computed twice, so the sheets cannot disagree (the consistency check proves it after render).
 */

/**
 * The drawings' version, printed in every title block and part of every run's input hash: a run of
 * the same job and inputs after the drawings changed is a new run (an install upgraded to new
 * drawings does not hand back the old set). Bumped whenever the sheets change; the golden snapshots'
 * fingerprint in template-version.test.ts holds us to it.
 */
export const TEMPLATE_VERSION = 'planset-2026.11.5';

export interface Req { on: boolean; value: unknown }

export function req(input: PlanSetInput, key: string): Req {
  const r = input.requirements.values[key];
  return r ? { on: r.on, value: r.value } : { on: false, value: undefined };
}
export const reqText = (input: PlanSetInput, key: string): string => {
  const r = req(input, key);
  return r.on && typeof r.value === 'string' ? r.value : '';
};
export const reqNumber = (input: PlanSetInput, key: string, dflt: number): number => {
  const r = req(input, key);
  return typeof r.value === 'number' ? r.value : dflt;
};
/** Semicolon-separated points (spec §5) → items, empty ones dropped. */
export const points = (s: string): string[] => s.split(';').map((x) => x.trim()).filter(Boolean);

export const fmtKw = (kw: number): string => kw.toFixed(2);

/** A roof material as printed: the option list's label for a stored value (corrugated_26ga → CORRUGATED METAL (26 GA)), else the words as given. */
export function roofMaterialName(material: string): string {
  const item = ROOF_MATERIALS.items.find((m) => m.value === material.trim().toLowerCase());
  return (item?.label ?? material.replace(/_/g, ' ')).toUpperCase();
}

/** The attachment of an array: the input's, else the usual one of its roofing (a plane of the array names it). */
export function attachmentOf(input: PlanSetInput, arrayId: string): { kind: AttachmentKind; name: string; intoFraming: boolean; penetrating: boolean; custom?: boolean } {
  const given = input.equipment.racking.attachments.find((a) => a.arrayId === arrayId);
  if (given) return given;
  const plane = input.design.roofPlanes.find((p) => p.arrayId === arrayId);
  const r = attachmentFor(plane?.material ?? '', null);
  if (!r.ok) throw new Error(`array ${arrayId}: ${r.message}`);
  return r.attachment;
}

export function check(report: Report, id: string): Check | undefined {
  for (const s of report.sections) for (const c of s.checks) if (c.id === id) return c;
  return undefined;
}

type LinkRule = readonly [RegExp, (m: RegExpExecArray) => string | readonly string[] | undefined];

/**
 * The check each printed line comes from, for the preview's links: the first rule whose pattern
 * matches the line names check ids (a function of the match); the first the report has is kept.
 */
export function linkLines(report: Report, lines: readonly string[], rules: readonly LinkRule[] = sheetLinkRules(report)): (string | undefined)[] {
  return lines.map((ln) => {
    for (const [re, id] of rules) {
      const m = re.exec(ln);
      if (!m) continue;
      const ids = id(m);
      return (typeof ids === 'string' ? [ids] : ids ?? []).find((k) => check(report, k));
    }
    return undefined;
  });
}

/** The lines the sheets print from the report (scope of work, single-line notes, labels) and their checks. */
export function sheetLinkRules(report: Report): LinkRule[] {
  const method = report.interconnection.method;
  const chosen = method ? `electrical.interconnection.${method}` : undefined;
  const maxV = maxStringVoltageCheck(report)?.id;
  return [
    [/^STRING (\S+): (MAXIMUM SYSTEM VOLTAGE|\d+ MODULES)/, (m) => `electrical.string.${m[1]}.voltage`],
    [/^BRANCH (\S+): \d+ MODULES/, (m) => `electrical.branch.${m[1]}.units`],
    [/^\(\d+\) .*PV MODULES$/, () => ['electrical.strings.module-count', 'electrical.micro.module-count']],
    [/AC DISCONNECT|^\d+ A (NON-)?FUSED/, () => 'electrical.ac-disconnect'],
    [/^(INTERCONNECTION|METHOD): /, () => 'electrical.interconnection.method'],
    [/^(MSP|BUSBAR) |^= .*: (OK|FAIL)$|^\d+ A (BUSBAR|MAIN BREAKER|PV BREAKER)$/, () => chosen],
    [/^RAPID SHUTDOWN: /, () => 'electrical.rapid-shutdown'],
    [/^RATED AC OUTPUT CURRENT/, () => 'electrical.interconnection.source-current'],
    [/^\d+(\.\d+)? ?V$|MAXIMUM (DC |PV )?(SYSTEM )?VOLTAGE/, () => maxV],
  ];
}

/** The string voltage check of the highest value (the DC label's maximum system voltage). */
export function maxStringVoltageCheck(report: Report): Check | undefined {
  let best: Check | undefined;
  for (const s of report.sections) {
    for (const c of s.checks) {
      if (/^electrical\.string\.[^.]+\.voltage$/.test(c.id) && typeof c.value === 'number' && (!best || c.value > (best.value as number))) best = c;
    }
  }
  return best;
}

export type InterconnectionFact = NonNullable<PlanSetFacts['interconnection']>;
export function interconnectionFact(method: string | null): InterconnectionFact | undefined {
  if (!method) return undefined;
  if (method === 'supply-side-tap') return 'supply_side_tap';
  if (method === 'load-side-breaker') return 'load_side_breaker';
  if (method === 'load-side-tap') return 'load_side_tap';
  return 'other';
}

export const INTERCONNECTION_NAMES: Record<string, string> = {
  'load-side-breaker': 'LOAD-SIDE BREAKER IN MSP',
  'load-side-tap': 'LOAD-SIDE TAP',
  'main-breaker-derate': 'MAIN BREAKER DERATE WITH LOAD-SIDE BREAKER',
  'supply-side-tap': 'SUPPLY-SIDE TAP',
};

export function planSetFacts(input: PlanSetInput): PlanSetFacts {
  const r = input.report;
  return {
    systemSizeKw: r.summary.systemDcKw,
    hasBattery: !!input.equipment.battery,
    backup: input.job.backup !== 'Non-Backup',
    interconnection: interconnectionFact(r.interconnection.method),
    hasOptimizers: !!input.equipment.optimizer,
    inverterType: input.equipment.inverter.type,
    hasAcDisconnect: r.equipment.acDisconnect.required,
    hasProductionMeter: r.equipment.productionMeter || req(input, 'production_meter').on,
    hasSubpanel: input.job.hasSubpanel,
    mainBreakerDerate: r.interconnection.method === 'main-breaker-derate',
    existingSolar: input.job.existingSolar,
    groundMount: input.job.groundMount,
    utilityProgram: input.job.dynamic.utility_program,
  };
}

// ------------------------------------------------------------------------------------------- codes

export type NecEdition = '2017' | '2020' | '2023';
/** California Electrical Code editions by the NEC edition they adopt (CEC 2019 ← 2017, 2022 ← 2020, 2025 ← 2023). */
const CEC_OF: Record<NecEdition, string> = { '2017': '2019', '2020': '2022', '2023': '2025' };

export function necEdition(report: Report): NecEdition {
  const m = /(2017|2020|2023)/.exec(report.codes.nec);
  return (m?.[1] ?? '2020') as NecEdition;
}

/** "2020 NEC" or, with dwg_electrical_code CEC, "2022 CEC". */
export function electricalCodeName(input: PlanSetInput): string {
  const ed = necEdition(input.report);
  return reqText(input, 'dwg_electrical_code') === 'CEC' ? `${CEC_OF[ed]} CEC` : `${ed} NEC`;
}
export const codePrefix = (input: PlanSetInput): string => (reqText(input, 'dwg_electrical_code') === 'CEC' ? 'CEC' : 'NEC');

/** The name of the interconnection point: RPA or point of interconnection (dwg_interconnection_label). */
export function interconnectionPointName(input: PlanSetInput): string {
  return reqText(input, 'dwg_interconnection_label').startsWith('Reference Point') ? 'REFERENCE POINT OF APPLICABILITY (RPA)' : 'POINT OF INTERCONNECTION';
}

// ------------------------------------------------------------------------------------------- labels

export interface SheetLabel {
  id: string;
  /** "NEC 690.56(C)(1)" in the drawing's code name. */
  code: string;
  section: string;
  title: string;
  lines: string[];
  location: string;
  /** ANSI Z535 signal colour. */
  color: 'Red' | 'Orange' | 'Yellow' | 'Blue' | 'White' | 'Black';
  warningIcon: boolean;
  whiteBackground: boolean;
  checkId?: string;
  custom: boolean;
}

/**
 * The engine's labels in the wording and numbering of the AHJ's NEC edition (research/planset.md
 * §1.8): 2023 moved the DC voltage label to 690.7(D), deleted 690.54 and put rapid-shutdown marking
 * under 690.12(D); 2017 words the placard "PHOTOVOLTAIC SYSTEM EQUIPPED WITH RAPID SHUTDOWN". The
 * engine's own refs are rewritten here so a sheet never mixes editions, whatever the engine emits.
 */
export function editionLabels(input: PlanSetInput): SheetLabel[] {
  const ed = necEdition(input.report);
  const pre = codePrefix(input);
  const point = interconnectionPointName(input);
  const out: SheetLabel[] = [];
  const push = (l: Label, section: string, lines: string[], color: SheetLabel['color'], title: string) =>
    out.push({ id: l.id, code: `${pre} ${section}`, section, title, lines, location: l.location.toUpperCase(), color, warningIcon: color !== 'Blue', whiteBackground: false, custom: false });
  // The engine now keys its labels by NEC edition (label.690-7-d, label.690-12-d…); older
  // reports use the 2017/2020 ids. Both map to one style here, and the section follows the edition.
  const ALIAS: Record<string, string> = { 'label.690-7-d': 'label.690-53', 'label.690-12-d': 'label.690-56-c', 'label.690-12-d-switch': 'label.690-56-c-switch', 'label.690-12-d-existing': 'label.690-56-c-existing' };
  const placardWording = ed === '2017' ? 'PHOTOVOLTAIC SYSTEM EQUIPPED WITH RAPID SHUTDOWN' : 'SOLAR PV SYSTEM IS EQUIPPED WITH RAPID SHUTDOWN';
  // A second placard (an existing system of another rapid-shutdown type): each placard then names its system.
  const twoPlacards = input.report.labels.some((l) => /^label\.690-(56-c|12-d)-existing$/.test(l.id));
  for (const l of input.report.labels) {
    switch (ALIAS[l.id] ?? l.id) {
      case 'label.690-53':
        push(l, ed === '2023' ? '690.7(D)' : '690.53', l.lines, 'Red', 'WARNING');
        break;
      case 'label.690-54':
        if (ed === '2023') break;
        push({ ...l, location: l.location.replace(/point of interconnection/i, point.toLowerCase()) }, '690.54', l.lines, 'Red', 'WARNING');
        break;
      case 'label.690-56-c': {
        const lines = [...l.lines];
        lines[0] = placardWording;
        if (twoPlacards) lines.unshift('NEW PV SYSTEM');
        // The section as the engine numbers it for the edition and the system's type (2017: (C)(1)(a) or (b); 2020: (C); 2023: 690.12(D)).
        push(l, l.ref.section.replace(/^NEC\s*/, '') || (ed === '2023' ? '690.12(D)' : '690.56(C)'), lines, 'Red', 'RAPID SHUTDOWN');
        break;
      }
      case 'label.690-56-c-existing':
        // The existing system's placard, worded for its type by the engine (the edition's wording of the first line).
        push(l, l.ref.section.replace(/^NEC\s*/, ''), l.lines.map((ln) => (ln === 'SOLAR PV SYSTEM IS EQUIPPED WITH RAPID SHUTDOWN' ? placardWording : ln)), 'Red', 'RAPID SHUTDOWN');
        break;
      case 'label.690-56-c-switch':
        push(l, ed === '2023' ? '690.12(D)(2)' : ed === '2017' ? '690.56(C)(3)' : '690.56(C)(2)', l.lines, 'Red', 'RAPID SHUTDOWN');
        break;
      case 'label.480-7-b':
        // 480.7(B) (2020): the battery system's outside emergency disconnect, white on red like the service's.
        push(l, l.ref.section.replace(/^NEC\s*/, ''), l.lines, 'Red', 'WARNING');
        break;
      default: {
        const section = l.ref.section.replace(/^NEC\s*/, '');
        push(l, section, l.lines, 'Orange', l.lines[0] === 'WARNING' ? 'WARNING' : 'CAUTION');
      }
    }
  }
  // DC circuits (string and optimizer systems) carry the PV power source marking.
  if (input.equipment.inverter.type === 'String Inverter' || input.equipment.inverter.type === 'True String Inverter') {
    const section = ed === '2017' ? '690.31(G)(3)' : '690.31(D)(2)';
    out.push({ id: 'label.pv-power-source', code: `${pre} ${section}`, section, title: 'WARNING', lines: ['PHOTOVOLTAIC POWER SOURCE'], location: 'DC RACEWAYS AND ENCLOSURES, EVERY 10 FT', color: 'Red', warningIcon: true, whiteBackground: false, custom: false });
  }
  if (req(input, 'placard_directory').on) {
    out.push({
      id: 'label.705-10', code: `${pre} 705.10`, section: '705.10', title: 'CAUTION',
      // The placard carries the plan view of sheet PV-5's directory map (issue 25: not "SEE SITE PLAN").
      lines: ['POWER TO THIS BUILDING IS ALSO SUPPLIED FROM THE FOLLOWING SOURCES WITH DISCONNECTS LOCATED AS SHOWN', `WITH THE 705.10 DIRECTORY MAP (PLAN VIEW) OF SHEET ${sheetNumber(input, 'pv5')} REPRODUCED ON THE PLACARD`],
      location: 'SERVICE EQUIPMENT', color: 'Yellow', warningIcon: true, whiteBackground: false, custom: false,
    });
  }
  return out;
}

// ------------------------------------------------------------------------------------------- sheet numbers

/** pv3a: PV-3 continued, when PV-3 does not hold everything at the set's least text size (sheets/pv3.sheet.ts). */
/** calc2: the electrical calculations continued, when they (with what PV-4 cannot hold) outgrow one sheet at the set's least text size. */
export type LogicalPage = 'pv1' | 'pv2' | 'pv3' | 'pv3a' | 'pv4' | ElectricalSheet | 'calc2' | 'pv5' | 'pv5a' | 'labels' | `cut${string}`;

/** Electrical sheets after PV-4 that the set grows as the system does (issue 25, finding 7). */
export type ElectricalSheet = 'threeline' | 'ess' | 'calc';

/**
 * Which of them the set has, in order: the three-line diagram where the AHJ's requirements ask for one
 * (three_line_diagram), the energy storage sheet when the system has storage, and the electrical
 * calculations sheet when the system goes beyond PV on a breaker (storage, a supply-side tap, a
 * derate or an upgrade with its load calculation). Each is lettered after PV-4 in this order.
 */
export function electricalSheets(input: PlanSetInput): ElectricalSheet[] {
  const r = input.report;
  const out: ElectricalSheet[] = [];
  if (req(input, 'three_line_diagram').on) out.push('threeline');
  if (r.storage || input.equipment.battery) out.push('ess');
  if (r.storage || r.loadCalculation || input.job.panelUpgrade || r.interconnection.method === 'supply-side-tap' || r.interconnection.method === 'main-breaker-derate') out.push('calc');
  return out;
}
const isElectricalSheet = (p: string): p is ElectricalSheet => p === 'threeline' || p === 'ess' || p === 'calc';

/** The letter after PV-4 of an electrical sheet; the calculations' continuation takes the one after the calculations'. */
function electricalLetter(input: PlanSetInput, page: ElectricalSheet | 'calc2'): string {
  const list = electricalSheets(input);
  return String.fromCharCode(65 + Math.max(0, page === 'calc2' ? list.indexOf('calc') + 1 : list.indexOf(page)));
}

/** The printed number of a page for the page_naming variant (requirement-options PAGE_NAMING_OPTIONS). */
export function sheetNumber(input: PlanSetInput, page: LogicalPage): string {
  const naming = String(req(input, 'page_naming').value ?? 'pv_dash');
  const pv = (n: number, suffix = '') => {
    if (naming === 'pv_plain') return `PV${n}${suffix}`;
    if (naming === 'pv_zero') return `PV-${String(n).padStart(2, '0')}${suffix}`;
    return `PV-${n}${suffix}`;
  };
  const cut = /^cut(\d+)([A-Z]?)$/.exec(page);
  if (isElectricalSheet(page) || page === 'calc2') {
    const letter = electricalLetter(input, page);
    return naming === 'discipline' ? `E-1${letter}` : pv(4, letter);
  }
  if (naming === 'discipline') {
    const map: Record<string, string> = { pv1: 'G-1', pv2: 'S-1', pv3: 'S-2', pv3a: 'S-2A', pv4: 'E-1', pv5: 'E-2', pv5a: 'E-2A', labels: 'E-2B' };
    if (cut) return `CS-${Number(cut[1]) - 5}${cut[2]}`;
    return map[page]!;
  }
  if (page === 'pv3a') return pv(3, 'A');
  if (page === 'pv5a') return pv(5, 'A');
  if (page === 'labels') return pv(5, 'B');
  if (cut) return pv(Number(cut[1]), cut[2]);
  return pv(Number(page.slice(2)));
}

/** The logical names a page answers to in the pages-to-stamp lists: its printed number and "PV-n". */
export function pageAliases(input: PlanSetInput, page: LogicalPage): string[] {
  const printed = sheetNumber(input, page);
  const canonical = isElectricalSheet(page) || page === 'calc2' ? `PV-4${electricalLetter(input, page)}` : page === 'pv3a' ? 'PV-3A' : page === 'pv5a' ? 'PV-5A' : page === 'labels' ? 'PV-5B' : page.startsWith('cut') ? `PV-${page.slice(3)}` : `PV-${page.slice(2)}`;
  return [...new Set([printed.replace(/\s/g, '').toUpperCase(), canonical])];
}

// ------------------------------------------------------------------------------------------- variables

export function drawingVariables(input: PlanSetInput): Record<string, string> {
  const r = input.report;
  const e = input.equipment;
  const ic = r.interconnection;
  const dc = check(r, 'electrical.strings.module-count');
  void dc;
  const maxDc = r.labels.find((l) => l.id === 'label.690-53' || l.id === 'label.690-7-d')?.lines[1] ?? '';
  const address = `${input.job.address.street}, ${input.job.address.city}, ${input.job.address.state} ${input.job.address.zip}`;
  return {
    system_size_dc_kw: fmtKw(r.summary.systemDcKw),
    system_size_ac_kw: fmtKw(r.summary.systemAcKw),
    module_count: String(input.design.modules.length),
    module_manufacturer: e.module.manufacturer,
    module_model: e.module.model,
    module_wattage: String(e.module.pmaxW),
    inverter_count: String(e.inverter.count),
    inverter_manufacturer: e.inverter.manufacturer,
    inverter_model: e.inverter.model,
    inverter_type: e.inverter.type,
    optimizer_model: e.optimizer?.model ?? 'N/A',
    optimizer_count: String(e.optimizer?.count ?? 0),
    battery_model: e.battery?.model ?? 'N/A',
    battery_count: String(e.battery?.count ?? 0),
    battery_energy_kwh: e.battery ? String(e.battery.energyKwh) : '0',
    max_ac_output_current: String(totalAcOutputA(input)),
    nominal_ac_voltage: String(e.inverter.nominalAcV),
    max_dc_voltage: maxDc.replace(/\s*V$/, ''),
    max_dc_current: String(r.conductorSchedule.find((c) => /string|dc/i.test(c.circuit))?.maxCurrentA ?? ''),
    dc_operating_voltage: String(e.module.vmpV),
    dc_operating_current: String(e.module.impA),
    pv_breaker_rating: ic.pvBreakerA === null ? 'N/A' : String(ic.pvBreakerA),
    main_breaker_rating: String(ic.mainBreakerA),
    busbar_rating: String(ic.busbarA),
    ac_disconnect_rating: r.equipment.acDisconnect.ratingA === null ? 'N/A' : String(r.equipment.acDisconnect.ratingA),
    ac_disconnect_fuse_rating: ic.fuseA === null ? 'N/A' : String(ic.fuseA),
    interconnection_method: ic.method ? (INTERCONNECTION_NAMES[ic.method] ?? ic.method.toUpperCase()) : 'N/A',
    utility_name: input.job.utilityName,
    ahj_name: input.job.ahjName,
    meter_number: input.job.utilityMeterNumber ?? '',
    site_address: address,
    client_name: input.job.clientName,
    contractor_name: input.contractor.name,
    contractor_license_num: input.contractor.licenseNum,
    electrical_code: electricalCodeName(input),
    date: input.job.date,
  };
}

/** Rated AC output current of the inverters (A), from the report's 690.54 label or the inverter data. */
export function totalAcOutputA(input: PlanSetInput): number {
  const l = input.report.labels.find((x) => x.id === 'label.690-54');
  const m = l && /CURRENT:\s*([\d.]+)/.exec(l.lines.join(' '));
  if (m) return Number(m[1]);
  const i = input.equipment.inverter;
  return Math.round(i.maxContinuousOutputA * i.count * 100) / 100;
}

/** Fill `{name}` placeholders; an unknown name stays as written (validation refuses those at save time). */
export function fillVariables(text: string, vars: Record<string, string>): string {
  return text.replace(/\{([a-z_0-9]+)\}/g, (all, name: string) => vars[name] ?? all);
}
