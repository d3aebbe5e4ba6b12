import { DrawingOverflow } from '../draw/canvas.ts';
import type { PlanSetInput } from '../input.schema.ts';

/*
 * The ordered system is the drawn system (issue 25, finding 1). The installer pays for what the job
 * orders: a main panel upgrade, energy storage with its coupling, a backup gateway and a backup loads
 * panel. The sheets draw them from the job and the engineering report together; where the two
 * disagree (the report calculated something other than the order), the set is refused with the
 * reason rather than drawing something else.
 */

export interface OrderedService {
  upgrade: NonNullable<PlanSetInput['job']['panelUpgrade']> | null;
  storage: NonNullable<PlanSetInput['report']['storage']> | null;
  backup: NonNullable<NonNullable<PlanSetInput['report']['storage']>['backup']> | null;
}

/** What the job orders, checked against the report; throws DrawingOverflow(sheet, reason) when it cannot be drawn as ordered. */
export function orderedService(input: PlanSetInput, sheet: string): OrderedService {
  const r = input.report;
  const ic = r.interconnection;
  const upgrade = input.job.panelUpgrade ?? null;
  if (upgrade) {
    if (ic.busbarA !== upgrade.newBusbarA) {
      throw new DrawingOverflow(sheet, `the job orders a main panel upgrade to a ${upgrade.newBusbarA} A busbar, but the engineering report is calculated on a ${ic.busbarA} A busbar: recalculate on the new panel`);
    }
    if (ic.method !== 'main-breaker-derate' && ic.mainBreakerA !== upgrade.newMainA) {
      throw new DrawingOverflow(sheet, `the job orders a ${upgrade.newMainA} A main breaker with the panel upgrade, but the engineering report has ${ic.mainBreakerA} A`);
    }
  }
  // A disconnect is never drawn without its rating (issue 25: "A NON-FUSED" was printed).
  if (r.equipment.acDisconnect.required && r.equipment.acDisconnect.ratingA === null) {
    throw new DrawingOverflow(sheet, 'the AC disconnect has no rating in the engineering report (no 30/60/100/200 A disconnect carries its OCPD): the set is not drawn with a blank rating');
  }
  const storage = r.storage ?? null;
  const battery = input.equipment.battery;
  if (battery && !storage) {
    throw new DrawingOverflow(sheet, `the job orders the battery ${battery.model}, but the engineering report has no energy storage system: recalculate with the battery`);
  }
  if (storage && battery && storage.model !== battery.model) {
    throw new DrawingOverflow(sheet, `the job orders the battery ${battery.model}, but the engineering report calculated ${storage.model}`);
  }
  if (storage && !battery) throw new DrawingOverflow(sheet, `the engineering report has the battery ${storage.model}, which the job does not order`);
  const backup = storage?.backup ?? null;
  const ordered = input.job.backup;
  if (ordered !== 'Non-Backup' && !backup) {
    throw new DrawingOverflow(sheet, `the job orders ${ordered.toLowerCase()} backup, but the engineering report has no backup (transfer equipment): it would be drawn as a plain battery`);
  }
  if (backup && ordered !== (backup.kind === 'whole-home' ? 'Whole Home' : 'Partial Home')) {
    throw new DrawingOverflow(sheet, `the job orders ${ordered === 'Non-Backup' ? 'no backup' : `${ordered.toLowerCase()} backup`}, but the engineering report has ${backup.kind} backup`);
  }
  return { upgrade, storage, backup };
}

/** The scope-of-work lines of the service as ordered (PV-1). */
export function serviceScopeLines(input: PlanSetInput, o: OrderedService): string[] {
  const ic = input.report.interconnection;
  const out: string[] = [];
  if (o.upgrade) {
    const u = o.upgrade;
    out.push(`MSP: (N) ${ic.busbarA} A BUSBAR, ${ic.mainBreakerA} A MAIN BREAKER; MSP UPGRADE: YES`);
    out.push(`MSP UPGRADE: REPLACE (E) ${u.existingBusbarA} A BUSBAR / ${u.existingMainA} A MAIN PANEL WITH (N) ${u.model.toUpperCase()}, ${u.newBusbarA} A BUSBAR, ${u.newMainA} A MAIN BREAKER`);
  } else {
    out.push(`MSP: ${ic.busbarA} A BUSBAR, ${ic.mainBreakerA} A MAIN BREAKER; MSP UPGRADE: NO`);
  }
  if (o.storage) {
    const s = o.storage;
    out.push(`ENERGY STORAGE: ${s.coupling === 'ac' ? 'AC-COUPLED' : 'DC-COUPLED'}${s.coupling === 'ac' && s.acOutputA !== null ? `, ${s.acOutputA} A AC OUTPUT` : ''}${s.coupling === 'dc' && s.dcCircuitA !== null ? `, ${s.dcCircuitA} A DC CIRCUIT` : ''}`);
  }
  if (o.backup) {
    const b = o.backup;
    out.push(`(1) ${b.transferEquipment.model.toUpperCase()} TRANSFER EQUIPMENT (BACKUP GATEWAY), ${b.transferEquipment.ratingA} A, ${b.kind === 'whole-home' ? 'WHOLE-HOME' : 'PARTIAL-HOME'} BACKUP`);
    if (b.backupPanel) out.push(`(1) BACKUP LOADS PANEL, ${b.backupPanel.busbarA} A BUSBAR, FED FROM A ${b.backupPanel.supplyBreakerA} A BREAKER IN THE MSP`);
  }
  return out;
}

/**
 * The design's equipment locations without what the system does not have: a battery, an AC combiner
 * panel, a backup gateway or a backup loads panel a saved layout still places after the order dropped it (or a layout made
 * for another system) would be drawn on the site plan, the ESS plan and the 705.10 map with nothing of
 * it on PV-4 or in the scope (seen on the optimizer set: "BAT" and "CMB" on PV-1, no battery anywhere).
 */
export function placedAsOrdered(input: PlanSetInput, hasCombiner: boolean): PlanSetInput {
  const runsTo = new Set(input.report.conductorSchedule.flatMap((r) => [r.from, r.to]).map((n) => n.toLowerCase()));
  const has: Record<string, boolean> = {
    battery: !!input.equipment.battery,
    combiner: hasCombiner || [...runsTo].some((n) => n.includes('combiner')),
    backup_gateway: !!input.report.storage?.backup,
    backup_panel: !!input.report.storage?.backup?.backupPanel,
  };
  const equipment = input.design.equipment.filter((e) => has[e.kind] ?? true);
  return equipment.length === input.design.equipment.length ? input : { ...input, design: { ...input.design, equipment } };
}
