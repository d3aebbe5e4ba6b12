// The route × role meta-test. Every route the built app publishes in
// /api/openapi.json must have a row in MATRIX below with the answer expected for each of seven
// callers: signed out, the three staff roles, Acme's company admin and user (the tenant that owns
// the fixtures), and Brightside's company admin (another tenant, who must never see Acme's things).
// A route without a row fails the test, naming the route and the line to add.
//
// Adding a route: add a row `'METHOD /api/path/{param}': [anon, admin, support, contractor,
// acmeOwner, acmeUser, brightOwner]` (a status, or a list of acceptable statuses), plus a `BODIES`
// entry when the request needs a body and a `PARAMS` entry for a new path parameter name. Rows run
// in a fixed order against one set of fixtures, callers from least to most privileged, so a
// state-changing row sees the same state every run. Runs on PGlite, and on PostgreSQL in CI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorEnvelope } from '@sunstamp/domain/contracts/common';
import { createTestApp, DEMO, type TestApp } from '../test-app.ts';
import { PNG, postMultipart } from '../upload-fixtures.ts';
import { simplePdf } from '../../db/seed/sample-deliverables.seed.ts';
import { deliverRequired, fixtureEngineer } from '../deliverables-fixtures.ts';
import { solidPng } from '@sunstamp/planset/fixtures/golden.fixtures';
import { makeTestP12 } from '../../platform/signing/test-p12.ts';

const CALLERS = ['anon', 'admin', 'support', 'contractor', 'acmeOwner', 'acmeUser', 'brightOwner'] as const;
type Caller = (typeof CALLERS)[number];
type Want = number | number[];
type Row = [Want, Want, Want, Want, Want, Want, Want];

const EMAIL: Record<Exclude<Caller, 'anon'>, string> = {
  admin: DEMO.admin, support: DEMO.support, contractor: DEMO.contractor,
  acmeOwner: DEMO.acmeOwner, acmeUser: DEMO.acmeUser, brightOwner: DEMO.brightOwner,
};
/** The order rows run callers in: denied callers first, so a state change happens after every refusal. */
const RUN_ORDER: Caller[] = ['anon', 'brightOwner', 'acmeUser', 'contractor', 'support', 'acmeOwner', 'admin'];

//                                                   anon admin support contractor acmeOwner acmeUser brightOwner
const MATRIX: Record<string, Row> = {
  'GET /api/health':                                 [200, 200, 200, 200, 200, 200, 200],
  'GET /api/auth/csrf/':                             [200, 200, 200, 200, 200, 200, 200],
  'POST /api/auth/login/':                           [401, 401, 401, 401, 401, 401, 401],
  'POST /api/auth/token/refresh/':                   [401, 401, 401, 401, 401, 401, 401],
  'POST /api/auth/token/verify/':                    [401, 401, 401, 401, 401, 401, 401],
  'POST /api/auth/logout/':                          [401, 200, 200, 200, 200, 200, 200],
  'POST /api/auth/password-reset/':                  [200, 200, 200, 200, 200, 200, 200],
  'POST /api/auth/password-reset/confirm/':          [400, 400, 400, 400, 400, 400, 400],
  'POST /api/auth/verify-email/':                    [400, 400, 400, 400, 400, 400, 400],
  'POST /api/auth/verify-email/resend/':             [401, 200, 200, 200, 200, 200, 200],
  'POST /api/request-demo/':                         [201, 201, 201, 201, 201, 201, 201],
  // Five an hour per address: the matrix's seven callers share one, so the last two may be refused.
  'POST /api/contact':                               [201, [201, 429], 201, 201, [201, 429], 201, 201],
  'GET /api/contact-messages':                       [401, 200, 200, 403, 403, 403, 403],
  'GET /api/demo-requests':                          [401, 200, 200, 403, 403, 403, 403],
  'GET /api/users/me':                               [401, 200, 200, 200, 200, 200, 200],
  'PUT /api/users/me':                               [401, 200, 200, 200, 200, 200, 200],
  'PUT /api/users/me/onboard-finished':              [401, 200, 200, 200, 200, 200, 200],
  'GET /api/users':                                  [401, 200, 200, 403, 200, 403, 200],
  'POST /api/users':                                 [401, 201, 403, 403, 202, 403, 403],
  'GET /api/users/{id}':                             [401, 200, 200, 404, 200, 200, 404],
  'PUT /api/users/{id}':                             [401, 200, 403, 404, 200, 403, 404],
  'GET /api/companies':                              [401, 200, 200, 200, 200, 200, 200],
  'POST /api/companies':                             [401, 201, 403, 403, 403, 403, 403],
  'GET /api/companies/contacts':                     [401, 200, 200, 200, 200, 200, 200],
  'GET /api/companies/{id}':                         [401, 200, 200, 404, 200, 200, 404],
  'PUT /api/companies/{id}':                         [401, 200, 403, 403, 200, 403, 404],
  'GET /api/groups':                                 [401, 200, 200, 403, 403, 403, 403],
  'GET /api/states':                                 [401, 200, 200, 200, 200, 200, 200],
  'GET /api/requirements/definitions':               [401, 200, 200, 200, 200, 200, 200],
  'GET /api/requirements/resolve':                   [401, 200, 200, 200, 200, 200, 200],
  'GET /api/requirements/{scope_type}/{scope_id}':   [401, 200, 200, 404, 200, 200, 404],
  'PUT /api/requirements/{scope_type}/{scope_id}':   [401, 200, 200, 403, 200, 403, 404],
  'PATCH /api/requirements/{scope_type}/{scope_id}': [401, 200, 200, 403, 200, 403, 404],
  'GET /api/requirements/files/{file_id}/download':  [401, 200, 200, 404, 200, 200, 404],
  'POST /api/requirements/{scope_type}/{scope_id}/files/{key}': [401, 415, 415, 404, 415, 403, 404],
  'DELETE /api/requirements/{scope_type}/{scope_id}/files/{key}/{file_id}': [401, 200, 200, 404, 200, 403, 404],
  'GET /api/codes':                                  [401, 200, 200, 200, 200, 200, 200],
  'GET /api/codes/ibc':                              [401, 200, 200, 200, 200, 200, 200],
  'GET /api/codes/irc':                              [401, 200, 200, 200, 200, 200, 200],
  'GET /api/codes/iebc':                             [401, 200, 200, 200, 200, 200, 200],
  'GET /api/codes/asce':                             [401, 200, 200, 200, 200, 200, 200],
  'GET /api/codes/electrical-code':                  [401, 200, 200, 200, 200, 200, 200],
  'GET /api/codes/fire-code':                        [401, 200, 200, 200, 200, 200, 200],
  'PUT /api/codes/{type}':                           [401, 200, 403, 403, 403, 403, 403],
  'GET /api/option-lists':                           [401, 200, 200, 200, 200, 200, 200],
  'GET /api/option-lists/{key}/items':               [401, 200, 200, 200, 200, 200, 200],
  'POST /api/option-lists/{key}/items':              [401, 201, 403, 403, 403, 403, 403],
  'GET /api/connection-types':                       [401, 200, 200, 200, 200, 200, 200],
  'GET /api/structure-types':                        [401, 200, 200, 200, 200, 200, 200],
  'GET /api/gypsum-types':                           [401, 200, 200, 200, 200, 200, 200],
  'GET /api/roof-materials':                         [401, 200, 200, 200, 200, 200, 200],
  'GET /api/material-grades':                        [401, 200, 200, 200, 200, 200, 200],
  'GET /api/beam-shapes':                            [401, 200, 200, 200, 200, 200, 200],
  'GET /api/racking-brands':                         [401, 200, 200, 200, 200, 200, 200],
  'GET /api/racking-types':                          [401, 200, 200, 200, 200, 200, 200],
  'GET /api/optimizer-types':                        [401, 200, 200, 200, 200, 200, 200],
  'GET /api/inverter-types':                         [401, 200, 200, 200, 200, 200, 200],
  'GET /api/module-types':                           [401, 200, 200, 200, 200, 200, 200],
  'GET /api/battery-types':                          [401, 200, 200, 200, 200, 200, 200],
  'GET /api/mci-types':                              [401, 200, 200, 200, 200, 200, 200],
  'GET /api/microgrid-controller-types':             [401, 200, 200, 200, 200, 200, 200],
  'GET /api/ac-disconnect-types':                    [401, 200, 200, 200, 200, 200, 200],
  'GET /api/production-meter-types':                 [401, 200, 200, 200, 200, 200, 200],
  'GET /api/wire-sizes':                             [401, 200, 200, 200, 200, 200, 200],
  'GET /api/exposure-categories':                    [401, 200, 200, 200, 200, 200, 200],
  'GET /api/soil-classes':                           [401, 200, 200, 200, 200, 200, 200],
  'GET /api/seismic-design-categories':              [401, 200, 200, 200, 200, 200, 200],
  'GET /api/truss-types':                            [401, 200, 200, 200, 200, 200, 200],
  'PUT /api/option-lists/{key}/items/{id}':          [401, 200, 403, 403, 403, 403, 403],
  'DELETE /api/option-lists/{key}/items/{id}':       [401, 200, 403, 403, 403, 403, 403],
  'PUT /api/option-lists/{key}/order':               [401, 200, 403, 403, 403, 403, 403],
  'GET /api/equipment':                              [401, 200, 200, 200, 200, 200, 200],
  'POST /api/equipment':                             [401, 201, 201, 403, 403, 403, 403],
  // Role before body (issue 29): callers who may never import get 403 before the missing kind's 400.
  'POST /api/equipment/import':                      [401, 400, 400, 403, 403, 403, 403],
  'GET /api/equipment/{id}':                         [401, 200, 200, 200, 200, 200, 200],
  'PUT /api/equipment/{id}':                         [401, 200, 200, 403, 403, 403, 403],
  'DELETE /api/equipment/{id}':                      [401, 200, 200, 403, 403, 403, 403],
  // {} is not a PDF: staff get 400, everyone else 403 before the body is looked at.
  'PUT /api/equipment/{id}/datasheet':                [401, 400, 400, 403, 403, 403, 403],
  'GET /api/equipment/{id}/datasheet':                [401, 200, 200, 200, 200, 200, 200],
  'GET /api/ahjs':                                   [401, 200, 200, 200, 200, 200, 200],
  'POST /api/ahjs':                                  [401, 201, 201, 403, 403, 403, 403],
  'POST /api/ahjs/import':                           [401, 415, 415, 403, 403, 403, 403],
  'GET /api/ahjs/{id}':                              [401, 200, 200, 200, 200, 200, 200],
  'PUT /api/ahjs/{id}':                              [401, 200, 200, 403, 403, 403, 403],
  'DELETE /api/ahjs/{id}':                           [401, 200, 200, 403, 403, 403, 403],
  'GET /api/utilities':                              [401, 200, 200, 200, 200, 200, 200],
  'POST /api/utilities':                             [401, 201, 201, 403, 403, 403, 403],
  'POST /api/utilities/import':                      [401, 415, 415, 403, 403, 403, 403],
  'GET /api/utilities/{id}':                         [401, 200, 200, 200, 200, 200, 200],
  'PUT /api/utilities/{id}':                         [401, 200, 200, 403, 403, 403, 403],
  'DELETE /api/utilities/{id}':                      [401, 200, 200, 403, 403, 403, 403],
  'GET /api/jobs':                                   [401, 200, 200, 200, 200, 200, 200],
  'PUT /api/jobs':                                   [401, 400, 400, 403, 201, 201, 201],
  'GET /api/jobs/{id}':                              [401, 200, 200, 404, 200, 200, 404],
  'POST /api/jobs/{id}/submit':                      [401, 409, 409, 404, 409, 409, 404],
  // A fresh submitted job per caller (FRESH_JOB): no one deletes it, a draft only (jobs.delete-draft.test.ts deletes drafts).
  'DELETE /api/jobs/{id}':                           [401, 409, 409, 404, 409, 409, 404],
  'POST /api/jobs/{id}/status':                      [401, 200, 200, 404, 403, 403, 404],
  'POST /api/jobs/{id}/cancel':                      [401, 200, 200, 404, 200, 200, 404],
  'POST /api/jobs/{id}/revision':                    [401, 409, 409, 404, 409, 409, 404],
  'POST /api/jobs/{id}/assign':                      [401, 200, 200, 404, 403, 403, 403],
  'POST /api/jobs/{id}/unassign':                    [401, 409, 409, 404, 403, 403, 403],
  'POST /api/jobs/{id}/deactivate':                  [401, 200, 200, 403, 403, 403, 403],
  'GET /api/jobs/{id}/history':                      [401, 200, 200, 404, 200, 200, 404],
  'GET /api/jobs/{id}/revisions':                    [401, 200, 200, 404, 200, 200, 404],
  'GET /api/jobs/{id}/requirements':                 [401, 200, 200, 404, 200, 200, 404],
  'PUT /api/jobs/{id}/cad-fields':                   [401, 200, 200, 404, 403, 403, 403],
  'GET /api/jobs/{id}/equipment':                    [401, 200, 200, 404, 200, 200, 404],
  'PUT /api/jobs/{id}/equipment':                    [401, 200, 200, 404, 200, 200, 404],
  'GET /api/jobs/{id}/design':                       [401, 200, 200, 404, 200, 200, 404],
  // Clients never design: 403 for any job id (the route is no secret; the job's existence is not told).
  'PUT /api/jobs/{id}/design':                       [401, 200, 200, 404, 403, 403, 403],
  'POST /api/jobs/{id}/design/auto-layout':          [401, 200, 200, 404, 403, 403, 403],
  'POST /api/jobs/{id}/design/check':                [401, 200, 200, 404, 403, 403, 403],
  // The matrix job lacks what a plan set needs (422 naming it); clients never see runs before release.
  'POST /api/jobs/{id}/generate-cad':                 [401, 422, 422, 404, 403, 403, 404],
  'GET /api/jobs/{id}/cad-runs':                      [401, 200, 200, 404, 404, 404, 404],
  'GET /api/cad-runs/{id}':                           [401, 200, 200, 404, 404, 404, 404],
  // The matrix run failed: it keeps no checks (409); others never learn it exists.
  'GET /api/cad-runs/{id}/checks':                    [401, 409, 409, 404, 404, 404, 404],
  'GET /api/jobs/{id}/requirements/files/{file_id}/download': [401, 200, 200, 404, 200, 200, 404],
  'POST /api/jobs/{id}/files':                       [401, 415, 415, 404, 415, 415, 404],
  'GET /api/jobs/{id}/files':                        [401, 200, 200, 404, 200, 200, 404],
  'GET /api/files/{fileId}/download':                [401, 200, 200, 404, 200, 200, 404],
  'GET /api/files/{fileId}/preview':                 [401, 200, 200, 404, 200, 200, 404],
  'DELETE /api/files/{fileId}':                      [401, 204, 204, 404, 204, 204, 404],
  'GET /api/jobs/{id}/deliverables':                 [401, 200, 200, 404, 200, 200, 404],
  'POST /api/jobs/{id}/deliverables':                [401, 400, 400, 404, 403, 403, 403],
  // A draft deliverable of a job assigned to the contractor (freshDeliverable): the engineer in the
  // body (Matrix PE) has no account and has authorised no admin, so nobody may seal in their name;
  // support prepares and the drafter and clients never seal; clients never see an unreleased one
  // (the seal rules in full, as every role: deliverables/seal.test.ts). A draft is taken out by
  // whoever marks deliverables (a fresh one per caller).
  'POST /api/deliverables/{fileId}/seal':            [401, 403, 403, 403, 404, 404, 404],
  'GET /api/deliverables/{fileId}/seal-options':     [401, 200, 200, 403, 404, 404, 404],
  'DELETE /api/deliverables/{fileId}':               [401, 204, 204, 204, 404, 404, 404],
  'POST /api/jobs/{id}/release':                     [401, 409, 409, 403, 403, 403, 403],
  // A released job of Acme's (releasedJob), not assigned to the contractor.
  'GET /api/jobs/{id}/deliverables/zip':             [401, 200, 200, 404, 200, 200, 404],
  'PUT /api/jobs/{id}/tasks/{service}':              [401, 200, 200, 404, 403, 403, 403],
  // The matrix job orders no wet stamp: staff are told so (409); only staff record one (403), another tenant 404.
  'GET /api/jobs/{id}/wet-stamp':                    [401, 200, 200, 404, 200, 200, 404],
  'PATCH /api/jobs/{id}/wet-stamp':                  [401, 409, 409, 403, 403, 403, 403],
  // Public: the code printed beside a seal (the sealed letter's); the check takes the PDF as multipart.
  'GET /api/verify/{code}':                          [200, 200, 200, 200, 200, 200, 200],
  'POST /api/verify/{code}/check':                   [415, 415, 415, 415, 415, 415, 415],
  'GET /api/geocode':                                [401, 200, 200, 200, 200, 200, 200],
  'GET /api/geocode/reverse':                        [401, 200, 200, 200, 200, 200, 200],
  'GET /api/geocode/place/{placeId}':                [401, 200, 200, 200, 200, 200, 200],
  'GET /api/geocode/agreement':                      [401, 200, 200, 200, 200, 200, 200],
  'GET /api/parcel':                                 [401, 501, 501, 501, 501, 501, 501],
  'GET /api/settings/structural-span':               [401, 200, 200, 403, 403, 403, 403],
  'PUT /api/settings/structural-span':               [401, 200, 403, 403, 403, 403, 403],
  'GET /api/settings/time-zone':                     [401, 200, 200, 403, 403, 403, 403],
  'PUT /api/settings/time-zone':                     [401, 200, 403, 403, 403, 403, 403],
  'POST /api/events/ticket':                         [401, 200, 200, 200, 200, 200, 200],
  'GET /api/stats':                                  [401, 200, 200, 403, 200, 403, 200],
  'GET /api/jobs/{id}/messages':                     [401, 200, 200, 404, 200, 200, 404],
  'POST /api/jobs/{id}/messages':                    [401, 201, 201, 404, 201, 201, 404],
  'POST /api/jobs/{id}/messages/read':               [401, 204, 204, 404, 204, 204, 404],
  'POST /api/jobs/{id}/messages/typing':             [401, 204, 204, 404, 204, 204, 404],
  'GET /api/messages/inbox':                         [401, 200, 200, 200, 200, 200, 200],
  'PATCH /api/jobs/{id}/messages/{messageId}':       [401, 403, 403, 404, 403, [200, 409], 404],
  'DELETE /api/jobs/{id}/messages/{messageId}':      [401, 403, 403, 404, 403, [200, 409], 404],
  'GET /api/jobs/{id}/messages/{messageId}/history': [401, 200, 200, 404, 403, 403, 404],
  'GET /api/jobs/{id}/messages/mentionable':         [401, 200, 200, 404, 200, 200, 404],
  'POST /api/jobs/{id}/messages/files':              [401, 415, 415, 404, 415, 415, 404],
  'GET /api/messages/attachments/{attachmentId}/download': [401, 200, 200, 404, 200, 200, 404],
  'PATCH /api/jobs/{id}/conversation':               [401, 200, 200, 403, 403, 403, 403],
  'GET /api/notifications':                          [401, 200, 200, 200, 200, 200, 200],
  'POST /api/notifications/read':                    [401, 200, 200, 200, 200, 200, 200],
  // Public: the signed token in the query is the authority (one-click unsubscribe), whoever calls
  // (here the contractor's own link, so no other tenant's id is in the URL).
  'GET /api/notifications/unsubscribe':              [200, 200, 200, 200, 200, 200, 200],
  'POST /api/notifications/unsubscribe':             [200, 200, 200, 200, 200, 200, 200],
  'GET /api/site-alerts':                            [401, 200, 403, 403, 403, 403, 403],
  'POST /api/site-alerts':                           [401, 201, 403, 403, 403, 403, 403],
  'PUT /api/site-alerts/{id}':                       [401, 200, 403, 403, 403, 403, 403],
  'POST /api/site-alerts/{id}/dismiss':              [401, 204, 204, 204, 204, 204, 204],
  'POST /api/site-alerts/{id}/expire':               [401, 200, 403, 403, 403, 403, 403],
  'DELETE /api/site-alerts/{id}':                    [401, 204, 403, 403, 403, 403, 403],
  'GET /api/engineers':                              [401, 200, 200, 403, 403, 403, 403],
  'POST /api/engineers':                             [401, 201, 403, 403, 403, 403, 403],
  'GET /api/engineers/{id}':                         [401, 200, 200, 403, 403, 403, 403],
  'PUT /api/engineers/{id}':                         [401, 200, 403, 403, 403, 403, 403],
  'GET /api/engineers/{id}/{kind}':                  [401, 200, 200, 403, 403, 403, 403],
  'POST /api/engineers/{id}/{kind}':                 [401, 415, 403, 403, 403, 403, 403],
  // An engineer's credentials: an admin or the engineer's own account (the matrix engineer has none linked).
  'POST /api/engineers/{id}/certificates':           [401, 415, 403, 403, 403, 403, 403],
  'DELETE /api/engineers/{id}/certificates/{certificateId}': [401, 204, 403, 403, 403, 403, 403],
  'PUT /api/engineers/{id}/seal-authorisation':      [401, 200, 403, 403, 403, 403, 403],
  // The matrix job has no AHJ: staff are told to choose one (409); clients may not generate (403).
  'POST /api/jobs/{id}/generate-letters':            [401, 409, 409, 404, 403, 403, 403],
  'POST /api/jobs/{id}/recalculate-url':             [401, 409, 409, 404, 403, 403, 403],
  'GET /api/jobs/{id}/letters':                      [401, 200, 200, 404, 403, 403, 404],
  'GET /api/jobs/{id}/letter-runs':                  [401, 200, 200, 404, 403, 403, 404],
  // A sealed letter waiting for its signature (sealedLetter): only its engineer (the admin's account)
  // gets past the role checks, to the 415 of a body that is not the multipart certificate; staff
  // and the assigned contractor who are not that engineer 403, the job's clients 403, another tenant 404.
  'POST /api/letters/{letterId}/sign':               [401, 415, 403, 403, 403, 403, 404],
  'POST /api/letters/{letterId}/signed':             [401, 415, 403, 403, 403, 403, 404],
  'POST /api/groups':                                [401, 201, 403, 403, 403, 403, 403],
  'PUT /api/groups/{id}':                            [401, 200, 403, 403, 403, 403, 403],
  'DELETE /api/groups/{id}':                         [401, 204, 403, 403, 403, 403, 403],
  'GET /api/users/active':                           [401, 200, 200, 403, 403, 403, 403],
  'GET /api/shifts':                                 [401, 200, 200, 403, 403, 403, 403],
  'GET /api/content/posts':                          [200, 200, 200, 200, 200, 200, 200],
  'GET /api/content/posts/{slug}':                   [200, 200, 200, 200, 200, 200, 200],
  'GET /api/content/help':                           [200, 200, 200, 200, 200, 200, 200],
  'GET /api/content/help/{slug}':                    [200, 200, 200, 200, 200, 200, 200],
  'GET /api/content/covers/{coverId}':               [200, 200, 200, 200, 200, 200, 200],
  'GET /api/content/items':                          [401, 200, 200, 403, 403, 403, 403],
  'POST /api/content/items':                         [401, 201, 201, 403, 403, 403, 403],
  'GET /api/content/items/{id}':                     [401, 200, 200, 403, 403, 403, 403],
  'PUT /api/content/items/{id}':                     [401, 200, 200, 403, 403, 403, 403],
  'GET /api/content/items/{id}/revisions':           [401, 200, 200, 403, 403, 403, 403],
  'POST /api/content/items/{id}/cover':              [401, 415, 415, 403, 403, 403, 403],
  'DELETE /api/content/items/{id}/cover':            [401, 200, 200, 403, 403, 403, 403],
  'DELETE /api/content/items/{id}':                  [401, 204, 204, 403, 403, 403, 403],
};

/**
 * Routes that answer another tenant's ids by dropping them (200 over what the caller may see):
 * for these, Brightside's success must not name Acme anywhere in the answer.
 */
const NARROWS_TO_OWN = new Set(['GET /api/stats']);

/** Query strings for routes whose answer depends on one: Acme's company stats. */
const QUERIES: Record<string, (fx: Fixtures) => string> = {
  'GET /api/notifications/unsubscribe': (fx) => `token=${encodeURIComponent(t.ctx.signer.signUnsubscribe(fx.contractorId, ['job']))}`,
  'POST /api/notifications/unsubscribe': (fx) => `token=${encodeURIComponent(t.ctx.signer.signUnsubscribe(fx.contractorId, ['job']))}`,
  'GET /api/geocode': () => 'address=78701',
  'GET /api/content/items': () => 'kind=help',
  'GET /api/geocode/reverse': () => 'lat=30.2672&lng=-97.7431',
  'GET /api/geocode/agreement': () => 'zip=78701&lat=30.2672&lng=-97.7431',
  'GET /api/parcel': () => 'address=2%20Oak%20St&city=Austin&state=TX&zip_code=78701',
  'GET /api/stats': (fx) =>
    `active_tab=company&start_date=2026-01-01&end_date=2026-12-31&included_companies=${encodeURIComponent(JSON.stringify([fx.acmeCompany]))}`,
};

/** A path parameter's value, by name and route: Acme's things, which Brightside must not reach. */
const PARAMS: Record<string, (fx: Fixtures, route: string) => string> = {
  id: (fx, r) =>
    r === '/api/jobs/{id}/deliverables/zip' ? fx.releasedJob
    : r.startsWith('/api/jobs/') ? fx.job
      : r.startsWith('/api/users/') ? fx.acmeUserId
        : r.startsWith('/api/companies/') ? fx.acmeCompany
          : r.startsWith('/api/ahjs/') ? fx.ahj
            : r.startsWith('/api/utilities/') ? fx.utility
              : r.startsWith('/api/equipment/') ? fx.equipment
              : r.startsWith('/api/cad-runs/') ? fx.cadRun
                : r.startsWith('/api/site-alerts/') ? fx.siteAlert
                : r.startsWith('/api/engineers/') ? fx.engineer
                : r.startsWith('/api/content/items/') ? fx.helpArticle
                : r.startsWith('/api/groups/') ? fx.group
                : r.startsWith('/api/option-lists/') ? String(fx.optionItem)
                  : '00000000-0000-0000-0000-000000000000',
  // The deliverable routes act on a draft deliverable of a job assigned to the contractor (the seal rules in full: deliverables/seal.test.ts).
  fileId: (fx, r) => (r.startsWith('/api/deliverables/') ? fx.deliverable : fx.file),
  attachmentId: (fx) => fx.attachment,
  messageId: (fx) => String(fx.message),
  file_id: (fx, r) => (r.includes('/requirements/') ? fx.stampFile : r.startsWith('/api/jobs/') ? fx.file : '00000000-0000-0000-0000-000000000000'),
  scope_type: () => 'company',
  scope_id: (fx) => fx.acmeCompany,
  key: (fx, r) => (r.startsWith('/api/option-lists/') ? fx.optionKey : 'contractor_stamp'),
  type: () => 'ibc',
  placeId: () => 'zip:78701',
  kind: () => 'seal',
  letterId: (fx) => fx.letter,
  certificateId: (fx) => fx.certificate,
  service: () => 'structural_roof_letter',
  code: (fx) => fx.verifyCode,
  slug: (_fx, r) => (r.startsWith('/api/content/posts/') ? 'welcome-to-sunstamp' : 'ordering-a-job'),
  coverId: (fx) => fx.cover,
};

/**
 * Valid bodies for routes that need one (others send {} on POST/PUT/PATCH), so a row tells who may
 * do it rather than only that {} is invalid. A body may be a promise, read when the row runs.
 */
const BODIES: Record<string, (fx: Fixtures) => unknown> = {
  'POST /api/auth/login/': () => ({ email: `nobody-${rnd()}@matrix.test`, password: 'wrong-password' }),
  'POST /api/auth/token/refresh/': () => ({ refresh: 'not-a-token' }),
  'POST /api/auth/token/verify/': () => ({ token: 'not-a-token' }),
  'POST /api/auth/password-reset/': () => ({ email: 'nobody@matrix.test' }),
  'POST /api/auth/password-reset/confirm/': () => ({ uid: 'x', token: 'y', password: 'a-long-enough-passphrase' }),
  'POST /api/auth/verify-email/': () => ({ key: 'nope' }),
  'POST /api/request-demo/': () => ({ name: 'Matrix', email: `matrix-${rnd()}@demo.test`, company: 'Matrix Co' }),
  'POST /api/contact': () => ({ name: 'Matrix', email: `matrix-${rnd()}@contact.test`, message: 'A question from the matrix.' }),
  'PUT /api/users/me': () => ({ firstName: 'Same' }),
  'POST /api/users': (fx) => ({ email: `m${rnd()}@matrix.test`, role: 'user', company_ids: [fx.acmeCompany] }),
  'PUT /api/users/{id}': () => ({ phoneNumber: '555-0100' }),
  'POST /api/companies': () => ({ name: `Matrix ${rnd()}` }),
  'PUT /api/jobs': () => ({ name: `Matrix ${rnd()}` }),
  'POST /api/jobs/{id}/status': () => ({ status: 'Pending Design' }),
  'POST /api/jobs/{id}/revision': () => ({ reason: 'equipment_change' }),
  'POST /api/jobs/{id}/assign': (fx) => ({ assignee_id: fx.contractorId }),
  'PUT /api/jobs/{id}/cad-fields': () => ({ values: {} }),
  // A file of no job: staff get the 400 that names it, clients the 403 of marking at all.
  'POST /api/jobs/{id}/deliverables': () => ({ file_id: '00000000-0000-4000-8000-000000000000', kind: 'plan_set' }),
  'POST /api/deliverables/{fileId}/seal': (fx) => ({ engineer_id: fx.engineer }),
  'PUT /api/engineers/{id}/seal-authorisation': () => ({ granted: true, reference: 'Signed letter of authority, 2026-01-05, office file' }),
  'PUT /api/jobs/{id}/tasks/{service}': () => ({ status: 'in_progress' }),
  'PATCH /api/jobs/{id}/wet-stamp': () => ({ state: 'stamped' }),
  'PUT /api/jobs/{id}/equipment': () => ({ lines: [{ kind: 'module', equipment_id: null, custom_model: 'Matrix module 400', quantity: 10 }] }),
  'PUT /api/companies/{id}': () => ({ phone_number: '555-0101' }),
  // The matrix job has no arrays: a design with no modules is the one it may save.
  'PUT /api/jobs/{id}/design': () => ({
    version: 0,
    model: {
      revision: 0,
      site: { property: [{ x: -20, y: -20 }, { x: 60, y: -20 }, { x: 60, y: 50 }], building: [{ x: 0, y: 0 }, { x: 40, y: 0 }, { x: 40, y: 30 }], street: { from: { x: -20, y: -25 }, to: { x: 60, y: -25 }, name: 'Oak St' } },
      roofPlanes: [{ id: 'R1', name: 'Roof 1', polygon: [{ x: 0, y: 0 }, { x: 40, y: 0 }, { x: 40, y: 15 }, { x: 0, y: 15 }], edges: ['eave', 'rake', 'ridge', 'rake'], pitchDeg: 26, azimuthDeg: 180, material: 'Asphalt Shingle', framing: { type: 'Rafter', size: '2x6', spacingIn: 24, spansIn: [168] }, arrayId: 'array-1' }],
      modules: [],
      equipment: [{ kind: 'main_panel', x: 41, y: 5 }],
    },
  }),
  // The matrix job lacks what a run needs: the check answers 200 with what is missing.
  'POST /api/jobs/{id}/design/check': () => ({ model: (BODIES['PUT /api/jobs/{id}/design']!({} as never) as { model: unknown }).model }),
  'POST /api/jobs/{id}/messages': () => ({ body: 'Matrix message' }),
  'POST /api/jobs/{id}/messages/read': () => ({ thread: 'client', message_id: 1 }),
  'POST /api/jobs/{id}/messages/typing': () => ({ thread: 'client' }),
  'PATCH /api/jobs/{id}/messages/{messageId}': () => ({ body: 'Matrix message, edited' }),
  'PATCH /api/jobs/{id}/conversation': () => ({ contractor_access: false }),
  'POST /api/notifications/read': () => ({ all: true }),
  'PUT /api/codes/{type}': () => ({ editions: [{ value: '2021', label: '2021 IBC' }, { value: '2024', label: '2024 IBC' }], default: '2021' }),
  'PUT /api/option-lists/{key}/items/{id}': (fx) => ({ label: 'Matrix item, renamed', data: fx.optionData }),
  'POST /api/option-lists/{key}/items': (fx) => ({ value: `matrix-${rnd()}`, label: 'Matrix item', data: fx.optionData }),
  // The list as it is when the row runs, deactivated items included as the page loads it (earlier
  // rows add and deactivate items; a stale list is a 409).
  'PUT /api/option-lists/{key}/order': async (fx) => ({
    ids: ((await t.request('GET', `/api/option-lists/${fx.optionKey}/items?include_inactive=true`, { token: tokens.admin })).data as { id: number }[]).map((i) => i.id),
  }),
  'POST /api/equipment': () => ({ kind: 'inverter', manufacturer: 'Matrix Power', model: `MX-${rnd()}`, type: 'String Inverter', data: { acPowerW: 7600, nominalVoltageV: 240 } }),
  'POST /api/ahjs': () => ({ name: `Matrix City ${rnd()}`, state: 'TX', jurisdiction_type: 'City' }),
  'POST /api/utilities': () => ({ name: `Matrix Power ${rnd()}`, states: ['TX'] }),
  'PUT /api/settings/structural-span': () => ({ Portrait: 48, Landscape: 72 }),
  'PUT /api/settings/time-zone': () => ({ time_zone: 'UTC' }),
  'POST /api/site-alerts': () => ({ message: `Matrix alert ${rnd()}`, severity: 'warning' }),
  'PUT /api/site-alerts/{id}': () => ({ message: 'Welcome to the Sunstamp demo.', severity: 'info' }),
  'POST /api/engineers': () => ({ name: `Matrix Engineer ${rnd()}`, disciplines: ['structural'], licences: [{ state: 'TX', number: 'PE-1', expires_on: '2099-01-01' }] }),
  'PUT /api/engineers/{id}': () => ({ name: 'Matrix Engineer', disciplines: ['structural', 'electrical'], licences: [{ state: 'TX', number: 'PE-1', expires_on: '2099-01-01' }] }),
  'POST /api/jobs/{id}/generate-letters': () => ({ letter_types: ['design_affidavit'] }),
  'POST /api/groups': () => ({ name: `Matrix group ${rnd()}` }),
  'PUT /api/groups/{id}': () => ({ name: 'Design Team', member_ids: [] }),
  'POST /api/content/items': () => ({ kind: 'help', title: `Matrix article ${rnd()}`, category: 'Getting started' }),
  'PUT /api/content/items/{id}': () => ({ title: 'Requirements', slug: 'requirements', category: 'Requirements', status: 'published', body_md: 'Matrix text.' }),
};

const rnd = () => Math.random().toString(36).slice(2, 10);

/**
 * Rows that change a job (or its file) get a fresh submitted job of Acme's (and file) for each
 * caller, so one caller's success does not decide the next caller's answer.
 */
const FRESH_JOB = new Set([
  'POST /api/jobs/{id}/submit', 'POST /api/jobs/{id}/status', 'POST /api/jobs/{id}/cancel', 'POST /api/jobs/{id}/revision',
  'POST /api/jobs/{id}/assign', 'POST /api/jobs/{id}/unassign', 'POST /api/jobs/{id}/deactivate', 'PUT /api/jobs/{id}/cad-fields',
  'POST /api/jobs/{id}/files', 'DELETE /api/files/{fileId}', 'PUT /api/jobs/{id}/design', 'DELETE /api/jobs/{id}',
]);

/**
 * Rows after which Acme's contractor stamp is gone: a PUT of the company's requirements replaces
 * all its values, and a company holds one stamp, so each DELETE caller's fresh one replaced the
 * fixture's. A new one is uploaded after them.
 */
const TAKES_THE_STAMP = new Set(['PUT /api/requirements/{scope_type}/{scope_id}', 'DELETE /api/requirements/{scope_type}/{scope_id}/files/{key}/{file_id}']);

/** Rows that delete a help article get a fresh one for each caller. */
const FRESH_ARTICLE = new Set(['DELETE /api/content/items/{id}']);
async function freshArticle(): Promise<string> {
  const made = await t.request('POST', '/api/content/items', { token: tokens.admin, body: { kind: 'help', title: `Matrix ${rnd()}`, category: 'Getting started' } });
  return made.data.id;
}

type Fixtures = {
  contractorId: string;
  job: string; file: string; attachment: string; message: number; acmeUserId: string; acmeCompany: string; ahj: string; utility: string;
  equipment: string; optionKey: string; optionData: Record<string, unknown>; siteAlert: string; engineer: string; helpArticle: string; group: string; cadRun: string;
  deliverable: string;
  /** A sealed letter, to be signed by the fixtures' engineer (the demo admin), of a job assigned to the contractor. */
  letter: string;
  /** The code printed beside that letter's seal. */
  verifyCode: string;
  /** A public certificate registered for the matrix engineer. */
  certificate: string;
  /** The cover image of a published post. */
  cover: string;
  /** An item of the option list the rows act on (the DELETE row gets a fresh one per caller). */
  optionItem: number;
  /** A job of Acme's whose required documents are released (its zip exists). */
  releasedJob: string;
  /** Acme's contractor stamp, a file of its company requirements (the DELETE row gets a fresh one per caller). */
  stampFile: string;
};

let t: TestApp;
let fx: Fixtures;
let routes: string[] = [];
const tokens: Partial<Record<Caller, string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const c of CALLERS) if (c !== 'anon') tokens[c] = await t.tokenOf(EMAIL[c]);
  const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(spec.paths).flatMap(([p, ops]) =>
    Object.keys(ops).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m)).map((m) => `${m.toUpperCase()} ${p}`));
  const q = async (sql: string) => (await t.database.query<{ v: string }>(sql))[0]?.v ?? '00000000-0000-0000-0000-000000000000';
  const job = (await t.request('PUT', '/api/jobs', { token: tokens.acmeUser, body: { name: 'Matrix job', client_street_address: '2 Oak St', services_requested: ['structural_roof_letter'] } })).data.id;
  const up = await postMultipart(t, `/api/jobs/${job}/files`, [{ name: 'files', filename: 'site.png', content: PNG }], { as: DEMO.acmeUser });
  const sent = await postMultipart(t, `/api/jobs/${job}/messages/files`, [{ name: 'files', filename: 'site.png', content: PNG }], { as: DEMO.acmeUser });
  const said = await t.request('POST', `/api/jobs/${job}/messages`, { token: tokens.acmeUser, body: { body: 'Matrix message to edit' } });
  const optionKey = (await t.request('GET', '/api/option-lists', { token: tokens.admin })).data?.[0]?.key ?? 'roof-materials';
  const optionItems: { id: number; data?: Record<string, unknown> }[] = (await t.request('GET', `/api/option-lists/${optionKey}/items`, { token: tokens.admin })).data ?? [];
  const optionData = optionItems[0]?.data ?? {};
  fx = {
    contractorId: await q(`select id::text as v from users where email = '${DEMO.contractor}'`),
    job,
    file: up.data?.[0]?.id,
    attachment: sent.data?.attachments?.[0]?.id,
    message: said.data?.id,
    acmeUserId: await q(`select id::text as v from users where email = '${DEMO.acmeUser}'`),
    acmeCompany: await q(`select id::text as v from companies where name = 'Acme Solar'`),
    ahj: await freshCatalogueEntry('ahjs'),
    utility: await freshCatalogueEntry('utilities'),
    equipment: await q('select id::text as v from equipment order by 1 limit 1').catch(() => '00000000-0000-0000-0000-000000000000'),
    optionKey,
    optionData,
    siteAlert: (await t.request('POST', '/api/site-alerts', { token: tokens.admin, body: { message: `Matrix alert ${rnd()}`, severity: 'info' } })).data.id,
    engineer: (await t.request('POST', '/api/engineers', { token: tokens.admin, body: { name: 'Matrix PE', disciplines: ['structural'], licences: [] } })).data.id,
    helpArticle: await q("select id::text as v from content_items where kind = 'help' and slug = 'requirements'"),
    group: await q("select id::text as v from groups where name = 'Design Team'"),
    // A finished (failed) plan-set run of the matrix job, as a run leaves it.
    deliverable: await freshDeliverable(),
    cadRun: await q(`insert into cad_runs (job_id, revision, input_hash, template_version, status, error_key) values ('${job}', 0, 'matrix', 'matrix', 'failed', 'pv1_failed') returning id::text as v`),
    ...(await sealedLetter()),
    releasedJob: await releasedJob(),
    stampFile: '', // below: it is uploaded to the company above
    optionItem: optionItems[0]?.id ?? 0,
    certificate: '', // below: registered for the matrix engineer
    cover: await postCover(),
  };
  fx.stampFile = await freshStamp();
  // The catalogue model the equipment rows act on gets a datasheet, so reading it tells who may.
  const sheet = await t.app.inject({
    method: 'PUT', url: `/api/equipment/${fx.equipment}/datasheet?name=matrix-datasheet.pdf`,
    headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/pdf', 'x-csrftoken': await t.csrfFor(tokens.admin) }, payload: simplePdf(['Matrix datasheet']),
  });
  expect(sheet.statusCode, sheet.body).toBe(200);
  // The matrix engineer gets a seal image, so reading it tells who may.
  const seal = await postMultipart(t, `/api/engineers/${fx.engineer}/seal`, [{ name: 'files', filename: 'seal.png', content: Buffer.from(solidPng(240, 240, [20, 54, 120])) }], { as: DEMO.admin });
  expect(seal.statusCode, seal.body).toBe(200);
  // …and a registered certificate, so removing it tells who may.
  const reg = await postMultipart(t, `/api/engineers/${fx.engineer}/certificates`, [{ name: 'files', filename: 'matrix.pem', content: Buffer.from(makeTestP12({ commonName: 'Matrix Engineer' }).certPem) }], { as: DEMO.admin });
  expect(reg.statusCode, reg.body).toBe(200);
  fx.certificate = reg.data.certificates[0].id;
}, 120_000);
afterAll(async () => { await t?.close(); });

/** An AHJ or a utility of the catalogue, made by the admin with the row's own body (DELETE rows get a fresh one per caller). */
async function freshCatalogueEntry(list: 'ahjs' | 'utilities'): Promise<string> {
  const made = await t.request('POST', `/api/${list}`, { token: tokens.admin, body: BODIES[`POST /api/${list}`]!({} as never) });
  expect(made.statusCode, made.body).toBe(201);
  return made.data.id;
}

/** A published post with a cover image; answers the cover's id (public: anyone reads it). */
async function postCover(): Promise<string> {
  const post = await t.request('POST', '/api/content/items', { token: tokens.admin, body: { kind: 'post', title: `Matrix post ${rnd()}`, status: 'published' } });
  expect(post.statusCode, post.body).toBe(201);
  const up = await postMultipart(t, `/api/content/items/${post.data.id}/cover`, [{ name: 'files', filename: 'cover.png', content: PNG }], { as: DEMO.admin });
  expect(up.statusCode, up.body).toBe(200);
  return (up.data.cover_url as string).split('/').at(-1)!;
}

/** Acme's contractor stamp, uploaded by its company admin to the company's requirements. */
async function freshStamp(): Promise<string> {
  const up = await postMultipart(t, `/api/requirements/company/${fx.acmeCompany}/files/contractor_stamp`, [{ name: 'files', filename: 'stamp.png', content: PNG }], { as: DEMO.acmeOwner });
  expect(up.statusCode, up.body).toBe(201);
  return up.data.uploaded[0].id;
}

/** A submitted job of Acme's with one file (no AHJ: its requirements resolve to Acme's, the stamp included). */
async function freshJob(): Promise<{ job: string; file: string }> {
  const job = (await t.request('PUT', '/api/jobs', { token: tokens.acmeUser, body: { name: `Matrix ${rnd()}`, client_street_address: '2 Oak St', services_requested: ['structural_roof_letter'] } })).data.id;
  const up = await postMultipart(t, `/api/jobs/${job}/files`, [{ name: 'files', filename: 'site.png', content: PNG }], { as: DEMO.acmeUser });
  await t.request('POST', `/api/jobs/${job}/submit`, { token: tokens.acmeUser, body: {} });
  return { job, file: up.data?.[0]?.id };
}

/**
 * A draft deliverable (a PDF marked by support) of a submitted job of Acme's that the contractor is
 * assigned to, so the drafter's column tells what a drafter may do to it.
 */
async function freshDeliverable(): Promise<string> {
  const { job } = await freshJob();
  const contractor = (await t.database.query<{ id: string }>(`select id::text as id from users where email = '${DEMO.contractor}'`))[0]!.id;
  expect((await t.request('POST', `/api/jobs/${job}/assign`, { token: tokens.admin, body: { assignee_id: contractor } })).statusCode).toBe(200);
  const up = await postMultipart(t, `/api/jobs/${job}/files`, [{ name: 'kind', value: 'letter' }, { name: 'category', value: 'Engineering' },
    { name: 'files', filename: 'roof-letter.pdf', content: simplePdf(['Structural roof letter', 'Matrix']) }], { as: DEMO.support });
  const marked = await t.request('POST', `/api/jobs/${job}/deliverables`, { token: tokens.support, body: { file_id: up.data?.[0]?.id, kind: 'structural_roof_letter' } });
  expect(marked.statusCode, marked.body).toBe(201);
  return marked.data.id;
}

/**
 * A structural letter of a job of Acme's assigned to the contractor, sealed by the fixtures'
 * engineer (who signs in as the demo admin) and waiting for its digital signature, as a letters run
 * leaves it (the run itself: letters.test.ts); and the code printed beside its seal.
 */
async function sealedLetter(): Promise<{ letter: string; verifyCode: string }> {
  const { job } = await freshJob();
  const contractor = (await t.database.query<{ id: string }>(`select id::text as id from users where email = '${DEMO.contractor}'`))[0]!.id;
  expect((await t.request('POST', `/api/jobs/${job}/assign`, { token: tokens.admin, body: { assignee_id: contractor } })).statusCode).toBe(200);
  const [fileId] = await deliverRequired(t, job, 'sealed');
  const engineer = await fixtureEngineer(t);
  const [letter] = await t.database.query<{ id: string }>(
    `insert into job_letters (job_id, run_id, revision, letter_type, engineer_id, file_id, sha256, signature_status, created_at)
     values ($1, gen_random_uuid(), 0, 'structural_roof_letter', $2, $3, 'matrix', 'required', now()) returning id::text as id`,
    [job, engineer, fileId],
  );
  const [seal] = await t.database.query<{ code: string }>('select code from document_verifications where file_id = $1 and withdrawn_at is null', [fileId]);
  return { letter: letter!.id, verifyCode: seal!.code };
}

/** A submitted job of Acme's (not assigned) whose required documents are sealed and released. */
async function releasedJob(): Promise<string> {
  const { job } = await freshJob();
  await deliverRequired(t, job, 'released');
  return job;
}

function urlOf(route: string): string {
  const path = route.split(' ')[1]!;
  const query = QUERIES[route]?.(fx);
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(PARAMS[name]?.(fx, path) ?? 'x')) + (query ? `?${query}` : '');
}

describe('route × role matrix', () => {
  it('every published route has a row', () => {
    const missing = routes.filter((r) => !(r in MATRIX) && !r.startsWith('GET /api/events'));
    expect(
      missing,
      `Routes without a row in MATRIX (apps/api/src/test/hardening/route-matrix.test.ts); add for each:\n` +
        missing.map((r) => `  '${r}': [anon, admin, support, contractor, acmeOwner, acmeUser, brightOwner],`).join('\n'),
    ).toEqual([]);
    const stale = Object.keys(MATRIX).filter((r) => !routes.includes(r));
    expect(stale, 'Rows for routes the app no longer publishes').toEqual([]);
  });

  // Routes where the record decides for a client too: its own profile (not another's), a message's
  // author, the status moves a client makes (submit, answer, approve). They validate the body first.
  const RECORD_DECIDES = new Set(['PUT /api/users/{id}', 'PATCH /api/jobs/{id}/messages/{messageId}', 'POST /api/jobs/{id}/status']);
  // Issue 29, item 4, for every route: a client whose row says 403 (the role may never do it) gets
  // 403 with a bad body too, before validation, never the schema's complaints.
  it('a client the row refuses (403) is refused before the body is validated, on every route with a body', async () => {
    const wrong: string[] = [];
    for (const route of Object.keys(MATRIX).filter((r) => routes.includes(r) && !r.startsWith('GET ') && !r.startsWith('DELETE '))) {
      const [method] = route.split(' ') as ['POST' | 'PUT' | 'PATCH'];
      for (const caller of ['acmeUser', 'acmeOwner'] as const) {
        if (MATRIX[route]![CALLERS.indexOf(caller)] !== 403 || RECORD_DECIDES.has(route)) continue;
        for (const body of [[1], { __not_a_field: true, name: 7 }]) {
          const res = await t.request(method, urlOf(route), { token: tokens[caller], body });
          if (res.statusCode !== 403) wrong.push(`${route} as ${caller} with ${JSON.stringify(body)}: ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every row answers as expected for every caller, errors in the envelope', async () => {
    const wrong: string[] = [];
    // MATRIX_RECORD=1 prints what every route answers today, as rows to review and paste.
    const record = !!process.env.MATRIX_RECORD;
    const list = record ? routes.filter((r) => !r.startsWith('GET /api/events')) : Object.keys(MATRIX).filter((r) => routes.includes(r));
    for (const route of list) {
      const [method] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'];
      const row = MATRIX[route] ?? (Array(7).fill(0) as Row);
      const seen: Partial<Record<Caller, number>> = {};
      for (const caller of RUN_ORDER) {
        const want = row[CALLERS.indexOf(caller)]!;
        const body = method === 'GET' || method === 'DELETE' ? undefined : ((await BODIES[route]?.(fx)) ?? {});
        const saved = fx;
        if (FRESH_JOB.has(route)) fx = { ...fx, ...(await freshJob()) };
        if (FRESH_ARTICLE.has(route)) fx = { ...fx, helpArticle: await freshArticle() };
        if (route === 'DELETE /api/deliverables/{fileId}') fx = { ...fx, deliverable: await freshDeliverable() };
        if (route === 'DELETE /api/requirements/{scope_type}/{scope_id}/files/{key}/{file_id}') fx = { ...fx, stampFile: await freshStamp() };
        if (route === 'DELETE /api/option-lists/{key}/items/{id}') fx = { ...fx, optionItem: (await t.request('POST', `/api/option-lists/${fx.optionKey}/items`, { token: tokens.admin, body: BODIES['POST /api/option-lists/{key}/items']!(fx) })).data.id };
        if (route === 'DELETE /api/ahjs/{id}') fx = { ...fx, ahj: await freshCatalogueEntry('ahjs') };
        if (route === 'DELETE /api/utilities/{id}') fx = { ...fx, utility: await freshCatalogueEntry('utilities') };
        if (route === 'DELETE /api/groups/{id}') fx = { ...fx, group: (await t.request('POST', '/api/groups', { token: tokens.admin, body: { name: `Matrix ${rnd()}` } })).data.id };
        const url = urlOf(route);
        const acmeIds = [fx.job, fx.file, fx.attachment, fx.acmeCompany, fx.acmeUserId, fx.deliverable, fx.letter, fx.releasedJob];
        fx = saved;
        const res = await t.request(method, url, { token: tokens[caller], body });
        seen[caller] = res.statusCode;
        const ok = record || (Array.isArray(want) ? want.includes(res.statusCode) : res.statusCode === want);
        if (!ok) wrong.push(`${route} as ${caller}: ${res.statusCode}, expected ${JSON.stringify(want)} (${res.body.slice(0, 120)})`);
        if (res.statusCode >= 400 && !ZErrorEnvelope.strict().safeParse(res.data).success) wrong.push(`${route} as ${caller}: error not in the envelope`);
        if (caller === 'brightOwner' && res.statusCode < 300 && NARROWS_TO_OWN.has(route)) {
          if (/acme/i.test(res.body) || acmeIds.some((id) => id && res.body.includes(id))) wrong.push(`${route} as brightOwner: the answer names Acme`);
        } else if (caller === 'brightOwner' && res.statusCode < 300 && acmeIds.some((id) => id && url.includes(id))) {
          // Another tenant never gets a success on Acme's things.
          wrong.push(`${route} as brightOwner: ${res.statusCode} on Acme's resource`);
        }
      }
      if (TAKES_THE_STAMP.has(route)) fx.stampFile = await freshStamp();
      if (record) console.log(`ROW  ${`'${route}':`.padEnd(50)} [${CALLERS.map((c) => seen[c]).join(', ')}],`);
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});
