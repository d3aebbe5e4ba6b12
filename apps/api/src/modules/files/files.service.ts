import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import { isClientRole, isInternalStaff } from '@sunstamp/domain/roles';
import { isImageKind, matchesFileName, sniffFileType, type SniffResult } from '@sunstamp/domain/files/sniff.rules';
import {
  ARRAY_IMAGE_KINDS, IMAGE_ONLY_KINDS, STAFF_FILE_KINDS, ZUploadFields, fileDeletionEventOf, type FileKind, type JobFile,
} from '@sunstamp/domain/contracts/files';
import { getDisplayName } from '@sunstamp/domain/format/display-name.format';
import type { AppContext } from '../../app.ts';
import type { Principal } from '../auth/auth.hooks.ts';
import type { Storage } from '../../platform/storage.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { cleanFileName, type SpooledFile } from '../../platform/uploads.ts';
import { maySeeFile, visibleJob } from '../jobs/jobs.service.ts';
import { insertHistory } from '../jobs/jobs.repository.ts';
import * as repo from './files.repository.ts';

// heic-convert is CommonJS without types; it decodes HEIC/HEIF in pure JS/wasm (sharp's prebuilt binaries cannot).
const heicConvert = createRequire(import.meta.url)('heic-convert') as (o: { buffer: Buffer; format: 'JPEG' | 'PNG'; quality?: number }) => Promise<ArrayBuffer>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BROWSER_IMAGES = ['image/jpeg', 'image/png', 'image/gif'];

const unsupported = (message: string) => new AppError(415, message, 'unsupported_media_type');

function toJobFile(r: Awaited<ReturnType<typeof repo.getFile>> & object): JobFile {
  const f = r.f;
  const hasPreview = !!f.previewKey || BROWSER_IMAGES.includes(f.mime);
  return {
    id: f.id,
    job_id: f.jobId,
    kind: f.kind as FileKind,
    category: f.category as JobFile['category'],
    name: f.name,
    mime: f.mime,
    size: f.size,
    array_index: f.arrayIndex,
    ahjs: f.ahjs as string[],
    verification_file: f.verificationFile,
    has_preview: hasPreview,
    uploaded_by: f.uploadedById && r.email ? { id: f.uploadedById, full_name: getDisplayName({ firstName: r.firstName ?? '', lastName: r.lastName ?? '', email: r.email }) } : null,
    created_at: f.createdAt.toISOString(),
    download_url: `/api/files/${f.id}/download`,
    preview_url: hasPreview ? `/api/files/${f.id}/preview` : null,
  };
}

/** Before reading an upload's body: the job must be visible (404) and open to changes. */
export async function assertMayUpload(ctx: AppContext, p: Principal, jobId: string) {
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

function checkType(file: SpooledFile, kind: FileKind): SniffResult {
  const sniffed = sniffFileType(file.head);
  if (sniffed.kind === 'executable') {
    throw unsupported(`"${file.fileName}" is a program (${sniffed.detail}); programs cannot be uploaded.`);
  }
  if (sniffed.kind === 'unknown') throw unsupported(`"${file.fileName}" is not a supported file type.`);
  if (!matchesFileName(sniffed, file.fileName)) {
    throw unsupported(`"${file.fileName}" does not contain what its extension says: its content is ${sniffed.kind.toUpperCase()}.`);
  }
  if (IMAGE_ONLY_KINDS.includes(kind) && !isImageKind(sniffed.kind)) {
    throw unsupported(`"${file.fileName}" is not an allowed image (JPEG, JPG, PNG, GIF, TIFF, TIF, HEIC, HEIF).`);
  }
  return sniffed;
}

/**
 * Checks and stores an upload: fields validated, the caller's right to this kind of file, every
 * file's type by its content (a program, or content that does not match the extension, is
 * refused whole with 415), HEIC/HEIF given a JPEG preview, then bytes to storage and rows in one
 * transaction.
 */
export async function storeUploads(
  ctx: AppContext, storage: Storage, p: Principal, jobId: string, files: SpooledFile[], rawFields: Record<string, unknown>,
): Promise<JobFile[]> {
  const job = await assertMayUpload(ctx, p, jobId);
  if (Object.values(rawFields).some((v) => typeof v === 'string' && v.includes('\u0000'))) throw badRequest('Text may not contain NUL characters.');
  const parsed = ZUploadFields.safeParse({ ...rawFields, ahjs: parseAhjs(rawFields.ahjs) });
  if (!parsed.success) {
    throw badRequest('Some fields are invalid.', parsed.error.issues.map((i) => ({ [i.path.join('.') || 'fields']: i.message })));
  }
  const fields = parsed.data;
  if (files.length === 0) throw badRequest('Choose at least one file.', [{ files: 'No file was sent.' }]);
  if (STAFF_FILE_KINDS.includes(fields.kind) && !(isInternalStaff(p.role) || p.role === 'contractor')) {
    throw forbidden('Only staff upload this kind of file.');
  }
  if (ARRAY_IMAGE_KINDS.includes(fields.kind)) {
    const count = (job.arrays as unknown[]).length;
    if (fields.array_index === undefined || fields.array_index >= count) {
      throw badRequest('Some fields are invalid.', [{ array_index: count ? `Choose an array from 0 to ${count - 1}.` : 'The job has no arrays yet.' }]);
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
      let previewKey: string | null = null;
      if (sniffed.kind === 'heic' || sniffed.kind === 'heif') {
        let jpeg: ArrayBuffer;
        try {
          jpeg = await heicConvert({ buffer: await fsp.readFile(file.path), format: 'JPEG', quality: 0.85 });
        } catch {
          throw unsupported(`"${file.fileName}" could not be read as a ${sniffed.kind.toUpperCase()} image.`);
        }
        previewKey = `${key}.preview.jpg`;
        await storage.put(previewKey, new Uint8Array(jpeg));
        written.push(previewKey);
      }
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
  const ids = rows.map((r) => r.id!);
  const stored = await repo.filesByIds(ctx.database.db, jobId, ids);
  // In the order they were sent.
  return stored.sort((a, b) => ids.indexOf(a.f.id) - ids.indexOf(b.f.id)).map(toJobFile);
}

export async function listJobFiles(ctx: AppContext, p: Principal, jobId: string) {
  await visibleJob(ctx.database.db, p, jobId);
  const rows = await repo.listFiles(ctx.database.db, jobId);
  return rows.filter((r) => maySeeFile(p, r.f.kind)).map(toJobFile);
}

/** The file if the caller sees its job and may see its kind; 404 otherwise. */
async function visibleFile(ctx: AppContext, p: Principal, fileId: string) {
  if (!UUID_RE.test(fileId)) throw notFound();
  const row = await repo.getFile(ctx.database.db, fileId);
  if (!row) throw notFound();
  await visibleJob(ctx.database.db, p, row.f.jobId).catch(() => { throw notFound(); });
  if (!maySeeFile(p, row.f.kind)) throw notFound();
  return row;
}

export async function openDownload(ctx: AppContext, storage: Storage, p: Principal, fileId: string) {
  const { f } = await visibleFile(ctx, p, fileId);
  return { name: f.name, mime: f.mime, size: f.size, stream: await storage.read(f.storageKey) };
}

export async function openPreview(ctx: AppContext, storage: Storage, p: Principal, fileId: string) {
  const { f } = await visibleFile(ctx, p, fileId);
  if (f.previewKey) return { mime: 'image/jpeg', stream: await storage.read(f.previewKey) };
  if (BROWSER_IMAGES.includes(f.mime)) return { mime: f.mime, stream: await storage.read(f.storageKey) };
  throw notFound('This file has no preview.');
}

/**
 * Staff delete any file; the assigned contractor any file of its job; a client only what a
 * client uploaded (never letters, CAD, finished files). The history gets the spec's deletion event.
 */
export async function deleteFile(ctx: AppContext, storage: Storage, p: Principal, fileId: string) {
  const { f } = await visibleFile(ctx, p, fileId);
  const kind = f.kind as FileKind;
  const byClient = isClientRole(f.uploadedByRole as Principal['role']);
  if (isClientRole(p.role) && (!byClient || STAFF_FILE_KINDS.includes(kind))) throw forbidden('Only staff delete this file.');
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
