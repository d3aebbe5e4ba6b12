import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import multipart from '@fastify/multipart';
import {
  ZContentAdmin, ZContentAdminList, ZContentBody, ZContentCoverParams, ZContentCreate, ZContentIdParams, ZContentKindQuery,
  ZContentPublic, ZContentRevisionList, ZContentSlugParams, ZContentSummaryList, ZHelpQuery,
} from '@sunstamp/domain/contracts/content';
import { catalogueRefusalOf, mayEditCatalogue } from '@sunstamp/domain/policies/catalogue.policy';
import { principalOf } from '../../platform/principal.ts';
import { roleGate } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { uploadLimits, withSpooledUpload } from '../../platform/uploads.ts';
import * as svc from './content.service.ts';

/** The blog and the help centre: public reads of what is published, and the editors' screens. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const tags = ['content'];
  await app.register(multipart, { limits: uploadLimits({ fields: 2, fieldSize: 1_000 }) });

  app.get('/content/posts', {
    config: { public: true },
    schema: { tags, summary: 'Published blog posts, newest first (open)', response: { 200: ZContentSummaryList } },
  }, async () => svc.listPublished(ctx, 'post'));
  app.get('/content/posts/:slug', {
    config: { public: true },
    schema: { tags, summary: 'A published blog post by slug (open)', params: ZContentSlugParams, response: { 200: ZContentPublic } },
  }, async (req) => svc.getPublished(ctx, 'post', req.params.slug));
  app.get('/content/help', {
    config: { public: true },
    schema: { tags, summary: 'Published help articles, searchable by words and filtered by category (open)', querystring: ZHelpQuery, response: { 200: ZContentSummaryList } },
  }, async (req) => svc.listPublished(ctx, 'help', req.query));
  app.get('/content/help/:slug', {
    config: { public: true },
    schema: { tags, summary: 'A published help article by slug (open)', params: ZContentSlugParams, response: { 200: ZContentPublic } },
  }, async (req) => svc.getPublished(ctx, 'help', req.params.slug));
  app.get('/content/covers/:coverId', {
    config: { public: true },
    schema: { tags, summary: 'A cover image (open; its id is unguessable)', params: ZContentCoverParams },
  }, async (req, reply) => {
    const cover = await svc.readCover(ctx, req.params.coverId);
    // A cover id never changes content: a new image gets a new id.
    return reply.type(cover.mime).header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff').send(cover.stream);
  });

  app.get('/content/items', {
    schema: { tags, summary: 'Every post or article of a kind, drafts included (blog: admin; help: admin and support)', querystring: ZContentKindQuery, response: { 200: ZContentAdminList } },
  }, async (req) => svc.listItems(ctx, principalOf(req), req.query.kind));
  app.post('/content/items', {
    schema: { tags, summary: 'Write a post or an article (draft, published or scheduled)', body: ZContentCreate, response: { 201: ZContentAdmin } },
  }, async (req, reply) => {
    const { kind, ...body } = req.body;
    return reply.code(201).send(await svc.createItem(ctx, principalOf(req), kind, body));
  });
  app.get('/content/items/:id', {
    schema: { tags, summary: 'A post or article for its editor', params: ZContentIdParams, response: { 200: ZContentAdmin } },
  }, async (req) => svc.getItem(ctx, principalOf(req), req.params.id));
  app.put('/content/items/:id', {
    // Blog (admin) or help (admin, support): the item's own area is checked by the service.
    preValidation: roleGate((role) => mayEditCatalogue(role, 'blog') || mayEditCatalogue(role, 'help'), catalogueRefusalOf('help')),
    schema: { tags, summary: 'Replace a post or article; the previous text is kept as a revision', params: ZContentIdParams, body: ZContentBody, response: { 200: ZContentAdmin } },
  }, async (req) => svc.updateItem(ctx, principalOf(req), req.params.id, req.body));
  app.delete('/content/items/:id', {
    schema: { tags, summary: 'Delete a post or article with its revisions and cover', params: ZContentIdParams, response: { 204: z.null() } },
  }, async (req, reply) => { await svc.deleteItem(ctx, principalOf(req), req.params.id); return reply.code(204).send(null); });
  app.get('/content/items/:id/revisions', {
    schema: { tags, summary: 'The earlier versions of a post or article, newest first', params: ZContentIdParams, response: { 200: ZContentRevisionList } },
  }, async (req) => svc.listRevisions(ctx, principalOf(req), req.params.id));
  app.post('/content/items/:id/cover', {
    schema: { tags, summary: 'Upload the cover image (multipart, one PNG, JPEG or GIF as "files")', params: ZContentIdParams, consumes: ['multipart/form-data'], response: { 200: ZContentAdmin } },
  }, async (req) => {
    const p = principalOf(req);
    await svc.getItem(ctx, p, req.params.id);
    if (!req.isMultipart()) throw new AppError(415, 'Send the image as multipart/form-data.', 'unsupported_media_type');
    return withSpooledUpload(req, ctx.storage, ['files'], (upload) => svc.setCover(ctx, p, req.params.id, upload.files));
  });
  app.delete('/content/items/:id/cover', {
    schema: { tags, summary: 'Remove the cover image', params: ZContentIdParams, response: { 200: ZContentAdmin } },
  }, async (req) => svc.removeCover(ctx, principalOf(req), req.params.id));
};
