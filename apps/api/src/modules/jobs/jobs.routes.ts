import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAssignBody, ZJob, ZJobBody, ZJobHistoryEntry, ZJobListQuery, ZJobPage, ZJobRevision, ZNoteBody, ZRevisionBody, ZStatusChangeBody,
} from '@sunstamp/domain/contracts/jobs';
import { ZReleaseBody } from '@sunstamp/domain/contracts/deliverables';
import { principalOf } from '../../platform/principal.ts';
import { getJob, jobHistory, jobRevisions, listJobsJson } from './jobs-queries.service.ts';
import {
  assignJob, cancelJob, changeStatus, deactivateJob, deleteDraft, releaseDeliverables, requestRevision, submitJob, unassignJob,
} from './jobs-workflow.service.ts';
import { saveJob } from './jobs.service.ts';

// Ids are checked in the service so a malformed id answers 404 like any id the caller may not see.
const ZIdParams = z.object({ id: z.string().max(100) });

export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const tags = ['jobs'];

  app.get('/jobs', {
    schema: { tags, summary: 'Jobs the caller sees: paged, sorted, filtered and searched', querystring: ZJobListQuery, response: { 200: ZJobPage } },
    // The hottest route: its page is built from typed rows by listItemOf, so re-parsing 50 items
    // with zod on the way out (a quarter of a millisecond) buys nothing; jobs.test.ts checks the
    // answer against ZJobPage instead. The schema still documents the answer in OpenAPI. The
    // service writes the JSON itself (listJobsJson), reusing what it wrote for a page kept unchanged:
    // a string with a JSON content type is sent as it is, never serialized again.
    serializerCompiler: () => (data) => JSON.stringify(data),
  }, async (req, reply) => {
    const body = await listJobsJson(ctx, principalOf(req), req.query);
    return reply.type('application/json; charset=utf-8').send(body as never);
  });

  app.put('/jobs', {
    schema: {
      tags,
      summary: 'Create a job (no id; new-job defaults fill the rest) or update the fields sent (with id)',
      body: ZJobBody,
      response: { 200: ZJob, 201: ZJob },
    },
  }, async (req, reply) => {
    const { created, job } = await saveJob(ctx, principalOf(req), req.body);
    return reply.code(created ? 201 : 200).send(job);
  });

  app.get('/jobs/:id', {
    schema: { tags, summary: 'One job, with its files, overdue state and the moves the caller may make', params: ZIdParams, response: { 200: ZJob } },
  }, async (req) => getJob(ctx, principalOf(req), req.params.id));

  app.delete('/jobs/:id', {
    schema: { tags, summary: 'Delete a draft (its creator, a company admin of its company, or staff); 409 once submitted', params: ZIdParams, response: { 204: z.null() } },
  }, async (req, reply) => {
    await deleteDraft(ctx, principalOf(req), req.params.id);
    return reply.code(204).send(null);
  });

  app.post('/jobs/:id/submit', {
    schema: { tags, summary: 'Submit a draft (Draft → Pending Pre-Check)', params: ZIdParams, body: ZNoteBody.nullish(), response: { 200: ZJob } },
  }, async (req) => submitJob(ctx, principalOf(req), req.params.id, req.body?.note));

  app.post('/jobs/:id/status', {
    schema: { tags, summary: 'Move the job to another status (the transitions of decisions.md, per role)', params: ZIdParams, body: ZStatusChangeBody, response: { 200: ZJob } },
  }, async (req) => changeStatus(ctx, principalOf(req), req.params.id, req.body.status ?? 'answer', req.body.note));

  app.post('/jobs/:id/cancel', {
    schema: { tags, summary: 'Cancel the job', params: ZIdParams, body: ZNoteBody.nullish(), response: { 200: ZJob } },
  }, async (req) => cancelJob(ctx, principalOf(req), req.params.id, req.body?.note));

  app.post('/jobs/:id/revision', {
    schema: { tags, summary: 'Request a revision: changes, reason (spec §9) and involuntary flag', params: ZIdParams, body: ZRevisionBody, response: { 200: ZJob } },
  }, async (req) => requestRevision(ctx, principalOf(req), req.params.id, req.body));

  app.post('/jobs/:id/assign', {
    schema: { tags, summary: 'Assign the job to a staff member or contractor (204 when a contractor passes its own job on)', params: ZIdParams, body: ZAssignBody, response: { 200: ZJob, 204: z.null() } },
  }, async (req, reply) => {
    const job = await assignJob(ctx, principalOf(req), req.params.id, req.body.assignee_id, req.body.note);
    return job ? reply.send(job) : reply.code(204).send(null);
  });

  app.post('/jobs/:id/unassign', {
    schema: { tags, summary: 'Remove the assignee (204 when a contractor hands its own job back)', params: ZIdParams, body: ZNoteBody.nullish(), response: { 200: ZJob, 204: z.null() } },
  }, async (req, reply) => {
    const job = await unassignJob(ctx, principalOf(req), req.params.id, req.body?.note);
    return job ? reply.send(job) : reply.code(204).send(null);
  });

  app.post('/jobs/:id/deactivate', {
    schema: { tags, summary: 'Deactivate the job (staff): hidden from clients and from the default list', params: ZIdParams, body: ZNoteBody.nullish(), response: { 200: ZJob } },
  }, async (req) => deactivateJob(ctx, principalOf(req), req.params.id, req.body?.note));

  // Releasing deliverables is a move of the job's workflow (Finalized or Waiting on AHJ → Pending
  // Approval), so it lives here beside the other moves; OpenAPI still lists it under deliverables.
  app.post('/jobs/:id/release', {
    schema: { tags: ['deliverables'], summary: 'Release deliverables to the client; moves the job from Finalized or Waiting on AHJ to Pending Approval', params: ZIdParams, body: ZReleaseBody.nullish(), response: { 200: ZJob } },
  }, async (req) => releaseDeliverables(ctx, principalOf(req), req.params.id, req.body ?? {}));

  app.get('/jobs/:id/history', {
    schema: { tags, summary: 'Every change to the job, oldest first', params: ZIdParams, response: { 200: z.array(ZJobHistoryEntry) } },
  }, async (req) => jobHistory(ctx, principalOf(req), req.params.id));

  app.get('/jobs/:id/revisions', {
    schema: { tags, summary: 'The job\'s revisions with reasons', params: ZIdParams, response: { 200: z.array(ZJobRevision) } },
  }, async (req) => jobRevisions(ctx, principalOf(req), req.params.id));
};
