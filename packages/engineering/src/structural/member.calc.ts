import type { Species } from '../tables/nds-withdrawal.table.ts';
import { DRESSED_DEPTH_IN, DRESSED_THICKNESS_IN, NDS_CD, NDS_CR_REPETITIVE, SIZE_FACTOR_FB, WOOD_DENSITY_PCF, lumberValues, type LumberGrade, type LumberSize } from '../tables/nds-lumber.table.ts';

/*
 * The existing rafter with the array on it, checked per NDS 2018 (issue 24, finding 3): bending
 * fb = M / S ≤ F'b = Fb · CD · CM · Ct · CL · CF · Ci · Cr, shear fv = 1.5 V / A ≤ F'v = Fv · CD, and
 * deflection against IBC Table 1604.3. The member is taken as a simple span over the longest of its
 * horizontal spans (supports at the wall, ridge or any purlin), loaded per horizontal foot:
 *   dead (roofing + sheathing + member + array, psf of roof surface) / cos θ,
 *   snow on the panels (ASD level, psf of horizontal projection) over the whole span, and the roof's
 *   snow in excess of it where no module covers the member (bounded like the roof live load below),
 *   roof live load only where no module covers the member (ASCE 7 §4.17: not under panels ≤ 24 in. above
 *   the roof); its moment is bounded by a patch of that length at mid-span: M = Lr·s·a(2L − a)/8,
 *   wind downward (perpendicular to the roof) as p / cos² θ per horizontal foot,
 * in the ASD combinations of ASCE 7 §2.4.1, each with its load duration factor CD (NDS Table 2.3.2).
 * CM = Ct = CL = Ci = 1.0: dry service, normal temperature, compression edge held by the sheathing,
 * not incised. The moment of a vertical load w per horizontal foot on an inclined simple span is
 * w L²/8 with L the horizontal span; the deflection normal to the member is 5 w L⁴ / (384 E I cos² θ).
 */

export interface MemberInput {
  size: LumberSize;
  spacingIn: number;
  /** Horizontal spans between supports, in.; the longest is checked. */
  spansIn: readonly number[];
  pitchDeg: number;
  species: Species;
  grade: LumberGrade;
  /** Roofing and sheathing, psf of roof surface (the member's own weight is added here). */
  roofDeadPsf: number;
  /** The array's dead load, psf of roof surface, taken over the whole span. */
  pvDeadPsf: number;
  /** Snow on the panels in the ASD combinations, psf of horizontal projection, taken over the whole span. */
  snowPsf: number;
  /** Snow on the roof outside the array (ASD), psf; where it exceeds the panels' it is added on the uncovered length. */
  roofSnowPsf: number;
  /** Reduced roof live load Lr, psf of horizontal projection. */
  roofLivePsf: number;
  /** Horizontal length of the span that modules cover, in. (no roof live load there). */
  coveredIn: number;
  /** Downward wind pressure on the panels (perpendicular to the roof), psf; ASD uses 0.6 W. */
  windDownPsf: number;
}

export interface Combination { name: string; cd: number; moment: number; shear: number; fb: number; fbAllow: number; fv: number; fvAllow: number; ratio: number }

export interface MemberResult {
  ref: { fbPsi: number; fvPsi: number; ePsi: number; table: string };
  sectionModulusIn3: number;
  inertiaIn4: number;
  areaIn2: number;
  selfWeightPsf: number;
  deadPsf: number;
  spanIn: number;
  slopedSpanIn: number;
  cf: number;
  cr: number;
  /** Uncovered horizontal length, in. (roof live load applies there only). */
  uncoveredIn: number;
  combinations: Combination[];
  governing: Combination;
  /** Deflection under snow or roof live load (the larger) and under dead + that load, in. */
  liveDeflectionIn: number;
  totalDeflectionIn: number;
  liveLimitIn: number;
  totalLimitIn: number;
}

/** Undefined where the tables have no value for the species and grade (the caller refuses). */
export function rafterCheck(m: MemberInput): MemberResult | undefined {
  const ref = lumberValues(m.species, m.grade, m.size);
  if (!ref) return undefined;
  const b = DRESSED_THICKNESS_IN;
  const d = DRESSED_DEPTH_IN[m.size];
  const sx = (b * d * d) / 6;
  const ix = (b * d ** 3) / 12;
  const area = b * d;
  const s = m.spacingIn / 12;
  const cos = Math.cos((m.pitchDeg * Math.PI) / 180);
  const selfWeightPsf = ((WOOD_DENSITY_PCF[m.species] * area) / 144) / s;
  const deadPsf = m.roofDeadPsf + selfWeightPsf + m.pvDeadPsf;
  const spanIn = Math.max(...m.spansIn);
  const L = spanIn / 12;
  const cf = m.species === 'SP' ? 1 : SIZE_FACTOR_FB[m.size];
  const cr = m.spacingIn <= 24 ? NDS_CR_REPETITIVE : 1;
  const uncoveredIn = Math.max(0, spanIn - m.coveredIn);
  const a = uncoveredIn / 12;

  const wD = (deadPsf / cos) * s;
  const wS = m.snowPsf * s;
  const wW = (m.windDownPsf / (cos * cos)) * s;
  const lr = m.roofLivePsf * s;
  // Simple span: M = w L²/8, V = w L/2. The live-load patch of length a: M ≤ w a (2L − a)/8 (at mid-span),
  // V ≤ w a (2L − a)/(2L) (beside a support).
  const full = (w: number) => ({ m: (w * L * L) / 8, v: (w * L) / 2 });
  const patch = (w: number) => ({ m: (w * a * (2 * L - a)) / 8, v: L > 0 ? (w * a * (2 * L - a)) / (2 * L) : 0 });
  const wSx = Math.max(0, m.roofSnowPsf - m.snowPsf) * s;
  const sum = (...xs: Array<{ m: number; v: number }>) => ({ m: xs.reduce((t, x) => t + x.m, 0), v: xs.reduce((t, x) => t + x.v, 0) });
  const scale = (k: number, x: { m: number; v: number }) => ({ m: k * x.m, v: k * x.v });
  const snow = sum(full(wS), patch(wSx));
  const combos: Array<[string, number, { m: number; v: number }]> = [
    ['D', NDS_CD.dead, full(wD)],
    ['D + Lr (outside the array)', NDS_CD.roofLive, sum(full(wD), patch(lr))],
    ['D + S', NDS_CD.snow, sum(full(wD), snow)],
    ['D + 0.6W', NDS_CD.wind, full(wD + 0.6 * wW)],
    ['D + 0.75(0.6W) + 0.75S', NDS_CD.wind, sum(full(wD + 0.75 * 0.6 * wW), scale(0.75, snow))],
  ];
  const combinations: Combination[] = combos.map(([name, cd, f]) => {
    const fb = (f.m * 12) / sx;
    const fbAllow = ref.fbPsi * cd * cf * cr;
    const fv = (1.5 * f.v) / area;
    const fvAllow = ref.fvPsi * cd;
    return { name, cd, moment: f.m, shear: f.v, fb, fbAllow, fv, fvAllow, ratio: Math.max(fb / fbAllow, fv / fvAllow) };
  });
  const governing = combinations.reduce((g, c) => (c.ratio > g.ratio + 1e-12 ? c : g));

  // Deflection normal to the member: 5 w L⁴ / (384 E I cos² θ), w per horizontal inch.
  const defl = (wPlf: number) => (5 * (wPlf / 12) * spanIn ** 4) / (384 * ref.ePsi * ix * cos * cos);
  // The roof live load's patch (length a) at mid-span deflects most: w a (8L³ − 4La² + a³) / (384 E I cos² θ).
  const patchDefl = (wPlf: number) => ((wPlf / 12) * uncoveredIn * (8 * spanIn ** 3 - 4 * spanIn * uncoveredIn ** 2 + uncoveredIn ** 3)) / (384 * ref.ePsi * ix * cos * cos);
  const live = Math.max(defl(wS) + patchDefl(wSx), patchDefl(lr));
  const slopedSpanIn = spanIn / cos;
  return {
    ref, sectionModulusIn3: sx, inertiaIn4: ix, areaIn2: area, selfWeightPsf, deadPsf, spanIn, slopedSpanIn, cf, cr, uncoveredIn,
    combinations, governing,
    liveDeflectionIn: live,
    totalDeflectionIn: defl(wD) + live,
    liveLimitIn: slopedSpanIn / 180,
    totalLimitIn: slopedSpanIn / 120,
  };
}
