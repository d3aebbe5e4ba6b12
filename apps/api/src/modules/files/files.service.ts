import { UUID_RE } from '@sunstamp/domain/constants/ids.constants';
import crypto from 'node:crypto';
import { isClientRole } from '@sunstamp/domain/roles';
import { mayDeleteFile, mayUploadFileKind, mayUploadToCategory } from '@sunstamp/domain/policies/files.policy';
import { shownFileCategoryOf } from '@sunstamp/domain/jobs/client-view.rules';
import type { Role } from '@sunstamp/domain/roles';
import type { FileCategory } from '@sunstamp/domain/constants/files.constants';
import { isImageKind, matchesFileName, sniffFileType, type SniffResult } from '@sunstamp/domain/files/sniff.rules';
import {
  ARRAY_IMAGE_KINDS, IMAGE_ONLY_KINDS, ZUploadFields, fileDeletionEventOf, type FileKind, type JobFile,
} from '@sunstamp/domain/contracts/files';
import { getDisplayName } from '@sunstamp/domain/format/display-name.format';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../platform/principal.ts';
import type { Storage } from '../../platform/storage.ts';
import { AppError, badRequest, conflict, notFound, invalidFields } from '../../platform/errors.ts';
import { requireAllowed } from '../../platform/access.ts';
import { cleanFileName, type SpooledFile } from '../../platform/uploads.ts';
import { insertHistory, maySeeFile, visibleJob } from '../jobs/jobs.api.ts';
import * as repo from './files.repository.ts';
import type { HeicPreviews, PreviewAnswer } from '../../platform/heic-previews.ts';

/** What this service reads from the context (a slice, so a worker or a unit test can call it with fakes). */
type Ctx = Pick<AppContext, 'caches' | 'clock' | 'database'>;


const BROWSER_IMAGES = ['image/jpeg', 'image/png', 'image/gif'];

const unsupported = (message: string) => new AppError(415, message, 'unsupported_media_type');

/** A file as `role` reads it: a client reads client-facing categories and no name of the team's uploaders. */
function toJobFile(r: Awaited<ReturnType<typeof repo.getFile>> & object, role: Role): JobFile {
  const f = r.f;
  const hasPreview = !!f.previewKey || BROWSER_IMAGES.includes(f.mime);
  const uploaderRole = f.uploadedByRole as Role;
  const namedUploader = !isClientRole(role) || isClientRole(uploaderRole);
  return {
    id: f.id,
    job_id: f.jobId,
    kind: f.kind as FileKind,
    category: shownFileCategoryOf(f.category as FileCategory, role),
    name: f.name,
    mime: f.mime,
    size: f.size,
    array_index: f.arrayIndex,
    ahjs: f.ahjs as string[],
    verification_file: f.verificationFile,
    has_preview: hasPreview,
    // A released deliverable is the client's: nobody deletes it (deleteFile refuses with 409).
    may_delete: mayDeleteFile(role, { kind: f.kind as FileKind, uploadedByRole: uploaderRole }) && f.deliverableState !== 'released',
    uploaded_by: namedUploader && f.uploadedById && r.email ? { id: f.uploadedById, full_name: getDisplayName({ firstName: r.firstName ?? '', lastName: r.lastName ?? '', email: r.email }) } : null,
    created_at: f.createdAt.toISOString(),
    download_url: `/api/files/${f.id}/download`,
    preview_url: hasPreview ? `/api/files/${f.id}/preview` : null,
  };
}

/** Before reading an upload's body: the job must be visible (404) and open to changes. */
export async function assertMayUpload(ctx: Ctx, p: Principal, jobId: string) {
  const { job } = await visibleJob(ctx.database.db, p, jobId);
  if (!job.isActive) throw conflict('This job is deactivated.');
  return job;
}

function parseAhjs(raw: unknown): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') return raw;
  const s = raw.trim();
  if (s.startsWith('[')) {
    try { return JSON.parse(s); } catch { return s; }
  }
  return s.split(',').map((x) => x.trim()).filter(Boolean);
}

/**
 * A file's type by its content: a program, an unknown type, or content that does not match the
 * extension is refused with 415. Shared by every upload path (job files, message attachments).
 */
export function checkUploadType(file: SpooledFile): SniffResult {
  const sniffed = sniffFileType(file.head);
  if (sniffed.kind === 'executable') {
    throw unsupported(`"${file.fileName}" is a program (${sniffed.detail}); programs cannot be uploaded.`);
  }
  if (sniffed.kind === 'unknown') throw unsupported(`"${file.fileName}" is not a supported file type.`);
  if (!matchesFileName(sniffed, file.fileName)) {
    throw unsupported(`"${file.fileName}" does not contain what its extension says: its content is ${sniffed.kind.toUpperCase()}.`);
  }
  return sniffed;
}

function checkType(file: SpooledFile, kind: FileKind): SniffResult {
  const sniffed = checkUploadType(file);
  if (IMAGE_ONLY_KINDS.includes(kind) && !isImageKind(sniffed.kind)) {
    throw unsupported(`"${file.fileName}" is not an allowed image (JPEG, JPG, PNG, GIF, TIFF, TIF, HEIC, HEIF).`);
  }
  return sniffed;
}

/**
 * Checks and stores an upload: fields validated, the caller's right to this kind of file, every
 * file's type by its content (a program, or content that does not match the extension, is
 * refused whole with 415), then bytes to storage and rows in one transaction. A HEIC/HEIF file's
 * JPEG preview is queued on the worker pool after the answer (`previews`), never decoded here.
 */
export async function storeUploads(
  ctx: Ctx, storage: Storage, previews: HeicPreviews, p: Principal, jobId: string, files: SpooledFile[], rawFields: Record<string, unknown>,
): Promise<JobFile[]> {
  const job = await assertMayUpload(ctx, p, jobId);
  if (Object.values(rawFields).some((v) => typeof v === 'string' && v.includes('\u0000'))) throw badRequest('Text may not contain NUL characters.');
  const parsed = ZUploadFields.safeParse({ ...rawFields, ahjs: parseAhjs(rawFields.ahjs) });
  if (!parsed.success) {
    throw invalidFields(parsed.error.issues.map((i) => ({ [i.path.join('.') || 'fields']: i.message })));
  }
  const fields = parsed.data;
  if (files.length === 0) throw badRequest('Choose at least one file.', [{ files: 'No file was sent.' }]);
  requireAllowed(mayUploadFileKind(p.role, fields.kind), 'Only staff upload this kind of file.');
  requireAllowed(mayUploadToCategory(p.role, fields.category), `Only our team files uploads under ${fields.category}; choose General or Extra Sheets.`);
  if (ARRAY_IMAGE_KINDS.includes(fields.kind)) {
    const count = (job.arrays as unknown[]).length;
    if (fields.array_index === undefined || fields.array_index >= count) {
      throw invalidFields([{ array_index: count ? `Choose an array from 0 to ${count - 1}.` : 'The job has no arrays yet.' }]);
    }
  }
  const checked = files.map((f) => ({ file: f, sniffed: checkType(f, fields.kind) }));
  const now = ctx.clock.now();
  const rows: Parameters<typeof repo.insertFiles>[1] = [];
  const written: string[] = [];
  try {
    for (const { file, sniffed } of checked) {
      const id = crypto.randomUUID();
      const key = `jobs/${jobId}/${id}`;
      // The preview's key is known now; its bytes come later from the worker pool.
      const previewKey = sniffed.kind === 'heic' || sniffed.kind === 'heif' ? `${key}.preview.jpg` : null;
      await storage.putFile(key, file.path);
      written.push(key);
      rows.push({
        id, jobId, kind: fields.kind, category: fields.category, name: cleanFileName(file.fileName), mime: sniffed.mime,
        size: file.size, storageKey: key, previewKey, ahjs: fields.ahjs,
        verificationFile: fields.verification_file || file.fieldName === 'verification_file',
        arrayIndex: ARRAY_IMAGE_KINDS.includes(fields.kind) ? fields.array_index! : null,
        uploadedById: p.id, uploadedByRole: p.role, createdAt: now,
      });
    }
    await repo.insertFiles(ctx.database.db, rows);
  } catch (e) {
    await Promise.all(written.map((k) => storage.remove(k).catch(() => {})));
    throw e;
  }
  for (const r of rows) if (r.previewKey) previews.schedule(r.storageKey, r.previewKey);
  const ids = rows.map((r) => r.id!);
  const stored = await repo.filesByIds(ctx.database.db, jobId, ids);
  // In the order they were sent.
  return stored.sort((a, b) => ids.indexOf(a.f.id) - ids.indexOf(b.f.id)).map((r) => toJobFile(r, p.role));
}

export async function listJobFiles(ctx: Ctx, p: Principal, jobId: string) {
  await visibleJob(ctx.database.db, p, jobId);
  const rows = await repo.listFiles(ctx.database.db, jobId);
  return rows.filter((r) => maySeeFile(p, r.f)).map((r) => toJobFile(r, p.role));
}

/** The file if the caller sees its job and may see its kind; 404 otherwise. */
async function visibleFile(ctx: Ctx, p: Principal, fileId: string) {
  if (!UUID_RE.test(fileId)) throw notFound();
  const row = await repo.getFile(ctx.database.db, fileId);
  if (!row) throw notFound();
  await visibleJob(ctx.database.db, p, row.f.jobId).catch(() => { throw notFound(); });
  if (!maySeeFile(p, row.f)) throw notFound();
  return row;
}

export async function openDownload(ctx: Ctx, storage: Storage, p: Principal, fileId: string) {
  const { f } = await visibleFile(ctx, p, fileId);
  return { name: f.name, mime: f.mime, size: f.size, stream: await storage.read(f.storageKey) };
}

/** The preview: a browser image as it is, a HEIC/HEIF file's JPEG once made (a placeholder until then). */
export async function openPreview(
  ctx: Ctx, storage: Storage, previews: HeicPreviews, p: Principal, fileId: string,
): Promise<PreviewAnswer | { state: 'ready'; mime: string; stream: Awaited<ReturnType<Storage['read']>> }> {
  const { f } = await visibleFile(ctx, p, fileId);
  if (f.previewKey) return previews.open(f.storageKey, f.previewKey);
  if (BROWSER_IMAGES.includes(f.mime)) return { state: 'ready', mime: f.mime, stream: await storage.read(f.storageKey) };
  throw notFound('This file has no preview.');
}

/**
 * Staff delete any file; the assigned contractor any file of its job; a client only what a
 * client uploaded (never letters, CAD, finished files). The history gets the spec's deletion event.
 */
export async function deleteFile(ctx: Ctx, storage: Storage, p: Principal, fileId: string) {
  const { f } = await visibleFile(ctx, p, fileId);
  const kind = f.kind as FileKind;
  const uploadedByRole = f.uploadedByRole as Principal['role'];
  const byClient = isClientRole(uploadedByRole);
  requireAllowed(mayDeleteFile(p.role, { kind, uploadedByRole }), 'Only staff delete this file.');
  if (f.deliverableState === 'released') throw conflict('This deliverable was released to the client and cannot be deleted.');
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    await repo.deleteFile(tx, f.id);
    await insertHistory(tx, {
      jobId: f.jobId, event: fileDeletionEventOf(kind, byClient), actorId: p.id, actorRole: p.role,
      data: { file_id: f.id, name: f.name, kind, category: f.category }, at: now,
    });
  });
  await Promise.all([f.storageKey, f.previewKey].filter((k): k is string => !!k).map((k) => storage.remove(k).catch(() => {})));
}
