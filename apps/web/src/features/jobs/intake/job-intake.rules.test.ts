import { describe, expect, it } from 'vitest';
import { ARRAY_DEFAULTS } from '@sunstamp/domain/jobs/job-defaults.schema';
import { CAD_INTAKE_DEFAULTS } from '@sunstamp/domain/jobs/cad-intake.schema';
import { defaultJobIntake, type JobIntake } from '@sunstamp/domain/jobs/job-intake.schema';
import {
  INTAKE_STEPS,
  cadSelectOptions,
  offeredChoices,
  firstInvalidStep,
  newJobIntro,
  stepOfField,
  validateStep,
} from './job-intake.rules.ts';

const filled = (over: Partial<JobIntake> = {}): JobIntake => ({
  ...defaultJobIntake(),
  name: 'Smith residence',
  client_street_address: '1 Main St',
  services_requested: ['cad_packet'],
  ...over,
});

describe('step validation', () => {
  it('address needs a name and a street (and a company when asked)', () => {
    expect(validateStep('address', defaultJobIntake())).toEqual({
      name: 'Give the job a name.',
      client_street_address: 'Enter the site address.',
    });
    expect(validateStep('address', filled())).toEqual({});
    expect(validateStep('address', filled(), { needsCompany: true })).toEqual({ company: 'Choose the company this job is for.' });
  });

  it('arrays use the domain rules, with messages on the array fields', () => {
    expect(validateStep('arrays', filled())).toEqual({});
    const bad = filled({ arrays: [{ ...ARRAY_DEFAULTS, beam_span: [], roof_pitch: 95, nonstandard_framing: true }] });
    const errors = validateStep('arrays', bad);
    expect(Object.keys(errors).sort()).toEqual(['arrays.0.beam_span', 'arrays.0.custom_beam_shape', 'arrays.0.roof_pitch']);
    expect(errors['arrays.0.custom_beam_shape']).toBe('Please describe the framing');
    expect(validateStep('arrays', filled({ arrays: [] }))).toEqual({ arrays: 'Add at least one array.' });
  });

  it('the CAD intake asks for custom text only in shown groups', () => {
    const other = { ...CAD_INTAKE_DEFAULTS, optimizer_type: 'Other' };
    expect(validateStep('cad', filled({ cad_intake: other }))).toEqual({});
    const shown = { ...other, needs_optimizer: true };
    expect(validateStep('cad', filled({ cad_intake: shown }))).toEqual({ 'cad_intake.custom_optimizer_type': 'Please describe your choice' });
  });

  it('services need at least one known code', () => {
    expect(validateStep('services', filled({ services_requested: [] }))).toEqual({ services_requested: 'Choose at least one service.' });
    expect(validateStep('services', filled({ services_requested: ['nope'] }))).toEqual({ 'services_requested.0': 'Unknown service.' });
  });

  it('points the review at the first incomplete step', () => {
    expect(firstInvalidStep(filled())).toBe(-1);
    expect(firstInvalidStep(filled({ services_requested: [] }))).toBe(INTAKE_STEPS.findIndex((s) => s.key === 'services'));
    expect(firstInvalidStep(defaultJobIntake())).toBe(0);
  });

  it('maps server field paths to their step', () => {
    expect(stepOfField('client_street_address')).toBe(0);
    expect(stepOfField('arrays.1.beam_span')).toBe(1);
    expect(stepOfField('cad_intake.custom_mci')).toBe(2);
    expect(stepOfField('services_requested')).toBe(4);
    expect(stepOfField('equipment.0.equipment_id')).toBe(3);
    expect(stepOfField('unknown')).toBe(-1);
  });
});

describe('CAD select options', () => {
  const list = (...items: [string, boolean?][]) => items.map(([v, inactive]) => ({ value: v, label: v.toUpperCase(), ...(inactive ? { inactive } : {}) }));

  it('keeps the list (an admin-added item included) and adds "Other" to a list without one', () => {
    expect(cadSelectOptions({ custom: 'custom_module_type' }, list(['mono_perc'], ['perovskite']))).toEqual([
      { value: 'mono_perc', label: 'MONO_PERC' }, { value: 'perovskite', label: 'PEROVSKITE' }, { value: 'Other', label: 'Other' },
    ]);
  });
  it('keeps a list\'s own active Other item, last, and adds no second one', () => {
    expect(cadSelectOptions({ custom: 'custom_connection_type' }, list(['other'], ['tile_hook'])).map((o) => o.value)).toEqual(['tile_hook', 'other']);
  });
  it('offers "Other" when the list\'s own Other item is deactivated, keeping that item for a job that holds it', () => {
    expect(cadSelectOptions({ custom: 'custom_connection_type' }, list(['tile_hook'], ['other', true])).map((o) => [o.value, !!o.inactive])).toEqual([
      ['tile_hook', false], ['other', true], ['Other', false],
    ]);
    expect(cadSelectOptions({ custom: 'x' } as never, list(['Other', true])).map((o) => [o.value, !!o.inactive])).toEqual([['Other', false]]);
  });
  it('passes inactive items through (the select shows them only as a held value) and adds nothing without a custom text', () => {
    expect(cadSelectOptions({}, list(['a'], ['b', true]))).toEqual(list(['a'], ['b', true]));
    expect(cadSelectOptions({ options: ['X', 'Y'] }, undefined)).toEqual([{ value: 'X', label: 'X' }, { value: 'Y', label: 'Y' }]);
  });
});

describe('select choices', () => {
  const opts = [{ value: 'a', label: 'A' }, { value: 'b', label: 'B (old)', inactive: true }];
  it('hides a deactivated option unless it is the value held, which keeps its label', () => {
    expect(offeredChoices(opts, '').map((o) => o.value)).toEqual(['a']);
    expect(offeredChoices(opts, 'a').map((o) => o.value)).toEqual(['a']);
    expect(offeredChoices(opts, 'b')).toEqual(opts);
  });
  it('shows a value the list lacks as itself', () => {
    expect(offeredChoices(opts, 'zz').at(-1)).toEqual({ value: 'zz', label: 'zz' });
  });
});

describe('newJobIntro: the new-job subtitle counts the steps the stepper shows', () => {
  it('names the steps to fill and the review, as many as the stepper has', () => {
    expect(INTAKE_STEPS).toHaveLength(7);
    expect(newJobIntro()).toBe('Six short steps, then a review. Nothing is sent to our team until you submit.');
  });
  it('follows a change of the steps', () => {
    expect(newJobIntro([{ key: 'address' }, { key: 'files' }, { key: 'review' }])).toMatch(/^Two short steps, then a review\./);
  });
});

describe('the wet-stamp order on the services step (issue 29, item 11)', () => {
  const ORDER = { copies: 2, recipient: 'Acme Solar', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' };
  it('asks copies and the shipping address with the wet stamp, each with its message', () => {
    expect(validateStep('services', filled({ services_requested: ['cad_packet'] }))).toEqual({});
    const missing = validateStep('services', filled({ services_requested: ['wet_stamp'], wet_stamp_order: { ...ORDER, copies: null, zip: '' } }));
    expect(missing).toEqual({
      'wet_stamp_order.copies': 'Choose how many stamped copies to ship (1 to 3).',
      'wet_stamp_order.zip': 'Enter the ZIP code to ship the stamped copies to.',
    });
    expect(validateStep('services', filled({ services_requested: ['wet_stamp'], wet_stamp_order: { ...ORDER, zip: '123' } }))).toEqual({
      'wet_stamp_order.zip': 'Enter a ZIP code (12345 or 12345-6789) or a Canadian postal code.',
    });
    expect(validateStep('services', filled({ services_requested: ['wet_stamp'], wet_stamp_order: ORDER }))).toEqual({});
  });
  it('a server refusal of the order or the case number opens the step that holds it', () => {
    expect(stepOfField('wet_stamp_order.street')).toBe(INTAKE_STEPS.findIndex((s) => s.key === 'services'));
    expect(stepOfField('case_number')).toBe(INTAKE_STEPS.findIndex((s) => s.key === 'address'));
  });
});
