/*
 * The 16 sticker logic conditions (decisions.md: the spec does not list them). A sticker or extra
 * stamp whose logic holds for a job is placed on its plan set. Adding a condition is one line.
 */

/** What the plan set knows about a job; any fact may still be unknown while the job is drafted. */
export interface PlanSetFacts {
  systemSizeKw?: number;
  hasBattery?: boolean;
  backup?: boolean;
  interconnection?: 'supply_side_tap' | 'load_side_breaker' | 'load_side_tap' | 'other';
  hasOptimizers?: boolean;
  inverterType?: 'String Inverter' | 'Microinverter' | 'Dual Microinverter' | 'True String Inverter';
  hasAcDisconnect?: boolean;
  hasProductionMeter?: boolean;
  hasSubpanel?: boolean;
  mainBreakerDerate?: boolean;
  existingSolar?: boolean;
  groundMount?: boolean;
  /** Utility incentive program, e.g. "Solar Rewards". */
  utilityProgram?: string;
}

/** true/false when the facts decide it, undefined when a fact it needs is unknown. */
type Test = (f: PlanSetFacts) => boolean | undefined;
const is = <K extends keyof PlanSetFacts>(k: K, v: PlanSetFacts[K]): Test => (f) => (f[k] === undefined ? undefined : f[k] === v);
const oneOf = <K extends keyof PlanSetFacts>(k: K, vs: PlanSetFacts[K][]): Test => (f) => (f[k] === undefined ? undefined : vs.includes(f[k]));

export const STICKER_LOGIC_CONDITIONS = [
  { value: 'always', label: 'Always', test: () => true },
  { value: 'battery_present', label: 'Battery Present', test: is('hasBattery', true) },
  { value: 'no_battery', label: 'No Battery', test: is('hasBattery', false) },
  { value: 'backup_power', label: 'Backup Power', test: is('backup', true) },
  { value: 'supply_side_tap', label: 'Supply-Side Tap', test: is('interconnection', 'supply_side_tap') },
  { value: 'load_side_breaker', label: 'Load-Side Breaker', test: is('interconnection', 'load_side_breaker') },
  { value: 'load_side_tap', label: 'Load-Side Tap', test: is('interconnection', 'load_side_tap') },
  { value: 'optimizer_present', label: 'Optimizer Present', test: is('hasOptimizers', true) },
  { value: 'micro_inverter', label: 'Micro-Inverter', test: oneOf('inverterType', ['Microinverter', 'Dual Microinverter']) },
  { value: 'string_inverter', label: 'String Inverter', test: oneOf('inverterType', ['String Inverter', 'True String Inverter']) },
  { value: 'ac_disconnect_present', label: 'AC Disconnect Present', test: is('hasAcDisconnect', true) },
  { value: 'production_meter_present', label: 'Production Meter Present', test: is('hasProductionMeter', true) },
  { value: 'subpanel_present', label: 'Sub Panel Present', test: is('hasSubpanel', true) },
  { value: 'main_breaker_derate', label: 'Main Breaker Derate', test: is('mainBreakerDerate', true) },
  { value: 'existing_solar', label: 'Existing Solar', test: is('existingSolar', true) },
  { value: 'ground_mount', label: 'Ground Mount', test: is('groundMount', true) },
] as const satisfies readonly { value: string; label: string; test: Test }[];
export type StickerLogic = (typeof STICKER_LOGIC_CONDITIONS)[number]['value'];

const byValue = new Map<string, Test>(STICKER_LOGIC_CONDITIONS.map((c) => [c.value, c.test]));

/** Whether a logic condition holds; undefined when the facts cannot tell yet (or the key is unknown). */
export function evaluateStickerLogic(logic: string, facts: PlanSetFacts): boolean | undefined {
  return byValue.get(logic)?.(facts);
}
