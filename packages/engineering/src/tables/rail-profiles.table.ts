export type RailProfile = 'light' | 'standard' | 'heavy';

/*
 * Rail capacity (issue 24 findings 1 and 3): the allowable (ASD) bending moment of a rail per the
 * Aluminum Design Manual, M_allow = Fb · Sx with Fb = Fty / Ωb, for a 6005-T5 extrusion Fty = 35 ksi
 * and Ωb = 1.65 (building-type structures), Fb = 35 / 1.65 = 21.2 ksi (rounded down to 0.1 ksi).
 * Sx is the rail's elastic section modulus about its strong axis, in³; M_allow in lb-ft = Fb (psi) · Sx / 12.
 */

/** ADM safety factor on flexural yielding, building-type structures. */
export const ADM_OMEGA_BENDING = 1.65;
/** Tensile yield strength of 6005-T5 extrusions, ksi (ADM; Unirac quotes 35 ksi yield for its 6005-T5 / 6105-T5 / 6061-T6 parts). */
export const FTY_6005_T5_KSI = 35;
/** Fb = Fty / Ωb, psi, rounded down to 0.1 ksi (21.2 ksi). */
export const FB_6005_T5_PSI = Math.floor((FTY_6005_T5_KSI * 1000) / ADM_OMEGA_BENDING / 100) * 100;

/** Allowable moment, lb-ft, of a rail of section modulus sxIn3 (in³): Fb · Sx / 12. */
export function admAllowableMomentLbFt(sxIn3: number, fbPsi: number = FB_6005_T5_PSI): number {
  return (fbPsi * sxIn3) / 12;
}

/**
 * Generic rail classes: ASSUMPTIONS, not catalogue values. The allowable moment is Fb · Sx above with a
 * section modulus typical of the class (not a maker's figure). A rail product with no published section
 * modulus or span table is checked with a class, and the sheets and the letter say the capacity is
 * assumed and that staff confirm the maker's certified value before the set is sealed.
 */
export const RAIL_PROFILES: Readonly<Record<RailProfile, { sectionModulusIn3: number; allowableMomentLbFt: number; weightPlf: number }>> = {
  light: { sectionModulusIn3: 0.15, allowableMomentLbFt: admAllowableMomentLbFt(0.15), weightPlf: 0.45 },
  standard: { sectionModulusIn3: 0.25, allowableMomentLbFt: admAllowableMomentLbFt(0.25), weightPlf: 0.68 },
  heavy: { sectionModulusIn3: 0.45, allowableMomentLbFt: admAllowableMomentLbFt(0.45), weightPlf: 1.1 },
};

/**
 * The words every rail value that is not the maker's own carries wherever it is printed (PV-3, the
 * calculation package, the structural letter): an assumed rail class, an assumed cantilever ratio. A
 * structural seal on a document that states them needs the engineer of record's acceptance
 * (apps/api seal.service), so a sealed sheet never says "to be confirmed" above the seal.
 */
export const NOT_MAKER_VALUE = 'not the maker\'s certified value';

/** A public document a figure comes from. */
/** A maker's document; `url` null where the only copy found is an unofficial mirror (cited by title only, never printed as a link). */
export interface RailDocument { title: string; url: string | null }

export interface RailProductValues {
  maker: string;
  model: string;
  /**
   * The maker's published section modulus (in³), alloy and the allowable moment computed from them (ADM,
   * above); null where no public maker figure was found (the product is then checked with assumedClass).
   */
  published: { sectionModulusIn3: number; alloy: string; document: RailDocument } | null;
  /** The generic class the check uses while no maker figure is on file (ASSUMED, printed as such). */
  assumedClass: RailProfile;
  /** Why this class: a judgement from the product's place in the maker's range, not a maker figure. */
  classBasis: string;
  /** Largest cantilever past the end attachment as a share of the allowed span. */
  maxCantileverRatio: number;
  /** The maker's document for the cantilever limit, or null where the ratio is assumed. */
  cantileverDocument: RailDocument | null;
  /** The basis printed with the cantilever limit. */
  cantileverBasis: string;
  /**
   * The maker's span table (allowable span per wind speed, exposure, snow and roof zone): null, none was
   * found in a public, citable form. The maker's span for a job is entered in the catalogue
   * (maxAttachmentSpanIn) and checked as the maker's limit.
   */
  spanTable: null;
}

/** IronRidge, "Tech Tip: Cantilever" (© 2018, version 1.0): XR rails take a cantilever of 40 % of the allowable span. */
export const IRONRIDGE_CANTILEVER_TECH_TIP: RailDocument = {
  title: 'IronRidge, Tech Tip: Cantilever (2018, v1.0): "max cantilever of 40% of the allowable span"',
  // read in an unofficial mirror (packages/engineering/README.md records where); not IronRidge's own site
  url: null,
};

/**
 * The rail products of the demo catalogue and their family, keyed by the catalogue's racking type.
 * Searched (Nov 2026) for a public section modulus, moment of inertia or span table of each: IronRidge's
 * Engineering Design Guide (2016 v1.81) and its state certification letters are public only in part (the
 * letters' span-table conditions, not the tables), and Unirac's SolarMount technical datasheet (Pub
 * 110818-1td) and installation guides name the alloys (6005-T5, 6105-T5, 6061-T6; yield 35 ksi) but no
 * beam section property was found in a readable copy. No section modulus is recorded: every product is
 * checked with an assumed class until staff enter the maker's certified allowable moment.
 */
export const RAIL_PRODUCTS: Readonly<Record<string, RailProductValues>> = {
  ironridge_xr10: {
    maker: 'IronRidge', model: 'XR10 Rail', published: null, assumedClass: 'light',
    classBasis: 'the lightest rail of the IronRidge XR family (XR10, XR100, XR1000)',
    maxCantileverRatio: 0.4, cantileverDocument: IRONRIDGE_CANTILEVER_TECH_TIP, cantileverBasis: 'IronRidge Tech Tip: Cantilever (XR rails: 40 % of the allowable span)',
    spanTable: null,
  },
  ironridge_xr100: {
    maker: 'IronRidge', model: 'XR100 Rail', published: null, assumedClass: 'standard',
    classBasis: 'the middle rail of the IronRidge XR family (XR10, XR100, XR1000)',
    maxCantileverRatio: 0.4, cantileverDocument: IRONRIDGE_CANTILEVER_TECH_TIP, cantileverBasis: 'IronRidge Tech Tip: Cantilever (XR rails: 40 % of the allowable span)',
    spanTable: null,
  },
  ironridge_xr1000: {
    maker: 'IronRidge', model: 'XR1000 Rail', published: null, assumedClass: 'standard',
    classBasis: 'the heaviest rail of the IronRidge XR family, credited no more than the standard class without a maker figure',
    maxCantileverRatio: 0.4, cantileverDocument: IRONRIDGE_CANTILEVER_TECH_TIP, cantileverBasis: 'IronRidge Tech Tip: Cantilever (XR rails: 40 % of the allowable span)',
    spanTable: null,
  },
  unirac_solarmount: {
    maker: 'Unirac', model: 'SolarMount', published: null, assumedClass: 'light',
    classBasis: 'SolarMount comes as Light, Standard and Pro rails and the catalogue does not say which: the light class',
    // No SolarMount cantilever limit was found in a public Unirac document (the installation guide
    // refers to the SolarMount D&E Guide and U-Builder); the IronRidge tech tip says most rail brands
    // limit the cantilever to 1/3 of the span, and Unirac's SunFrame manual limits the overhang to 1/3
    // of the footing spacing: 1/3 is assumed.
    maxCantileverRatio: 1 / 3, cantileverDocument: null,
    cantileverBasis: `ASSUMED 1/3 of the allowable span (no SolarMount limit found in a public Unirac document), ${NOT_MAKER_VALUE}`,
    spanTable: null,
  },
};

/** The values on file for a catalogue racking type, if it is one of the rails above. */
export function railProductOf(type: string | undefined): RailProductValues | undefined {
  return type ? RAIL_PRODUCTS[type] : undefined;
}
