import { describe, expect, it } from 'vitest';
import { ARRAY_DEFAULTS, createJobArray, createNewJob, NEW_JOB_DEFAULTS, ZJobArray, ZNewJob } from './job-defaults.schema.ts';

describe('new-job defaults (spec §3)', () => {
  it('has the spec values', () => {
    expect(NEW_JOB_DEFAULTS).toMatchObject({
      company_verified_inspection: false,
      no_pictures: false,
      roof_type: 'Gable Roof',
      gypsum_type: 'No Drywall',
      status: 'Draft',
      enclosed: 'Enclosed',
      services_requested: [],
      arrays: [],
      requirements: [],
    });
    expect(ZNewJob.parse(NEW_JOB_DEFAULTS)).toEqual(NEW_JOB_DEFAULTS);
  });
  it('gives fresh lists each time', () => {
    const a = createNewJob();
    a.services_requested.push('cad_packet');
    expect(createNewJob().services_requested).toEqual([]);
    expect(NEW_JOB_DEFAULTS.services_requested).toEqual([]);
  });
  it('refuses an unknown roof type', () => {
    expect(ZNewJob.safeParse({ ...NEW_JOB_DEFAULTS, roof_type: 'Gable' }).success).toBe(false);
  });
});

describe('array defaults (spec §3)', () => {
  it('has the spec values', () => {
    expect(ARRAY_DEFAULTS).toMatchObject({
      beam_spacing: 24,
      height_from_ground: 20,
      panel_to_eave: 0,
      orientation: 'Portrait',
      nonstandard_framing: false,
      roof_pitch: 26,
      roof_overhang: 18,
      ballast_weight: 0,
      beam_span: [168],
      collar_tie: 30,
    });
    expect(ZJobArray.parse(ARRAY_DEFAULTS)).toEqual(ARRAY_DEFAULTS);
  });
  it('copies beam_span', () => {
    createJobArray().beam_span.push(1);
    expect(ARRAY_DEFAULTS.beam_span).toEqual([168]);
  });
  it('needs the custom text when Other is chosen or framing is non-standard', () => {
    const bad = ZJobArray.safeParse(createJobArray({ racking_type: 'Other' }));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['custom_racking_type']);
    expect(ZJobArray.safeParse(createJobArray({ racking_type: 'Other', custom_racking_type: 'K2' })).success).toBe(true);
    const framing = ZJobArray.safeParse(createJobArray({ nonstandard_framing: true }));
    expect(framing.error?.issues.map((i) => i.path.join('.'))).toEqual(['custom_beam_shape']);
  });
  it('refuses a pitch of 90° or more', () => {
    expect(ZJobArray.safeParse(createJobArray({ roof_pitch: 90 })).success).toBe(false);
  });
});
