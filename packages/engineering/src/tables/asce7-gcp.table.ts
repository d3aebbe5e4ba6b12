import type { AsceEdition } from './asce7-kz.table.ts';

export type RoofZone = "1'" | '1' | '2' | '2e' | '2n' | '2r' | '3' | '3e' | '3r';

/** A log-linear segment of a GCp curve: gcp1 up to area1 ft², gcp2 from area2 ft², linear in log(A) between. */
export interface GcpCurve {
  area1: number;
  gcp1: number;
  area2: number;
  gcp2: number;
}

function flat(gcp: number): GcpCurve {
  return { area1: 10, gcp1: gcp, area2: 100, gcp2: gcp };
}

export interface GcpFigure {
  figure: string;
  maxSlopeDeg: number;
  uplift: Partial<Record<RoofZone, GcpCurve>>;
  downward: GcpCurve;
  /** Which of the figure's zones an input zone reads (7-22 has zones 1', 1, 2, 3 only). */
  zoneFamily?: Readonly<Record<RoofZone, readonly RoofZone[]>>;
}

/**
 * ASCE 7-16 Figures 30.3-2A–D (gable roofs, h ≤ 60 ft), used by 29.4.4 for panels parallel to the
 * roof. Source: the curves' break points as digitised in the public repository
 * iggalot/ASCE7-Wind-Load-Calculator (Figure30_3_2A–D_ASCE7_16.cs), cross-checked by recomputing
 * its intermediate points from these break points; zone 2 of 30.3-2A is -2.3 (that file's 10 ft²
 * point reads -2.5 but its 20–500 ft² points fit -2.3). Only the part of each curve at or below
 * 10 ft² is used by the engine (see effectiveAreaFt2 in wind.calc.ts), where the curves are
 * confirmed by several sources. Hip roofs use these gable values (larger in magnitude than hip
 * Figures 30.3-2E–I, so conservative).
 */
export const ASCE7_16_GCP: readonly GcpFigure[] = [
  {
    figure: 'Figure 30.3-2A',
    maxSlopeDeg: 7,
    uplift: {
      "1'": { area1: 100, gcp1: -0.9, area2: 1000, gcp2: -0.4 },
      '1': { area1: 10, gcp1: -1.7, area2: 500, gcp2: -1.0 },
      '2': { area1: 10, gcp1: -2.3, area2: 500, gcp2: -1.4 },
      '3': { area1: 10, gcp1: -3.2, area2: 500, gcp2: -1.4 },
    },
    downward: { area1: 10, gcp1: 0.3, area2: 100, gcp2: 0.2 },
  },
  {
    figure: 'Figure 30.3-2B',
    maxSlopeDeg: 20,
    uplift: {
      '1': { area1: 20, gcp1: -2.0, area2: 100, gcp2: -0.5 },
      '2e': { area1: 20, gcp1: -2.0, area2: 100, gcp2: -0.5 },
      '2n': { area1: 10, gcp1: -3.0, area2: 250, gcp2: -1.0 },
      '2r': { area1: 10, gcp1: -3.0, area2: 250, gcp2: -1.0 },
      '3e': { area1: 10, gcp1: -3.0, area2: 250, gcp2: -1.0 },
      '3r': { area1: 10, gcp1: -3.6, area2: 100, gcp2: -1.8 },
    },
    downward: { area1: 2, gcp1: 0.7, area2: 100, gcp2: 0.3 },
  },
  {
    figure: 'Figure 30.3-2C',
    maxSlopeDeg: 27,
    uplift: {
      '1': { area1: 20, gcp1: -1.5, area2: 300, gcp2: -0.8 },
      '2e': { area1: 20, gcp1: -1.5, area2: 300, gcp2: -0.8 },
      '2n': { area1: 10, gcp1: -2.5, area2: 150, gcp2: -1.2 },
      '2r': { area1: 10, gcp1: -2.5, area2: 150, gcp2: -1.2 },
      '3e': { area1: 10, gcp1: -2.5, area2: 150, gcp2: -1.2 },
      '3r': { area1: 2, gcp1: -3.6, area2: 50, gcp2: -1.8 },
    },
    downward: { area1: 2, gcp1: 0.7, area2: 100, gcp2: 0.3 },
  },
  {
    figure: 'Figure 30.3-2D',
    maxSlopeDeg: 45,
    uplift: {
      '1': { area1: 10, gcp1: -1.8, area2: 100, gcp2: -0.8 },
      '2e': { area1: 10, gcp1: -1.8, area2: 100, gcp2: -0.8 },
      '2r': { area1: 10, gcp1: -1.8, area2: 100, gcp2: -0.8 },
      '2n': { area1: 10, gcp1: -2.0, area2: 200, gcp2: -1.0 },
      '3r': { area1: 10, gcp1: -2.0, area2: 200, gcp2: -1.0 },
      '3e': { area1: 2, gcp1: -3.2, area2: 300, gcp2: -1.0 },
    },
    downward: { area1: 10, gcp1: 0.9, area2: 100, gcp2: 0.5 },
  },
];

/**
 * ASCE 7-10 Figures 30.4-2A–C (gable/hip, h ≤ 60 ft), values at 10 ft² and below (the same
 * curves as ASCE 7-05 Figure 6-11B–D). 7-10 has no rooftop-solar section; the C&C roof pressure
 * is applied to the panels directly (common practice, SEAOC PV2).
 */
export const ASCE7_10_GCP: readonly GcpFigure[] = [
  { figure: 'Figure 30.4-2A', maxSlopeDeg: 7, uplift: { '1': flat(-1.0), '2': flat(-1.8), '3': flat(-2.8) }, downward: flat(0.3) },
  { figure: 'Figure 30.4-2B', maxSlopeDeg: 27, uplift: { '1': flat(-0.9), '2': flat(-1.7), '3': flat(-2.6) }, downward: flat(0.5) },
  { figure: 'Figure 30.4-2C', maxSlopeDeg: 45, uplift: { '1': flat(-1.0), '2': flat(-1.2), '3': flat(-1.2) }, downward: flat(0.9) },
];

/**
 * ASCE 7-22 Figures 30.3-2A–G (h ≤ 60 ft). 7-22 reduced gable and hip roofs to three zones (1, 2, 3;
 * 1' stays on roofs of 7° or less), starts every curve at 10 ft² and ends it at 100, 200 or 300 ft²,
 * and replaced the 27°–45° hip equations by a 45° figure with linear interpolation in slope (Structure
 * magazine, "ASCE 7-22 Changes to Component and Cladding Wind Provisions"). The break points are those
 * of two independent public implementations: the equations of 7-22 Commentary Tables C30.3-2 to C30.3-9
 * as coded in one (each GCp = a + b·log A, whose end points are these values), and a calculator
 * digitised from a commercial 7-22 C&C tool and cross-checked against the printed Figure 30.3-2B labels
 * in the other. Figure 30.3-2D (gable, 27°–45°) is in the first only; its zone 3 (−2.5 at 10 ft² to
 * −1.0 at 200 ft²) is the end points of its equation (−3.6529 + 1.1529 log A). Only the values at
 * 10 ft² are read by the engine (see effectiveAreaFt2).
 */
const ZONES_7_22: Readonly<Record<RoofZone, readonly RoofZone[]>> = {
  "1'": ["1'"], '1': ['1'], '2': ['2'], '2e': ['2'], '2n': ['2'], '2r': ['2'], '3': ['3'], '3e': ['3'], '3r': ['3'],
};
const FIG_30_3_2A_7_22: GcpFigure = {
  figure: 'Figure 30.3-2A', maxSlopeDeg: 7, zoneFamily: ZONES_7_22,
  uplift: {
    "1'": { area1: 100, gcp1: -0.9, area2: 1000, gcp2: -0.4 },
    '1': { area1: 10, gcp1: -1.7, area2: 500, gcp2: -1.0 },
    '2': { area1: 10, gcp1: -2.3, area2: 500, gcp2: -1.4 },
    '3': { area1: 10, gcp1: -3.2, area2: 500, gcp2: -1.4 },
  },
  downward: { area1: 10, gcp1: 0.3, area2: 100, gcp2: 0.2 },
};
export const ASCE7_22_GABLE_GCP: readonly GcpFigure[] = [
  FIG_30_3_2A_7_22,
  {
    figure: 'Figure 30.3-2B', maxSlopeDeg: 20, zoneFamily: ZONES_7_22,
    uplift: { '1': { area1: 10, gcp1: -2.0, area2: 300, gcp2: -0.5 }, '2': { area1: 10, gcp1: -2.7, area2: 200, gcp2: -1.0 }, '3': { area1: 10, gcp1: -3.6, area2: 100, gcp2: -1.8 } },
    downward: { area1: 10, gcp1: 0.6, area2: 200, gcp2: 0.3 },
  },
  {
    figure: 'Figure 30.3-2C', maxSlopeDeg: 27, zoneFamily: ZONES_7_22,
    uplift: { '1': { area1: 10, gcp1: -1.5, area2: 200, gcp2: -0.8 }, '2': { area1: 10, gcp1: -2.5, area2: 100, gcp2: -1.2 }, '3': { area1: 10, gcp1: -3.0, area2: 100, gcp2: -1.4 } },
    downward: { area1: 10, gcp1: 0.6, area2: 200, gcp2: 0.3 },
  },
  {
    figure: 'Figure 30.3-2D', maxSlopeDeg: 45, zoneFamily: ZONES_7_22,
    uplift: { '1': { area1: 10, gcp1: -1.8, area2: 100, gcp2: -0.8 }, '2': { area1: 10, gcp1: -2.0, area2: 200, gcp2: -1.0 }, '3': { area1: 10, gcp1: -2.5, area2: 200, gcp2: -1.0 } },
    downward: { area1: 10, gcp1: 0.9, area2: 200, gcp2: 0.5 },
  },
];
export const ASCE7_22_HIP_GCP: readonly GcpFigure[] = [
  FIG_30_3_2A_7_22,
  {
    figure: 'Figure 30.3-2E', maxSlopeDeg: 20, zoneFamily: ZONES_7_22,
    uplift: { '1': { area1: 10, gcp1: -1.8, area2: 200, gcp2: -0.8 }, '2': { area1: 10, gcp1: -2.4, area2: 200, gcp2: -1.3 }, '3': { area1: 10, gcp1: -2.6, area2: 200, gcp2: -1.4 } },
    downward: { area1: 10, gcp1: 0.7, area2: 100, gcp2: 0.3 },
  },
  {
    figure: 'Figure 30.3-2F', maxSlopeDeg: 27, zoneFamily: ZONES_7_22,
    uplift: { '1': { area1: 10, gcp1: -1.4, area2: 100, gcp2: -0.8 }, '2': { area1: 10, gcp1: -2.0, area2: 100, gcp2: -1.0 }, '3': { area1: 10, gcp1: -2.0, area2: 100, gcp2: -1.0 } },
    downward: { area1: 10, gcp1: 0.7, area2: 100, gcp2: 0.3 },
  },
  {
    // The θ = 45° values; between 27° and 45° the GCp is interpolated linearly from Figure 30.3-2F's (figureFor).
    figure: 'Figure 30.3-2G', maxSlopeDeg: 45, zoneFamily: ZONES_7_22,
    uplift: { '1': { area1: 10, gcp1: -1.5, area2: 100, gcp2: -0.7 }, '2': { area1: 10, gcp1: -1.8, area2: 100, gcp2: -0.8 }, '3': { area1: 10, gcp1: -2.4, area2: 100, gcp2: -1.0 } },
    downward: { area1: 10, gcp1: 0.7, area2: 100, gcp2: 0.3 },
  },
];

export type RoofShape = 'gable' | 'hip';

/** 7-10 and 7-16 use the gable figures for every roof (hip = gable, conservative); 7-22 its gable or hip set. */
export function gcpFigures(edition: AsceEdition, shape: RoofShape = 'gable'): readonly GcpFigure[] {
  if (edition === '7-22') return shape === 'hip' ? ASCE7_22_HIP_GCP : ASCE7_22_GABLE_GCP;
  return edition === '7-10' ? ASCE7_10_GCP : ASCE7_16_GCP;
}

export function gcpAt(curve: GcpCurve, areaFt2: number): number {
  if (areaFt2 <= curve.area1) return curve.gcp1;
  if (areaFt2 >= curve.area2) return curve.gcp2;
  const t = Math.log10(areaFt2 / curve.area1) / Math.log10(curve.area2 / curve.area1);
  return curve.gcp1 + (curve.gcp2 - curve.gcp1) * t;
}

/** Sub-zones a plain "2" or "3" stands for: the engine takes the worst of them. */
const ZONE_FAMILY: Record<RoofZone, RoofZone[]> = {
  "1'": ["1'"],
  '1': ['1'],
  '2': ['2', '2e', '2n', '2r'],
  '2e': ['2e', '2'],
  '2n': ['2n', '2'],
  '2r': ['2r', '2'],
  '3': ['3', '3e', '3r'],
  '3e': ['3e', '3'],
  '3r': ['3r', '3'],
};

export function figureForSlope(edition: AsceEdition, slopeDeg: number, shape: RoofShape = 'gable'): GcpFigure {
  const figures = gcpFigures(edition, shape);
  if (edition === '7-22' && shape === 'hip' && slopeDeg > 27) return hip722Interpolated(slopeDeg);
  for (const f of figures) if (slopeDeg <= f.maxSlopeDeg) return f;
  return figures[figures.length - 1];
}

/** ASCE 7-22 hip roofs, 27° < θ ≤ 45°: linear interpolation in θ between Figure 30.3-2F (27°) and 30.3-2G (45°). */
function hip722Interpolated(slopeDeg: number): GcpFigure {
  const f = ASCE7_22_HIP_GCP[2];
  const g = ASCE7_22_HIP_GCP[3];
  const t = Math.min(1, (slopeDeg - 27) / 18);
  const lerp = (a: GcpCurve, b: GcpCurve): GcpCurve => ({ area1: a.area1, gcp1: a.gcp1 + (b.gcp1 - a.gcp1) * t, area2: a.area2, gcp2: a.gcp2 + (b.gcp2 - a.gcp2) * t });
  const uplift: Partial<Record<RoofZone, GcpCurve>> = {};
  for (const z of ['1', '2', '3'] as const) uplift[z] = lerp(f.uplift[z]!, g.uplift[z]!);
  return { figure: t >= 1 ? 'Figure 30.3-2G' : 'Figures 30.3-2F and 30.3-2G (interpolated by slope)', maxSlopeDeg: 45, zoneFamily: ZONES_7_22, uplift, downward: lerp(f.downward, g.downward) };
}

/** Most negative uplift GCp for a zone (or the worst of its sub-zones) at an area. */
export function upliftGcp(figure: GcpFigure, zone: RoofZone, areaFt2: number): number {
  let worst = 0;
  let found = false;
  for (const z of (figure.zoneFamily ?? ZONE_FAMILY)[zone]) {
    const curve = figure.uplift[z];
    if (!curve) continue;
    found = true;
    worst = Math.min(worst, gcpAt(curve, areaFt2));
  }
  if (!found) {
    // Zone 1' exists only on low-slope roofs; elsewhere the field zone is zone 1.
    const fallback = figure.uplift['1'];
    return fallback ? gcpAt(fallback, areaFt2) : 0;
  }
  return worst;
}

/** ASCE 7-16 and 7-22 §29.4.4: γE array edge factor (uplift of exposed panels only; 1.0 for downward loads). */
export const GAMMA_E = { exposed: 1.5, nonExposed: 1.0 } as const;

/** ASCE 7-16 Figure 29.4-8: γa = 0.8 at ≤ 10 ft², 0.4 at ≥ 100 ft², log-linear between. */
export function gammaA(areaFt2: number): number {
  return gcpAt({ area1: 10, gcp1: 0.8, area2: 100, gcp2: 0.4 }, areaFt2);
}

/**
 * Minimum C&C design pressure, §30.2.2 in each edition: 16 psf in 7-10, 7-16 and 7-22 (strength
 * level, the 0.6W of the ASD combinations applies to it). 10 psf was ASCE 7-05 (§6.1.4.2, ASD level)
 * and is not used by any edition the engine supports.
 */
export const MINIMUM_CC_PRESSURE_PSF: Readonly<Record<AsceEdition, number>> = { '7-10': 16, '7-16': 16, '7-22': 16 };

export function minimumCcPressurePsf(edition: AsceEdition): number {
  return MINIMUM_CC_PRESSURE_PSF[edition];
}
