/**
 * Deliverables: the documents a client orders and receives (the plan set, the engineering
 * letters, the calculation packages). The spec names the services (§9) and the engineering
 * requirements (§3) but not the documents' own names; these labels are ours, in the spec's words
 * where it has them.
 */

/** A deliverable's life: made (draft), sealed by an engineer, released to the client. */
export const DELIVERABLE_STATES = ['draft', 'sealed', 'released'] as const;
export type DeliverableState = (typeof DELIVERABLE_STATES)[number];

export const DELIVERABLE_STATE_LABELS: Record<DeliverableState, string> = {
  draft: 'Draft',
  sealed: 'Sealed',
  released: 'Released',
};

/** The three groups the Deliverables area shows, in this order. */
export const DELIVERABLE_GROUPS = ['plan_set', 'letters', 'calculations'] as const;
export type DeliverableGroup = (typeof DELIVERABLE_GROUPS)[number];
export const DELIVERABLE_GROUP_LABELS: Record<DeliverableGroup, string> = {
  plan_set: 'Plan set',
  letters: 'Letters',
  calculations: 'Calculation packages',
};

/**
 * What a deliverable is. Adding a letter type is one line here (and, if a service requires it,
 * one in SERVICE_DELIVERABLES).
 */
export const DELIVERABLE_KINDS = {
  plan_set: { label: 'Plan set', group: 'plan_set' },
  calculation_package: { label: 'Calculation package', group: 'calculations' },
  structural_roof_letter: { label: 'Structural roof letter', group: 'letters' },
  structural_ground_mount_letter: { label: 'Structural ground-mount letter', group: 'letters' },
  wall_mounted_battery_letter: { label: 'Wall-mounted battery letter', group: 'letters' },
  electrical_letter: { label: 'Electrical letter / load calculations', group: 'letters' },
  busbar_certification: { label: 'Busbar certification', group: 'letters' },
  post_install_letter: { label: 'Post-install letter', group: 'letters' },
  revision_letter: { label: 'Revision letter', group: 'letters' },
  design_affidavit: { label: 'Design affidavit', group: 'letters' },
  florida_statute_377_705: { label: 'Florida Statute 377.705 certification', group: 'letters' },
  seismic_calculations: { label: 'Seismic calculations', group: 'calculations' },
  appendix_g: { label: 'Appendix G', group: 'letters' },
  unreduced_snow_load: { label: 'Unreduced snow load letter', group: 'letters' },
  third_party_stamp: { label: 'NABCEP or third-party stamp', group: 'letters' },
  shade_report: { label: 'Shade report', group: 'letters' },
} as const satisfies Record<string, { label: string; group: DeliverableGroup }>;
export type DeliverableKind = keyof typeof DELIVERABLE_KINDS;
export const DELIVERABLE_KIND_CODES = Object.keys(DELIVERABLE_KINDS) as DeliverableKind[];

export const deliverableKindLabel = (kind: string): string =>
  (DELIVERABLE_KINDS as Record<string, { label: string }>)[kind]?.label ?? kind;

/** The statuses a job cannot reach without its deliverables (a plan set for CAD Design, …). */
export const DELIVERABLE_GATED_STATUSES = ['Design Completed', 'Pending Approval', 'Approved'] as const;

/** The statuses staff release from: Finalized and Waiting on AHJ move on to Pending Approval. */
export const RELEASE_FROM_STATUSES = ['Finalized', 'Waiting on AHJ', 'Pending Approval'] as const;

/** Verification codes: 20 characters of Crockford base 32 (100 random bits), printed in groups of 5. */
export const VERIFICATION_CODE_LENGTH = 20;
export const VERIFICATION_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** The largest PDF the public verification page hashes. */
export const MAX_VERIFY_UPLOAD_BYTES = 50 * 1024 * 1024;
/** Per client address: code lookups and uploaded-PDF checks a minute on the public verification page. */
export const VERIFY_LOOKUPS_PER_MINUTE = 30;
export const VERIFY_CHECKS_PER_MINUTE = 10;
