import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { ZEngineer, ZEngineerBody, ZEngineerList, ZSealAuthorisationBody } from '@sunstamp/domain/contracts/engineers';
import { principalOf } from '../../platform/principal.ts';
import { AppError } from '../../platform/errors.ts';
import { sendAttachment } from '../../platform/downloads.ts';
import { uploadLimits, withSpooledUpload } from '../../platform/uploads.ts';
import * as svc from './engineers.service.ts';
import * as certs from './engineer-certificates.service.ts';

const ZParams = z.object({ id: z.string().max(100) });
const ZImageParams = z.object({ id: z.string().max(100), kind: z.enum(['seal', 'signature']) });
const ZCertificateParams = z.object({ id: z.string().max(100), certificateId: z.string().max(100) });

/** Staff engineers: PE licences per state, disciplines, seal and signature images, certificates, seal authorisation (admin writes, support reads). */
export const engineersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const tags = ['engineers'];
  await app.register(multipart, { limits: uploadLimits({ fields: 2, fieldSize: 1000 }) });

  app.get('/engineers', {
    schema: { tags, summary: 'Staff engineers with their licences (staff)', response: { 200: ZEngineerList } },
  }, async (req) => svc.listEngineers(ctx, principalOf(req)));
  app.post('/engineers', {
    schema: { tags, summary: 'Add an engineer: name, account, disciplines, PE licences (admin)', body: ZEngineerBody, response: { 201: ZEngineer } },
  }, async (req, reply) => reply.code(201).send(await svc.createEngineer(ctx, principalOf(req), req.body)));
  app.get('/engineers/:id', {
    schema: { tags, summary: 'One engineer (staff)', params: ZParams, response: { 200: ZEngineer } },
  }, async (req) => svc.getEngineer(ctx, principalOf(req), req.params.id));
  app.put('/engineers/:id', {
    schema: { tags, summary: 'Replace an engineer\'s profile and licences (admin)', params: ZParams, body: ZEngineerBody, response: { 200: ZEngineer } },
  }, async (req) => svc.updateEngineer(ctx, principalOf(req), req.params.id, req.body));

  app.post('/engineers/:id/certificates', {
    schema: { tags, summary: 'Register a signing certificate, public part only (multipart: files = .cer/.crt/.pem, a chain allowed) (admin or the engineer)', params: ZParams, consumes: ['multipart/form-data'], response: { 200: ZEngineer } },
  }, async (req) => {
    const p = principalOf(req);
    await certs.assertMayRegister(ctx, p, req.params.id);
    if (!req.isMultipart()) throw new AppError(415, 'Send the certificate as multipart/form-data.', 'unsupported_media_type');
    return withSpooledUpload(req, ctx.storage, ['files'], (upload) => certs.registerCertificate(ctx, p, req.params.id, upload.files));
  });
  app.delete('/engineers/:id/certificates/:certificateId', {
    schema: { tags, summary: 'Remove a registered certificate (admin or the engineer)', params: ZCertificateParams, response: { 204: z.null() } },
  }, async (req, reply) => {
    await certs.removeCertificate(ctx, principalOf(req), req.params.id, req.params.certificateId);
    return reply.code(204).send(null);
  });
  app.put('/engineers/:id/seal-authorisation', {
    schema: { tags, summary: 'Record or revoke the engineer\'s standing authorisation for an admin to seal in their name (the engineer, or an admin citing the written authorisation)', params: ZParams, body: ZSealAuthorisationBody, response: { 200: ZEngineer } },
  }, async (req) => svc.setSealAuthorisation(ctx, principalOf(req), req.params.id, req.body));

  app.post('/engineers/:id/:kind', {
    schema: { tags, summary: 'Upload the seal or signature image (multipart: files, one PNG or SVG; kept as a sanitised PNG) (admin or the engineer)', params: ZImageParams, consumes: ['multipart/form-data'], response: { 200: ZEngineer } },
  }, async (req) => {
    const p = principalOf(req);
    await svc.assertMayUploadImage(ctx, p, req.params.id);
    if (!req.isMultipart()) throw new AppError(415, 'Send the image as multipart/form-data.', 'unsupported_media_type');
    return withSpooledUpload(req, ctx.storage, ['files'], (upload) => svc.storeImage(ctx, p, req.params.id, req.params.kind, upload.files));
  });
  app.get('/engineers/:id/:kind', {
    schema: { tags, summary: 'The seal or signature image (staff)', params: ZImageParams },
  }, async (req, reply) => sendAttachment(reply, await svc.openImage(ctx, principalOf(req), req.params.id, req.params.kind)));
};
