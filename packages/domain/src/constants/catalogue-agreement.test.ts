import { describe, expect, it } from 'vitest';
import * as catalogue from '../catalogue/option-lists.data.ts';
import { STRUCTURE_TYPES } from '../catalogue/option-lists.data.ts';
import { MANUFACTURED_HOME } from '../jobs/framing.rules.ts';
import * as options from './options.constants.ts';

// The catalogue's option lists build their items from these tuples (adding only engineering data),
// so they agree by construction; this guards that nobody re-types one of them by hand.
const values = (list: { items: readonly { value: string }[] }) => list.items.map((i) => i.value);

describe('constants agree with the catalogue option lists', () => {
  it.each([
    ['INVERTER_TYPES', catalogue.INVERTER_TYPES, options.INVERTER_TYPES],
    ['GYPSUM_TYPES', catalogue.GYPSUM_TYPES, options.GYPSUM_TYPES],
    ['RACKING_BRANDS', catalogue.RACKING_BRANDS, options.RACKING_BRANDS],
    ['EXPOSURE_CATEGORIES', catalogue.EXPOSURE_CATEGORIES, options.EXPOSURE_CATEGORIES],
    ['SITE_CLASSES', catalogue.SOIL_CLASSES, options.SITE_CLASSES],
    ['SEISMIC_DESIGN_CATEGORIES', catalogue.SEISMIC_DESIGN_CATEGORIES, options.SEISMIC_DESIGN_CATEGORIES],
  ])('%s', (_name, list, constant) => {
    expect(values(list)).toEqual([...constant]);
  });
  it('knows the Manufactured Home structure type', () => {
    expect(values(STRUCTURE_TYPES)).toContain(MANUFACTURED_HOME);
  });
});
