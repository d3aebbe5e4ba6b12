// The NEC labels of the system (issue 28: split out of electrical.calc.ts): presence, id, section and
// text keyed by edition (NEC_LABELS), from the facts the checks established.
import type { DesignInput } from '../design-input.schema.ts';
import type { Label } from '../report.schema.ts';
import { nec, round } from '../report.builder.ts';
import { necSection, type NecEdition } from '../tables/nec-sections.table.ts';
import { NEC_LABELS } from '../tables/nec-labels.table.ts';
import type { storageSection } from './storage.calc.ts';
import type { InterconnectionDecision } from './interconnection.calc.ts';

/** What the labels print or depend on, as the checks found it. */
export interface LabelFacts {
  maxDcVoltage: number;
  sourceCurrent: number;
  rsdPass: boolean;
  chosen: InterconnectionDecision['chosen'];
  storage: ReturnType<typeof storageSection>;
  systemAcKw: number;
}

// One list of labels in the order they are printed; each is a few lines of text keyed by edition, so the
// function is long (~70 lines) but flat: splitting it would only scatter the label texts.
export function electricalLabels(input: DesignInput, edition: NecEdition, facts: LabelFacts): Label[] {
  const { maxDcVoltage, sourceCurrent, rsdPass, chosen, storage, systemAcKw } = facts;
  const mod = input.equipment.module;
  const inv = input.equipment.inverter;
  const opt = input.equipment.optimizer;
  const svc = input.service;
  const labels: Label[] = [];
  const label = (purpose: keyof typeof NEC_LABELS, lines: string[], outsideArrayOnly = false): void => {
    const spec = NEC_LABELS[purpose][edition];
    if (spec) labels.push({ id: spec.id, purpose, ref: nec(edition, outsideArrayOnly && spec.sectionOutsideArrayOnly ? spec.sectionOutsideArrayOnly : spec.section), location: spec.location, lines });
  };
  if (inv.kind === 'string') {
    const maxCurrent = Math.max(...input.strings.map((s) => (opt ? opt.maxOutputCurrentA : 1.25 * mod.iscA) * (s.parallel > 1 ? s.parallel : 1)));
    // 2017 690.53: maximum voltage, maximum circuit current and the converter's rated output current;
    // 2020 690.53 and 2023 690.7(D): the highest maximum DC voltage only.
    label('dc-max-voltage', edition === '2017'
      ? ['PHOTOVOLTAIC DC POWER SOURCE', `MAXIMUM VOLTAGE: ${round(maxDcVoltage, 1)} V`, `MAXIMUM CIRCUIT CURRENT: ${round(maxCurrent, 2)} A`, ...(opt ? [`MAXIMUM RATED OUTPUT CURRENT OF DC-TO-DC CONVERTER: ${opt.maxOutputCurrentA} A`] : [])]
      : ['MAXIMUM DC VOLTAGE OF PV SYSTEM', `${round(maxDcVoltage, 1)} V`]);
  }
  // 690.54 (2017, 2020); deleted in 2023.
  // At the point of interconnection: every interactive source that lands there, the inverters and an
  // AC-coupled battery, as PV-4's circuit to the service carries them (issue 25: the label printed the
  // inverters' current alone, 24 A short of the single-line diagram with a Powerwall).
  label('ac-output-rating', ['PHOTOVOLTAIC SYSTEM AC OUTPUT', `RATED AC OUTPUT CURRENT: ${round(sourceCurrent, 2)} A`, `NOMINAL OPERATING AC VOLTAGE: ${inv.nominalAcVoltageV} V`]);
  // 690.56(C) (2017, 2020) → 690.12(D) (2023): same wording, inside-and-outside or outside-only variant.
  label('rapid-shutdown-placard', rsdPass
    ? ['SOLAR PV SYSTEM IS EQUIPPED WITH RAPID SHUTDOWN', 'TURN RAPID SHUTDOWN SWITCH TO THE "OFF" POSITION TO SHUT DOWN PV SYSTEM AND REDUCE SHOCK HAZARD IN THE ARRAY']
    : ['SOLAR PV SYSTEM IS EQUIPPED WITH RAPID SHUTDOWN', 'TURN RAPID SHUTDOWN SWITCH TO THE "OFF" POSITION TO SHUT DOWN CONDUCTORS OUTSIDE THE ARRAY', 'CONDUCTORS IN ARRAY REMAIN ENERGIZED IN SUNLIGHT'], !rsdPass);
  // Solar already on the building (issue 25): one placard per rapid-shutdown type. An existing system of the
  // new one's type is covered by its placard (the plan set draws both arrays on its diagram); another type
  // gets its own placard, worded for that type, and the building now has more than one type (or a system
  // with none), so each placard's diagram is the plan view the edition asks for then.
  const existing = input.existingPv;
  if (existing && existing.rapidShutdown !== (rsdPass ? 'array-level' : 'conductor-level')) {
    const spec = NEC_LABELS['rapid-shutdown-placard'][edition]!;
    const type = existing.rapidShutdown;
    const section = type === 'none' ? necSection('labelRapidShutdownMoreThanOneType', edition)
      : type === 'conductor-level' && spec.sectionOutsideArrayOnly ? spec.sectionOutsideArrayOnly : spec.section;
    labels.push({
      id: `${spec.id}-existing`, purpose: 'rapid-shutdown-placard', ref: nec(edition, section), location: spec.location,
      lines: type === 'none'
        ? ['EXISTING PV SYSTEM', 'THIS PV SYSTEM IS NOT EQUIPPED WITH RAPID SHUTDOWN', 'ITS ARRAY AND CONDUCTORS REMAIN ENERGIZED IN SUNLIGHT']
        : type === 'array-level'
          ? ['EXISTING PV SYSTEM', 'SOLAR PV SYSTEM IS EQUIPPED WITH RAPID SHUTDOWN', 'TURN RAPID SHUTDOWN SWITCH TO THE "OFF" POSITION TO SHUT DOWN PV SYSTEM AND REDUCE SHOCK HAZARD IN THE ARRAY']
          : ['EXISTING PV SYSTEM', 'SOLAR PV SYSTEM IS EQUIPPED WITH RAPID SHUTDOWN', 'TURN RAPID SHUTDOWN SWITCH TO THE "OFF" POSITION TO SHUT DOWN CONDUCTORS OUTSIDE THE ARRAY', 'CONDUCTORS IN ARRAY REMAIN ENERGIZED IN SUNLIGHT'],
    });
  }
  label('rapid-shutdown-switch', ['RAPID SHUTDOWN SWITCH FOR SOLAR PV SYSTEM']);
  // 705.12 busbar labels: same wording in the three editions, section from the chosen rule.
  const backfed = (section: string) => labels.push({ id: 'label.705-12-120', purpose: 'backfed-breaker', ref: nec(edition, section), location: 'Adjacent to the back-fed breaker', lines: ['WARNING', 'POWER SOURCE OUTPUT CONNECTION', 'DO NOT RELOCATE THIS OVERCURRENT DEVICE'] });
  if (chosen?.method === 'load-side-breaker' && chosen.rule.includes('120')) backfed(chosen.section);
  if (chosen?.method === 'main-breaker-derate') {
    // The derate relies on the 120 % allowance (or the centre-fed rule): the breaker position is part of it.
    backfed(necSection(svc.panelFeed === 'center-fed' ? 'busbarCenterFed' : 'busbar120', edition));
  }
  const sumLabel = (section: string, location: string) => labels.push({ id: 'label.705-12-sum', purpose: 'busbar-sum-of-breakers', ref: nec(edition, section), location, lines: ['WARNING', 'THIS EQUIPMENT FED BY MULTIPLE SOURCES. TOTAL RATING OF ALL OVERCURRENT DEVICES, EXCLUDING MAIN SUPPLY OVERCURRENT DEVICE, SHALL NOT EXCEED AMPACITY OF BUSBAR.'] });
  if (chosen?.method === 'load-side-breaker' && chosen.rule.startsWith('sum')) sumLabel(chosen.section, 'Panelboard');
  // The backup side's busbar (partial backup) carries its own 705.12 marking when a rule needs one.
  for (const bb of storage?.result.busbars ?? []) {
    if (!bb.pass) continue;
    const where = bb.panel === 'backup-panel' ? 'Backup loads panel' : 'Transfer equipment';
    if (bb.rule.includes('120')) labels.push({ id: `label.705-12-120.${bb.panel}`, purpose: 'backfed-breaker', ref: nec(edition, bb.section), location: `${where}, adjacent to the back-fed breaker`, lines: ['WARNING', 'POWER SOURCE OUTPUT CONNECTION', 'DO NOT RELOCATE THIS OVERCURRENT DEVICE'] });
    if (bb.rule.startsWith('sum')) sumLabel(bb.section, where);
  }
  // 690.13(B): every PV system disconnecting means. The AC disconnect of an interactive system has the
  // utility on its line side and the inverter on its load side, so both may be energized when open.
  label('pv-system-disconnect', ['PV SYSTEM DISCONNECT', 'WARNING: ELECTRIC SHOCK HAZARD', 'TERMINALS ON THE LINE AND LOAD SIDES MAY BE ENERGIZED IN THE OPEN POSITION']);
  // 706.7(D) (2017) / 706.15(C) (2020, 2023): the ESS disconnect. Items (2)–(4) (available fault current,
  // arc-flash label or clearing time, date of the calculation) do not apply to one- and two-family dwellings;
  // elsewhere the engine has no fault-current study, so the label says they are marked in the field.
  const ess = input.equipment.battery;
  if (ess && storage) {
    const v = storage.result.nominalVoltageV;
    const essLines = [
      ...(edition === '2017' ? ['ENERGY STORAGE SYSTEM'] : ['ENERGY STORAGE SYSTEM DISCONNECT']),
      `NOMINAL ESS VOLTAGE: ${v ?? 0} V${ess.coupling === 'dc' ? ' DC' : ' AC'}`,
      ...(input.site.occupancy === 'dwelling' ? [] : [`AVAILABLE FAULT CURRENT, ${edition === '2017' ? 'CLEARING TIME' : 'ARC-FLASH LABEL'} AND DATE OF CALCULATION: MARKED IN THE FIELD (${necSection('essDisconnectMarking', edition)}(2)–(4))`]),
      ...(edition === '2017' ? [] : ['WARNING: ELECTRIC SHOCK HAZARD', 'TERMINALS ON THE LINE AND LOAD SIDES MAY BE ENERGIZED IN THE OPEN POSITION']),
    ];
    label('ess-disconnect', essLines);
    // 480.7(B) (2020): a DC-coupled battery brings its DC circuit out of the unit (a stationary battery system over
    // 60 V DC, 480.7(A)); at a one- or two-family dwelling its disconnect, or the remote control of it, is outside
    // and labeled "EMERGENCY DISCONNECT". An AC-coupled unit's batteries stay inside its listed enclosure: not applied.
    if (input.site.occupancy === 'dwelling' && ess.coupling === 'dc' && (v ?? 0) > 60) {
      label('battery-emergency-disconnect', ['EMERGENCY DISCONNECT', 'STATIONARY BATTERY SYSTEM']);
    }
  }
  // 705.10: the power-source directory at the service equipment. From 2020 it carries "CAUTION: MULTIPLE
  // SOURCES OF POWER" and denotes where each source's disconnecting means is; the locations are printed
  // where the job gives them (service.disconnectLocations), otherwise the plan set's map shows them.
  const loc = svc.disconnectLocations;
  const at = (name: string, where: string | undefined) => (where ? `${name}: DISCONNECT AT ${where.toUpperCase()}` : name);
  label('power-source-directory', [
    ...(edition === '2017' ? ['POWER SOURCES ON THESE PREMISES'] : ['CAUTION: MULTIPLE SOURCES OF POWER']),
    at('UTILITY SERVICE', loc?.service),
    at(`${existing ? 'NEW ' : ''}PHOTOVOLTAIC SYSTEM (${round(systemAcKw, 2)} KW AC)`, loc?.pvSystem),
    ...(existing ? [at('EXISTING PHOTOVOLTAIC SYSTEM', existing.disconnectLocation)] : []),
    ...(ess ? [at(`ENERGY STORAGE SYSTEM${ess.energyKwh ? ` (${round(ess.count * ess.energyKwh, 1)} KWH)` : ''}`, loc?.energyStorage)] : []),
  ]);
  return labels;
}
