import { describe, expect, it } from 'vitest';
import { SEED_RACKING } from '@sunstamp/domain/catalogue/equipment.data';
import { ZArray } from '@sunstamp/engineering/design-input.schema';
import { railOfCatalogue } from './planset-input.service.ts';

/*
 * The rail product's values reach the engine from its catalogue row (issue 24, finding 3): XR10, XR100
 * and SolarMount each with their own class and cantilever limit; the maker's figures, once staff enter
 * them, replace the class.
 */

const row = (type: string) => {
  const { kind: _k, id: _i, manufacturer, model, type: _t, ...data } = SEED_RACKING.find((r) => r.type === type)!;
  return { manufacturer, model, data: data as Record<string, unknown> };
};

describe('railOfCatalogue', () => {
  it('the seeded rails: their own class and cantilever ratio with its source, no allowable moment (none published)', () => {
    expect(railOfCatalogue(row('ironridge_xr10') as never)).toEqual({
      model: 'IronRidge XR10 Rail', profile: 'light', maxCantileverRatio: 0.4, cantileverSource: expect.stringContaining('IronRidge, Tech Tip: Cantilever'),
    });
    expect(railOfCatalogue(row('ironridge_xr100') as never)).toMatchObject({ model: 'IronRidge XR100 Rail', profile: 'standard', maxCantileverRatio: 0.4 });
    const sm = railOfCatalogue(row('unirac_solarmount') as never);
    expect(sm).toMatchObject({ model: 'Unirac SolarMount', profile: 'light', cantileverSource: expect.stringMatching(/^ASSUMED 1\/3/) });
    expect(sm.maxCantileverRatio).toBeCloseTo(1 / 3, 12);
    for (const r of SEED_RACKING) expect(railOfCatalogue(row(r.type) as never)).not.toHaveProperty('allowableMomentLbFt');
  });

  it('staff-entered maker values: the allowable moment and the span for the site, each with its document', () => {
    const r = railOfCatalogue({ manufacturer: 'IronRidge', model: 'XR100 Rail', data: { ...row('ironridge_xr100').data, allowableMomentLbFt: 612, allowableMomentSource: 'IronRidge certification letter', maxAttachmentSpanIn: 64, maxAttachmentSpanSource: 'IronRidge span table, 115 mph C' } } as never);
    expect(r).toMatchObject({ allowableMomentLbFt: 612, capacitySource: 'IronRidge certification letter', maxSpanIn: 64, maxSpanSource: 'IronRidge span table, 115 mph C' });
    // the engine's schema takes it as it is
    expect(() => ZArray.shape.rail.parse(r)).not.toThrow();
  });

  it('a row without the new fields (an older or staff row) falls back to the engine\'s defaults', () => {
    expect(railOfCatalogue({ manufacturer: 'Acme', model: 'Rail', data: { railClass: 'enormous', maxCantileverRatio: 2 } } as never)).toEqual({ model: 'Acme Rail' });
  });
});
