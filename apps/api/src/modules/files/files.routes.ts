import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { DELIVERABLE_KINDS, ZJobFile } from '@sunstamp/domain/contracts/files';
import { principalOf } from '../../platform/principal.ts';
import { AppError } from '../../platform/errors.ts';
import { sendAttachment } from '../../platform/downloads.ts';
import { uploadLimits, withSpooledUpload } from '../../platform/uploads.ts';
import { notifyDeliverablesReleased } from '../notifications/notifications.api.ts';
import * as svc from './files.service.ts';

const ZJobParams = z.object({ id: z.string().max(100) });
const ZFileParams = z.object({ fileId: z.string().max(100) });

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const { storage, previews } = ctx;
  const tags = ['files'];
  await app.register(multipart, { limits: uploadLimits({ fields: 20, fieldSize: 100_000 }) });

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
    const stored = await withSpooledUpload(req, storage, ['files', 'verification_file'], (upload) =>
      svc.storeUploads(ctx, storage, previews, p, req.params.id, upload.files, upload.fields));
    // Letters and finished files from staff are the deliverables: the client's users hear of them.
    const released = stored.filter((f) => DELIVERABLE_KINDS.includes(f.kind));
    if (released.length) await notifyDeliverablesReleased(ctx, { jobId: req.params.id, actor: p, fileNames: released.map((f) => f.name) });
    return reply.code(201).send(stored);
  });

  app.get('/jobs/:id/files', {
    schema: { tags, summary: 'The job\'s files the caller may see', params: ZJobParams, response: { 200: z.array(ZJobFile) } },
  }, async (req) => svc.listJobFiles(ctx, principalOf(req), req.params.id));

  app.get('/files/:fileId/download', {
    schema: { tags, summary: 'Download a file', params: ZFileParams },
  }, async (req, reply) => {
    return sendAttachment(reply, await svc.openDownload(ctx, storage, principalOf(req), req.params.fileId));
  });

  app.get('/files/:fileId/preview', {
    schema: {
      tags,
      summary: 'An image preview (JPEG for HEIC/HEIF; an SVG placeholder with X-Preview-Status: pending while it is made)',
      params: ZFileParams,
    },
  }, async (req, reply) => {
    const f = await svc.openPreview(ctx, storage, previews, principalOf(req), req.params.fileId);
    if (f.state !== 'ready') {
      return reply.header('content-type', f.mime).header('cache-control', 'no-store').header('x-preview-status', f.state)
        .header('retry-after', '2').send(f.body);
    }
    return reply.header('content-type', f.mime).header('cache-control', 'private, max-age=300').header('x-preview-status', 'ready').send(f.stream);
  });

  app.delete('/files/:fileId', {
    schema: { tags, summary: 'Delete a file (writes the spec\'s file-deletion history event)', params: ZFileParams, response: { 204: z.null() } },
  }, async (req, reply) => {
    await svc.deleteFile(ctx, storage, principalOf(req), req.params.fileId);
    return reply.code(204).send(null);
  });
};
