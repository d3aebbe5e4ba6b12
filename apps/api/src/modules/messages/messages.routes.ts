import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZConversation, ZConversationUpdate, ZEditMessage, ZMentionCandidates, ZMarkThreadRead, ZMessage, ZMessageHistory, ZPostMessage, ZThreadAnswer, ZThreadQuery,
} from '@sunstamp/domain/contracts/messages';
import multipart from '@fastify/multipart';
import { principalOf } from '../../platform/principal.ts';
import { AppError } from '../../platform/errors.ts';
import { sendAttachment } from '../../platform/downloads.ts';
import { uploadLimits, withSpooledUpload } from '../../platform/uploads.ts';
import * as svc from './messages.service.ts';

// Ids are checked in the service so a malformed id answers 404 like any job the caller may not see.
const ZIdParams = z.object({ id: z.string().max(100) });
const ZMessageParams = z.object({ id: z.string().max(100), messageId: z.string().max(100) });
const ZAttachmentParams = z.object({ attachmentId: z.string().max(100) });

/** Job conversations: the client and the internal thread. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const tags = ['messages'];
  await app.register(multipart, { limits: uploadLimits({ fields: 4, fieldSize: 40_000 }) });

  app.get('/jobs/:id/messages', {
    schema: {
      tags, summary: 'A thread of the job\'s conversation (client or internal), its latest messages, read marks and unread counts',
      params: ZIdParams, querystring: ZThreadQuery, response: { 200: ZThreadAnswer },
    },
  }, async (req) => svc.getThread(ctx, principalOf(req), req.params.id, req.query.thread));

  app.get('/jobs/:id/messages/mentionable', {
    schema: {
      tags, summary: 'Who a message in the thread may @mention: everyone else who sees that thread',
      params: ZIdParams, querystring: ZThreadQuery, response: { 200: ZMentionCandidates },
    },
  }, async (req) => svc.mentionCandidates(ctx, principalOf(req), req.params.id, req.query.thread));

  app.post('/jobs/:id/messages', {
    schema: {
      tags, summary: 'Post a message; everyone else in the thread is notified live and, batched, by mail',
      params: ZIdParams, body: ZPostMessage, response: { 201: ZMessage },
    },
  }, async (req, reply) => reply.code(201).send(await svc.postMessage(ctx, principalOf(req), req.params.id, req.body)));

  app.post('/jobs/:id/messages/files', {
    schema: {
      tags, summary: 'Post a message with files (multipart: thread, body, files); types are checked by content like any upload',
      params: ZIdParams, consumes: ['multipart/form-data'], response: { 201: ZMessage },
    },
  }, async (req, reply) => {
    const p = principalOf(req);
    // 404 before reading a byte of the body.
    await svc.assertMayAttach(ctx, p, req.params.id);
    if (!req.isMultipart()) throw new AppError(415, 'Send the files as multipart/form-data.', 'unsupported_media_type');
    const message = await withSpooledUpload(req, ctx.storage, ['files'], (upload) =>
      svc.postMessageWithFiles(ctx, p, req.params.id, upload.files, upload.fields));
    return reply.code(201).send(message);
  });

  app.get('/messages/attachments/:attachmentId/download', {
    schema: { tags, summary: 'Download a message\'s file (only for those who see its thread; 404 otherwise)', params: ZAttachmentParams },
  }, async (req, reply) => sendAttachment(reply, await svc.openAttachment(ctx, principalOf(req), req.params.attachmentId)));

  app.patch('/jobs/:id/messages/:messageId', {
    schema: {
      tags, summary: 'Edit one\'s own message within 15 minutes of sending (the earlier text is kept, not shown)',
      params: ZMessageParams, body: ZEditMessage, response: { 200: ZMessage },
    },
  }, async (req) => svc.changeMessage(ctx, principalOf(req), req.params.id, req.params.messageId, req.body.body));

  app.delete('/jobs/:id/messages/:messageId', {
    schema: {
      tags, summary: 'Delete one\'s own message within 15 minutes of sending (others see "Message deleted"; the text is kept, not shown)',
      params: ZMessageParams, response: { 200: ZMessage },
    },
  }, async (req) => svc.changeMessage(ctx, principalOf(req), req.params.id, req.params.messageId, null));

  app.get('/jobs/:id/messages/:messageId/history', {
    schema: {
      tags, summary: 'What a message said before each edit and its deletion (staff; 403 for others who see it)',
      params: ZMessageParams, response: { 200: ZMessageHistory },
    },
  }, async (req) => svc.getMessageHistory(ctx, principalOf(req), req.params.id, req.params.messageId));

  app.post('/jobs/:id/messages/read', {
    schema: { tags, summary: 'Mark the thread read up to a message (the mark only moves forward)', params: ZIdParams, body: ZMarkThreadRead },
  }, async (req, reply) => {
    await svc.markThreadRead(ctx, principalOf(req), req.params.id, req.body);
    return reply.code(204).send();
  });

  app.patch('/jobs/:id/conversation', {
    schema: {
      tags, summary: 'Close or reopen the conversation, or let the assigned contractor into the client thread (staff)',
      params: ZIdParams, body: ZConversationUpdate, response: { 200: ZConversation },
    },
  }, async (req) => svc.updateConversation(ctx, principalOf(req), req.params.id, req.body));
};
