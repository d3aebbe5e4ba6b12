/** File categories of spec §9, exact wording. The PV sheet folders are listed one by one. */
export const FILE_CATEGORIES = [
  'General',
  'Engineering',
  'Pre-Check',
  'Electrical-Check',
  'Extra Sheets',
  'Permit Running',
  'PV-01',
  'PV-02',
  'PV-03',
  'PV-04',
  'PV-05',
  'PV-06+',
] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];

/** Job file kinds the spec names (§3 Job files, §4 file deletion events). */
export const JOB_FILE_KINDS = [
  'job_files',
  'electrical_photos_on_cad',
  'attic_photos_on_cad',
] as const;
export type JobFileKind = (typeof JOB_FILE_KINDS)[number];
