/**
 * Revision reasons of spec §9. The spec gives the codes and, for two of them, what they cover;
 * the other labels and descriptions are ours. `involuntary` is the default of decisions.md
 * (our own error); staff may still mark any revision involuntary.
 */
export const REVISION_REASON_CODES = [
  'equipment_change',
  'layout_change',
  'electrical_change',
  'ahj_rejection',
  'utility_rejection',
  'as_built',
  'company_preference',
  'right_angle_error',
  'additional_service',
  'other',
] as const;
export type RevisionReasonCode = (typeof REVISION_REASON_CODES)[number];

export interface RevisionReason {
  code: RevisionReasonCode;
  label: string;
  description: string;
  involuntary: boolean;
}

export const REVISION_REASONS: Record<RevisionReasonCode, RevisionReason> = {
  equipment_change: {
    code: 'equipment_change',
    label: 'Equipment Change',
    description: 'Module, inverter, battery, racking changes',
    involuntary: false,
  },
  layout_change: {
    code: 'layout_change',
    label: 'Layout Change',
    description: 'Increase or decrease system size',
    involuntary: false,
  },
  electrical_change: {
    code: 'electrical_change',
    label: 'Electrical Change',
    description: 'Interconnection, service panel or wiring changes',
    involuntary: false,
  },
  ahj_rejection: {
    code: 'ahj_rejection',
    label: 'AHJ Rejection',
    description: 'The authority having jurisdiction asked for corrections',
    involuntary: false,
  },
  utility_rejection: {
    code: 'utility_rejection',
    label: 'Utility Rejection',
    description: 'The utility asked for corrections',
    involuntary: false,
  },
  as_built: {
    code: 'as_built',
    label: 'As Built',
    description: 'Update the plans to match the installed system',
    involuntary: false,
  },
  company_preference: {
    code: 'company_preference',
    label: 'Company Preference',
    description: 'Drafting or layout preferences of the client company',
    involuntary: false,
  },
  right_angle_error: {
    code: 'right_angle_error',
    label: 'Internal Error',
    description: 'A mistake in our design or engineering; counted as involuntary',
    involuntary: true,
  },
  additional_service: {
    code: 'additional_service',
    label: 'Additional Service',
    description: 'A service added after the original order',
    involuntary: false,
  },
  other: {
    code: 'other',
    label: 'Other',
    description: 'Any other reason; describe it in the note',
    involuntary: false,
  },
};
