import type { DesignModel } from './design-model.schema.ts';

/*
 * The electrical design of a design model: strings (string and optimizer systems) or branch
 * circuits (micro-inverters), each a list of the placed modules it connects. A plan-set run forms
 * them itself when the designer has not (autoStringsOf, autoBranchesOf: the same code answers the
 * Design page's "Auto-assign"), and uses the designer's when the design has them. The ids are the
 * engine's (S1…, B1…): the engine's checks name them (electrical.string.S1.voltage).
 */

export type ElectricalKind = 'strings' | 'branch_circuits';
export type Circuit = DesignModel['strings'][number];

/** At most this many strings or branch circuits in one design (a residential system has a handful). */
export const MAX_CIRCUITS = 200;

/** `total` split into as few parts of at most `maxEach` as possible, as even as possible (larger parts first). */
export function splitEven(total: number, maxEach: number): number[] {
  if (total <= 0 || maxEach <= 0) return [];
  const n = Math.ceil(total / maxEach);
  const base = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => base + (i < total % n ? 1 : 0));
}

/**
 * Strings of at most `maxSeries` modules, formed array by array (a string never spans two arrays
 * here), in the order the modules are given; numbered S1, S2… across the arrays.
 */
export function autoStringsOf(arrays: readonly { moduleIds: readonly string[] }[], maxSeries: number): Circuit[] {
  const out: Circuit[] = [];
  for (const a of arrays) {
    let at = 0;
    for (const size of splitEven(a.moduleIds.length, maxSeries)) {
      out.push({ id: `S${out.length + 1}`, moduleIds: a.moduleIds.slice(at, at + size) });
      at += size;
    }
  }
  return out;
}

/** Branch circuits of at most `maxUnits` micro-inverters of `perUnit` modules each, numbered B1, B2…. */
export function autoBranchesOf(moduleIds: readonly string[], perUnit: number, maxUnits: number): Circuit[] {
  const out: Circuit[] = [];
  let at = 0;
  for (const units of splitEven(Math.ceil(moduleIds.length / perUnit), maxUnits)) {
    out.push({ id: `B${out.length + 1}`, moduleIds: moduleIds.slice(at, at + units * perUnit) });
    at += units * perUnit;
  }
  return out;
}

/** The circuits of the kind, from the model. */
export const circuitsOf = (m: Pick<DesignModel, 'strings' | 'branchCircuits'>, kind: ElectricalKind): Circuit[] =>
  kind === 'strings' ? m.strings : m.branchCircuits;

const NAME: Record<ElectricalKind, { one: string; key: 'strings' | 'branchCircuits' }> = {
  strings: { one: 'string', key: 'strings' },
  branch_circuits: { one: 'branch circuit', key: 'branchCircuits' },
};

export type ElectricalProblem = { path: string; message: string };

/**
 * What is wrong with a model's strings or branch circuits: a circuit without modules or with an id
 * used twice, a module that is not placed, a module in two circuits (or twice in one), both strings
 * and branch circuits at once; with `complete`, a placed module in none once any circuit is given.
 * The paths are the model's (model.strings.0.moduleIds.2).
 */
export function electricalDesignProblems(m: Pick<DesignModel, 'modules' | 'strings' | 'branchCircuits'>, o: { complete: boolean }): ElectricalProblem[] {
  const out: ElectricalProblem[] = [];
  if (m.strings.length && m.branchCircuits.length) {
    out.push({ path: 'model.branchCircuits', message: 'A design has strings or branch circuits, not both.' });
  }
  const placed = new Set(m.modules.map((x) => x.id));
  for (const kind of ['strings', 'branch_circuits'] as const) {
    const { one, key } = NAME[kind];
    const list = m[key];
    if (list.length > MAX_CIRCUITS) out.push({ path: `model.${key}`, message: `At most ${MAX_CIRCUITS} ${one}s.` });
    const ids = new Set<string>();
    const where = new Map<string, string>();
    list.forEach((c, i) => {
      if (!c.id.trim()) out.push({ path: `model.${key}.${i}.id`, message: `Give ${one} ${i + 1} a name.` });
      else if (ids.has(c.id)) out.push({ path: `model.${key}.${i}.id`, message: `Two ${one}s are called ${c.id}.` });
      ids.add(c.id);
      if (c.moduleIds.length === 0) out.push({ path: `model.${key}.${i}.moduleIds`, message: `The ${one} ${c.id} has no modules: remove it or assign modules to it.` });
      c.moduleIds.forEach((id, k) => {
        if (!placed.has(id)) out.push({ path: `model.${key}.${i}.moduleIds.${k}`, message: `The ${one} ${c.id} names module ${id}, which is not placed.` });
        const before = where.get(id);
        if (before !== undefined) {
          out.push({ path: `model.${key}.${i}.moduleIds.${k}`, message: before === c.id ? `Module ${id} is twice in the ${one} ${c.id}.` : `Module ${id} is in the ${one}s ${before} and ${c.id}: a module belongs to one ${one}.` });
        } else where.set(id, c.id);
      });
    });
    if (o.complete && list.length) {
      const loose = m.modules.filter((x) => !where.has(x.id)).map((x) => x.id);
      if (loose.length) {
        const shown = loose.slice(0, 5).join(', ') + (loose.length > 5 ? ` and ${loose.length - 5} more` : '');
        out.push({ path: `model.${key}`, message: `${loose.length} placed module${loose.length > 1 ? 's are' : ' is'} in no ${one} (${shown}): assign every module to a ${one}.` });
      }
    }
  }
  return out;
}
