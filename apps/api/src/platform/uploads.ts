import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_FILE_BYTES, MAX_UPLOAD_FILES } from '@sunstamp/domain/contracts/files';
import { AppError } from './errors.ts';
import type { Storage } from './storage.ts';

/** An uploaded file spooled to disk, with its first bytes for sniffing its type. */
export type SpooledFile = {
  path: string;
  /** The name the client sent, as sent: clean it (cleanFileName) before storing or showing it. */
  fileName: string;
  /** The multipart part it came in (`files`, or another file field the route accepts). */
  fieldName: string;
  head: Buffer;
  size: number;
};

/** A multipart request's files (spooled) and text fields. */
export type SpooledUpload = { files: SpooledFile[]; fields: Record<string, unknown> };

// The sniffer (domain/files/sniff.rules.ts) reads at most the first 8 KiB (text) and 1 KiB (PDF header).
const HEAD_BYTES = 16 * 1024;
const TOO_LARGE = `A file is larger than the ${MAX_UPLOAD_FILE_BYTES / 1024 / 1024} MB limit.`;

/** @fastify/multipart limits for a file upload route: decisions.md's file size and count, and the route's text fields. */
export function uploadLimits(text: { fields: number; fieldSize: number }) {
  return { fileSize: MAX_UPLOAD_FILE_BYTES, files: MAX_UPLOAD_FILES, fields: text.fields, fieldSize: text.fieldSize, parts: MAX_UPLOAD_FILES + text.fields };
}

const CUT_OFF = 'The upload was cut off or is not valid multipart data.';

/** Multipart errors to the envelope: sizes and counts over the limits are 413 with a clear message. */
export function uploadError(e: unknown): unknown {
  switch ((e as { code?: string } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE': return new AppError(413, TOO_LARGE, 'too_large');
    case 'FST_FILES_LIMIT': return new AppError(413, `At most ${MAX_UPLOAD_FILES} files can be uploaded at once.`, 'too_large');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT': return new AppError(413, 'The upload has too many fields.', 'too_large');
    case 'FST_PROTO_VIOLATION': return new AppError(400, 'A field name is not allowed.');
    // A part's stream ended by the parser without saying why (spool looks for the why first).
    case 'ERR_STREAM_PREMATURE_CLOSE': return new AppError(400, CUT_OFF);
    default:
      // busboy's parse errors ("Multipart: Boundary not found", a body cut short, a malformed part).
      // "The needle cannot have a length bigger than 256": busboy's answer to a boundary over 256 characters.
      if (e instanceof Error && /^Multipart:|boundary|terminated early|Unexpected end|Malformed|needle cannot/i.test(e.message)) {
        return new AppError(400, CUT_OFF);
      }
      return e;
  }
}

/**
 * Spools the file parts of a multipart request to the storage's temp folder, keeping each one's
 * first bytes, and gathers the text fields (a text part named `files` is ignored). A file in a
 * part other than `fileFields` is 400. Files land in `upload.files` as they arrive, so the caller
 * can remove them whatever happens.
 */
async function spool(req: FastifyRequest, storage: Storage, fileFields: readonly string[], upload: SpooledUpload) {
  const parts = req.parts()[Symbol.asyncIterator]();
  for (;;) {
    const next = await parts.next();
    if (next.done) break;
    const part = next.value;
    if (part.type === 'field') {
      if (part.fieldname !== 'files') upload.fields[part.fieldname] = part.value;
      continue;
    }
    if (!fileFields.includes(part.fieldname)) {
      await part.toBuffer().catch(() => {});
      throw new AppError(400, `Unexpected file field "${part.fieldname}": send files as "files".`);
    }
    const file: SpooledFile = {
      path: path.join(storage.tempDir(), crypto.randomUUID()), fileName: part.filename, fieldName: part.fieldname, head: Buffer.alloc(0), size: 0,
    };
    upload.files.push(file);
    const out = fs.createWriteStream(file.path);
    const head: Buffer[] = [];
    let headLen = 0;
    try {
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        if (headLen < HEAD_BYTES) { head.push(chunk); headLen += chunk.length; }
        file.size += chunk.length;
        if (!out.write(chunk)) await once(out, 'drain');
      }
    } catch (e) {
      out.destroy();
      throw await causeOf(e, parts);
    }
    out.end();
    await once(out, 'close');
    if (part.file.truncated) throw new AppError(413, TOO_LARGE, 'too_large');
    file.head = Buffer.concat(head).subarray(0, HEAD_BYTES);
  }
}

/**
 * A file part's stream closed early (ERR_STREAM_PREMATURE_CLOSE) when the parser gave up on the
 * request, e.g. at the 21st text field of a route that takes 20: the reason comes from the next
 * step of the parts iterator, and is what the caller should answer (413 too many fields, not 500).
 */
export async function causeOf(e: unknown, parts: AsyncIterator<unknown>): Promise<unknown> {
  if ((e as { code?: string } | null)?.code !== 'ERR_STREAM_PREMATURE_CLOSE') return e;
  try {
    await parts.next();
  } catch (cause) {
    return cause;
  }
  return e;
}

/**
 * Receives a multipart upload and hands it to `use` (which checks and stores the files): the
 * spool files are removed afterwards whatever happened (storing moves them first), and multipart
 * errors, from spooling or from `use`, become the envelope's 400/413.
 */
export async function withSpooledUpload<T>(
  req: FastifyRequest, storage: Storage, fileFields: readonly string[], use: (upload: SpooledUpload) => Promise<T>,
): Promise<T> {
  const upload: SpooledUpload = { files: [], fields: {} };
  try {
    await spool(req, storage, fileFields, upload);
    return await use(upload);
  } catch (e) {
    throw uploadError(e);
  } finally {
    await Promise.all(upload.files.map((f) => fsp.rm(f.path, { force: true })));
  }
}

/** A file name safe to store and to echo back in Content-Disposition. */
export function cleanFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (base || 'file').slice(0, 255);
}
