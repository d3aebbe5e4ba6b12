import type { FireCode, RoofEdgeKind } from '../input.schema.ts';

/*
 * Rooftop access for residential PV by the fire code the AHJ adopted (research/planset.md §1.5).
 *
 * 2018 and later IRC R324.6 / IFC 1204–1205 (residential):
 *   - ridge: 18 in on each side of a horizontal ridge when the array covers ≤ 33 % of the plan-view
 *     roof area (≤ 66 % with an automatic sprinkler system), otherwise 36 in;
 *   - pathways: 36 in wide from the lowest edge to the ridge; every roof plane with PV has one on
 *     that plane (or an adjacent one — we keep it on the plane itself, which always satisfies it);
 *   - no setbacks at all on roofs with a slope of 2:12 or less (R324.6 exception).
 * 2012 and 2015 IFC 605.11.3 (the older rules some AHJs still enforce):
 *   - ridge: 36 in; hip roofs: one 36 in eave-to-ridge pathway per slope with modules; single-ridge
 *     roofs: two 36 in pathways per slope; hips and valleys: 18 in on each side.
 * The 66 % sprinkler alternative is marked unverified in the research; it is applied only when the
 * job says the dwelling is sprinklered. Eaves and rakes without a pathway keep no code setback; the
 * layout keeps modules inside the roof outline.
 */

export const PATHWAY_IN = 36;
/** Roofs at or below 2:12 (9.46°) are exempt from the residential access rules. */
export const EXEMPT_PITCH_DEG = (Math.atan(2 / 12) * 180) / Math.PI;

export interface SetbackRule {
  /** Ridge setback, inches, for the array coverage at hand. */
  ridgeIn: number;
  hipIn: number;
  valleyIn: number;
  /** How many 36 in eave-to-ridge pathways each plane with PV keeps. */
  pathwaysPerPlane: number;
  /** Coverage limit (fraction of plan roof area) under which the reduced ridge setback applies; null: none. */
  reducedRidgeCoverageLimit: number | null;
  /** Code section to print. */
  section: string;
  exempt: boolean;
}

export function fireSetbackRule(code: FireCode, pitchDeg: number, coverage: number, roofIsHip: boolean): SetbackRule {
  const modern = code.edition >= '2018';
  if (modern && pitchDeg <= EXEMPT_PITCH_DEG + 1e-9) {
    return { ridgeIn: 0, hipIn: 0, valleyIn: 0, pathwaysPerPlane: 0, reducedRidgeCoverageLimit: null, section: sectionOf(code, 'exempt'), exempt: true };
  }
  if (modern) {
    const limit = code.sprinklered ? 0.66 : 0.33;
    return {
      ridgeIn: coverage <= limit + 1e-9 ? 18 : 36,
      hipIn: 0,
      valleyIn: 0,
      pathwaysPerPlane: 1,
      reducedRidgeCoverageLimit: limit,
      section: sectionOf(code, 'ridge'),
      exempt: false,
    };
  }
  return { ridgeIn: 36, hipIn: 18, valleyIn: 18, pathwaysPerPlane: roofIsHip ? 1 : 2, reducedRidgeCoverageLimit: null, section: sectionOf(code, 'ridge'), exempt: false };
}

/** The section printed beside the setbacks, by code and edition. */
export function sectionOf(code: FireCode, what: 'ridge' | 'pathway' | 'exempt'): string {
  if (code.code === 'IRC') {
    if (code.edition === '2012' || code.edition === '2015') return 'IRC R324 / IFC 605.11.3';
    return what === 'pathway' ? 'IRC R324.6.1' : what === 'ridge' ? 'IRC R324.6.2' : 'IRC R324.6 Exception';
  }
  if (code.edition === '2012' || code.edition === '2015') return what === 'pathway' ? 'IFC 605.11.3.2' : 'IFC 605.11.3.2.4';
  if (code.edition === '2018') return what === 'pathway' ? 'IFC 1204.2.1.1' : what === 'ridge' ? 'IFC 1204.2.1.2' : 'IFC 1204.2 Exception';
  return what === 'pathway' ? 'IFC 1205.2.1.1' : what === 'ridge' ? 'IFC 1205.2.1.2' : 'IFC 1205.2 Exception';
}

/** Setback in inches of one edge of a plane. `pathway` marks the edges that carry a 36 in pathway. */
export function edgeSetbackIn(kind: RoofEdgeKind, rule: SetbackRule, pathway: boolean): number {
  if (rule.exempt) return 0;
  const base = kind === 'ridge' ? rule.ridgeIn : kind === 'hip' ? rule.hipIn : kind === 'valley' ? rule.valleyIn : 0;
  return pathway ? Math.max(base, PATHWAY_IN) : base;
}
