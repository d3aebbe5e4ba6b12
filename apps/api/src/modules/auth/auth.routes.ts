import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PASSWORD_RESET_DETAIL, PASSWORD_SET_DETAIL, ZCsrf, ZLoginBody, ZLogoutBody, ZPasswordResetConfirm, ZPasswordResetConfirmAnswer,
  ZPasswordResetRequest, ZRefreshBody,
  ZRequestDemoBody, ZTokenPair, ZVerifyBody, ZVerifyEmailBody,
} from '@sunstamp/domain/contracts/auth';
import { ZOk } from '@sunstamp/domain/contracts/common';
import { principalOf } from '../../platform/principal.ts';
import * as auth from './auth.service.ts';
import { sessionKeyOf } from './tokens.ts';

/** The request's cookies (only the sign-in route reads one: the known-device cookie). */
function cookiesOf(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  if (!header || header.length > 8192) return out;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) out[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return out;
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const tags = ['auth'];

  app.get('/auth/csrf/', {
    config: { public: true },
    schema: { tags, summary: 'Issue a CSRF token for the X-CSRFToken header', security: [], response: { 200: ZCsrf } },
  }, async (req, reply) => {
    // Bound to the caller's session when signed in (a token fetched signed out works only for
    // signed-out calls such as sign-in): decisions.md, "any value the server issued for this session".
    const csrfToken = ctx.signer.issueCsrf(req.accessClaims ? sessionKeyOf(req.accessClaims) : 'anon');
    reply.header('cache-control', 'no-store');
    return { csrfToken };
  });

  app.post('/auth/login/', {
    config: { public: true },
    schema: { tags, summary: 'Sign in with email and password', security: [], body: ZLoginBody, response: { 200: ZTokenPair } },
  }, async (req, reply) => {
    try {
      const { access, refresh, device } = await auth.login(ctx, req.body.email, req.body.password, req.ip, cookiesOf(req.headers.cookie));
      // Only sent back to this route (Path), never readable by scripts: it marks the browser as one
      // that signed in to the account before, so strangers' failures do not lock it out.
      const secure = ctx.config.publicUrl.startsWith('https:') ? '; Secure' : '';
      reply.header('set-cookie', `${device.name}=${device.value}; Max-Age=${device.maxAgeSeconds}; Path=/api/auth/login/; HttpOnly; SameSite=Strict${secure}`);
      return { access, refresh };
    } catch (e) {
      if (e instanceof auth.LoginThrottled) reply.header('retry-after', String(e.retryAfterSeconds));
      throw e;
    }
  });

  app.post('/auth/token/refresh/', {
    config: { public: true },
    schema: { tags, summary: 'Rotate a refresh token', security: [], body: ZRefreshBody, response: { 200: ZTokenPair } },
  }, async (req) => auth.refresh(ctx, req.body.refresh));

  app.post('/auth/token/verify/', {
    config: { public: true },
    schema: { tags, summary: 'Check that a token is valid', security: [], body: ZVerifyBody, response: { 200: z.object({}) } },
  }, async (req) => {
    await auth.verifyToken(ctx, req.body.token);
    return {};
  });

  app.post('/auth/logout/', {
    schema: { tags, summary: 'Sign out: revokes the refresh token family (or all of the user\'s)', body: ZLogoutBody.optional(), response: { 200: ZOk } },
  }, async (req) => {
    await auth.logout(ctx, principalOf(req).id, req.body?.refresh);
    return { detail: 'Successfully logged out.' };
  });

  app.post('/auth/password-reset/', {
    config: { public: true },
    schema: { tags, summary: 'Mail a single-use password reset link', security: [], body: ZPasswordResetRequest, response: { 200: ZOk } },
  }, async (req) => {
    await auth.requestPasswordReset(ctx, req.body.email);
    return { detail: 'If an account exists for that address, we have sent it a link to reset the password.' };
  });

  app.post('/auth/password-reset/confirm/', {
    config: { public: true },
    schema: { tags, summary: 'Set a new password from a reset link (or a first one from an invitation)', security: [], body: ZPasswordResetConfirm, response: { 200: ZPasswordResetConfirmAnswer } },
  }, async (req) => {
    const { firstPassword } = await auth.confirmPasswordReset(ctx, req.body.uid, req.body.token, req.body.password);
    return { detail: firstPassword ? PASSWORD_SET_DETAIL : PASSWORD_RESET_DETAIL, first_password: firstPassword };
  });

  app.post('/auth/verify-email/', {
    config: { public: true },
    schema: { tags, summary: 'Confirm an email address from its link', security: [], body: ZVerifyEmailBody, response: { 200: ZOk } },
  }, async (req) => {
    await auth.verifyEmail(ctx, req.body.key);
    return { detail: 'Your email address is confirmed.' };
  });

  app.post('/auth/verify-email/resend/', {
    schema: { tags, summary: 'Send the verification link again', response: { 200: ZOk } },
  }, async (req) => {
    await auth.sendVerificationEmail(ctx, principalOf(req).id);
    return { detail: 'If your address is not confirmed yet, a new link is on its way.' };
  });

  app.post('/request-demo/', {
    config: { public: true },
    schema: { tags: ['public'], summary: 'Ask for a demo (stored and mailed to staff)', security: [], body: ZRequestDemoBody, response: { 201: ZOk } },
  }, async (req, reply) => {
    await auth.requestDemo(ctx, req.body);
    return reply.code(201).send({ detail: 'Thank you! We will be in touch shortly.' });
  });
};
