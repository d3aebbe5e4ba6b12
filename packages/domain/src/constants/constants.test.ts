import { describe, expect, it } from 'vitest';
import { FILE_CATEGORIES } from './files.constants.ts';
import {
  CAD_GENERATION_PROGRESS,
  NOTIFICATION_TYPES,
  TASK_COMPLETION_LABELS,
} from './job-events.constants.ts';
import { TOAST_AUTO_HIDE_MS, TOAST_MAX, OVERDUE_HOURS, OVERDUE_HOURS_CAD_PACKET, SQUARE_FEET_PER_ACRE, WORKING_DAY_HOURS } from './limits.constants.ts';
import { GENERATION_ERRORS, geocoderFailedMessage, downloadWarningMessage, remoteFetchErrorMessage } from './messages.constants.ts';
import { GYPSUM_TYPES, INTERCONNECTION_METHODS, RACKING_BRANDS, ROOF_TYPES } from './options.constants.ts';
import { REVISION_REASON_CODES, REVISION_REASONS } from './revision.constants.ts';
import {
  ALL_SERVICE_CODES,
  ALL_SERVICE_LABELS,
  REVISION_SERVICE_LABELS,
  SERVICE_LABELS,
  serviceLabel,
} from './services.constants.ts';

describe('services', () => {
  it('has the 13 services of decisions.md with the spec labels', () => {
    expect(Object.values(SERVICE_LABELS)).toEqual([
      'Structural Roof Letter',
      'CAD Stamp (Structural)',
      'CAD Stamp (Electrical)',
      'Structural Ground Mount Letter',
      'CAD Design',
      'Wet Stamp',
      'Post-Install Letter',
      'Wall Mounted Battery Letter',
      'Electrical Load Calculations',
      'Non-PV Design',
      'Shade Report',
      'Busbar Certification',
      'Permit Submittal',
    ]);
  });
  it('has revision variants for all but post-install letter, wet stamp, permit submittal', () => {
    expect(REVISION_SERVICE_LABELS).not.toHaveProperty('post_install_letter_revision');
    expect(REVISION_SERVICE_LABELS).not.toHaveProperty('wet_stamp_revision');
    expect(REVISION_SERVICE_LABELS).not.toHaveProperty('permit_submittal_revision');
    expect(REVISION_SERVICE_LABELS.cad_packet_revision).toBe('CAD Design (Revision)');
    expect(REVISION_SERVICE_LABELS.commercial_cad_design_revision).toBe('Commercial CAD Design (Revision)');
    expect(Object.keys(REVISION_SERVICE_LABELS)).toHaveLength(17);
    expect(ALL_SERVICE_CODES).toHaveLength(13 + 7 + 17);
  });
  it('keeps the spec spelling and shows unknown codes as they are', () => {
    expect(ALL_SERVICE_LABELS.commercial_cad_design).toBe('Commercial CAD Design');
    expect(serviceLabel('cad_eng')).toBe('CAD/ENG');
    expect(serviceLabel('mystery')).toBe('mystery');
  });
});

describe('lists', () => {
  it('file categories', () => expect(FILE_CATEGORIES).toHaveLength(12));
  it('revision reasons', () => {
    expect(REVISION_REASON_CODES).toHaveLength(10);
    expect(REVISION_REASONS.equipment_change.description).toBe('Module, inverter, battery, racking changes');
    expect(REVISION_REASONS.layout_change.description).toBe('Increase or decrease system size');
    expect(REVISION_REASON_CODES.filter((c) => REVISION_REASONS[c].involuntary)).toEqual(['right_angle_error']);
  });
  it('options', () => {
    expect(ROOF_TYPES).toEqual(['Gable Roof', 'Hip Roof', 'Flat Roof']);
    expect(GYPSUM_TYPES).toContain('No Drywall');
    expect(RACKING_BRANDS[0]).toBe('Ironridge');
    expect(INTERCONNECTION_METHODS).toHaveLength(37);
    expect(new Set(INTERCONNECTION_METHODS).size).toBe(37);
    expect(INTERCONNECTION_METHODS).toContain('PV Breaker in MSP');
    expect(INTERCONNECTION_METHODS).toContain('Supply Side Tap in MSP');
  });
});

describe('events and messages', () => {
  it('CAD progress labels and percentages', () => {
    expect(CAD_GENERATION_PROGRESS).toEqual({
      cad_generation_initiated: { label: 'Creating PV1 - PV5', percent: 65 },
      cut_sheets_initiated: { label: 'Creating Cut Sheets and Modelspace', percent: 77 },
      title_block_initiated: { label: 'Cleaning Up', percent: 98 },
      cad_generation_passed: { label: 'Complete', percent: 100 },
      cad_generation_failed: { label: 'Generation Failed', percent: 100 },
    });
    expect(NOTIFICATION_TYPES).toContain('new_message');
    expect(NOTIFICATION_TYPES).toContain('pv3_failed');
    expect(TASK_COMPLETION_LABELS['']).toBe('Not Completed');
  });
  it('generation errors', () => {
    expect(GENERATION_ERRORS.cut_sheets_failed.severity).toBe('warning');
    expect(GENERATION_ERRORS.pv2_failed.message).toBe(
      'PV-2 generation failed. Please review panel layout and mounting details before trying again.',
    );
    expect(Object.keys(GENERATION_ERRORS)).toHaveLength(8);
  });
  it('templates', () => {
    expect(geocoderFailedMessage('ZERO_RESULTS')).toBe('Geocoder failed due to: ZERO_RESULTS');
    expect(downloadWarningMessage('PV-1.pdf')).toBe('There was an error downloading PV-1.pdf. Try downloading it manually.');
    expect(remoteFetchErrorMessage(404)).toBe('HTTP error! Status: 404');
  });
  it('limits', () => {
    expect([TOAST_MAX, TOAST_AUTO_HIDE_MS, OVERDUE_HOURS, OVERDUE_HOURS_CAD_PACKET, SQUARE_FEET_PER_ACRE, WORKING_DAY_HOURS]).toEqual([
      10, 5000, 8, 16, 43560, 8,
    ]);
  });
});
