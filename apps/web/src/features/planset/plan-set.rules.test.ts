import { describe, expect, it } from 'vitest';
import { formatCheckValue, progressOfEvent, progressOfRun } from './plan-set.rules.ts';

describe('plan-set progress', () => {
  it('shows the spec\'s label and percentage for the stored stage', () => {
    expect(progressOfRun({ status: 'running', stage: 'cad_generation_initiated', progress: 65 })).toEqual({ label: 'Creating PV1 - PV5', percent: 65 });
    expect(progressOfRun({ status: 'running', stage: 'cut_sheets_initiated', progress: 77 })).toEqual({ label: 'Creating Cut Sheets and Modelspace', percent: 77 });
    expect(progressOfRun({ status: 'running', stage: 'title_block_initiated', progress: 98 })).toEqual({ label: 'Cleaning Up', percent: 98 });
    expect(progressOfRun({ status: 'passed', stage: 'cad_generation_passed', progress: 100 })).toEqual({ label: 'Complete', percent: 100 });
    expect(progressOfRun({ status: 'failed', stage: 'cad_generation_failed', progress: 100 })).toEqual({ label: 'Generation Failed', percent: 100 });
    expect(progressOfRun({ status: 'running', stage: 'calculations_initiated', progress: 20 })).toEqual({ label: 'Running Calculations', percent: 20 });
    expect(progressOfRun({ status: 'queued', stage: null, progress: 0 })).toEqual({ label: 'Queued', percent: 0 });
  });
  it('takes a live event\'s label; a message without a percentage changes nothing', () => {
    expect(progressOfEvent({ label: 'Cleaning Up', progress: 98 })).toEqual({ label: 'Cleaning Up', percent: 98 });
    expect(progressOfEvent({ label: 'PV-1 generation failed…', progress: null })).toBeNull();
  });
});

describe('formatCheckValue', () => {
  it('rounds numbers to three decimals and adds the unit', () => {
    expect(formatCheckValue(508.0391234, 'V')).toBe('508.039 V');
    expect(formatCheckValue(40, 'A')).toBe('40 A');
    expect(formatCheckValue(-8.69712, '%')).toBe('-8.697 %');
  });
  it('prints words and booleans as they are, without an empty unit', () => {
    expect(formatCheckValue('load-side-breaker (120 % rule)', '')).toBe('load-side-breaker (120 % rule)');
    expect(formatCheckValue(true, '')).toBe('Yes');
    expect(formatCheckValue(false, 'x')).toBe('No x');
  });
});
