import type { DesignInputRaw } from '@sunstamp/engineering/design-input.schema';

/*
 * The service as ordered on the CAD intake (issue 25), as the engine reads it: the Article 220
 * dwelling load calculation, the energy storage system's coupling, and its backup (transfer
 * equipment, whole-home or partial). What the order lacks is answered field by field, so a run or a
 * letter says which intake field to fill instead of drawing something else.
 */

type Service = DesignInputRaw['service'];
export type LoadCalculationRaw = NonNullable<Service['loadCalculation']>;
export type BackupRaw = NonNullable<Service['backup']>;
export type Missing = { field: string; message: string };

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** "Range: 12000" / "Dryer 5000 VA" lines → load items; unreadable lines are named. */
export function loadItemsOf(text: string): { items: { name: string; va: number }[]; bad: string[] } {
  const items: { name: string; va: number }[] = [];
  const bad: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const l = raw.trim();
    if (!l) continue;
    const m = /^(.+?)[\s:=,-]+(\d+(?:\.\d+)?)\s*(VA|W)?$/i.exec(l);
    if (m && m[1]!.trim()) items.push({ name: m[1]!.trim().replace(/[:=,-]+$/, '').trim(), va: Number(m[2]) });
    else bad.push(l);
  }
  return { items, bad };
}

/** Why the job needs an Article 220 load calculation (null: it does not). */
export function loadCalculationReason(cad: Record<string, unknown>): string | null {
  const derate = cad.main_breaker_derate === true || /Main Breaker Derate/i.test(str(cad.interconnection));
  if (derate) return 'A main breaker derate is ordered: NEC 230.79 and Article 220 need the dwelling\'s calculated load to show the derated main carries it';
  if (cad.mpu_required === true) return 'A main panel upgrade is ordered: the new service is sized by an NEC Article 220 load calculation';
  if (cad.needs_battery_info === true && str(cad.battery_backup) === 'Whole Home' && cad.backup_load_management !== true) {
    return 'Whole-home backup with automatic transfer is ordered: the battery must carry the dwelling\'s full calculated load (702.4), or a load management system must limit it';
  }
  return null;
}

/**
 * The load calculation the intake gives (undefined when none is entered), or what is missing. `reason`:
 * why the job needs one; with a reason and nothing entered, the method is what is missing.
 */
export function loadCalculationOf(cad: Record<string, unknown>, reason: string | null): { calc?: LoadCalculationRaw; missing: Missing[] } {
  const missing: Missing[] = [];
  const need = (field: string, message: string) => missing.push({ field: `cad_intake.${field}`, message });
  const method = str(cad.load_calc_method);
  const entered = cad.needs_load_calculation === true && method !== '';
  if (!entered) {
    if (reason) need(cad.needs_load_calculation === true ? 'load_calc_method' : 'needs_load_calculation', `${reason}. Turn on Load Calculation in the CAD intake and enter its inputs (NEC 220.82 optional method, 220.83 existing dwelling, or 220.87 twelve months of measured demand).`);
    return { missing };
  }
  const items = loadItemsOf(str(cad.load_calc_appliances));
  if (items.bad.length) need('load_calc_appliances', `These appliance lines are not "name: VA": ${items.bad.map((b) => `"${b}"`).join(', ')}.`);
  if (method.includes('220.87')) {
    const kw = num(cad.load_calc_max_demand_kw);
    if (kw === undefined) need('load_calc_max_demand_kw', 'NEC 220.87 needs the highest 15-minute demand of the last 12 months (or 30 days of continuous recording), kW.');
    const period = str(cad.load_calc_data_period);
    if (!period) need('load_calc_data_period', 'NEC 220.87 needs the period the demand was measured over (12 months, or 30 days of continuous recording).');
    if (missing.length) return { missing };
    return {
      missing,
      calc: { method: '220.87', maxDemandKw: kw!, dataPeriod: period === '30 Days' ? '30-days' : '12-months', existingRenewableOrPeakShaving: cad.load_calc_existing_renewable === true, newLoads: items.items },
    };
  }
  const area = num(cad.load_calc_floor_area);
  if (area === undefined) need('load_calc_floor_area', `${method.slice(0, 10)} needs the dwelling's floor area (3 VA/ft²).`);
  const small = num(cad.load_calc_small_appliance_circuits);
  if (small === undefined || small < 2) need('load_calc_small_appliance_circuits', 'Enter the 20 A small-appliance branch circuits (at least two, 210.11(C)(1)).');
  const laundry = num(cad.load_calc_laundry_circuits);
  if (laundry === undefined) need('load_calc_laundry_circuits', 'Enter the laundry branch circuits (0 when there is none).');
  const acVa = num(cad.load_calc_ac_va) ?? 0;
  const heatVa = num(cad.load_calc_heating_va) ?? 0;
  const units = num(cad.load_calc_heating_units);
  if (method.includes('220.82') && heatVa > 0 && !units) need('load_calc_heating_units', 'NEC 220.82(C) takes electric space heating at 65 % below four separately controlled units and 40 % at four or more: enter how many units there are.');
  if (missing.length) return { missing };
  if (method.includes('220.82')) {
    return {
      missing,
      calc: {
        method: '220.82', floorAreaFt2: area!, smallApplianceCircuits: small!, laundryCircuits: laundry!, appliances: items.items,
        heatingAndCooling: { airConditioningVa: acVa, spaceHeatingVa: heatVa, ...(heatVa > 0 ? { spaceHeatingUnits: units! } : {}) },
      },
    };
  }
  // 220.83(A): the existing heating and cooling count among the loads at nameplate (the larger of the two, as noncoincident).
  const hvac = Math.max(acVa, heatVa);
  return {
    missing,
    calc: { method: '220.83', floorAreaFt2: area!, smallApplianceCircuits: small!, laundryCircuits: laundry!, appliances: [...items.items, ...(hvac > 0 ? [{ name: acVa >= heatVa ? 'Air conditioning' : 'Electric space heating', va: hvac }] : [])] },
  };
}

/**
 * The backup the intake orders, for the engine (undefined: no backup). The sources (the PV output and
 * an AC-coupled battery) land in the main panel; whole-home transfer equipment sits between the meter
 * and the main panel, partial-home transfer equipment feeds the backup loads panel from a main-panel breaker.
 */
export function backupOf(cad: Record<string, unknown>, hasBattery: boolean): { backup?: BackupRaw; missing: Missing[] } {
  const missing: Missing[] = [];
  const kind = str(cad.battery_backup);
  if (kind !== 'Whole Home' && kind !== 'Partial Home') return { missing };
  const need = (field: string, message: string) => missing.push({ field: `cad_intake.${field}`, message });
  const what = kind === 'Whole Home' ? 'Whole-home backup' : 'Partial-home backup';
  if (!hasBattery) need('needs_battery_info', `${what} is ordered but the job names no battery: add the battery, or set Battery Backup to Non-Backup.`);
  const model = str(cad.transfer_equipment_model);
  const rating = num(cad.transfer_equipment_rating);
  if (!model) need('transfer_equipment_model', `${what} is ordered: name the backup gateway or transfer switch (702.5) so the single-line diagram can draw it.`);
  if (rating === undefined) need('transfer_equipment_rating', `${what} is ordered: enter the transfer equipment's continuous rating, A (702.5: at least the OCPD that supplies it).`);
  const managed = cad.backup_load_management === true;
  const managedA = num(cad.backup_managed_load);
  if (managed && managedA === undefined) need('backup_managed_load', 'A load management system is ordered: enter the most load it connects, A (702.4, 750.30).');
  let backupPanel: BackupRaw['backupPanel'];
  if (kind === 'Partial Home') {
    const bus = num(cad.backup_panel_rating);
    const brk = num(cad.backup_panel_breaker);
    if (bus === undefined) need('backup_panel_rating', 'Partial-home backup is ordered: enter the backup loads panel\'s busbar rating, A.');
    if (brk === undefined) need('backup_panel_breaker', 'Partial-home backup is ordered: enter the main-panel breaker that supplies the backup side, A.');
    if (bus !== undefined && brk !== undefined && brk > bus) need('backup_panel_breaker', `The backup panel's supply breaker (${brk} A) is larger than its busbar (${bus} A).`);
    if (!managed && num(cad.backed_up_load) === undefined) need('backed_up_load', 'Partial-home backup is ordered: enter the backup loads panel\'s calculated load, A (702.4: the battery must carry what it transfers).');
    if (bus !== undefined && brk !== undefined) backupPanel = { busbarA: bus, supplyBreakerA: brk };
  }
  if (missing.length) return { missing };
  return {
    missing,
    backup: {
      kind: kind === 'Whole Home' ? 'whole-home' : 'partial',
      transferEquipment: { model, ratingA: rating! },
      ...(backupPanel ? { backupPanel } : {}),
      sourcesConnectTo: 'main-panel',
      loadManagement: managed,
      ...(managed ? { managedLoadA: managedA! } : {}),
      ...(!managed && kind === 'Partial Home' ? { backedUpLoadA: num(cad.backed_up_load)! } : {}),
    },
  };
}

/**
 * The battery's coupling from its catalogue type: an AC-coupled unit has its own inverter (an AC
 * source at the busbar); a DC-coupled one sits on the DC side of the job's hybrid inverter. A battery
 * with an integrated hybrid inverter beside another inverter is neither: refused with the reason.
 */
export function batteryCouplingOf(type: string, model: string): { coupling: 'ac' | 'dc' } | { refusal: Missing } {
  if (/^ac[_ -]?coupled$/i.test(type)) return { coupling: 'ac' };
  if (/^dc[_ -]?coupled$/i.test(type)) return { coupling: 'dc' };
  if (/^hybrid$/i.test(type)) {
    return { refusal: { field: 'equipment.battery', message: `The battery ${model} has its own hybrid inverter, and the job names another inverter: the plan set cannot draw two inverters for one array. Name the battery's inverter as the job's inverter, or choose an AC- or DC-coupled battery.` } };
  }
  return { refusal: { field: 'equipment.battery.type', message: `The battery ${model} has no coupling in the catalogue (AC-coupled, DC-coupled or hybrid): the single-line diagram depends on it.` } };
}
