import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { MAX_UPLOAD_FILE_BYTES, MAX_UPLOAD_FILES, ZJobFile } from '@sunstamp/domain/contracts/files';
import { principalOf } from '../auth/auth.hooks.ts';
import { AppError } from '../../platform/errors.ts';
import { createStorage, type Storage } from '../../platform/storage.ts';
import * as svc from './files.service.ts';

const ZJobParams = z.object({ id: z.string().max(100) });
const ZFileParams = z.object({ fileId: z.string().max(100) });
const HEAD_BYTES = 64 * 1024;

const TOO_LARGE = `A file is larger than the ${MAX_UPLOAD_FILE_BYTES / 1024 / 1024} MB limit.`;
const TOO_MANY = `At most ${MAX_UPLOAD_FILES} files can be uploaded at once.`;

/** Multipart errors to the envelope: sizes and counts over the limits are 413 with a clear message. */
function uploadError(e: any): unknown {
  switch (e?.code) {
    case 'FST_REQ_FILE_TOO_LARGE': return new AppError(413, TOO_LARGE, 'too_large');
    case 'FST_FILES_LIMIT': return new AppError(413, TOO_MANY, 'too_large');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT': return new AppError(413, 'The upload has too many fields.', 'too_large');
    case 'FST_PROTO_VIOLATION': return new AppError(400, 'A field name is not allowed.');
    default:
      if (e instanceof Error && /terminated early|Unexpected end|Malformed/i.test(e.message)) {
        return new AppError(400, 'The upload was cut off or is not valid multipart data.');
      }
      return e;
  }
}

export const filesRoutes: FastifyPluginAsyncZod<{ storage?: Storage }> = async (app, opts) => {
  const ctx = app.ctx;
  const storage = opts.storage ?? createStorage(ctx.config.dataDir);
  const tags = ['files'];
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_FILE_BYTES, files: MAX_UPLOAD_FILES, fields: 20, fieldSize: 100_000, parts: MAX_UPLOAD_FILES + 20 },
  });

  app.post('/jobs/:id/files', {
    schema: {
      tags,
      summary: 'Upload files to a job (multipart: files, category, kind, array_index, ahjs, verification_file)',
      params: ZJobParams,
      consumes: ['multipart/form-data'],
      response: { 201: z.array(ZJobFile) },
    },
  }, async (req, reply) => {
    const p = principalOf(req);
    // 404/409 before reading a byte of the body.
    await svc.assertMayUpload(ctx, p, req.params.id);
    if (!req.isMultipart()) throw new AppError(415, 'Send the files as multipart/form-data.', 'unsupported_media_type');
    const spooled: svc.SpooledFile[] = [];
    const fields: Record<string, unknown> = {};
    try {
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'files') continue;
          fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== 'files' && part.fieldname !== 'verification_file') {
          await part.toBuffer().catch(() => {});
          throw new AppError(400, `Unexpected file field "${part.fieldname}": send files as "files".`);
        }
        const tmp = path.join(storage.tempDir(), crypto.randomUUID());
        const out = fs.createWriteStream(tmp);
        const file: svc.SpooledFile = { path: tmp, fileName: part.filename, head: Buffer.alloc(0), size: 0, isVerification: part.fieldname === 'verification_file' };
        spooled.push(file);
        const head: Buffer[] = [];
        let headLen = 0;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          if (headLen < HEAD_BYTES) { head.push(chunk); headLen += chunk.length; }
          file.size += chunk.length;
          if (!out.write(chunk)) await once(out, 'drain');
        }
        out.end();
        await once(out, 'close');
        if (part.file.truncated) throw new AppError(413, TOO_LARGE, 'too_large');
        file.head = Buffer.concat(head).subarray(0, HEAD_BYTES);
      }
      const stored = await svc.storeUploads(ctx, storage, p, req.params.id, spooled, fields);
      return reply.code(201).send(stored);
    } catch (e) {
      throw uploadError(e);
    } finally {
      await Promise.all(spooled.map((f) => fsp.rm(f.path, { force: true })));
    }
  });

  app.get('/jobs/:id/files', {
    schema: { tags, summary: 'The job\'s files the caller may see', params: ZJobParams, response: { 200: z.array(ZJobFile) } },
  }, async (req) => svc.listJobFiles(ctx, principalOf(req), req.params.id));

  app.get('/files/:fileId/download', {
    schema: { tags, summary: 'Download a file', params: ZFileParams },
  }, async (req, reply) => {
    const f = await svc.openDownload(ctx, storage, principalOf(req), req.params.fileId);
    const ascii = f.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return reply
      .header('content-type', f.mime)
      .header('content-length', f.size)
      .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(f.name)}`)
      .header('cache-control', 'private, no-store')
      .send(f.stream);
  });

  app.get('/files/:fileId/preview', {
    schema: { tags, summary: 'An image preview (JPEG for HEIC/HEIF)', params: ZFileParams },
  }, async (req, reply) => {
    const f = await svc.openPreview(ctx, storage, principalOf(req), req.params.fileId);
    return reply.header('content-type', f.mime).header('cache-control', 'private, max-age=300').send(f.stream);
  });

  app.delete('/files/:fileId', {
    schema: { tags, summary: 'Delete a file (writes the spec\'s file-deletion history event)', params: ZFileParams, response: { 204: z.null() } },
  }, async (req, reply) => {
    await svc.deleteFile(ctx, storage, principalOf(req), req.params.fileId);
    return reply.code(204).send(null);
  });
};
