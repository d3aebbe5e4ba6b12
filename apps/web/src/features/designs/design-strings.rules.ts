import type { DesignModel } from '@sunstamp/domain/design/design-model.schema';
import { circuitsOf, type Circuit, type ElectricalKind } from '@sunstamp/domain/design/electrical-design.rules';

/*
 * The Design page's electrical mode, pure: which string (or branch circuit) each module is in,
 * their colours, picking modules (click, shift-click, keyboard) and assigning the picked ones to a
 * string or a new one. A module is in at most one circuit; a circuit left without modules goes.
 */

export const CIRCUIT_KEY: Record<ElectricalKind, 'strings' | 'branchCircuits'> = { strings: 'strings', branch_circuits: 'branchCircuits' };
export const CIRCUIT_WORDS: Record<ElectricalKind, { one: string; many: string; title: string; prefix: string }> = {
  strings: { one: 'string', many: 'strings', title: 'Strings', prefix: 'S' },
  branch_circuits: { one: 'branch circuit', many: 'branch circuits', title: 'Branch circuits', prefix: 'B' },
};

/** Twelve colours far apart in hue and light enough to tell apart on the dark module fill; then they repeat. */
export const CIRCUIT_COLORS = [
  '#e6194b', '#3cb44b', '#ffe119', '#4363d8', '#f58231', '#42d4f4', '#f032e6', '#bfef45', '#fabed4', '#469990', '#dcbeff', '#9a6324',
] as const;
export const colorOfCircuit = (index: number) => CIRCUIT_COLORS[index % CIRCUIT_COLORS.length]!;

/** Module id → the index of its circuit. */
export function circuitIndexByModule(circuits: readonly Circuit[]): Map<string, number> {
  const out = new Map<string, number>();
  circuits.forEach((c, i) => c.moduleIds.forEach((id) => { if (!out.has(id)) out.set(id, i); }));
  return out;
}

/** The first free id of the kind: S1, S2… (B1… for branch circuits). */
export function nextCircuitId(circuits: readonly Circuit[], kind: ElectricalKind): string {
  const prefix = CIRCUIT_WORDS[kind].prefix;
  const used = new Set(circuits.map((c) => c.id));
  let n = 1;
  while (used.has(`${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

function withCircuits(m: DesignModel, kind: ElectricalKind, circuits: Circuit[]): DesignModel {
  return { ...m, [CIRCUIT_KEY[kind]]: circuits.filter((c) => c.moduleIds.length > 0) };
}

/**
 * The picked modules moved into the circuit `target` (an existing id, or 'new' for a new one at the
 * end), in the order they were picked after the ones it has; they leave the circuits they were in.
 */
export function assignModules(m: DesignModel, kind: ElectricalKind, moduleIds: readonly string[], target: string | 'new'): DesignModel {
  const placed = new Set(m.modules.map((x) => x.id));
  const ids = [...new Set(moduleIds)].filter((id) => placed.has(id));
  if (!ids.length) return m;
  const moving = new Set(ids);
  const circuits = circuitsOf(m, kind).map((c) => ({ ...c, moduleIds: c.moduleIds.filter((id) => !moving.has(id)) }));
  const at = target === 'new' ? -1 : circuits.findIndex((c) => c.id === target);
  if (at < 0) circuits.push({ id: nextCircuitId(circuitsOf(m, kind), kind), moduleIds: ids });
  else circuits[at] = { ...circuits[at]!, moduleIds: [...circuits[at]!.moduleIds, ...ids] };
  return withCircuits(m, kind, circuits);
}

/** The picked modules out of every circuit. */
export function unassignModules(m: DesignModel, kind: ElectricalKind, moduleIds: readonly string[]): DesignModel {
  const out = new Set(moduleIds);
  return withCircuits(m, kind, circuitsOf(m, kind).map((c) => ({ ...c, moduleIds: c.moduleIds.filter((id) => !out.has(id)) })));
}

/** The run's own circuits (the check's auto assignment) in place of the model's, of modules still placed. */
export function applyAutoAssignment(m: DesignModel, kind: ElectricalKind, auto: readonly Circuit[]): DesignModel {
  const placed = new Set(m.modules.map((x) => x.id));
  const other = kind === 'strings' ? 'branch_circuits' : 'strings';
  return withCircuits(withCircuits(m, other, []), kind, auto.map((c) => ({ id: c.id, moduleIds: c.moduleIds.filter((id) => placed.has(id)) })));
}

/**
 * A click or key on a module: alone it picks just that module (or un-picks it when it was the only
 * one); with Shift (additive) it adds the module to the pick or takes it out.
 */
export function pickModule(picked: readonly string[], id: string, additive: boolean): string[] {
  if (additive) return picked.includes(id) ? picked.filter((x) => x !== id) : [...picked, id];
  return picked.length === 1 && picked[0] === id ? [] : [id];
}

/** How many placed modules are in a circuit. */
export function strungCount(m: DesignModel, kind: ElectricalKind): number {
  const placed = new Set(m.modules.map((x) => x.id));
  return [...circuitIndexByModule(circuitsOf(m, kind)).keys()].filter((id) => placed.has(id)).length;
}
