import { ZDesignInput, type ArrayInput, type DesignInput, type DesignInputRaw } from '../design-input.schema.ts';
import type { Check, Report, Section } from '../report.schema.ts';
import { asce, check, round } from '../report.builder.ts';
import { EngineRefusalError } from '../engine-refusal.ts';
import { FB_6005_T5_PSI, RAIL_PROFILES } from '../tables/rail-profiles.table.ts';
import { NDS_SPECIFIC_GRAVITY } from '../tables/nds-withdrawal.table.ts';
import { velocityPressure, panelPressure } from './wind.calc.ts';
import { flatRoofSnow, slopedRoofSnow } from './snow.calc.ts';
import { arrayDeadLoadPsf, lagCapacity, maxSpanForMomentFt, railLoads, railMomentLbFt } from './attachment.calc.ts';
import { addedGravityLoad, reducedRoofLiveLoad } from './framing.calc.ts';
import { rafterCheck } from './member.calc.ts';
import { roofingDeadLoadOf, SHEATHING_DEAD_LOAD } from '../tables/roofing-dead-load.table.ts';
import { GRADE_NAME, SPECIES_NAME } from '../tables/nds-lumber.table.ts';

export interface StructuralResult {
  sections: Section[];
  exports: Report['structuralExports'];
}

const IEBC_SECTION: Record<string, string> = { '2015': '403.3', '2018': '503.3', '2021': '503.3', '2024': '503.3' };

/** Attachment spacing to propose: the largest 6-inch step not above the limit, at least 12 in. */
function proposeSpacingIn(maxFt: number): number {
  return Math.max(12, Math.floor((maxFt * 12) / 6) * 6);
}

function isSlipperyRoof(material: string): boolean {
  // ASCE 7 §7.4: metal, slate, glass and smooth membranes are "slippery".
  return /metal|slate|glass|membrane|tpo|epdm|pvc/i.test(material);
}

function arraySection(input: DesignInput, a: ArrayInput, qh: ReturnType<typeof velocityPressure>): { section: Section; forte?: Record<string, unknown>; skyciv?: Record<string, unknown> } {
  const ed = input.site.codes.asce;
  const mod = input.equipment.module;
  const req = input.requirements;
  const checks: Check[] = [];
  const idp = `structural.array.${a.id}`;
  const t = `Array ${a.id}`;

  const deadPsf = arrayDeadLoadPsf(mod.weightLb, mod.lengthIn, mod.widthIn, a.rackingWeightPsf);
  checks.push(check({
    id: `${idp}.dead-load`, title: `${t}: array dead load`,
    inputs: [['module weight', mod.weightLb, 'lb'], ['module area', (mod.lengthIn * mod.widthIn) / 144, 'ft²'], ['racking', a.rackingWeightPsf, 'psf']],
    formula: 'D_PV = W_module / A_module + D_racking', value: deadPsf, unit: 'psf', ref: asce(ed, '§3.1 (dead loads)'),
  }));

  const tribWidthFt = (a.orientation === 'portrait' ? mod.lengthIn : mod.widthIn) / 2 / 12;
  const spacingFt = a.attachmentSpacingIn / 12;
  const tribAreaFt2 = tribWidthFt * spacingFt;
  // 7-22: its own gable or hip figures and Kd in the pressure equation (Eq. 29.4-7: p = qh Kd (GCp)(γE)(γa)).
  const wind = panelPressure(ed, qh.qhPsf, a.roofPitchDeg, a.windZone, a.exposedPanels, tribAreaFt2, a.roofType, qh.pressureKd);
  const windRef = ed === '7-10' ? asce(ed, `§30.4, ${wind.figure}`) : asce(ed, `§29.4.4, Eq. 29.4-7, ${wind.figure}, Figure 29.4-8${ed === '7-22' ? '; Table 26.6-1 (Kd)' : ''}`);
  const windInputs = (dir: 'uplift' | 'down'): Array<[string, number | string, string?]> => {
    const out: Array<[string, number | string, string?]> = [['qh', qh.qhPsf, 'psf'], ...(ed === '7-22' ? [['Kd', wind.kd] as [string, number], ['roof', a.roofType] as [string, string]] : []), ['zone', a.windZone], ['roof slope', a.roofPitchDeg, '°'], ['A (≤ 10 ft²)', wind.areaFt2, 'ft²'], ['GCp uplift', wind.gcpUplift], ['GCp down', wind.gcpDownward]];
    // 29.4.4: γE = 1.5 applies to uplift on exposed panels only; downward pressure uses 1.0.
    if (ed !== '7-10') out.push([dir === 'uplift' ? (a.exposedPanels ? 'γE (exposed panels, uplift)' : 'γE (non-exposed panels)') : 'γE (downward: always 1.0)', dir === 'uplift' ? wind.gammaE : wind.gammaEDownward], ['γa', wind.gammaA]);
    out.push(['minimum', wind.minimumPsf, 'psf']);
    return out;
  };
  checks.push(check({
    id: `${idp}.wind-uplift`, title: `${t}: wind uplift pressure on panels`, inputs: windInputs('uplift'),
    formula: ed === '7-10' ? 'p = max(qh·|GCp|, p_min)' : ed === '7-22' ? 'p = max(qh·Kd·|GCp|·γE·γa, p_min)' : 'p = max(qh·|GCp|·γE·γa, p_min)', value: wind.upliftPsf, unit: 'psf', ref: windRef,
  }));
  checks.push(check({
    id: `${idp}.wind-down`, title: `${t}: wind downward pressure on panels`, inputs: windInputs('down'),
    formula: ed === '7-10' ? 'p = max(qh·GCp, p_min)' : ed === '7-22' ? 'p = max(qh·Kd·GCp·γE·γa, p_min)' : 'p = max(qh·GCp·γE·γa, p_min)', value: wind.downwardPsf, unit: 'psf', ref: windRef,
  }));

  // §29.4.4 applies to modules no more than 10 in. above the roof and at least 2 h2 from the roof edges,
  // gable and hip ridges: checked on the drawn layout. The uplift treatment (exposed γE) is stated with it.
  if (ed !== '7-10' && a.edgeDistanceIn !== undefined) {
    const h2 = a.panelHeightIn;
    const h2Said = a.framing.verified.includes('panel-height') ? 'verified' : 'assumed';
    checks.push(check({
      id: `${idp}.edge-distance`, title: `${t}: modules clear of roof edges and ridges (2h2)`,
      inputs: [[`h2, module top above the roof (${h2Said}; ≤ 10 in.)`, h2, 'in'], ['least distance drawn to an eave, rake, gable or hip ridge', a.edgeDistanceIn, 'in'], ['2 h2', 2 * h2, 'in'],
        ['uplift treatment', a.exposedPanels ? 'every module treated as exposed: γE = 1.5 on uplift' : 'modules not exposed: γE = 1.0'], ['mean roof height h', input.site.meanRoofHeightFt, 'ft']],
      formula: 'd ≥ 2 h2 and h2 ≤ 10 in.', value: a.edgeDistanceIn, unit: 'in', limit: { relation: '>=', value: 2 * h2 },
      pass: a.edgeDistanceIn >= 2 * h2 - 1e-6 && h2 <= 10, ref: asce(ed, '§29.4.4'),
      remedy: h2 > 10 ? 'Modules more than 10 in. above the roof are outside §29.4.4: lower the racking or use wind-tunnel data (§29.4.3)' : `Keep every module at least ${Math.ceil(2 * h2)} in. from the eaves, rakes, gable and hip ridges (move them on the job's Design page)`,
    }));
  }

  const flat = flatRoofSnow(ed, input.site.groundSnowLoadPsf, input.site.exposure, input.site.snowExposure, input.site.thermalCondition, input.site.riskCategory, { thermalFactorCt: input.site.thermalFactorCt, minimumSnowLoadMaxPsf: input.site.minimumSnowLoadMaxPsf });
  const panelSnow = slopedRoofSnow(flat, a.roofPitchDeg, a.snowSurface === 'slippery', req.unreducedSnowLoad);
  const roofSnow = slopedRoofSnow(flat, a.roofPitchDeg, isSlipperyRoof(a.roofMaterial), req.unreducedSnowLoad);
  checks.push(check({
    id: `${idp}.snow-flat`, title: `${t}: flat roof snow load`,
    inputs: ed === '7-22'
      ? [['pg (risk category ' + input.site.riskCategory + ', strength level)', input.site.groundSnowLoadPsf, 'psf'], ['Ce', flat.ce], [flat.ctSource === 'entered' ? 'Ct (entered, Table 7.3-3)' : 'Ct (Table 7.3-2)', flat.ct]]
      : [['pg', input.site.groundSnowLoadPsf, 'psf'], ['Ce', flat.ce], ['Ct', flat.ct], ['Is', flat.is]],
    formula: ed === '7-22' ? 'pf = 0.7 · Ce · Ct · pg' : 'pf = 0.7 · Ce · Ct · Is · pg', value: flat.pfPsf, unit: 'psf', ref: asce(ed, ed === '7-22' ? `§7.3, Eq. 7.3-1, Table 7.3-1, Table 7.3-${flat.ctSource === 'entered' ? '3' : '2'}` : '§7.3, Eq. 7.3-1, Tables 7.3-1, 7.3-2'),
  }));
  checks.push(check({
    id: `${idp}.snow-panels`, title: `${t}: sloped snow load on the panels`,
    inputs: [['pf', flat.pfPsf, 'psf'], ['surface', a.snowSurface], ['slope', a.roofPitchDeg, '°'], ['Cs', panelSnow.cs], ['unreduced (requirement)', req.unreducedSnowLoad], flat.pmPsf === null ? ['pm', 'not needed (slope ≥ 15°)'] : ['pm', flat.pmPsf, 'psf']],
    formula: 'ps = Cs · pf (pm governs below 15°)', value: panelSnow.psPsf, unit: 'psf', ref: asce(ed, ed === '7-22' ? '§7.4, Eq. 7.4-1, Figure 7.4-1; §7.3.3, Table 7.3-4' : '§7.4, Eq. 7.4-1, Figure 7.4-1; §7.3.4'),
    notes: panelSnow.minimumApplied ? ['Minimum roof snow load pm governs'] : undefined,
  }));

  // ASCE 7-22's pg is strength-level: the ASD combinations carry 0.7 S (§2.4.1, combinations 3a, 4a, 6a).
  // The snow handed to the rail and framing checks below is that ASD term.
  const asdSnow = ed === '7-22' ? 0.7 : 1;
  const basis = railBasis(input, a, qh);
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
      id: `${idp}.rail-span`, title: `${t}: rail span between attachments`,
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
    // The drawn rails: the longest span, the longest cantilever and the fewest attachments of any rail
    // of the array, each checked as drawn (PV-2 reads these same numbers back from its geometry).
    const rails = a.rails;
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
      id: `${idp}.rail-span`, title: `${t}: rail span between attachments`,
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
  }

  const trib = (a.framing.spacingIn / 12) * (a.framing.spansIn.reduce((x, y) => x + y, 0) / 12);
  const lr = reducedRoofLiveLoad(a.roofLiveLoadPsf, a.roofPitchDeg, trib);
  const method = input.site.structuralMethod;
  const f = a.framing;
  const said = (fact: (typeof f.verified)[number]) => (f.verified.includes(fact) ? 'verified' : 'assumed');

  // The existing roof's dead load: the roofing's ASCE 7 Table C3-1 value, sheathing and the member's own
  // weight, or the value staff entered from the site (issue 24, finding 3: no hidden 10 psf).
  const roofing = roofingDeadLoadOf(a.roofMaterial);
  if (a.roofDeadLoadPsf === undefined && !roofing) {
    throw new EngineRefusalError('inputs-missing', `Array ${a.id}'s roofing "${a.roofMaterial}" is not in the roof dead load table (ASCE 7 Table C3-1): enter the roof dead load (psf of roof surface, roofing and sheathing) in the job's structural data.`, [`arrays.${a.id}.roofDeadLoadPsf`]);
  }
  const ballastPsf = a.attachment.kind === 'ballast' ? a.attachment.ballastPsf ?? 0 : 0;
  const snowForMember = asdSnow * panelSnow.psPsf;
  const alongSlopeIn = a.orientation === 'portrait' ? mod.lengthIn : mod.widthIn;
  const coveredIn = Math.min(Math.max(...f.spansIn), f.panelsOnRafter * alongSlopeIn * Math.cos((a.roofPitchDeg * Math.PI) / 180));
  const coverPsf = a.roofDeadLoadPsf ?? roofing!.psf + SHEATHING_DEAD_LOAD.psf;
  const member = rafterCheck({
    size: f.size, spacingIn: f.spacingIn, spansIn: f.spansIn, pitchDeg: a.roofPitchDeg, species: f.species, grade: f.grade,
    roofDeadPsf: coverPsf, pvDeadPsf: deadPsf + ballastPsf, snowPsf: snowForMember, roofSnowPsf: asdSnow * roofSnow.psPsf, roofLivePsf: lr.lrPsf, coveredIn, windDownPsf: wind.downwardPsf,
  });
  if (!member) throw new EngineRefusalError('configuration-not-supported', `Array ${a.id}: ${SPECIES_NAME[f.species]} ${GRADE_NAME[f.grade]} has no reference design values in the engine's NDS tables: choose the grade the framing is stamped with (No. 1 or No. 2).`, [`arrays.${a.id}.framing.grade`]);
  const roofDeadPsf = coverPsf + member.selfWeightPsf;
  checks.push(check({
    id: `${idp}.roof-dead-load`, title: `${t}: existing roof dead load`,
    inputs: a.roofDeadLoadPsf !== undefined
      ? [['roofing and sheathing (' + said('roof-dead-load') + ', entered)', a.roofDeadLoadPsf, 'psf'], [`${f.size} framing, own weight`, member.selfWeightPsf, 'psf']]
      : [[`${roofing!.name} (${roofing!.source})`, roofing!.psf, 'psf'], [`sheathing (${SHEATHING_DEAD_LOAD.source})`, SHEATHING_DEAD_LOAD.psf, 'psf'], [`${f.size} framing, own weight (ASCE 7 Table C3-2)`, member.selfWeightPsf, 'psf']],
    formula: 'D_roof = roofing + sheathing + framing', value: roofDeadPsf, unit: 'psf',
    ref: asce(ed, a.roofDeadLoadPsf !== undefined ? '§3.1.2 (actual weights); entered from the site survey' : '§3.1.2; Tables C3-1, C3-2 (commentary)'),
  }));
  // Ballast is dead load the existing framing carries too.
  const added = addedGravityLoad(roofDeadPsf, lr.lrPsf, asdSnow * roofSnow.psPsf, deadPsf + ballastPsf, asdSnow * panelSnow.psPsf);
  const iebc = input.site.codes.iebc;
  if (method === 'prescriptive') {
    if (req.stressAnalysis) {
      checks.push(check({
        id: `${idp}.method`, title: `${t}: structural method`, inputs: [['method', method], ['stress analysis required', true]],
        formula: 'a 5 % letter is prohibited where a stress analysis is required', value: method, unit: '', pass: false,
        ref: { code: 'AHJ', edition: 'requirements', section: 'stress_analysis (a member analysis is required)' }, remedy: 'Run the member in Forte or SkyCiv (set structuralMethod)',
      }));
    }
    checks.push(check({
      id: `${idp}.added-load`, title: `${t}: added gravity load on existing framing (5 % rule)`,
      inputs: [['roof dead load', roofDeadPsf, 'psf'], ['Lr (reduced)', lr.lrPsf, 'psf'], ['R2', lr.r2], [ed === '7-22' ? 'roof snow (0.7 ps, ASD)' : 'roof snow', asdSnow * roofSnow.psPsf, 'psf'], ['D_PV', deadPsf, 'psf'], [ed === '7-22' ? 'snow on panels (0.7 ps, ASD)' : 'snow on panels', asdSnow * panelSnow.psPsf, 'psf'],
        [`before (${added.beforeGoverning})`, added.beforePsf, 'psf'], [`after (${added.afterGoverning})`, added.afterPsf, 'psf']],
      formula: '(after − before) / before × 100 ≤ 5 %; no roof live load under panels', value: added.increasePct, unit: '%', limit: { relation: '<=', value: 5 },
      pass: added.increasePct <= 5 + 1e-9, ref: { code: 'IEBC', edition: iebc, section: `${IEBC_SECTION[iebc]}; ASCE 7-${ed.slice(2)} §4.8.2, §4.17` },
      remedy: 'Stress-check or reinforce the framing (Forte/SkyCiv), or reduce the added load',
    }));
  }
  // The existing member with the array on it, per NDS (the span rule it replaces was a house rule).
  const g = member.governing;
  const framingInputs: Array<[string, number | string, string?]> = [
    [`member (${said('size')})`, `${f.size} ${f.kind}`], [`spacing (${said('spacing')})`, f.spacingIn, 'in'], [`longest horizontal span (${said('spans')})`, member.spanIn, 'in'],
    [`species (${said('species')})`, SPECIES_NAME[f.species]], [`grade (${said('grade')})`, GRADE_NAME[f.grade]],
  ];
  const ndsRef = { code: 'NDS', edition: '2018', section: `3.3, 4.3 (Table 4.3.1); Supplement ${member.ref.table.replace('NDS Supplement ', '')}; ASCE 7-${ed.slice(2)} §2.4.1` };
  const trussNote = f.kind === 'truss' ? ['Truss top chord: bending between panel points only; axial force and the truss as a whole are the truss designer\'s'] : undefined;
  checks.push(check({
    id: `${idp}.member-bending`, title: `${t}: existing ${f.kind} bending (NDS)`,
    inputs: [...framingInputs, ['D (roof + framing + array)', member.deadPsf, 'psf'], ['S on panels (ASD)', snowForMember, 'psf'], ['S on roof outside the array (ASD)', asdSnow * roofSnow.psPsf, 'psf'], ['Lr outside the array', lr.lrPsf, 'psf'], ['array covers', coveredIn, 'in'],
      ['governing combination', g.name], ['M', g.moment, 'lb-ft'], ['S_x', member.sectionModulusIn3, 'in³'], ['Fb', member.ref.fbPsi, 'psi'],
      ['C_D', g.cd], ['C_F', member.cf], ['C_r', member.cr], ['C_M · C_t · C_L · C_i', 1], ["F'b", g.fbAllow, 'psi']],
    formula: "f_b = M / S_x ≤ F'b = Fb · C_D · C_M · C_t · C_L · C_F · C_i · C_r", value: g.fb, unit: 'psi', limit: { relation: '<=', value: g.fbAllow },
    pass: member.combinations.every((c) => c.fb <= c.fbAllow + 1e-9), ref: ndsRef, notes: trussNote,
    remedy: 'Add a support (purlin or strut) to shorten the span, sister the member, or run a member analysis (Forte / SkyCiv)',
  }));
  const gv = member.combinations.reduce((x, c) => (c.fv / c.fvAllow > x.fv / x.fvAllow ? c : x));
  checks.push(check({
    id: `${idp}.member-shear`, title: `${t}: existing ${f.kind} shear (NDS)`,
    inputs: [['governing combination', gv.name], ['V', gv.shear, 'lb'], ['A', member.areaIn2, 'in²'], ['Fv', member.ref.fvPsi, 'psi'], ['C_D', gv.cd], ["F'v", gv.fvAllow, 'psi']],
    formula: "f_v = 1.5 V / A ≤ F'v = Fv · C_D", value: gv.fv, unit: 'psi', limit: { relation: '<=', value: gv.fvAllow },
    pass: member.combinations.every((c) => c.fv <= c.fvAllow + 1e-9), ref: { code: 'NDS', edition: '2018', section: `3.4.2, Eq. 3.4-2; Supplement ${member.ref.table.replace('NDS Supplement ', '')}` },
    remedy: 'Add a support (purlin or strut) to shorten the span, or sister the member',
  }));
  checks.push(check({
    id: `${idp}.member-deflection`, title: `${t}: existing ${f.kind} deflection`,
    inputs: [['E', member.ref.ePsi, 'psi'], ['I', member.inertiaIn4, 'in⁴'], ['sloped span', member.slopedSpanIn, 'in'], ['Δ (S or Lr)', member.liveDeflectionIn, 'in'], ['limit L/180', member.liveLimitIn, 'in'],
      ['Δ (D + S or Lr)', member.totalDeflectionIn, 'in'], ['limit L/120', member.totalLimitIn, 'in'], ['ceiling', 'not supported by the member (assumed)']],
    formula: 'Δ = 5 w L⁴ / (384 E I cos² θ); Δ_S,Lr ≤ L/180, Δ_D+S,Lr ≤ L/120', value: member.totalDeflectionIn, unit: 'in', limit: { relation: '<=', value: member.totalLimitIn },
    pass: member.liveDeflectionIn <= member.liveLimitIn + 1e-9 && member.totalDeflectionIn <= member.totalLimitIn + 1e-9,
    ref: { code: 'IBC', edition: input.site.codes.iebc, section: 'Table 1604.3 (roof member not supporting a ceiling)' },
    remedy: 'Add a support (purlin or strut) to shorten the span, or sister the member',
  }));

  const out: { section: Section; forte?: Record<string, unknown>; skyciv?: Record<string, unknown> } = {
    section: { id: `structural.array.${a.id}`, title: `Array ${a.id} structure`, checks },
  };
  const spanFt = a.framing.spansIn.reduce((x, y) => x + y, 0) / 12;
  const loadsPsf = {
    roofDeadPsf: round(roofDeadPsf, 3),
    pvDeadPsf: round(deadPsf, 3),
    roofLivePsf: round(lr.lrPsf, 3),
    snowOnPanelsPsf: round(panelSnow.psPsf, 3),
    snowOnRoofPsf: round(roofSnow.psPsf, 3),
    windUpliftPsf: round(wind.upliftPsf, 3),
    windDownwardPsf: round(wind.downwardPsf, 3),
  };
  if (method === 'forte') {
    out.forte = {
      memberType: a.framing.kind === 'truss' ? 'Roof truss top chord (verify with truss engineer)' : 'Roof rafter',
      species: a.framing.species,
      size: a.framing.size,
      spacingIn: a.framing.spacingIn,
      horizontalSpansFt: a.framing.spansIn.map((s) => round(s / 12, 3)),
      slopeDeg: a.roofPitchDeg,
      loads: [
        { name: 'Roof dead', type: 'Dead', psf: loadsPsf.roofDeadPsf },
        { name: 'PV array', type: 'Dead', psf: loadsPsf.pvDeadPsf },
        { name: 'Snow on panels', type: 'Snow', psf: loadsPsf.snowOnPanelsPsf },
        { name: 'Wind uplift (ASD 0.6W)', type: 'Wind', psf: round(-0.6 * wind.upliftPsf, 3) },
      ],
    };
  }
  if (method === 'skyciv') {
    const railOffsetFt = tribWidthFt / 2;
    out.skyciv = {
      units: 'imperial',
      lengthFt: round(spanFt / Math.cos((a.roofPitchDeg * Math.PI) / 180), 3),
      supports: [{ xFt: 0, type: 'pinned' }, { xFt: round(spanFt / Math.cos((a.roofPitchDeg * Math.PI) / 180), 3), type: 'roller' }],
      section: { material: `${a.framing.species} sawn lumber`, size: a.framing.size },
      distributedLoadsPlf: [
        { case: 'D', plf: round((roofDeadPsf * a.framing.spacingIn) / 12, 3) },
        { case: 'Lr', plf: round((lr.lrPsf * a.framing.spacingIn) / 12, 3), note: 'outside the array only' },
      ],
      pointLoadsLb: [
        { case: 'D', lb: round(loads.deadPlf * spacingFt, 2), positionsNote: `one per rail crossing; rails about ${round(railOffsetFt * 2, 2)} ft apart` },
        { case: 'S', lb: round(loads.snowPlf * spacingFt, 2) },
        { case: 'W', lb: round(-loads.windUpPlf * 0.6 * spacingFt, 2) },
      ],
      loadCombinations: 'ASCE 7 §2.4.1 ASD',
    };
  }
  return out;
}

/**
 * The rail's allowable moment as the checks name and cite it: the catalogue's product value (the maker's
 * certified figure, with its document), or the generic class of tables/rail-profiles, printed as ASSUMED
 * with the product's name and a request that staff confirm the maker's certified value.
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
    source: `${product}ASSUMED ${a.rail.profile} rail class, ADM Fb ${FB_6005_T5_PSI / 1000} ksi × Sx ${cls.sectionModulusIn3} in³; maker's certified value to be confirmed by staff`,
    short: `${product}ADM, ${a.rail.profile} rail class (ASSUMED, maker's value to confirm)`,
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

/**
 * Per array: the largest span between attachments and the largest cantilever the rail may have at
 * this site (in.), for the layout rule that places attachments before the checks run on the drawing.
 */
export function railAllowances(raw: DesignInputRaw | unknown): Record<string, { maxSpanIn: number; maxCantileverIn: number }> {
  const input = ZDesignInput.parse(raw);
  const s = input.site;
  const qh = velocityPressure(s.codes.asce, s.exposure, s.meanRoofHeightFt, s.windSpeedMph, s.topographicFactorKzt, s.groundElevationFt);
  return Object.fromEntries(input.arrays.map((a) => {
    const b = railBasis(input, a, qh);
    return [a.id, { maxSpanIn: b.allowSpanIn, maxCantileverIn: b.allowCantileverIn }];
  }));
}

export function calculateStructural(input: DesignInput): StructuralResult {
  const s = input.site;
  const ed = s.codes.asce;
  // 7-22-only inputs would be silently ignored under another edition: refuse them instead.
  if (ed !== '7-22' && (s.thermalFactorCt !== undefined || s.minimumSnowLoadMaxPsf !== undefined)) {
    throw new EngineRefusalError('configuration-not-supported', `site.thermalFactorCt and site.minimumSnowLoadMaxPsf are ASCE 7-22 inputs (Tables 7.3-3 and 7.3-4); under ASCE ${ed} Ct comes from Table 7.3-2 and pm from §7.3.4. Remove them, or set site.codes.asce to 7-22.`);
  }
  const qh = velocityPressure(ed, s.exposure, s.meanRoofHeightFt, s.windSpeedMph, s.topographicFactorKzt, s.groundElevationFt);
  const windChecks: Check[] = [
    check({
      id: 'structural.wind.qh', title: 'Velocity pressure at mean roof height',
      // 7-22 moved Kd from the velocity pressure into the pressure equations (Eq. 26.10-1 has no Kd).
      inputs: [['V', s.windSpeedMph, 'mph'], ['exposure', s.exposure], ['h', s.meanRoofHeightFt, 'ft'], ['Kz', qh.kz], ['Kzt', qh.kzt], ...(ed === '7-22' ? [] : [['Kd', qh.kd] as [string, number]]), ['Ke', qh.ke]],
      formula: ed === '7-10' ? 'qh = 0.00256 · Kz · Kzt · Kd · V²' : ed === '7-22' ? 'qh = 0.00256 · Kz · Kzt · Ke · V²' : 'qh = 0.00256 · Kz · Kzt · Kd · Ke · V²', value: qh.qhPsf, unit: 'psf',
      ref: asce(ed, ed === '7-10' ? '§30.3.2, Eq. 30.3-1, Table 30.3-1 (Case 1)' : ed === '7-22' ? '§26.10, Eq. 26.10-1, Tables 26.10-1, 26.11-1, 26.9-1' : '§26.10, Eq. 26.10-1, Tables 26.10-1, 26.6-1, 26.9-1'),
    }),
  ];
  const sections: Section[] = [{ id: 'structural.site', title: `Site loads (ASCE ${ed})`, checks: windChecks }];
  const exports: Report['structuralExports'] = [];
  for (const a of input.arrays) {
    const r = arraySection(input, a, qh);
    sections.push(r.section);
    if (r.forte) exports.push({ arrayId: a.id, tool: 'Forte', input: r.forte });
    if (r.skyciv) exports.push({ arrayId: a.id, tool: 'SkyCiv', input: r.skyciv });
  }
  return { sections, exports };
}
