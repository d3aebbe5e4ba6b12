/*
 * Roof dead loads by material (issue 24, finding 3): what the existing roof weighs before the array,
 * per square foot of roof surface. Values from ASCE 7-16 Commentary Table C3-1, "Minimum Design Dead
 * Loads" (the same values in 7-10 and 7-22), each with the row it comes from. Where the job's roofing is
 * not one of these, the engine asks for the roof dead load (staff enter it from the site survey).
 */

export interface RoofingDeadLoad {
  /** The roofing as the report prints it. */
  name: string;
  psf: number;
  /** The row of ASCE 7 Table C3-1 the value comes from. */
  source: string;
}

const C31 = 'ASCE 7 Table C3-1';

/** Keyed by the catalogue's roof-material values (packages/domain option list roof_materials). */
export const ROOFING_DEAD_LOAD: Readonly<Record<string, RoofingDeadLoad>> = {
  asphalt_shingle: { name: 'asphalt shingle', psf: 2, source: `${C31}, asphalt shingles` },
  wood_shake: { name: 'wood shake', psf: 3, source: `${C31}, wood shingles` },
  slate: { name: 'slate', psf: 10, source: `${C31}, slate 1/4 in.` },
  clay_tile: { name: 'clay tile', psf: 12, source: `${C31}, clay tile (Roman)` },
  concrete_tile: { name: 'concrete tile', psf: 16, source: `${C31}, cement tile` },
  standing_seam_22ga: { name: 'standing seam metal', psf: 2.5, source: `${C31}, metal deck 20 gage (bounds lighter gauges)` },
  standing_seam_24ga: { name: 'standing seam metal', psf: 2.5, source: `${C31}, metal deck 20 gage (bounds lighter gauges)` },
  standing_seam_26ga: { name: 'standing seam metal', psf: 2.5, source: `${C31}, metal deck 20 gage (bounds lighter gauges)` },
  corrugated_26ga: { name: 'corrugated metal', psf: 2.5, source: `${C31}, metal deck 20 gage (bounds lighter gauges)` },
  corrugated_29ga: { name: 'corrugated metal', psf: 2.5, source: `${C31}, metal deck 20 gage (bounds lighter gauges)` },
  trapezoidal_26ga: { name: 'trapezoidal metal', psf: 2.5, source: `${C31}, metal deck 20 gage (bounds lighter gauges)` },
  trapezoidal_29ga: { name: 'trapezoidal metal', psf: 2.5, source: `${C31}, metal deck 20 gage (bounds lighter gauges)` },
  metal: { name: 'metal roofing', psf: 2.5, source: `${C31}, metal deck 20 gage (bounds lighter gauges)` },
  tpo_membrane: { name: 'single-ply membrane', psf: 0.7, source: `${C31}, waterproofing membrane, single-ply sheet` },
  modified_bitumen: { name: 'modified bitumen', psf: 1.5, source: `${C31}, waterproofing membrane, bituminous smooth surface` },
  built_up_gravel: { name: 'built-up roof with gravel', psf: 5.5, source: `${C31}, waterproofing membrane, bituminous gravel-covered` },
  rolled_roofing: { name: 'rolled roofing', psf: 1, source: `${C31}, composition, three-ply ready roofing` },
};

/** Sheathing under the roofing: 1/2 in. plywood, ASCE 7 Table C3-1 (plywood 0.4 psf per 1/8 in.). */
export const SHEATHING_DEAD_LOAD: RoofingDeadLoad = { name: '1/2 in. wood structural panel sheathing', psf: 1.6, source: `${C31}, plywood 0.4 psf per 1/8 in.` };

/** The roofing's table entry: the catalogue value ("concrete_tile"), its label ("Concrete Tile") or a hyphenated form. */
export function roofingDeadLoadOf(material: string): RoofingDeadLoad | undefined {
  const key = material.trim().toLowerCase().replace(/[\s\-/]+/g, '_');
  const alias: Record<string, string> = { asphalt_shingles: 'asphalt_shingle', comp_shingle: 'asphalt_shingle', composition_shingle: 'asphalt_shingle', concrete_tiles: 'concrete_tile', cement_tile: 'concrete_tile', clay_tiles: 'clay_tile', tpo: 'tpo_membrane', tpo_single_ply_membrane: 'tpo_membrane', epdm: 'tpo_membrane', pvc: 'tpo_membrane' };
  return ROOFING_DEAD_LOAD[alias[key] ?? key];
}
