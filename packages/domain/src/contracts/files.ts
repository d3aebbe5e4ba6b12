import { z } from 'zod';
import { FILE_CATEGORIES } from '../constants/files.constants.ts';
import type { FileDeletionEvent } from '../constants/job-events.constants.ts';

/**
 * Job file contracts. An upload is multipart: `files` (one or many), `category`
 * (spec §9), optional `kind`, `array_index` (array images), `ahjs` (JSON list or comma list of
 * ids) and `verification_file` ("true"/"false").
 */

/** What a file is for. Staff-only kinds are produced by staff; clients never see `internal`. */
export const FILE_KINDS = [
  'job_file',
  'electrical_photos_on_cad',
  'attic_photos_on_cad',
  'attic',
  'beam_space',
  'beam_size',
  'panel_layout',
  'cad_intake_form',
  'letter',
  'cad',
  'internal',
  'finished_file',
  /** A plan-set run's output (PDF, DXF, sheet previews, cut sheets): made by the run, never uploaded. */
  'plan_set',
] as const;
export type FileKind = (typeof FILE_KINDS)[number];
export const ZFileKind = z.enum(FILE_KINDS);

/** Kinds only staff (and the assigned contractor) upload. */
export const STAFF_FILE_KINDS: readonly FileKind[] = ['letter', 'cad', 'internal', 'finished_file'];
/** The kinds that are the job's deliverables to the client: staff uploading one releases it ("Deliverables released"). */
export const DELIVERABLE_KINDS: readonly FileKind[] = ['letter', 'finished_file'];
/** Kinds clients may not see at all. */
export const HIDDEN_FROM_CLIENT_KINDS: readonly FileKind[] = ['internal', 'plan_set'];
/** Kinds only the system makes: no one uploads them. */
export const GENERATED_FILE_KINDS: readonly FileKind[] = ['plan_set'];
/** Array images (spec §3 arrays with attic, beam space and beam size images) need array_index. */
export const ARRAY_IMAGE_KINDS: readonly FileKind[] = ['attic', 'beam_space', 'beam_size'];
/** Kinds that must be images (spec §5 allowed image types). */
export const IMAGE_ONLY_KINDS: readonly FileKind[] = [
  ...ARRAY_IMAGE_KINDS, 'panel_layout', 'electrical_photos_on_cad', 'attic_photos_on_cad',
];

/**
 * The deletion event (spec §4) for a file: its own kind for letters, CAD, internal files, the CAD
 * intake form and finished files; the other uploads are "client upload" when a client uploaded
 * them and "internal" when staff did.
 */
export function fileDeletionEventOf(kind: FileKind, uploadedByClient: boolean): FileDeletionEvent {
  switch (kind) {
    case 'letter': return 'letter_deleted';
    case 'cad': return 'cad_deleted';
    case 'plan_set': return 'cad_deleted';
    case 'internal': return 'internal_file_deleted';
    case 'cad_intake_form': return 'cad_intake_form_deleted';
    case 'finished_file': return 'finished_file_deleted';
    default: return uploadedByClient ? 'client_upload_deleted' : 'internal_file_deleted';
  }
}

export const ZFileCategory = z.enum(FILE_CATEGORIES);

export const ZUploadFields = z.object({
  category: ZFileCategory.default('General'),
  kind: ZFileKind.default('job_file'),
  array_index: z.coerce.number().int().min(0).max(49).optional(),
  ahjs: z.array(z.string().uuid()).max(100).default([]),
  verification_file: z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1').default(false),
});

export const ZJobFile = z.object({
  id: z.string(),
  job_id: z.string(),
  kind: ZFileKind,
  category: ZFileCategory,
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  array_index: z.number().int().nullable(),
  ahjs: z.array(z.string()),
  verification_file: z.boolean(),
  has_preview: z.boolean(),
  /** Who uploaded it; null for a client reading a file the team uploaded (a client is not told which drafter). */
  uploaded_by: z.object({ id: z.string(), full_name: z.string() }).nullable(),
  /** Whether the caller may delete it (policies/files.policy.ts mayDeleteFile, which knows the uploader's role). */
  may_delete: z.boolean(),
  created_at: z.string(),
  download_url: z.string(),
  preview_url: z.string().nullable(),
});
export type JobFile = z.infer<typeof ZJobFile>;

/** Limits of decisions.md: 50 MB a file, 20 files a request. */
export const MAX_UPLOAD_FILE_BYTES = 50 * 1024 * 1024;
export const MAX_UPLOAD_FILES = 20;

/**
 * A job history entry's data as a caller of `clientRole` may read it: a client never learns the
 * names (or ids) of files hidden from clients, deleted or not; the event itself stays in the timeline.
 */
export function historyDataForReader(clientRole: boolean, data: unknown): unknown {
  if (!clientRole || !data || typeof data !== 'object') return data ?? null;
  // Who our team credited with each step (analytics) is not the client's to read.
  const { credited, credits, ...d } = data as Record<string, unknown>;
  if (!HIDDEN_FROM_CLIENT_KINDS.includes(d.kind as FileKind)) return credited === undefined && credits === undefined ? data : d;
  const { name: _name, file_id: _id, ...rest } = d;
  return rest;
}
