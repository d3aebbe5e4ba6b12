import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { AppError, badRequest } from '../../platform/errors.ts';
import { assertNoNul } from '../../platform/nul-guard.ts';
import { causeOf, uploadError } from '../../platform/uploads.ts';

/** CSV imports take up to 10 MB (the CEC module list is ~5 MB); JSON bodies elsewhere stay at 1 MB. */
export const CSV_BODY_LIMIT = 10 * 1024 * 1024;

/**
 * Lets the calling plugin (and only it: Fastify scopes parsers to the plugin) accept a CSV import
 * as a raw text/csv body or as a multipart upload with one file. Multipart is registered here only
 * if a parent has not registered it already.
 */
export async function installCsvBody(app: FastifyInstance) {
  app.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'string', bodyLimit: CSV_BODY_LIMIT }, (_req, body, done) => {
    done(null, body);
  });
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: CSV_BODY_LIMIT, files: 1, fields: 20, parts: 25 } });
  }
}

const UNSUPPORTED = 'Send the CSV file as a text/csv body or as a multipart/form-data upload.';

/** The CSV text of an import request (raw body or the first uploaded file). */
export async function csvTextOf(req: FastifyRequest): Promise<string> {
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    // No boundary, a body cut short, too many fields: the envelope's 400/413, never a 500.
    const bytes = await uploadedCsv(req).catch((e: unknown) => { throw uploadError(e); });
    const text = bytes.toString('utf8');
    assertNoNul(text, 'file');
    return text;
  }
  if (type.includes('csv')) return typeof req.body === 'string' ? req.body : '';
  throw new AppError(415, UNSUPPORTED, 'unsupported_media_type');
}

/** The first file of a multipart import, whole; the text fields before it are skipped. */
async function uploadedCsv(req: FastifyRequest): Promise<Buffer> {
  const parts = req.parts()[Symbol.asyncIterator]();
  for (;;) {
    const next = await parts.next();
    if (next.done) throw badRequest('Attach the CSV file to the upload.', [{ file: 'No file was uploaded.' }]);
    const part = next.value;
    if (part.type !== 'file') continue;
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (e) {
      throw await causeOf(e, parts);
    }
    if (part.file.truncated) throw new AppError(413, 'The request body is too large.', 'too_large');
    // Later parts are left unread: the request ends with the answer.
    return bytes;
  }
}

/** The most bad lines an import error lists; the message gives the full count. */
const MAX_LISTED_ERRORS = 100;

/** Every import answers a bad file the same way: 400, each bad line in args, nothing imported. */
export function rejectImport(errors: readonly { line: number; message: string }[]): never {
  const n = errors.length;
  const args = errors.slice(0, MAX_LISTED_ERRORS).map((e) => `Line ${e.line}: ${e.message}`);
  if (n > MAX_LISTED_ERRORS) args.push(`…and ${n - MAX_LISTED_ERRORS} more bad lines.`);
  throw badRequest(`The file has ${n} bad line${n === 1 ? '' : 's'}; nothing was imported.`, args);
}
