import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_FILE_BYTES, MAX_UPLOAD_FILES } from '@sunstamp/domain/contracts/files';
import {
  ZRequirementDefinitionsResponse, ZRequirementFileDownloadParams, ZRequirementFileParams, ZRequirementFileUploadParams,
  ZRequirementFileUploadResponse, ZRequirementScopeBody, ZRequirementScopeParams, ZRequirementScopePatch,
  ZRequirementScopeValues, ZResolvedRequirements, ZResolveQuery,
} from '@sunstamp/domain/contracts/requirements';
import { principalOf } from '../auth/auth.hooks.ts';
import { AppError } from '../../platform/errors.ts';
import { createStorage, type Storage } from '../../platform/storage.ts';
import * as svc from './requirements.service.ts';

// The sniffer reads at most the first 8 KiB (text) and 1 KiB (PDF header).
const HEAD_BYTES = 16 * 1024;
const TOO_LARGE = `A file is larger than the ${MAX_UPLOAD_FILE_BYTES / 1024 / 1024} MB limit.`;

/** Multipart errors to the envelope: sizes and counts over the limits are 413 (the limits of decisions.md). */
function uploadError(e: unknown): unknown {
  switch ((e as { code?: string } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE': return new AppError(413, TOO_LARGE, 'too_large');
    case 'FST_FILES_LIMIT': return new AppError(413, `At most ${MAX_UPLOAD_FILES} files can be uploaded at once.`, 'too_large');
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

/**
 * Spools the `files` parts of a multipart request to the storage's temp folder, keeping each
 * one's first bytes for the type check. Files land in `spooled` as they arrive, so the caller
 * can remove them whatever happens.
 */
async function spoolFiles(req: FastifyRequest, storage: Storage, spooled: svc.SpooledFile[]) {
  for await (const part of req.parts()) {
    if (part.type === 'field') continue;
    if (part.fieldname !== 'files') {
      await part.toBuffer().catch(() => {});
      throw new AppError(400, `Unexpected file field "${part.fieldname}": send files as "files".`);
    }
    const file: svc.SpooledFile = { path: path.join(storage.tempDir(), crypto.randomUUID()), fileName: part.filename, head: Buffer.alloc(0), size: 0 };
    spooled.push(file);
    const out = fs.createWriteStream(file.path);
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
}

export const requirementsRoutes: FastifyPluginAsyncZod<{ storage?: Storage }> = async (app, opts) => {
  const ctx = app.ctx;
  // The same store (DATA_DIR/files) as job files; requirement files live under requirements/.
  const storage = opts.storage ?? createStorage(ctx.config.dataDir);
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
    const f = await svc.openRequirementFile(ctx, storage, principalOf(req), req.params.file_id);
    const ascii = f.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return reply
      .header('content-type', f.mime)
      .header('content-length', f.size)
      .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(f.name)}`)
      .header('cache-control', 'private, no-store')
      .send(f.stream);
  });

  // Multipart is parsed only by the upload route's own plugin.
  const uploadRoutes: FastifyPluginAsyncZod = async (up) => {
    await up.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_FILE_BYTES, files: MAX_UPLOAD_FILES, fields: 10, fieldSize: 10_000, parts: MAX_UPLOAD_FILES + 10 },
    });

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
      const spooled: svc.SpooledFile[] = [];
      try {
        await spoolFiles(req, storage, spooled);
        return reply.code(201).send(await svc.storeRequirementFiles(ctx, storage, p, scopeType, scopeId, key, spooled));
      } catch (e) {
        throw uploadError(e);
      } finally {
        await Promise.all(spooled.map((f) => fsp.rm(f.path, { force: true })));
      }
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
