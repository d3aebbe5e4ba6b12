import type { ArrayInput, DesignInput } from '../design-input.schema.ts';
import type { Check } from '../report.schema.ts';
import { asce, check } from '../report.builder.ts';
import { arrayDeadLoadPsf } from './attachment.calc.ts';
import { flatRoofSnow, slopedRoofSnow } from './snow.calc.ts';
import { panelPressure, type velocityPressure } from './wind.calc.ts';

/** An array's loads on its panels (dead, wind, snow) with their checks: the first step of its structural section (structural.calc.ts). */
export interface ArrayLoads {
  checks: Check[];
  /** The array's check id prefix and check title prefix. */
  idp: string;
  t: string;
  ed: DesignInput['site']['codes']['asce'];
  deadPsf: number;
  tribWidthFt: number;
  spacingFt: number;
  wind: ReturnType<typeof panelPressure>;
  panelSnow: ReturnType<typeof slopedRoofSnow>;
  roofSnow: ReturnType<typeof slopedRoofSnow>;
  /** 0.7 under ASCE 7-22 (its pg is strength-level: the ASD combinations carry 0.7 S), else 1. */
  asdSnow: number;
}

function isSlipperyRoof(material: string): boolean {
  // ASCE 7 §7.4: metal, slate, glass and smooth membranes are "slippery".
  return /metal|slate|glass|membrane|tpo|epdm|pvc/i.test(material);
}

export function arrayLoads(input: DesignInput, a: ArrayInput, qh: ReturnType<typeof velocityPressure>): ArrayLoads {
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
  return { checks, idp, t, ed, deadPsf, tribWidthFt, spacingFt, wind, panelSnow, roofSnow, asdSnow };
}
