import type { DesignInput } from '../design-input.schema.ts';
import type { Check, StorageResult } from '../report.schema.ts';
import { check, nec } from '../report.builder.ts';
import { necSection, type NecEdition } from '../tables/nec-sections.table.ts';
import { standardRatingAtOrAbove } from '../tables/nec-240-6.table.ts';
import { EngineRefusalError } from '../engine-refusal.ts';
import { evaluateLoadSideBreaker, type InterconnectionInput } from './interconnection.calc.ts';
import type { InterconnectionMethod } from '../design-input.schema.ts';

/*
 * Energy storage (Article 706; 702 for backup) as a residential PV job meets it:
 * - AC-coupled: the battery's own inverter output is a power source at the busbar (705.12) beside
 *   the PV inverter, on an AC circuit sized by 706.30 (706.20 in 2017);
 * - DC-coupled: the batteries are on the DC side of a hybrid inverter, on a DC circuit sized by the
 *   same rule (nameplate current; OCPD ≥ 125 %; conductor ampacity ≥ the larger of the current and the
 *   OCPD rating); the inverter's continuous output is the only AC source;
 * - backup: transfer equipment (702.5) whole-home or partial; the standby source must carry the load it
 *   picks up (702.4: the full transferred load, or what a load management system connects), and 705.12
 *   is checked on the busbar the sources actually land on.
 */

const p = 'equipment.battery';

/** Inputs the storage rules need, refused with their paths when absent or contradictory. */
export function validateStorage(input: DesignInput): void {
  const b = input.equipment.battery;
  const backup = input.service.backup;
  const missing: string[] = [];
  if (b?.coupling === 'ac' && b.continuousOutputCurrentA === undefined) missing.push(`${p}.continuousOutputCurrentA`);
  if (b?.coupling === 'dc') {
    if (b.maxContinuousCurrentA === undefined) missing.push(`${p}.maxContinuousCurrentA`);
    if (b.nominalVoltageV === undefined) missing.push(`${p}.nominalVoltageV`);
  }
  for (const r of input.runs) {
    if (r.carries.kind === 'battery' && b?.coupling !== 'ac') {
      throw new EngineRefusalError(b ? 'configuration-not-supported' : 'inputs-missing', b ? `Run ${r.id} carries an AC battery circuit, but the battery is DC-coupled: use carries.kind 'battery-dc' for the battery's DC circuit.` : `Run ${r.id} carries a battery circuit but no battery is given.`, b ? [] : [p]);
    }
    if (r.carries.kind === 'backup-feeder' && !(backup?.kind === 'partial' && backup.backupPanel)) {
      throw new EngineRefusalError('inputs-missing', `Run ${r.id} is a backup feeder: it needs a partial backup with its backup panel and supply breaker (service.backup.backupPanel).`, ['service.backup.backupPanel']);
    }
    if (r.carries.kind === 'battery-dc' && b?.coupling !== 'dc') {
      throw new EngineRefusalError(b ? 'configuration-not-supported' : 'inputs-missing', b ? `Run ${r.id} carries a DC battery circuit, but the battery is AC-coupled: use carries.kind 'battery' for its AC output circuit.` : `Run ${r.id} carries a battery circuit but no battery is given.`, b ? [] : [p]);
    }
  }
  if (b?.coupling === 'dc' && input.equipment.inverter.kind !== 'string') {
    throw new EngineRefusalError('configuration-not-supported', 'A DC-coupled battery connects to the DC side of a hybrid (multimode) string inverter; micro-inverters have no DC bus for it. Use an AC-coupled battery.');
  }
  if (backup) {
    if (!b) missing.push(p);
    if (backup.kind === 'partial' && !backup.backupPanel) missing.push('service.backup.backupPanel');
    if (backup.kind === 'whole-home' && backup.sourcesConnectTo === 'backup-panel') {
      throw new EngineRefusalError('configuration-not-supported', 'Whole-home backup has no backup loads panel: the sources connect to the main panel or to the transfer equipment.');
    }
    if (backup.sourcesConnectTo === 'transfer-equipment' && backup.transferEquipment.busbarA === undefined) missing.push('service.backup.transferEquipment.busbarA');
    if (backup.loadManagement && backup.managedLoadA === undefined) missing.push('service.backup.managedLoadA');
    if (!backup.loadManagement && backup.kind === 'partial' && backup.backedUpLoadA === undefined) missing.push('service.backup.backedUpLoadA');
    if (!backup.loadManagement && backup.kind === 'whole-home' && !input.service.loadCalculation && input.service.calculatedLoadA === undefined) missing.push('service.loadCalculation');
  }
  if (missing.length > 0) {
    throw new EngineRefusalError('inputs-missing', `The energy storage rules need: ${missing.join(', ')}. ${missingWhy(missing)}`, missing);
  }
}

function missingWhy(missing: string[]): string {
  const why: string[] = [];
  if (missing.some((m) => m.endsWith('continuousOutputCurrentA'))) why.push('An AC-coupled battery is a power source at the busbar: its continuous output current is added to the inverters\' (705.12).');
  if (missing.some((m) => m.endsWith('maxContinuousCurrentA'))) why.push('A DC-coupled battery circuit is sized on the nameplate-rated circuit current of the ESS (706.30(A)(1)).');
  if (missing.some((m) => m.endsWith('nominalVoltageV'))) why.push('The ESS disconnect is marked with the nominal ESS voltage (706.15(C)).');
  if (missing.some((m) => m === 'service.loadCalculation' || m.endsWith('backedUpLoadA') || m.endsWith('managedLoadA'))) why.push('With automatic transfer the standby source must carry the full load it transfers, or the most a load management system connects (702.4).');
  if (missing.includes('service.backup.backupPanel')) why.push('Partial backup feeds a backup loads panel: give its busbar and the breaker that supplies it.');
  if (missing.includes('service.backup.transferEquipment.busbarA')) why.push('The sources land on the transfer equipment: 705.12 is checked on its busbar.');
  return why.join(' ');
}

/** Continuous AC output of the AC-coupled batteries, A (0 when DC-coupled or none). */
export function acBatteryCurrentA(input: DesignInput): number {
  const b = input.equipment.battery;
  return b && b.coupling === 'ac' ? b.count * (b.continuousOutputCurrentA ?? 0) : 0;
}

/** Nameplate-rated current of the DC-coupled battery circuit, A (706.30(A)(1)). */
export function dcBatteryCurrentA(input: DesignInput): number {
  const b = input.equipment.battery;
  return b && b.coupling === 'dc' ? b.count * (b.maxContinuousCurrentA ?? 0) : 0;
}

export type PanelName = 'main-panel' | 'transfer-equipment' | 'backup-panel';

export interface ConnectionPlan {
  /** The busbar the interconnection method is chosen on (where the system meets the service). */
  primary: { panel: PanelName; busbarA: number; mainBreakerA: number; sourceBreakerA?: number; notApplicable?: Partial<Record<InterconnectionMethod, string>> };
  /** Partial backup with the sources on the backup side: that busbar, checked with the load-side rules of 705.12(B). */
  secondary: { panel: PanelName; busbarA: number; mainBreakerA: number; sumOfBranchBreakersA?: number } | null;
}

/**
 * Where 705.12 applies. Without backup, or with the sources in the main panel: the main panel. Whole-home
 * backup with the sources in the transfer equipment: its busbar and main (it is the service equipment).
 * Partial backup with the sources on the backup side: the main panel, back-fed through the breaker that
 * supplies the backup side, and the backup-side busbar (transfer equipment or backup loads panel) with
 * that breaker as its main.
 */
export function connectionPlan(input: DesignInput): ConnectionPlan {
  const svc = input.service;
  const backup = svc.backup;
  const main = { panel: 'main-panel' as const, busbarA: svc.busbarA, mainBreakerA: svc.mainBreakerA };
  if (!backup || backup.sourcesConnectTo === 'main-panel') return { primary: main, secondary: null };
  const te = backup.transferEquipment;
  if (backup.kind === 'whole-home') {
    return { primary: { panel: 'transfer-equipment', busbarA: te.busbarA ?? 0, mainBreakerA: te.mainBreakerA ?? svc.mainBreakerA }, secondary: null };
  }
  const bp = backup.backupPanel!;
  const fedFromBreaker = 'the backup side is supplied from a breaker in the main panel, which is the connection';
  return {
    primary: { ...main, sourceBreakerA: bp.supplyBreakerA, notApplicable: { 'supply-side-tap': fedFromBreaker, 'load-side-tap': fedFromBreaker } },
    secondary: backup.sourcesConnectTo === 'transfer-equipment'
      ? { panel: 'transfer-equipment', busbarA: te.busbarA ?? 0, mainBreakerA: te.mainBreakerA ?? bp.supplyBreakerA }
      : { panel: 'backup-panel', busbarA: bp.busbarA, mainBreakerA: bp.supplyBreakerA, ...(bp.sumOfBranchBreakersA !== undefined ? { sumOfBranchBreakersA: bp.sumOfBranchBreakersA } : {}) },
  };
}

const PANEL_TITLE: Record<PanelName, string> = { 'main-panel': 'main panel', 'transfer-equipment': 'transfer equipment', 'backup-panel': 'backup loads panel' };

/** 705.12(B) on the backup-side busbar: 100 %, 120 % (source breaker at the far end) or sum of breakers. */
export function secondaryBusbarCheck(base: InterconnectionInput, bus: NonNullable<ConnectionPlan['secondary']>, edition: NecEdition): { check: Check; busbar: StorageResult['busbars'][number] } {
  const sourceBreakerA = standardRatingAtOrAbove(1.25 * base.sourceCurrentA);
  const ev = evaluateLoadSideBreaker({ ...base, busbarA: bus.busbarA, mainBreakerA: bus.mainBreakerA, sumOfBranchBreakersA: bus.sumOfBranchBreakersA, panelFeed: 'end-fed' }, sourceBreakerA);
  const c = check({
    id: `electrical.storage.busbar.${bus.panel}`, title: `Power sources on the ${PANEL_TITLE[bus.panel]} busbar (${ev.rule})`,
    inputs: [['I_sources', base.sourceCurrentA, 'A'], ['busbar', bus.busbarA, 'A'], ['supply OCPD (main of this busbar)', bus.mainBreakerA, 'A'], ['source breaker', sourceBreakerA, 'A']],
    formula: ev.formula, value: ev.value, unit: 'A', limit: { relation: ev.relation, value: ev.limit }, pass: ev.fits,
    ref: nec(edition, ev.section),
    remedy: `The ${PANEL_TITLE[bus.panel]} busbar cannot take the sources: a larger busbar, a smaller supply breaker, or connect the sources elsewhere`,
    notes: [ev.fits ? `Fits: ${ev.reason}` : `Does not fit: ${ev.reason}`],
  });
  return { check: c, busbar: { panel: bus.panel, busbarA: bus.busbarA, mainBreakerA: bus.mainBreakerA, sourcesA: base.sourceCurrentA, rule: ev.rule, section: ev.section, value: ev.value, limit: ev.limit, pass: ev.fits } };
}

/** The storage checks (backup: transfer equipment and standby capacity) and the report's storage block. */
export function storageSection(input: DesignInput, edition: NecEdition, dwellingLoadA: number | undefined, busbars: StorageResult['busbars'], busbarChecks: Check[]): { checks: Check[]; result: StorageResult } | null {
  const b = input.equipment.battery;
  if (!b) return null;
  const inv = input.equipment.inverter;
  const acV = inv.nominalAcVoltageV;
  const checks: Check[] = [];
  const ref = (rule: Parameters<typeof necSection>[0]) => nec(edition, necSection(rule, edition));
  const acA = acBatteryCurrentA(input);
  const dcA = dcBatteryCurrentA(input);
  checks.push(check({
    id: 'electrical.storage.disconnect', title: 'Energy storage system disconnecting means',
    inputs: [['coupling', b.coupling], ['units', b.count], ['nominal ESS voltage', b.nominalVoltageV ?? (b.coupling === 'ac' ? acV : 0), 'V']],
    formula: 'a disconnecting means for all ungrounded conductors derived from the ESS, marked per the edition', value: 'required', unit: '',
    ref: nec(edition, `${necSection('essDisconnect', edition)}; ${necSection('essDisconnectMarking', edition)}`),
  }));
  let backup: StorageResult['backup'] = null;
  const sb = input.service.backup;
  if (sb) {
    const te = sb.transferEquipment;
    const supplyA = sb.kind === 'whole-home' ? te.mainBreakerA ?? input.service.mainBreakerA : sb.backupPanel!.supplyBreakerA;
    const teOk = te.ratingA >= supplyA - 1e-9;
    checks.push(check({
      id: 'electrical.storage.transfer-equipment', title: `Transfer equipment (${sb.kind === 'whole-home' ? 'whole-home' : 'partial'} backup)`,
      inputs: [['transfer equipment', te.model], ['rating', te.ratingA, 'A'], [sb.kind === 'whole-home' ? 'service main breaker' : 'supply breaker of the backup side', supplyA, 'A']],
      formula: 'I_transfer equipment ≥ OCPD that supplies it', value: te.ratingA, unit: 'A', limit: { relation: '>=', value: supplyA }, pass: teOk,
      ref: nec(edition, `${necSection('transferEquipment', edition)}; 110.3(B)`),
      remedy: `Use transfer equipment rated at least ${supplyA} A, or supply it from a smaller breaker`,
    }));
    // 702.4: the standby source carries what the automatic transfer equipment picks up. The battery is the
    // standby source (PV is not available at night); a DC-coupled system is limited by the smaller of the
    // hybrid inverter's output and the batteries' DC power at the AC voltage.
    const standbyA = b.coupling === 'ac'
      ? acA
      : Math.min(inv.count * inv.continuousOutputCurrentA, (dcA * (b.nominalVoltageV ?? 0)) / acV);
    const loadA = sb.loadManagement ? sb.managedLoadA! : sb.kind === 'whole-home' ? dwellingLoadA! : sb.backedUpLoadA!;
    const loadName = sb.loadManagement ? 'maximum load connected by the load management system' : sb.kind === 'whole-home' ? 'calculated load of the dwelling (Article 220)' : 'calculated load of the backup loads panel';
    const capOk = standbyA >= loadA - 1e-9;
    const section = `${necSection('standbyCapacity', edition)}${edition === '2023' ? '' : sb.loadManagement ? '(b)' : '(a)'}`;
    checks.push(check({
      id: 'electrical.storage.standby-capacity', title: 'Standby capacity of the energy storage system',
      inputs: b.coupling === 'ac'
        ? [['units', b.count], ['I_battery,cont', b.continuousOutputCurrentA ?? 0, 'A'], [loadName, loadA, 'A']]
        : [['inverter output', inv.count * inv.continuousOutputCurrentA, 'A'], ['battery DC', dcA, 'A'], ['battery voltage', b.nominalVoltageV ?? 0, 'V'], ['AC voltage', acV, 'V'], [loadName, loadA, 'A']],
      formula: b.coupling === 'ac' ? 'n × I_battery,cont ≥ I_load' : 'min(I_inverter, I_dc × V_dc / V_ac) ≥ I_load',
      value: standbyA, unit: 'A', limit: { relation: '>=', value: loadA }, pass: capOk,
      ref: nec(edition, sb.loadManagement ? `${section}; 750.30` : section),
      remedy: 'Add storage capacity, move loads off the backed-up side (partial backup), or use a load management system',
    }));
    backup = {
      kind: sb.kind,
      transferEquipment: { model: te.model, ratingA: te.ratingA },
      backupPanel: sb.backupPanel ? { busbarA: sb.backupPanel.busbarA, supplyBreakerA: sb.backupPanel.supplyBreakerA } : null,
      sourcesConnectTo: sb.sourcesConnectTo,
      loadManagement: sb.loadManagement,
      standbyCapacityA: Math.round(standbyA * 1000) / 1000,
      transferredLoadA: Math.round(loadA * 1000) / 1000,
      pass: teOk && capOk,
    };
  }
  checks.push(...busbarChecks);
  return {
    checks,
    result: {
      coupling: b.coupling,
      model: b.model,
      count: b.count,
      nominalVoltageV: b.nominalVoltageV ?? (b.coupling === 'ac' ? acV : null),
      energyKwh: b.energyKwh ?? null,
      acOutputA: b.coupling === 'ac' ? acA : null,
      dcCircuitA: b.coupling === 'dc' ? dcA : null,
      disconnect: { ref: ref('essDisconnect'), markingRef: ref('essDisconnectMarking') },
      backup,
      busbars,
    },
  };
}
