import type { PlanSetInput } from '../input.schema.ts';
import { DrawingOverflow } from '../draw/canvas.ts';
import { INTERCONNECTION_NAMES, req, reqNumber, reqText } from '../planset.model.ts';
import { orderedService, serviceScopeLines, type OrderedService } from './ordered-system.ts';
import type { SheetContext } from './sheet-context.ts';

/*
 * The electrical system as the single-line diagram draws it, once (issue 25, finding 5): every piece
 * of equipment on PV-4, in the order power flows, with the scope-of-work lines PV-1 prints for it.
 * PV-1's scope is built from this list and PV-4 draws only what this list holds (a node it cannot
 * place in it refuses the sheet), so the scope and the diagram cannot name different equipment.
 */

export type EquipmentKey =
  | 'array' | 'junction-box' | 'inverter' | 'battery' | 'combiner' | 'ac-disconnect' | 'production-meter'
  | 'service-tap' | 'main-panel' | 'backup-gateway' | 'backup-panel' | 'utility-meter';

export interface SldEquipment {
  key: EquipmentKey;
  /** The name the diagram prints on the equipment. */
  name: string;
  /** What PV-1's scope of work prints for it (one or more lines). */
  scope: string[];
}

/** A node of the report's conductor schedule → the equipment it is; null when the model has no such equipment. */
export function equipmentKeyOf(node: string): EquipmentKey | null {
  const n = node.toLowerCase();
  if (/^modules?$|array/.test(n)) return 'array';
  if (/junction/.test(n)) return 'junction-box';
  if (/battery|ess\b/.test(n)) return 'battery';
  if (/combiner/.test(n)) return 'combiner';
  if (/disconnect/.test(n)) return 'ac-disconnect';
  if (/production meter/.test(n)) return 'production-meter';
  if (/tap/.test(n)) return 'service-tap';
  if (/inverter/.test(n)) return 'inverter';
  if (/gateway|transfer/.test(n)) return 'backup-gateway';
  if (/backup loads|backup panel/.test(n)) return 'backup-panel';
  if (/utility meter/.test(n)) return 'utility-meter';
  if (/service|panel|msp/.test(n)) return 'main-panel';
  return null;
}

export function disconnectModel(ctx: SheetContext): string {
  const a = ctx.input.report.equipment.acDisconnect;
  if (!a.required) return '';
  const key = `${a.fused ? 'fused' : 'unfused'}_${a.ratingA}a_disconnect_model_number`;
  return reqText(ctx.input, key) || ctx.input.equipment.acDisconnect?.model || '';
}

export function combinerModel(ctx: SheetContext): { amps: number; model: string } | null {
  return combinerOf(ctx.input);
}

/** The AC combiner panel the system has (micro-inverters, an AC-coupled battery, or one the job names), or null. */
export function combinerOf(input: PlanSetInput): { amps: number; model: string } | null {
  const t = input.equipment.inverter.type;
  // A DC-coupled battery sits on the inverter's DC side: it brings no AC combiner (PV-1 listed one PV-4 did not draw).
  const acBattery = !!input.equipment.battery && input.report.storage?.coupling !== 'dc';
  if (t !== 'Microinverter' && t !== 'Dual Microinverter' && !input.equipment.combiner && !acBattery) return null;
  const amps = input.equipment.combiner?.ratingA ?? (t === 'Dual Microinverter' ? reqNumber(input, 'dual_micro_combiner_panel_amperage', 125) : reqNumber(input, 'micro_combiner_panel_amperage', 125));
  const model = reqText(input, `combiner_panel_${amps}a_model_number`) || input.equipment.combiner?.model || '';
  return { amps, model };
}

/** The production meter is on the power path when the engine or the utility's requirement asks for one. */
export function productionMeterShown(ctx: SheetContext): boolean {
  return ctx.input.report.equipment.productionMeter || req(ctx.input, 'production_meter').on;
}

export function productionMeterLines(ctx: SheetContext): { model: string; feed: string } {
  const { input } = ctx;
  return { model: reqText(input, 'production_meter_model_number') || input.equipment.productionMeter?.model || '', feed: String(req(input, 'production_meter_feed').value ?? 'Top Fed').toUpperCase() };
}

export function doubleAcd(ctx: SheetContext): boolean {
  return req(ctx.input, 'double_acd').on && ctx.input.report.equipment.acDisconnect.required;
}

/** "60 A NON-FUSED" / "100 A FUSED, 70 A FUSES": the disconnect's rating as every sheet prints it; refuses a blank rating. */
export function disconnectRating(ctx: SheetContext, sheet: string): string {
  const r = ctx.input.report;
  const a = r.equipment.acDisconnect;
  if (a.ratingA === null) throw new DrawingOverflow(sheet, 'the AC disconnect has no rating in the engineering report (no 30/60/100/200 A disconnect carries its OCPD): the set is not drawn with a blank rating');
  return `${a.ratingA} A ${a.fused ? 'FUSED' : 'NON-FUSED'}${a.fused && r.interconnection.fuseA ? `, ${r.interconnection.fuseA} A FUSES` : ''}`;
}

/** The equipment the single-line diagram draws, in power-flow order, with its scope lines. */
export function sldEquipment(ctx: SheetContext, sheet = 'PV-4', order: OrderedService = orderedService(ctx.input, sheet)): SldEquipment[] {
  const { input } = ctx;
  const e = input.equipment;
  const r = input.report;
  const ic = r.interconnection;
  const nodes = new Set(r.conductorSchedule.flatMap((row) => [row.from, row.to]).map((n) => equipmentKeyOf(n)));
  for (const row of r.conductorSchedule) {
    for (const n of [row.from, row.to]) if (!equipmentKeyOf(n)) throw new DrawingOverflow(sheet, `run ${row.runId} connects "${n}", which is no equipment the plan set knows: it would be drawn without a scope of work`);
  }
  const out: SldEquipment[] = [];
  const micro = e.inverter.type === 'Microinverter' || e.inverter.type === 'Dual Microinverter';
  out.push({
    key: 'array', name: 'PV ARRAY',
    scope: [
      `(${input.design.modules.length}) ${e.module.manufacturer} ${e.module.model} ${e.module.pmaxW} W PV MODULES`,
      ...(e.optimizer ? [`(${e.optimizer.count}) ${e.optimizer.manufacturer} ${e.optimizer.model} DC OPTIMIZERS`] : []),
    ],
  });
  if (nodes.has('junction-box')) out.push({ key: 'junction-box', name: 'ROOF JUNCTION BOX', scope: ['(1) NEMA 3R ROOF JUNCTION BOX'] });
  out.push({ key: 'inverter', name: micro ? 'MICRO-INVERTERS' : 'INVERTER', scope: [`(${e.inverter.count}) ${e.inverter.manufacturer} ${e.inverter.model} ${e.inverter.type.toUpperCase()}${e.inverter.count > 1 ? 'S' : ''}`] });
  if (e.battery) {
    out.push({ key: 'battery', name: 'BATTERY', scope: [`(${e.battery.count}) ${e.battery.manufacturer} ${e.battery.model} BATTERY, ${e.battery.energyKwh} kWh`, ...serviceScopeLines(input, order).filter((l) => l.startsWith('ENERGY STORAGE'))] });
  }
  const cmb = combinerModel(ctx);
  if (cmb || nodes.has('combiner')) {
    if (!cmb) throw new DrawingOverflow(sheet, 'the engineering report runs a circuit to an AC combiner panel the job has no rating for (enter the combiner panel)');
    out.push({ key: 'combiner', name: 'AC COMBINER PANEL', scope: [`(1) ${cmb.amps} A AC COMBINER PANEL${cmb.model ? ' ' + cmb.model : ''}`] });
  }
  const a = r.equipment.acDisconnect;
  if (a.required || nodes.has('ac-disconnect')) {
    const model = disconnectModel(ctx);
    disconnectRating(ctx, sheet);
    const fuses = a.fused && ic.fuseA ? `, ${ic.fuseA} A FUSES` : '';
    out.push({ key: 'ac-disconnect', name: 'AC DISCONNECT', scope: [`(${doubleAcd(ctx) ? 2 : 1}) ${a.ratingA} A ${a.fused ? 'FUSED' : 'NON-FUSED'} AC DISCONNECT${model ? ' ' + model : ''}${fuses}`] });
  }
  if (productionMeterShown(ctx)) {
    const pm = productionMeterLines(ctx);
    out.push({ key: 'production-meter', name: 'PRODUCTION METER', scope: [`(1) PRODUCTION METER${pm.model ? ' ' + pm.model : ''}, ${pm.feed}`] });
  }
  const svc = serviceScopeLines(input, order).filter((l) => !l.startsWith('ENERGY STORAGE'));
  if (nodes.has('service-tap')) out.push({ key: 'service-tap', name: 'SUPPLY-SIDE TAP', scope: ['SUPPLY-SIDE TAP AHEAD OF THE SERVICE DISCONNECT, WITH SUPPLY-SIDE BONDING JUMPER (250.102(C)(1))'] });
  out.push({
    key: 'main-panel', name: 'MAIN SERVICE PANEL',
    scope: [`INTERCONNECTION: ${ic.method ? INTERCONNECTION_NAMES[ic.method] ?? ic.method.toUpperCase() : 'NONE FOUND'}${ic.pvBreakerA ? `, ${ic.pvBreakerA} A PV BREAKER` : ''}`, ...svc.filter((l) => l.startsWith('MSP'))],
  });
  if (order.backup) {
    out.push({ key: 'backup-gateway', name: 'BACKUP GATEWAY', scope: svc.filter((l) => /TRANSFER EQUIPMENT/.test(l)) });
    if (order.backup.backupPanel) out.push({ key: 'backup-panel', name: 'BACKUP LOADS PANEL', scope: svc.filter((l) => /BACKUP LOADS PANEL/.test(l)) });
  }
  out.push({ key: 'utility-meter', name: 'UTILITY METER', scope: [`(E) UTILITY METER${input.job.utilityMeterNumber ? ` # ${input.job.utilityMeterNumber}` : ''}, ${input.job.utilityName.toUpperCase()} (BI-DIRECTIONAL)`] });
  for (const k of nodes) if (k && !out.some((q) => q.key === k)) throw new DrawingOverflow(sheet, `the single-line diagram would draw ${k} without it in the scope of work`);
  return out;
}
