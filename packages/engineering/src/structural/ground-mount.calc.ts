import type { Check, Section } from '../report.schema.ts';
import { asce, check } from '../report.builder.ts';
import type { AsceEdition, Exposure } from '../tables/asce7-kz.table.ts';
import type { RiskCategory } from '../tables/asce7-snow.table.ts';
import { velocityPressure } from './wind.calc.ts';
import { flatRoofSnow, slopedRoofSnow } from './snow.calc.ts';
import { FREE_ROOF_H_OVER_L, freeRoofCoefficients, freeRoofFigure } from '../tables/asce7-free-roof.table.ts';
import { EngineRefusalError } from '../engine-refusal.ts';

/*
 * A ground-mounted array on posts, as an open structure: ASCE 7 Chapter 27 free roof (monoslope)
 * with the net pressure coefficients CN of 7-16/7-22 Figure 27.3-4 (7-10 Figure 27.4-4) at the
 * array's tilt, the governing ones over load cases A and B, both wind directions and clear and
 * obstructed flow (asce7-free-roof.table.ts); the figure covers 0.25 ≤ h/L ≤ 1.0 and tilts up to 45°,
 * outside them the engine refuses. The gust-effect factor G = 0.85 of a rigid structure,
 * snow on an unheated open structure (Ct = 1.2; Ce partially exposed, the conservative side when
 * the array's shelter is not known; glass surface), and the post/foundation loads
 * compared with the foundation capacities of the racking's design. Loads are taken on the array's
 * surface area (the horizontal projection is smaller, so snow on it is conservative).
 */

export interface GroundMountInput {
  edition: AsceEdition;
  windSpeedMph: number;
  exposure: Exposure;
  groundSnowLoadPsf: number;
  riskCategory: RiskCategory;
  unreducedSnowLoad: boolean;
  racking: string;
  foundation: string;
  tiltDeg: number;
  meanHeightFt: number;
  /** Slope length of one table (front to back), ft. */
  arrayDepthFt: number;
  /** Spacing of the post columns along the row, ft. */
  postSpacingFt: number;
  /** Posts in one column (front and back posts: 2). */
  postsPerColumn: number;
  /** Modules and racking, psf of array surface (the racking's design). */
  deadLoadPsf: number;
  /** ASCE 7-22, tilt below 15°: pm,max of Table 7.3-4 for the risk category, psf. */
  minimumSnowLoadMaxPsf?: number | undefined;
  /** Allowable (ASD) loads on one post and its foundation, lb (the racking's design). */
  allowableUpliftLb: number;
  allowableCompressionLb: number;
  allowableLateralLb: number;
}

export const GUST_EFFECT_RIGID = 0.85;

export function groundMountSection(g: GroundMountInput): Section {
  const ed = g.edition;
  const checks: Check[] = [];
  const id = 'structural.ground-mount';
  const { cnUplift, cnDown, hOverL } = netPressureCoefficients(g);
  const q = velocityPressure(ed, g.exposure, g.meanHeightFt, g.windSpeedMph, 1);
  checks.push(check({
    id: `${id}.qh`, title: 'Ground mount: velocity pressure at mean height',
    inputs: [['V', g.windSpeedMph, 'mph'], ['exposure', g.exposure], ['h', g.meanHeightFt, 'ft'], ['Kz', q.kz], ['Kzt', q.kzt], ...(ed === '7-22' ? [] : [['Kd', q.kd] as [string, number]]), ['Ke', q.ke]],
    formula: ed === '7-10' ? 'qh = 0.00256 · Kz · Kzt · Kd · V²' : ed === '7-22' ? 'qh = 0.00256 · Kz · Kzt · Ke · V²' : 'qh = 0.00256 · Kz · Kzt · Kd · Ke · V²', value: q.qhPsf, unit: 'psf',
    ref: asce(ed, ed === '7-10' ? '§27.3.2, Eq. 27.3-1' : '§26.10, Eq. 26.10-1'),
  }));
  // 7-22 Eq. 27.3-2: p = qh Kd G CN (Kd left the velocity pressure); pressureKd is 1 for 7-10/7-16.
  const pUp = q.qhPsf * q.pressureKd * GUST_EFFECT_RIGID * cnUplift;
  const pDown = q.qhPsf * q.pressureKd * GUST_EFFECT_RIGID * cnDown;
  const kdIn: Array<[string, number]> = ed === '7-22' ? [['Kd', q.kd]] : [];
  const pFormula = ed === '7-22' ? 'p = qh · Kd · G · CN' : 'p = qh · G · CN';
  const figure = freeRoofFigure(ed);
  const freeRoof = asce(ed, ed === '7-10' ? '§27.4.3, Eq. 27.4-3, Figure 27.4-4 (monoslope free roof); §26.9.1 (G)' : '§27.3.2, Eq. 27.3-2, Figure 27.3-4 (monoslope free roof); §26.11.1 (G)');
  checks.push(check({
    id: `${id}.cn`, title: 'Ground mount: net pressure coefficients (monoslope free roof)',
    inputs: [['θ (tilt)', g.tiltDeg, '°'], ['h', g.meanHeightFt, 'ft'], ['L = depth · cos θ', g.arrayDepthFt * Math.cos((g.tiltDeg * Math.PI) / 180), 'ft'], ['h/L', hOverL], ['CN down (governing)', cnDown]],
    formula: 'CN up = max |CNW, CNL < 0| over load cases A, B, γ = 0°, 180°, clear and obstructed flow', value: cnUplift, unit: '',
    ref: asce(ed, `${figure} (monoslope free roof, 0.25 ≤ h/L ≤ 1.0; linear interpolation in θ)`),
    notes: ['The space under the array is not recorded: clear and obstructed wind flow are both taken and the larger coefficient governs.'],
  }));
  checks.push(check({
    id: `${id}.wind-uplift`, title: 'Ground mount: net wind pressure, uplift', inputs: [['qh', q.qhPsf, 'psf'], ...kdIn, ['G', GUST_EFFECT_RIGID], [`CN (${figure})`, cnUplift], ['tilt', g.tiltDeg, '°']],
    formula: pFormula, value: pUp, unit: 'psf', ref: freeRoof,
  }));
  checks.push(check({
    id: `${id}.wind-down`, title: 'Ground mount: net wind pressure, downward', inputs: [['qh', q.qhPsf, 'psf'], ...kdIn, ['G', GUST_EFFECT_RIGID], [`CN (${figure})`, cnDown], ['tilt', g.tiltDeg, '°']],
    formula: pFormula, value: pDown, unit: 'psf', ref: freeRoof,
  }));
  const flat = flatRoofSnow(ed, g.groundSnowLoadPsf, g.exposure, 'partially-exposed', 'unheated', g.riskCategory, { minimumSnowLoadMaxPsf: g.minimumSnowLoadMaxPsf });
  const sloped = slopedRoofSnow(flat, g.tiltDeg, true, g.unreducedSnowLoad);
  const cs = sloped.cs;
  const ps = sloped.psPsf;
  // 7-22's pg is strength-level: the ASD combinations carry 0.7 S (§2.4.1).
  const asdSnow = ed === '7-22' ? 0.7 : 1;
  const snow = asdSnow * ps;
  checks.push(check({
    id: `${id}.snow`, title: 'Ground mount: snow load on the array',
    inputs: [['pg', g.groundSnowLoadPsf, 'psf'], ['Ce (partially exposed)', flat.ce], ['Ct (unheated open structure)', flat.ct], ...(ed === '7-22' ? [] : [['Is', flat.is] as [string, number]]), ['pf', flat.pfPsf, 'psf'], ['Cs (slippery, tilt)', cs], ['unreduced (requirement)', g.unreducedSnowLoad], ['pm', flat.pmPsf ?? 'not needed (tilt ≥ 15°)', flat.pmPsf === null ? undefined : 'psf']],
    formula: ed === '7-22' ? 'ps = Cs · pf, pf = 0.7 · Ce · Ct · pg (pm governs below 15°)' : 'ps = Cs · pf, pf = 0.7 · Ce · Ct · Is · pg (pm governs below 15°)', value: ps, unit: 'psf', ref: asce(ed, ed === '7-22' ? '§7.3, Eq. 7.3-1; §7.4, Eq. 7.4-1, Figure 7.4-1; §7.3.3' : '§7.3, Eq. 7.3-1; §7.4, Eq. 7.4-1, Figure 7.4-1; §7.3.4'),
    notes: ed === '7-22' ? ['ASCE 7-22 ground snow loads are strength-level: the ASD combinations below use 0.7 S (§2.4.1)'] : undefined,
  }));
  const areaFt2 = g.postSpacingFt * g.arrayDepthFt / g.postsPerColumn;
  const cos = Math.cos((g.tiltDeg * Math.PI) / 180);
  const sin = Math.sin((g.tiltDeg * Math.PI) / 180);
  const d = g.deadLoadPsf * areaFt2;
  const s = snow * areaFt2;
  const wDown = pDown * cos * areaFt2;
  const wUp = pUp * cos * areaFt2;
  const combos: Array<[string, number]> = [['D + S', d + s], ['D + 0.6W', d + 0.6 * wDown], ['D + 0.75(0.6W) + 0.75S', d + 0.45 * wDown + 0.75 * s]];
  const [combo, compression] = combos.reduce((a, b) => (b[1] > a[1] + 1e-12 ? b : a));
  const uplift = Math.max(0, 0.6 * wUp - 0.6 * d);
  const lateral = 0.6 * Math.max(pUp, pDown) * sin * areaFt2;
  const loadInputs: Array<[string, number | string, string?]> = [['post spacing', g.postSpacingFt, 'ft'], ['array depth', g.arrayDepthFt, 'ft'], ['posts per column', g.postsPerColumn], ['A per post', areaFt2, 'ft²'], ['D', g.deadLoadPsf, 'psf'], [ed === '7-22' ? 'S (0.7 ps, ASCE 7-22 ASD)' : 'S', snow, 'psf']];
  const combos24 = asce(ed, '§2.4.1 (ASD combinations); foundation capacity: racking design');
  checks.push(check({
    id: `${id}.post-uplift`, title: `Ground mount: uplift on one post (${g.foundation})`, inputs: [...loadInputs, ['p uplift', pUp, 'psf'], ['tilt', g.tiltDeg, '°']],
    formula: 'T = (0.6 · p_up · cos θ − 0.6 · D) · A', value: uplift, unit: 'lb', limit: { relation: '<=', value: g.allowableUpliftLb }, pass: uplift <= g.allowableUpliftLb + 1e-9, ref: combos24,
    remedy: 'Closer posts, deeper foundations, or the racking\'s heavier foundation',
  }));
  checks.push(check({
    id: `${id}.post-compression`, title: `Ground mount: downward load on one post (${g.foundation})`, inputs: [...loadInputs, ['p down', pDown, 'psf'], [`governing (${combo})`, compression, 'lb']],
    formula: 'C = max(D + S, D + 0.6W, D + 0.75(0.6W) + 0.75S) · A, W = p_down · cos θ', value: compression, unit: 'lb', limit: { relation: '<=', value: g.allowableCompressionLb }, pass: compression <= g.allowableCompressionLb + 1e-9, ref: combos24,
    remedy: 'Closer posts or a larger foundation',
  }));
  checks.push(check({
    id: `${id}.post-lateral`, title: `Ground mount: lateral load on one post (${g.foundation})`, inputs: [['A per post', areaFt2, 'ft²'], ['p', Math.max(pUp, pDown), 'psf'], ['tilt', g.tiltDeg, '°']],
    formula: 'H = 0.6 · max(p_up, p_down) · sin θ · A', value: lateral, unit: 'lb', limit: { relation: '<=', value: g.allowableLateralLb }, pass: lateral <= g.allowableLateralLb + 1e-9, ref: combos24,
    remedy: 'Closer posts, bracing, or a deeper foundation',
  }));
  return { id, title: `Ground-mounted array (${g.racking})`, checks };
}

/**
 * CN of the array at its tilt and h/L, from the figure; the engine refuses a tilt above 45° or an
 * h/L outside 0.25–1.0 (the figure's range: such an array needs a wind-tunnel study).
 */
export function netPressureCoefficients(g: Pick<GroundMountInput, 'edition' | 'tiltDeg' | 'meanHeightFt' | 'arrayDepthFt'>): { cnUplift: number; cnDown: number; hOverL: number } {
  const figure = `ASCE ${g.edition} ${freeRoofFigure(g.edition)}`;
  const cn = freeRoofCoefficients(g.tiltDeg);
  if (!cn) throw new EngineRefusalError('configuration-not-supported', `The ground mount's tilt ${g.tiltDeg}° is outside ${figure} (monoslope free roofs up to 45°): its net pressure coefficients need a wind-tunnel study.`);
  const l = g.arrayDepthFt * Math.cos((g.tiltDeg * Math.PI) / 180);
  const hOverL = g.meanHeightFt / l;
  if (hOverL < FREE_ROOF_H_OVER_L.min - 1e-9 || hOverL > FREE_ROOF_H_OVER_L.max + 1e-9) {
    throw new EngineRefusalError('configuration-not-supported', `The ground mount's h/L = ${hOverL.toFixed(2)} (mean height ${g.meanHeightFt} ft over ${l.toFixed(2)} ft of table depth projected at ${g.tiltDeg}°) is outside ${figure}'s ${FREE_ROOF_H_OVER_L.min} ≤ h/L ≤ ${FREE_ROOF_H_OVER_L.max}: its net pressure coefficients need a wind-tunnel study.`);
  }
  return { ...cn, hOverL };
}
