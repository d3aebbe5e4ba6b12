export type RailProfile = 'light' | 'standard' | 'heavy';

/**
 * Generic rail classes. Manufacturers' span tables are not public in a citable form, so these are
 * assumptions, not catalogue values: allowable moment = Fb × Sx with Fb = 21.2 ksi (6005-T5
 * aluminium, Fty 35 ksi / Ω 1.65, Aluminum Design Manual) and a section modulus typical of the
 * class. Enter the manufacturer's certified value in arrays[].rail.allowableMomentLbFt to override.
 */
export const RAIL_PROFILES: Readonly<Record<RailProfile, { sectionModulusIn3: number; allowableMomentLbFt: number; weightPlf: number }>> = {
  light: { sectionModulusIn3: 0.15, allowableMomentLbFt: (21200 * 0.15) / 12, weightPlf: 0.45 },
  standard: { sectionModulusIn3: 0.25, allowableMomentLbFt: (21200 * 0.25) / 12, weightPlf: 0.68 },
  heavy: { sectionModulusIn3: 0.45, allowableMomentLbFt: (21200 * 0.45) / 12, weightPlf: 1.1 },
};
