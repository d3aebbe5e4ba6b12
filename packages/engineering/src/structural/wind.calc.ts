import { KD_BUILDING_CC, groundElevationFactor, kzFor, type AsceEdition, type Exposure } from '../tables/asce7-kz.table.ts';
import { GAMMA_E, figureForSlope, gammaA, gcpAt, minimumCcPressurePsf, upliftGcp, type RoofShape, type RoofZone } from '../tables/asce7-gcp.table.ts';

export interface VelocityPressure {
  kz: number;
  kzt: number;
  kd: number;
  ke: number;
  qhPsf: number;
  /**
   * 7-22 moved Kd out of the velocity pressure (Eq. 26.10-1: qz = 0.00256 Kz Kzt Ke V²) into the
   * pressure equations (Eq. 29.4-7: p = qh Kd (GCp)(γE)(γa); Eq. 27.3-2: p = qh Kd G CN); 7-10 and
   * 7-16 keep it in qh. Pressures multiply by pressureKd: Kd for 7-22, 1 otherwise.
   */
  pressureKd: number;
}

/** ASCE 7-16 Eq. 26.10-1: qh = 0.00256 Kz Kzt Kd Ke V²; 7-10 (Eq. 30.3-1) has no Ke; 7-22 has no Kd in qh. */
export function velocityPressure(edition: AsceEdition, exposure: Exposure, hFt: number, windSpeedMph: number, kzt: number, groundElevationFt?: number): VelocityPressure {
  const kz = kzFor(edition, exposure, hFt);
  const ke = groundElevationFactor(edition, groundElevationFt);
  const kd = KD_BUILDING_CC;
  const kdInQh = edition !== '7-22';
  return { kz, kzt, kd, ke, qhPsf: 0.00256 * kz * kzt * (kdInQh ? kd : 1) * ke * windSpeedMph * windSpeedMph, pressureKd: kdInQh ? 1 : kd };
}

/**
 * GCp and γa are read at the attachment's tributary area but never above 10 ft²: the engine only
 * trusts the curves at and below 10 ft² (see asce7-gcp.table.ts), and a smaller area never gives
 * a smaller pressure, so this is conservative for the usual 12–25 ft² tributary areas.
 */
export function effectiveAreaFt2(tributaryAreaFt2: number): number {
  return Math.min(tributaryAreaFt2, 10);
}

export interface PanelPressure {
  figure: string;
  areaFt2: number;
  gcpUplift: number;
  gcpDownward: number;
  /** γE on uplift: 1.5 for exposed panels, 1.0 otherwise (29.4.4). */
  gammaE: number;
  /** γE on downward pressure: always 1.0 (29.4.4: "1.0 elsewhere for uplift loads and for all downward loads"). */
  gammaEDownward: number;
  gammaA: number;
  /** Kd applied in the pressure equation (7-22); 1 where qh already holds it. */
  kd: number;
  upliftPsf: number;
  downwardPsf: number;
  minimumPsf: number;
}

/**
 * ASCE 7-16 §29.4.4 Eq. 29.4-7: p = qh (GCp)(γE)(γa); 7-22: p = qh Kd (GCp)(γE)(γa) (pass its Kd as
 * pressureKd; qh then excludes it); 7-10: p = qh (GCp) for the roof zone. 7-22 reads its own gable or
 * hip figures; 7-10 and 7-16 the gable figures for both shapes.
 */
export function panelPressure(edition: AsceEdition, qhPsf: number, slopeDeg: number, zone: RoofZone, exposed: boolean, tributaryAreaFt2: number, roofShape: RoofShape = 'gable', pressureKd = 1): PanelPressure {
  const figure = figureForSlope(edition, slopeDeg, roofShape);
  const areaFt2 = effectiveAreaFt2(tributaryAreaFt2);
  const gcpUplift = upliftGcp(figure, zone, areaFt2);
  const gcpDownward = gcpAt(figure.downward, areaFt2);
  const solar = edition !== '7-10';
  // 29.4.4: γE = 1.5 for uplift on exposed panels (within 1.5 Lp of an exposed row end), 1.0 elsewhere
  // for uplift and for all downward loads. The edge factor never raises downward pressure.
  const gammaE = solar ? (exposed ? GAMMA_E.exposed : GAMMA_E.nonExposed) : 1;
  const gammaEDownward = GAMMA_E.nonExposed;
  const gA = solar ? gammaA(areaFt2) : 1;
  const minimumPsf = minimumCcPressurePsf(edition);
  const upliftPsf = Math.max(minimumPsf, Math.abs(qhPsf * pressureKd * gcpUplift * gammaE * gA));
  const downwardPsf = Math.max(minimumPsf, qhPsf * pressureKd * gcpDownward * gammaEDownward * gA);
  return { figure: figure.figure, areaFt2, gcpUplift, gcpDownward, gammaE, gammaEDownward, gammaA: gA, kd: pressureKd, upliftPsf, downwardPsf, minimumPsf };
}
