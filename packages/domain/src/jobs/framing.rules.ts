import { BEAM_SHAPES } from '../catalogue/option-lists.data.ts';

/**
 * Framing options (spec §5). The spec orders them "Pre-Manufactured Truss, 2x4, 2x6, 2x2, 2x4,
 * 2x6, 2x8, 2x10, 2x12, TJI sizes". We read the duplicate 2x4/2x6 as truss chord sizes
 * ("Pre-Manufactured Truss (2x4)", "(2x6)") against dimension-lumber rafters/joists 2x2…2x12,
 * after a plain "Pre-Manufactured Truss" for when the chord size is unknown; then the TJI
 * I-joists. A Manufactured Home gets only "Pre-Manufactured Truss (2x2)"; every other structure
 * gets the rest, without that option and without Custom (non-standard framing is described in
 * custom_beam_shape). The values themselves are the catalogue's beam shapes, defined once there,
 * in this order; this file holds only the rule.
 */

export const MANUFACTURED_HOME = 'Manufactured Home';
export const MANUFACTURED_HOME_TRUSS = 'Pre-Manufactured Truss (2x2)';
export const CUSTOM_FRAMING = 'Custom';

/** Every framing value a stored array may hold, in display order. */
export const ALL_FRAMING_OPTIONS: readonly string[] = BEAM_SHAPES.items.map((i) => i.value);

const STANDARD = ALL_FRAMING_OPTIONS.filter((o) => o !== MANUFACTURED_HOME_TRUSS && o !== CUSTOM_FRAMING);

export function isManufacturedHome(structureType: string | null | undefined): boolean {
  return (structureType ?? '').trim().toLowerCase() === MANUFACTURED_HOME.toLowerCase();
}

export function framingOptionsFor(structureType: string | null | undefined): string[] {
  return isManufacturedHome(structureType) ? [MANUFACTURED_HOME_TRUSS] : [...STANDARD];
}

export function isFramingAllowed(structureType: string | null | undefined, option: string): boolean {
  return framingOptionsFor(structureType).includes(option);
}
