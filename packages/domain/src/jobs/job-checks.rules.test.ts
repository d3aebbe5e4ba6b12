import { describe, expect, it } from 'vitest';
import { jobWarningsOf } from './job-checks.rules.ts';
import { createJobArray } from './job-defaults.schema.ts';
import { DEFAULT_SPAN_LIMIT_INCHES_PER_MODULE } from './structural-span.rules.ts';

const module = (type: string | null, equipment_id: string | null = '00000000-0000-4000-8000-000000000001') =>
  ({ kind: 'module' as const, equipment_id, custom_model: equipment_id ? '' : 'Acme 400', quantity: 20, type });
const codes = (w: { code: string; field: string }[]) => w.filter((x) => x.code === 'module_type_mismatch').map((x) => x.field);

describe('module technology of the arrays against the module model', () => {
  const arrays = [
    createJobArray({ panel_quantity: 14, module_type: 'mono_topcon' }),
    createJobArray({ panel_quantity: 6, module_type: 'mono_perc' }),
    createJobArray({ panel_quantity: 0, module_type: null }),
  ];

  it('warns on each array whose technology is not the model\'s, naming both in words', () => {
    const w = jobWarningsOf({ arrays, equipment: [module('mono_topcon')] }, DEFAULT_SPAN_LIMIT_INCHES_PER_MODULE);
    expect(codes(w)).toEqual(['arrays.1.module_type']);
    expect(w.find((x) => x.code === 'module_type_mismatch')!.message)
      .toBe('Array 2 says Monocrystalline PERC, but the module model is Monocrystalline TOPCon: the model is what is installed.');
  });

  it('says nothing when they agree, when an array leaves it empty, or when no catalogue model is named', () => {
    expect(codes(jobWarningsOf({ arrays: [arrays[0]!, arrays[2]!], equipment: [module('mono_topcon')] }, DEFAULT_SPAN_LIMIT_INCHES_PER_MODULE))).toEqual([]);
    expect(codes(jobWarningsOf({ arrays, equipment: [module(null, null)] }, DEFAULT_SPAN_LIMIT_INCHES_PER_MODULE))).toEqual([]);
    expect(codes(jobWarningsOf({ arrays, equipment: [] }, DEFAULT_SPAN_LIMIT_INCHES_PER_MODULE))).toEqual([]);
  });
});

describe('racking of the arrays and the CAD preference against the racking model', () => {
  const rack = (type: string | null) => ({ kind: 'racking' as const, equipment_id: '00000000-0000-4000-8000-000000000002', custom_model: '', quantity: null, type });
  const arrays = [createJobArray({ panel_quantity: 10, racking_type: 'ironridge_xr10' }), createJobArray({ panel_quantity: 10, racking_type: 'unirac_solarmount' })];
  const of = (cad: { preferred_racking_manufacturer: string } | null, type = 'ironridge_xr10') =>
    jobWarningsOf({ arrays, equipment: [rack(type)], cad }, DEFAULT_SPAN_LIMIT_INCHES_PER_MODULE).filter((w) => w.code.startsWith('racking_'));

  it('warns on an array with another racking type, and on a preferred manufacturer that is not the model\'s make', () => {
    const w = of({ preferred_racking_manufacturer: 'Unirac' });
    expect(w.map((x) => `${x.code} ${x.field}`)).toEqual(['racking_type_mismatch arrays.1.racking_type', 'racking_brand_mismatch cad_intake.preferred_racking_manufacturer']);
    expect(w[1]!.message).toBe('The preferred racking manufacturer is Unirac, but the racking model is Ironridge\'s: the model is what is installed.');
  });

  it('accepts the model\'s own make, "Other", or no preference', () => {
    expect(of({ preferred_racking_manufacturer: 'Ironridge' }).map((x) => x.code)).toEqual(['racking_type_mismatch']);
    expect(of({ preferred_racking_manufacturer: 'Other' }).map((x) => x.code)).toEqual(['racking_type_mismatch']);
    expect(of(null).map((x) => x.code)).toEqual(['racking_type_mismatch']);
    expect(of({ preferred_racking_manufacturer: 'Unirac' }, 'unirac_solarmount').map((x) => x.field)).toEqual(['arrays.0.racking_type']);
  });
});
