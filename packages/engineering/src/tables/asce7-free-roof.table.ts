import type { AsceEdition } from './asce7-kz.table.ts';

/*
 * ASCE 7 net pressure coefficients CN of a monoslope free roof, 0.25 ≤ h/L ≤ 1.0: 7-16 and 7-22
 * Figure 27.3-4, 7-10 Figure 27.4-4 (the same values in the three editions, unchanged since 7-05
 * Figure 6-18A). CNW on the windward half, CNL on the leeward half; load cases A and B; wind
 * directions γ = 0° (wind on the low edge) and 180°; clear wind flow (blockage under the roof
 * ≤ 50 %) and obstructed. Plus acts toward the top surface (down), minus away from it (uplift).
 * Figure notes: every load case is investigated; between 7.5° and 45° linear interpolation is
 * permitted; below 7.5° the 0° coefficients are used.
 */

/** [CNW, CNL] of one load case. */
type Pair = readonly [number, number];
/** Per roof angle: load cases A and B, for clear and obstructed flow, at γ = 0° and 180°. */
interface Row { theta: number; g0: { clear: readonly [Pair, Pair]; obstructed: readonly [Pair, Pair] }; g180: { clear: readonly [Pair, Pair]; obstructed: readonly [Pair, Pair] } }

export const MONOSLOPE_FREE_ROOF_CN: readonly Row[] = [
  { theta: 0, g0: { clear: [[1.2, 0.3], [-1.1, -0.1]], obstructed: [[-0.5, -1.2], [-1.1, -0.6]] }, g180: { clear: [[1.2, 0.3], [-1.1, -0.1]], obstructed: [[-0.5, -1.2], [-1.1, -0.6]] } },
  { theta: 7.5, g0: { clear: [[-0.6, -1.0], [-1.4, 0.0]], obstructed: [[-1.0, -1.5], [-1.7, -0.8]] }, g180: { clear: [[0.9, 1.5], [1.6, 0.3]], obstructed: [[-0.2, -1.2], [0.8, -0.3]] } },
  { theta: 15, g0: { clear: [[-0.9, -1.3], [-1.9, 0.0]], obstructed: [[-1.1, -1.5], [-2.1, -0.6]] }, g180: { clear: [[1.3, 1.6], [1.8, 0.6]], obstructed: [[0.4, -1.1], [1.2, -0.3]] } },
  { theta: 22.5, g0: { clear: [[-1.5, -1.6], [-2.4, -0.3]], obstructed: [[-1.5, -1.7], [-2.3, -0.9]] }, g180: { clear: [[1.7, 1.8], [2.2, 0.7]], obstructed: [[0.5, -1.0], [1.3, 0.0]] } },
  { theta: 30, g0: { clear: [[-1.8, -1.8], [-2.5, -0.5]], obstructed: [[-1.5, -1.8], [-2.3, -1.1]] }, g180: { clear: [[2.1, 2.1], [2.6, 1.0]], obstructed: [[0.6, -1.0], [1.6, 0.1]] } },
  { theta: 37.5, g0: { clear: [[-1.8, -1.8], [-2.4, -0.6]], obstructed: [[-1.5, -1.8], [-2.2, -1.1]] }, g180: { clear: [[2.1, 2.2], [2.7, 1.1]], obstructed: [[0.7, -0.9], [1.9, 0.3]] } },
  { theta: 45, g0: { clear: [[-1.6, -1.8], [-2.3, -0.7]], obstructed: [[-1.3, -1.8], [-1.9, -1.2]] }, g180: { clear: [[2.2, 2.5], [2.6, 1.4]], obstructed: [[0.8, -0.9], [2.1, 0.4]] } },
];

/** The figure's name in an edition. */
export const freeRoofFigure = (edition: AsceEdition) => (edition === '7-10' ? 'Figure 27.4-4' : 'Figure 27.3-4');

/** Every coefficient of a table row (all load cases, both directions, both flows). */
const coefficientsOf = (r: Row): number[] => [r.g0, r.g180].flatMap((d) => [d.clear, d.obstructed]).flatMap((cases) => cases.flatMap((p) => [...p]));

/**
 * The governing net pressure coefficients of a monoslope free roof at a roof angle: the largest
 * uplift (magnitude of the most negative CN) and the largest downward CN over both load cases,
 * both wind directions and both clear and obstructed flow (what is under a ground-mounted array
 * is not recorded, so both are enveloped), each interpolated linearly in θ between the figure's
 * angles (7.5°–45°); below 7.5° the 0° row. Outside 0°–45° the figure does not apply: null.
 */
export function freeRoofCoefficients(thetaDeg: number): { cnUplift: number; cnDown: number } | null {
  if (!(thetaDeg >= 0 && thetaDeg <= 45)) return null;
  const rows = MONOSLOPE_FREE_ROOF_CN;
  const governing = (r: Row) => {
    const all = coefficientsOf(r);
    return { up: Math.max(0, ...all.map((c) => -c)), down: Math.max(0, ...all) };
  };
  if (thetaDeg < 7.5) {
    const g = governing(rows[0]!);
    return { cnUplift: g.up, cnDown: g.down };
  }
  const i = rows.findIndex((r) => r.theta >= thetaDeg);
  const hi = rows[i]!;
  if (hi.theta === thetaDeg) {
    const g = governing(hi);
    return { cnUplift: g.up, cnDown: g.down };
  }
  // Interpolate each coefficient, then take the governing one (interpolating the envelope would not be the figure's).
  const lo = rows[i - 1]!;
  const t = (thetaDeg - lo.theta) / (hi.theta - lo.theta);
  const a = coefficientsOf(lo);
  const b = coefficientsOf(hi);
  const all = a.map((x, k) => x + (b[k]! - x) * t);
  return { cnUplift: Math.max(0, ...all.map((c) => -c)), cnDown: Math.max(0, ...all) };
}

/** The figure's range of h/L (mean height over the horizontal dimension along the wind). */
export const FREE_ROOF_H_OVER_L = { min: 0.25, max: 1.0 } as const;
