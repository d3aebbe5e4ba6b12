import type { EquipmentLocation } from '../input.schema.ts';

/*
 * Where a run locates equipment the system needs but the design does not place (the API's stored designs,
 * apps/api planset-design.ts; the test fixtures use the same rule): on the main panel's wall line, 3 ft apart
 * below it, each at the first step no other equipment stands on (within 1 ft), so two tags never share a point.
 */

const round2 = (v: number) => Math.round(v * 100) / 100;

/** `equipment` with each missing kind of `kinds` placed beside `panel` (in order); answers the new list and the points placed. */
export function placeBesidePanel<K extends EquipmentLocation['kind']>(equipment: readonly EquipmentLocation[], panel: { x: number; y: number }, kinds: readonly K[]): { equipment: EquipmentLocation[]; placed: Map<K, { x: number; y: number }> } {
  const out = [...equipment];
  const placed = new Map<K, { x: number; y: number }>();
  let step = 1;
  for (const kind of kinds) {
    if (out.some((e) => e.kind === kind)) continue;
    let at = { x: panel.x, y: round2(panel.y + 3 * step) };
    while (out.some((e) => Math.hypot(e.x - at.x, e.y - at.y) < 1)) at = { x: panel.x, y: round2(panel.y + 3 * ++step) };
    step += 1;
    out.push({ kind, ...at });
    placed.set(kind, at);
  }
  return { equipment: out, placed };
}
