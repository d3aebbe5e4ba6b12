import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  ZDeliverable, ZJobDeliverables, ZJobTask, ZMarkDeliverableBody, ZSealDeliverableBody, ZTaskBody,
  ZSealOptions, ZVerification, ZVerificationCheck, ZVerifyParams, ZZipQuery,
} from '@sunstamp/domain/contracts/deliverables';
import { MAX_VERIFY_UPLOAD_BYTES } from '@sunstamp/domain/constants/deliverables.constants';
import { principalOf } from '../../platform/principal.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { uploadError } from '../../platform/uploads.ts';
import * as svc from './deliverables.service.ts';
import * as verify from './verify.service.ts';
import * as seal from './seal.service.ts';

const ZIdParams = z.object({ id: z.string().max(100) });
const ZFileParams = z.object({ fileId: z.string().max(100) });
const ZTaskParams = z.object({ id: z.string().max(100), service: z.string().max(100) });

export const deliverablesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const tags = ['deliverables'];
  await app.register(multipart, { limits: { fileSize: MAX_VERIFY_UPLOAD_BYTES, files: 1, fields: 2, fieldSize: 1000, parts: 3 } });

  app.get('/jobs/:id/deliverables', {
    schema: { tags, summary: 'The job\'s deliverables per revision (a client: the released ones), what its services require, its tasks', params: ZIdParams, response: { 200: ZJobDeliverables } },
  }, async (req) => svc.listJobDeliverables(ctx, principalOf(req), req.params.id));

  app.post('/jobs/:id/deliverables', {
    schema: { tags, summary: 'Mark a job file as a draft deliverable of the current revision (an engineer seals it afterwards)', params: ZIdParams, body: ZMarkDeliverableBody, response: { 201: ZDeliverable } },
  }, async (req, reply) => reply.code(201).send(await svc.markDeliverable(ctx, principalOf(req), req.params.id, req.body)));

  app.get('/deliverables/:fileId/seal-options', {
    schema: { tags, summary: 'What a draft still needs sealed and, per engineer, whether the caller may seal as them now (staff)', params: ZFileParams, response: { 200: ZSealOptions } },
  }, async (req) => seal.sealOptions(ctx, principalOf(req), req.params.fileId));

  app.post('/deliverables/:fileId/seal', {
    schema: {
      tags, summary: 'Seal a draft: the chosen engineer (their own account, or an admin on their standing authorisation) with a licence for the job\'s state; the seal is drawn and the PDF checked', params: ZFileParams, body: ZSealDeliverableBody, response: { 200: ZDeliverable },
    },
  }, async (req) => seal.sealDocument(ctx, principalOf(req), req.params.fileId, req.body));

  app.delete('/deliverables/:fileId', {
    schema: { tags, summary: 'Take a file back out of the deliverables (not once released); the file stays', params: ZFileParams, response: { 204: z.null() } },
  }, async (req, reply) => {
    await svc.unmarkDeliverable(ctx, principalOf(req), req.params.fileId);
    return reply.code(204).send(null);
  });

  app.get('/jobs/:id/deliverables/zip', {
    schema: { tags, summary: 'One revision\'s deliverables the caller may see as a streamed ZIP (default: the newest revision with deliverables)', params: ZIdParams, querystring: ZZipQuery },
  }, async (req, reply) => {
    const zip = await svc.openDeliverablesZip(ctx, principalOf(req), req.params.id, req.query.revision);
    const ascii = zip.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(zip.name)}`)
      .header('cache-control', 'private, no-store')
      .send(zip.stream);
  });

  app.put('/jobs/:id/tasks/:service', {
    schema: { tags, summary: 'Move a service\'s task (blank = Not Completed, In Progress, Completed, Failed)', params: ZTaskParams, body: ZTaskBody, response: { 200: z.array(ZJobTask) } },
  }, async (req) => svc.moveServiceTask(ctx, principalOf(req), req.params.id, req.params.service, req.body.status));

  app.get('/verify/:code', {
    config: { public: true },
    schema: { tags, summary: 'Public: the sealed document behind a verification code (engineer, licence, city and state, date, SHA-256, released or not); the job and its address for its company and staff', params: ZVerifyParams, response: { 200: ZVerification } },
  }, async (req) => verify.verifyCode(ctx, req.ip, req.params.code, req.principal ?? null));

  app.post('/verify/:code/check', {
    config: { public: true },
    schema: { tags, summary: 'Public: upload the PDF you hold (multipart `file`) to compare its SHA-256 with the sealed document\'s', params: ZVerifyParams, consumes: ['multipart/form-data'], response: { 200: ZVerificationCheck } },
  }, async (req) => {
    const record = await verify.beginCheck(ctx, req.ip, req.params.code);
    if (!req.isMultipart()) throw new AppError(415, 'Send the PDF as multipart/form-data.', 'unsupported_media_type');
    try {
      const part = await req.file();
      if (!part) throw badRequest('Choose the PDF to check.', [{ file: 'No file was sent.' }]);
      const answer = await verify.checkBytes(record, part.file as AsyncIterable<Buffer>);
      if (part.file.truncated) throw new AppError(413, `The file is larger than the ${MAX_VERIFY_UPLOAD_BYTES / 1024 / 1024} MB limit.`, 'too_large');
      return answer;
    } catch (e) {
      throw uploadError(e);
    }
  });
};
