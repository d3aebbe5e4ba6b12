import type { ArrayInput, DesignInput } from '../design-input.schema.ts';
import type { Check } from '../report.schema.ts';
import { asce, check } from '../report.builder.ts';
import { EngineRefusalError } from '../engine-refusal.ts';
import { FB_6005_T5_PSI, NOT_MAKER_VALUE, RAIL_PROFILES } from '../tables/rail-profiles.table.ts';
import { NDS_SPECIFIC_GRAVITY } from '../tables/nds-withdrawal.table.ts';
import { panelPressure, type velocityPressure } from './wind.calc.ts';
import { flatRoofSnow, slopedRoofSnow } from './snow.calc.ts';
import { arrayDeadLoadPsf, lagCapacity, maxSpanForMomentFt, railLoads, railMomentLbFt } from './attachment.calc.ts';
import type { ArrayLoads } from './array-loads.checks.ts';

// The rails and attachments of an array: what they allow (railBasis, shared with the layout rule) and
// their checks (railChecks, the second step of an array's structural section in structural.calc.ts).

/** Attachment spacing to propose: the largest 6-inch step not above the limit, at least 12 in. */
function proposeSpacingIn(maxFt: number): number {
  return Math.max(12, Math.floor((maxFt * 12) / 6) * 6);
}

/**
 * The rail's allowable moment as the checks name and cite it: the catalogue's product value (the maker's
 * certified figure, with its document), or the generic class of tables/rail-profiles, printed as ASSUMED
 * with the product's name and NOT_MAKER_VALUE (staff replace it by entering the maker's value in the
 * catalogue; a structural seal over it needs the engineer of record's acceptance).
 */
export function railCapacityBasis(a: ArrayInput): { ma: number; name: string; source: string; short: string; assumed: boolean } {
  if (a.rail.allowableMomentLbFt !== undefined) {
    const product = a.rail.model ?? 'rail';
    return { ma: a.rail.allowableMomentLbFt, name: `M_allow (${product})`, source: `${product}, ${a.rail.capacitySource ?? 'manufacturer\'s allowable moment'}`, short: `${product}, catalogue (manufacturer's value)`, assumed: false };
  }
  const cls = RAIL_PROFILES[a.rail.profile];
  const product = a.rail.model ? `${a.rail.model}: ` : '';
  return {
    ma: cls.allowableMomentLbFt,
    name: `M_allow (${a.rail.model ? `${a.rail.model}, ` : ''}${a.rail.profile} rail class, ASSUMED)`,
    // Fb = Fty / Ωb (6005-T5: 35 ksi / 1.65, tables/rail-profiles); the sheet prints Fb and the class's Sx.
    source: `${product}ASSUMED ${a.rail.profile} rail class, ADM Fb ${FB_6005_T5_PSI / 1000} ksi × Sx ${cls.sectionModulusIn3} in³, ${NOT_MAKER_VALUE}`,
    short: `${product}ADM, ${a.rail.profile} rail class (ASSUMED, ${NOT_MAKER_VALUE})`,
    assumed: true,
  };
}

export interface RailBasis {
  loads: ReturnType<typeof railLoads>;
  /** Allowable moment of the rail, lb-ft. */
  ma: number;
  /** Governing line load (down or net uplift), plf. */
  wGov: number;
  lag: ReturnType<typeof lagCapacity>;
  maxSpanMomentFt: number;
  maxSpanLagFt: number;
  /** Largest span the rail and its attachments carry: moment, lag withdrawal and the maker's limit, in. */
  allowSpanIn: number;
  /** Largest cantilever: the maker's limit or ratio × allowable span, never past the rail's moment capacity, in. */
  allowCantileverIn: number;
}

/** The rail loads of an array and the spans and cantilevers they allow (the layout rule and the checks share these). */
export function railBasis(input: DesignInput, a: ArrayInput, qh: ReturnType<typeof velocityPressure>): RailBasis {
  const ed = input.site.codes.asce;
  const mod = input.equipment.module;
  const deadPsf = arrayDeadLoadPsf(mod.weightLb, mod.lengthIn, mod.widthIn, a.rackingWeightPsf);
  const tribWidthFt = (a.orientation === 'portrait' ? mod.lengthIn : mod.widthIn) / 2 / 12;
  const wind = panelPressure(ed, qh.qhPsf, a.roofPitchDeg, a.windZone, a.exposedPanels, tribWidthFt * (a.attachmentSpacingIn / 12), a.roofType, qh.pressureKd);
  const flat = flatRoofSnow(ed, input.site.groundSnowLoadPsf, input.site.exposure, input.site.snowExposure, input.site.thermalCondition, input.site.riskCategory, { thermalFactorCt: input.site.thermalFactorCt, minimumSnowLoadMaxPsf: input.site.minimumSnowLoadMaxPsf });
  const panelSnow = slopedRoofSnow(flat, a.roofPitchDeg, a.snowSurface === 'slippery', input.requirements.unreducedSnowLoad);
  const asdSnow = ed === '7-22' ? 0.7 : 1;
  const loads = railLoads(tribWidthFt, deadPsf, asdSnow * panelSnow.psPsf, wind.downwardPsf, wind.upliftPsf);
  const ma = railCapacityBasis(a).ma;
  const wGov = Math.max(loads.downPlf, loads.upPlf);
  const lag = lagCapacity(a.framing.species, a.lag.diameterIn, a.lag.threadPenetrationIn, a.lag.perAttachment);
  const maxSpanMomentFt = maxSpanForMomentFt(wGov, ma);
  const maxSpanLagFt = loads.upPlf > 0 ? lag.capacityLb / loads.upPlf : Number.POSITIVE_INFINITY;
  const allowSpanIn = Math.min(maxSpanMomentFt * 12, maxSpanLagFt * 12, a.rail.maxSpanIn ?? Number.POSITIVE_INFINITY);
  const cantMomentIn = (wGov <= 0 ? Number.POSITIVE_INFINITY : Math.sqrt((2 * ma) / wGov)) * 12;
  const allowCantileverIn = Math.min(a.rail.maxCantileverIn ?? a.rail.maxCantileverRatio * allowSpanIn, cantMomentIn);
  return { loads, ma, wGov, lag, maxSpanMomentFt, maxSpanLagFt, allowSpanIn, allowCantileverIn };
}

type RailInputs = Array<[string, number | string, string?]>;

/** The rail and attachment checks of an array: its ballast, its rails at the entered spacing, or its rails as drawn. */
export function railChecks(a: ArrayInput, l: ArrayLoads, basis: RailBasis): Check[] {
  const { ed, idp, t, wind, deadPsf, tribWidthFt, spacingFt } = l;
  const checks: Check[] = [];
  const { loads, ma, wGov, lag } = basis;
  const kind = a.attachment.kind;
  const intoFraming = !['seam-clamp', 'deck-mount', 'ballast'].includes(kind);
  const railInputs: Array<[string, number | string, string?]> = [['rail capacity source', railCapacityBasis(a).source], ['tributary width', tribWidthFt, 'ft'], ['D', loads.deadPlf, 'plf'], [ed === '7-22' ? 'S (0.7 ps, ASCE 7-22 §2.4.1)' : 'S', loads.snowPlf, 'plf'], ['W down', loads.windDownPlf, 'plf'], ['W up', loads.windUpPlf, 'plf'],
    [`w down (${loads.downCombination})`, loads.downPlf, 'plf'], ['w up (0.6W − 0.6D)', loads.upPlf, 'plf']];
  // The rail's capacity is the catalogue's value for the rail product, with its document; without one,
  // the generic class of tables/rail-profiles (Aluminum Design Manual Fb · Sx), printed as assumed.
  const capacity = railCapacityBasis(a);
  const maName = capacity.name;
  // The check cites the rail's capacity briefly; its document is an input the sheets print in full.
  const railRef = asce(ed, `§2.4.1 (ASD combinations); rail capacity: ${capacity.short}`);
  if (kind === 'ballast') {
    // No rails on rafters: the ballast holds the array down. ASD 0.6D + 0.6W: 0.6 (D_PV + B) ≥ 0.6 p_up.
    const pUp = a.attachment.designUpliftPsf ?? wind.upliftPsf;
    const provided = a.attachment.ballastPsf;
    if (provided === undefined) throw new EngineRefusalError('inputs-missing', `Array ${a.id} is ballasted: the ballast it carries (psf of array area) is needed for the ballast calculation.`, [`arrays.${a.id}.attachment.ballastPsf`]);
    const required = Math.max(0, pUp - deadPsf);
    checks.push(check({
      id: `${idp}.ballast`, title: `${t}: ballast against wind uplift`,
      inputs: [[a.attachment.designUpliftPsf ? 'p_up (racking maker, wind tunnel)' : 'p_up (§29.4.4, as above)', pUp, 'psf'], ['D_PV (modules and racking)', deadPsf, 'psf'], ['ballast required', required, 'psf'], ['ballast provided', provided, 'psf']],
      formula: '0.6 (D_PV + B) ≥ 0.6 p_up → B ≥ p_up − D_PV', value: provided, unit: 'psf', limit: { relation: '>=', value: required },
      pass: provided >= required - 1e-9, ref: asce(ed, a.attachment.designUpliftPsf ? '§2.4.1 (0.6D + 0.6W); §29.4.3, Chapter 31 (wind tunnel)' : '§2.4.1 (0.6D + 0.6W); §29.4.4'),
      remedy: `At least ${Math.ceil(required * 10) / 10} psf of ballast (check the roof for it), the racking maker's wind-tunnel uplift, or a mechanically attached membrane mount`,
    }));
  } else if (!a.rails) {
    const m = railMomentLbFt(wGov, spacingFt);
    checks.push(check({
      id: `${idp}.rail-span`, title: `${t}: rail bending over the span between attachments`,
      inputs: [...railInputs, ['span', spacingFt, 'ft'], [maName, ma, 'lb-ft']],
      formula: 'M = w · L² / 8 ≤ M_allow', value: m, unit: 'lb-ft', limit: { relation: '<=', value: ma }, pass: m <= ma + 1e-9,
      ref: railRef,
      remedy: `Closer attachments: at most ${proposeSpacingIn(basis.maxSpanMomentFt)} in. on centre, or a heavier rail`,
    }));
    const upliftLb = loads.upPlf * spacingFt;
    if (intoFraming) checks.push(check({
      id: `${idp}.lag-withdrawal`, title: `${t}: lag screw withdrawal`,
      inputs: [['species', a.framing.species], ['G', NDS_SPECIFIC_GRAVITY[a.framing.species]], ['D', a.lag.diameterIn, 'in'], ['W (Eq. 12.2-1)', lag.wPerInchLb, 'lb/in'], ['C_D', lag.cd], ['p', a.lag.threadPenetrationIn, 'in'], ['lags', a.lag.perAttachment], ['uplift w', loads.upPlf, 'plf'], ['spacing', spacingFt, 'ft']],
      formula: "T = w_up · L ≤ W' = 1800 G^1.5 D^0.75 · C_D · p · n", value: upliftLb, unit: 'lb', limit: { relation: '<=', value: lag.capacityLb },
      pass: upliftLb <= lag.capacityLb + 1e-9, ref: { code: 'NDS', edition: '2018', section: '12.2.1, Eq. 12.2-1, Table 2.3.2' },
      remedy: `Closer attachments: at most ${proposeSpacingIn(basis.maxSpanLagFt)} in. on centre, a longer lag or two lags`,
    }));
  } else {
    checks.push(...drawnRailChecks(a, a.rails, l, basis, { railInputs, maName, railRef, intoFraming }));
  }
  return checks;
}

/**
 * The drawn rails: the longest span, the longest cantilever and the fewest attachments of any rail
 * of the array, each checked as drawn (PV-2 reads these same numbers back from its geometry).
 */
function drawnRailChecks(a: ArrayInput, rails: NonNullable<ArrayInput['rails']>, l: ArrayLoads, basis: RailBasis, said: { railInputs: RailInputs; maName: string; railRef: Check['ref']; intoFraming: boolean }): Check[] {
  const { idp, t } = l;
  const { loads, ma, wGov, lag } = basis;
  const { railInputs, maName, railRef, intoFraming } = said;
  const kind = a.attachment.kind;
  const checks: Check[] = [];
  const longest = <T,>(pick: (r: (typeof rails)[number]) => T[], key: (v: T) => number) => {
    let best: { rail: string; v: number } = { rail: rails[0]!.id, v: 0 };
    for (const r of rails) for (const x of pick(r)) if (key(x) > best.v + 1e-9) best = { rail: r.id, v: key(x) };
    return best;
  };
  const span = longest((r) => r.spansIn, (v) => v);
  const cant = longest((r) => r.cantileversIn, (v) => v);
  const fewest = rails.reduce((b, r) => (r.attachments < b.n ? { rail: r.id, n: r.attachments } : b), { rail: rails[0]!.id, n: rails[0]!.attachments });
  // Reaction of an attachment: half of each span beside it, plus the whole cantilever at an end.
  let trib = { rail: rails[0]!.id, in: 0 };
  for (const r of rails) {
    const n = r.spansIn.length + 1;
    if (r.attachments === 0) continue;
    for (let k = 0; k < n; k++) {
      const l = k === 0 ? r.cantileversIn[0] : r.spansIn[k - 1]! / 2;
      const rr = k === n - 1 ? r.cantileversIn[1] : r.spansIn[k]! / 2;
      if (l + rr > trib.in + 1e-9) trib = { rail: r.id, in: l + rr };
    }
  }
  const spanFtDrawn = span.v / 12;
  const m = railMomentLbFt(wGov, spanFtDrawn);
  checks.push(check({
    id: `${idp}.rail-attachments`, title: `${t}: attachments per rail`,
    inputs: [['rails drawn', rails.length], ['fewest on a rail', fewest.rail]],
    formula: 'every rail is held by at least 2 attachments', value: fewest.n, unit: 'attachments', limit: { relation: '>=', value: 2 },
    pass: fewest.n >= 2, ref: { code: 'Manufacturer', edition: 'installation manual', section: 'rail support (at least two attachments per rail)' },
    remedy: `Rail ${fewest.rail}: add an attachment on a second rafter, or join the rail to its neighbour`,
  }));
  checks.push(check({
    id: `${idp}.rail-span`, title: `${t}: rail bending over the span between attachments`,
    inputs: [...railInputs, ['governing rail', span.rail], ['span', spanFtDrawn, 'ft'], [maName, ma, 'lb-ft'], ['allowable span', basis.allowSpanIn, 'in'],
      ...(a.rail.maxSpanIn !== undefined ? [['span limit (manufacturer)', a.rail.maxSpanIn, 'in'] as [string, number, string], ['span limit source', a.rail.maxSpanSource ?? 'rail maker\'s span table'] as [string, string]] : [])],
    formula: 'M = w · L² / 8 ≤ M_allow (L = longest span drawn)', value: m, unit: 'lb-ft', limit: { relation: '<=', value: ma }, pass: m <= ma + 1e-9 && span.v <= basis.allowSpanIn + 1e-6,
    ref: railRef,
    remedy: `Rail ${span.rail}: spans of at most ${Math.floor(basis.allowSpanIn)} in., or a heavier rail`,
  }));
  const mc = (wGov * (cant.v / 12) ** 2) / 2;
  checks.push(check({
    id: `${idp}.rail-cantilever`, title: `${t}: rail cantilever past the end attachment`,
    inputs: [['governing rail', cant.rail], ['cantilever', cant.v, 'in'], ['w', wGov, 'plf'], ['M = w·a²/2', mc, 'lb-ft'], [maName, ma, 'lb-ft'], ['allowable span', basis.allowSpanIn, 'in'],
      [a.rail.maxCantileverIn ? 'cantilever limit (manufacturer)' : `cantilever limit (${Math.round(a.rail.maxCantileverRatio * 100)} % of allowable span)`, basis.allowCantileverIn, 'in'],
      ...(a.rail.cantileverSource ? [['cantilever limit source', a.rail.cantileverSource] as [string, string]] : [])],
    formula: 'a ≤ min(ratio · L_allow, √(2 M_allow / w)); M = w · a² / 2 ≤ M_allow', value: cant.v, unit: 'in', limit: { relation: '<=', value: basis.allowCantileverIn },
    pass: cant.v <= basis.allowCantileverIn + 1e-6 && mc <= ma + 1e-9, ref: railRef,
    remedy: `Rail ${cant.rail}: move its end attachment to a rafter within ${Math.floor(basis.allowCantileverIn)} in. of the rail end`,
  }));
  const upliftLb = loads.upPlf * (trib.in / 12);
  if (!intoFraming) {
    const cap = a.attachment.allowableUpliftLb;
    if (cap === undefined) throw new EngineRefusalError('inputs-missing', `Array ${a.id}'s ${kind === 'seam-clamp' ? 'seam clamps' : 'deck mounts'} are not fastened into the framing: the maker's allowable uplift per attachment is needed.`, [`arrays.${a.id}.attachment.allowableUpliftLb`]);
    checks.push(check({
      id: `${idp}.attachment-uplift`, title: `${t}: ${kind === 'seam-clamp' ? 'seam clamp' : 'deck mount'} uplift`,
      inputs: [['uplift w', loads.upPlf, 'plf'], ['governing rail', trib.rail], ['tributary rail length', trib.in / 12, 'ft'], ['allowable uplift (manufacturer)', cap, 'lb']],
      formula: 'T = w_up · L_trib ≤ T_allow (manufacturer)', value: upliftLb, unit: 'lb', limit: { relation: '<=', value: cap },
      pass: upliftLb <= cap + 1e-9, ref: { code: 'Manufacturer', edition: 'tested allowable', section: 'attachment uplift' },
      remedy: `Rail ${trib.rail}: shorter spans, or an attachment with a higher allowable uplift`,
    }));
  } else checks.push(check({
    id: `${idp}.lag-withdrawal`, title: `${t}: lag screw withdrawal`,
    inputs: [['species', a.framing.species], ['G', NDS_SPECIFIC_GRAVITY[a.framing.species]], ['D', a.lag.diameterIn, 'in'], ['W (Eq. 12.2-1)', lag.wPerInchLb, 'lb/in'], ['C_D', lag.cd], ['p', a.lag.threadPenetrationIn, 'in'], ['lags', a.lag.perAttachment], ['uplift w', loads.upPlf, 'plf'],
      ['governing rail', trib.rail], ['tributary rail length', trib.in / 12, 'ft']],
    formula: "T = w_up · L_trib ≤ W' = 1800 G^1.5 D^0.75 · C_D · p · n", value: upliftLb, unit: 'lb', limit: { relation: '<=', value: lag.capacityLb },
    pass: upliftLb <= lag.capacityLb + 1e-9, ref: { code: 'NDS', edition: '2018', section: '12.2.1, Eq. 12.2-1, Table 2.3.2' },
    remedy: `Rail ${trib.rail}: shorter spans (at most ${proposeSpacingIn(basis.maxSpanLagFt)} in.), a longer lag or two lags`,
  }));
  return checks;
}
