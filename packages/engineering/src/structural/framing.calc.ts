/** ASCE 7-16 §4.8.2 (Eq. 4.8-1; 7-10 Eq. 4.8-2): Lr = L0 R1 R2 with R1 = 1 for small tributary areas, 12 ≤ Lr ≤ L0. */
export function reducedRoofLiveLoad(l0Psf: number, slopeDeg: number, tributaryAreaFt2: number): { r1: number; r2: number; lrPsf: number } {
  const r1 = tributaryAreaFt2 <= 200 ? 1 : tributaryAreaFt2 >= 600 ? 0.6 : 1.2 - 0.001 * tributaryAreaFt2;
  const f = 12 * Math.tan((slopeDeg * Math.PI) / 180);
  const r2 = f <= 4 ? 1 : f >= 12 ? 0.6 : 1.2 - 0.05 * f;
  const lrPsf = Math.min(l0Psf, Math.max(Math.min(12, l0Psf), l0Psf * r1 * r2));
  return { r1, r2, lrPsf };
}

export interface AddedLoadCheck {
  beforePsf: number;
  afterPsf: number;
  increasePct: number;
  beforeGoverning: string;
  afterGoverning: string;
}

/**
 * IEBC prescriptive added-load test on the existing framing: gravity demand before and after the
 * array. Under panels with ≤ 24 in. clearance the roof live load is not applied, so the "after"
 * case carries the array's dead load and the larger of zero live load and snow on the panels.
 */
export function addedGravityLoad(roofDeadPsf: number, liveBeforePsf: number, snowRoofPsf: number, arrayDeadPsf: number, snowPanelPsf: number): AddedLoadCheck {
  const beforeVar = Math.max(liveBeforePsf, snowRoofPsf);
  const beforePsf = roofDeadPsf + beforeVar;
  const afterPsf = roofDeadPsf + arrayDeadPsf + snowPanelPsf;
  return {
    beforePsf,
    afterPsf,
    increasePct: ((afterPsf - beforePsf) / beforePsf) * 100,
    beforeGoverning: liveBeforePsf >= snowRoofPsf ? 'D + Lr' : 'D + S',
    afterGoverning: 'D + D_PV + S_panel',
  };
}

/** Spec §5 span rule: Σ spans / cos(pitch), the sloped length the framing member actually spans. */
export function slopedSpanIn(spansIn: readonly number[], pitchDeg: number): number {
  const total = spansIn.reduce((a, b) => a + b, 0);
  return total / Math.cos((pitchDeg * Math.PI) / 180);
}

export function spanLimitFor(limits: ReadonlyArray<{ maxPanelsOnRafter: number; limitIn: number }>, panelsOnRafter: number): number {
  const sorted = [...limits].sort((a, b) => a.maxPanelsOnRafter - b.maxPanelsOnRafter);
  return (sorted.find((l) => panelsOnRafter <= l.maxPanelsOnRafter) ?? sorted[sorted.length - 1]).limitIn;
}
