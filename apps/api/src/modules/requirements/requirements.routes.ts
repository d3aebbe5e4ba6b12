import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  ZRequirementDefinitionsResponse, ZRequirementFileDownloadParams, ZRequirementFileParams, ZRequirementFileUploadParams,
  ZRequirementFileUploadResponse, ZRequirementScopeBody, ZRequirementScopeParams, ZRequirementScopePatch,
  ZRequirementScopeValues, ZResolvedRequirements, ZResolveQuery,
} from '@sunstamp/domain/contracts/requirements';
import { principalOf } from '../../platform/principal.ts';
import { AppError } from '../../platform/errors.ts';
import { sendAttachment } from '../../platform/downloads.ts';
import { uploadLimits, withSpooledUpload } from '../../platform/uploads.ts';
import * as svc from './requirements.service.ts';

export const requirementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  // The same store as job files; requirement files live under requirements/.
  const { storage } = ctx;
  const tags = ['requirements'];

  app.get('/requirements/definitions', {
    schema: { tags, summary: 'Requirement definitions, chip groups, headings, dynamic CAD fields and drawing variables', response: { 200: ZRequirementDefinitionsResponse } },
  }, async () => svc.getDefinitions());

  // Registered before /:scope_type/:scope_id so "resolve" is never read as a scope type.
  app.get('/requirements/resolve', {
    schema: { tags, summary: 'Resolve default → company → utility → AHJ, with each value\'s source', querystring: ZResolveQuery, response: { 200: ZResolvedRequirements } },
  }, async (req) => svc.resolveForCaller(ctx, principalOf(req), req.query));

  app.get('/requirements/:scope_type/:scope_id', {
    schema: { tags, summary: 'Values set on one company, utility or AHJ', params: ZRequirementScopeParams, response: { 200: ZRequirementScopeValues } },
  }, async (req) => svc.getScopeValues(ctx, principalOf(req), req.params.scope_type, req.params.scope_id));

  app.put('/requirements/:scope_type/:scope_id', {
    schema: {
      tags, summary: 'Replace the values of one scope (a key present is set here, null and false included; absent = inherit)',
      params: ZRequirementScopeParams, body: ZRequirementScopeBody, response: { 200: ZRequirementScopeValues },
    },
  }, async (req) => svc.putScopeValues(ctx, storage, principalOf(req), req.params.scope_type, req.params.scope_id, req.body));

  app.patch('/requirements/:scope_type/:scope_id', {
    schema: {
      tags, summary: 'Change some values of one scope: {set: {key: value}, inherit: [key]}',
      params: ZRequirementScopeParams, body: ZRequirementScopePatch, response: { 200: ZRequirementScopeValues },
    },
  }, async (req) => svc.patchScopeValues(ctx, storage, principalOf(req), req.params.scope_type, req.params.scope_id, req.body));

  app.get('/requirements/files/:file_id/download', {
    schema: { tags, summary: 'Download a requirement file (for whoever may see its scope)', params: ZRequirementFileDownloadParams },
  }, async (req, reply) => {
    return sendAttachment(reply, await svc.openRequirementFile(ctx, storage, principalOf(req), req.params.file_id));
  });

  // Multipart is parsed only by the upload route's own plugin.
  const uploadRoutes: FastifyPluginAsyncZod = async (up) => {
    await up.register(multipart, { limits: uploadLimits({ fields: 10, fieldSize: 10_000 }) });

    up.post('/requirements/:scope_type/:scope_id/files/:key', {
      schema: {
        tags,
        summary: 'Upload the file(s) of a file requirement at a scope (multipart, parts named "files"); a one-file requirement is replaced, a list appended to',
        params: ZRequirementFileUploadParams,
        consumes: ['multipart/form-data'],
        response: { 201: ZRequirementFileUploadResponse },
      },
    }, async (req, reply) => {
      const p = principalOf(req);
      const { scope_type: scopeType, scope_id: scopeId, key } = req.params;
      // 404/403/400 before reading a byte of the body.
      await svc.assertMayUploadFile(ctx, p, scopeType, scopeId, key);
      if (!req.isMultipart()) throw new AppError(415, 'Send the file as multipart/form-data.', 'unsupported_media_type');
      // Only the `files` parts count; text fields are not used.
      const answer = await withSpooledUpload(req, storage, ['files'], (upload) =>
        svc.storeRequirementFiles(ctx, storage, p, scopeType, scopeId, key, upload.files));
      return reply.code(201).send(answer);
    });
  };
  await app.register(uploadRoutes);

  app.delete('/requirements/:scope_type/:scope_id/files/:key/:file_id', {
    schema: {
      tags, summary: 'Remove a file from a file requirement at a scope (the scope keeps "no file"; PATCH inherit to inherit again)',
      params: ZRequirementFileParams, response: { 200: ZRequirementScopeValues },
    },
  }, async (req) => svc.deleteRequirementFile(
    ctx, storage, principalOf(req), req.params.scope_type, req.params.scope_id, req.params.key, req.params.file_id,
  ));
};
