import { describe, expect, it } from 'vitest';
import { SERVICE_CODES, EXTRA_SERVICE_CODES } from '../constants/services.constants.ts';
import {
  formatVerificationCode, isVerificationCode, missingDeliverables, missingSentences, mustBeSealed, needsOfService,
  normaliseVerificationCode, taskAfterDeliverables, tasksOf, type DeliverableFacts,
} from './deliverables.rules.ts';

const plan = (state: DeliverableFacts['state'], sealed = false): DeliverableFacts => ({ kind: 'plan_set', state, sealed });

describe('what each service requires', () => {
  it('maps every service of the spec (documents or, for three of them, none)', () => {
    for (const s of [...SERVICE_CODES, ...EXTRA_SERVICE_CODES]) expect(Array.isArray(needsOfService(s)), s).toBe(true);
    expect([...SERVICE_CODES, ...EXTRA_SERVICE_CODES].filter((s) => !needsOfService(s).length).sort()).toEqual(['other', 'permit_submittal', 'wet_stamp']);
    expect(needsOfService('cad_packet_revision')).toEqual(needsOfService('cad_packet'));
    expect(needsOfService('unknown')).toEqual([]);
  });
  it('a plan set for CAD Design; sealed for the CAD stamps; released for Pending Approval', () => {
    expect(missingSentences(missingDeliverables(['cad_packet'], [], 'ready'), 'ready')).toEqual(['CAD Design needs a plan set.']);
    expect(missingDeliverables(['cad_packet'], [plan('draft')], 'ready')).toEqual([]);
    expect(missingSentences(missingDeliverables(['cad_packet'], [plan('draft')], 'released'), 'released')).toEqual(['CAD Design needs a released plan set.']);
    expect(missingSentences(missingDeliverables(['cad_stamp_structural'], [plan('released')], 'released'), 'released'))
      .toEqual(['CAD Stamp (Structural) needs a released, sealed plan set.']);
    expect(missingDeliverables(['cad_stamp_structural', 'cad_packet'], [plan('released', true)], 'released')).toEqual([]);
    expect(missingSentences(missingDeliverables(['structural_roof_letter'], [plan('released', true)], 'ready'), 'ready'))
      .toEqual(['Structural Roof Letter needs a sealed structural roof letter.']);
  });
  it('refuses to release unsealed what a service needs sealed', () => {
    expect(mustBeSealed(['cad_packet', 'cad_stamp_electrical'], 'plan_set')).toBe('cad_stamp_electrical');
    expect(mustBeSealed(['cad_packet'], 'plan_set')).toBeNull();
  });
});

describe('tasks', () => {
  it('one per service, blank unless stored; moved by documents', () => {
    expect(tasksOf(['cad_packet', 'wet_stamp', 'cad_packet'], { wet_stamp: 'completed', junk: 'x' })).toEqual([
      { service: 'cad_packet', status: '' }, { service: 'wet_stamp', status: 'completed' },
    ]);
    expect(taskAfterDeliverables('cad_packet', 'failed', [])).toBe('failed');
    expect(taskAfterDeliverables('cad_packet', 'failed', [plan('draft')])).toBe('in_progress');
    expect(taskAfterDeliverables('cad_packet', '', [plan('released')])).toBe('completed');
    expect(taskAfterDeliverables('cad_packet', 'completed', [])).toBe('in_progress');
    expect(taskAfterDeliverables('wet_stamp', 'completed', [])).toBe('completed');
  });
});

describe('verification codes', () => {
  it('are read as typed: case, dashes, spaces and the look-alike letters', () => {
    expect(normaliseVerificationCode('abcde-fghjk mnpqr-stvwo')).toBe('ABCDEFGHJKMNPQRSTVW0');
    expect(normaliseVerificationCode('IL')).toBe('11');
    expect(isVerificationCode('ABCDEFGHJKMNPQRSTVW0')).toBe(true);
    expect(isVerificationCode('ABCDEFGHJKMNPQRSTVWU')).toBe(false);
    expect(isVerificationCode('ABC')).toBe(false);
    expect(formatVerificationCode('ABCDEFGHJKMNPQRSTVW0')).toBe('ABCDE-FGHJK-MNPQR-STVW0');
  });
});
