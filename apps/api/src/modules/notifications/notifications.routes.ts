import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZMarkNotificationsRead, ZNotificationList, ZNotificationsQuery, ZUnreadCount, ZUnsubscribeAnswer, ZUnsubscribeQuery,
} from '@sunstamp/domain/contracts/messages';
import { principalOf } from '../../platform/principal.ts';
import * as svc from './notifications.service.ts';

/** The bell: every caller's own notifications; and the one-click unsubscribe of notification mail. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const tags = ['notifications'];

  // RFC 8058: a mail client posts `List-Unsubscribe=One-Click` form-encoded (or as multipart). The
  // body says nothing the token does not, so it is read and set aside.
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) => done(null, {}));

  app.get('/notifications', {
    schema: { tags, summary: 'The caller\'s notifications, newest first, and the unread count', querystring: ZNotificationsQuery, response: { 200: ZNotificationList } },
  }, async (req) => svc.listNotifications(ctx, principalOf(req).id, req.query));

  app.post('/notifications/read', {
    schema: { tags, summary: 'Mark notifications read: some by id, or all', body: ZMarkNotificationsRead, response: { 200: ZUnreadCount } },
  }, async (req) => svc.markNotificationsRead(ctx, principalOf(req).id, req.body));

  app.get('/notifications/unsubscribe', {
    config: { public: true },
    schema: {
      tags, summary: 'What a notification mail\'s unsubscribe link switches off (no sign-in; changes nothing)',
      querystring: ZUnsubscribeQuery, response: { 200: ZUnsubscribeAnswer },
    },
  }, async (req) => svc.describeUnsubscribe(ctx, req.query.token));

  app.post('/notifications/unsubscribe', {
    // The signed token is the authority, not a session: no sign-in and no CSRF header (a mail
    // client posting RFC 8058 one-click has neither; a forged call without the token does nothing).
    config: { public: true, csrfExempt: true },
    schema: {
      tags, summary: 'One-click unsubscribe (RFC 8058): switch off the notification mail the token names, without sign-in',
      querystring: ZUnsubscribeQuery, response: { 200: ZUnsubscribeAnswer },
    },
  }, async (req) => svc.unsubscribe(ctx, req.query.token));
};
