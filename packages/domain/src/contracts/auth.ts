import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

export const ZEmail = z.string().trim().toLowerCase().email().max(254);

export const ZLoginBody = z.object({
  email: ZEmail,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export const ZTokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof ZTokenPair>;

export const ZRefreshBody = z.object({ refresh: z.string().min(1).max(512) });
export const ZVerifyBody = z.object({ token: z.string().min(1).max(4096) });
export const ZLogoutBody = z.object({ refresh: z.string().min(1).max(512).optional() });

export const ZCsrf = z.object({ csrfToken: z.string() });

export const ZPassword = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

export const ZPasswordResetRequest = z.object({ email: ZEmail });
export const ZPasswordResetConfirm = z.object({
  uid: z.string().min(1).max(64),
  token: z.string().min(1).max(256),
  password: ZPassword,
});
export const ZVerifyEmailBody = z.object({ key: z.string().min(1).max(256) });

export const ZRequestDemoBody = z.object({
  name: z.string().trim().min(1).max(200),
  email: ZEmail,
  company: z.string().trim().min(1).max(200),
  phone: z.string().trim().max(40).optional(),
  message: z.string().trim().max(4000).optional(),
});

/** The reply that makes the client log out silently (spec §8). */
export const INVALID_TOKEN_MESSAGE = 'Given token not valid for any token type';
/** Header carrying the CSRF token on state-changing calls (decisions.md). */
export const CSRF_HEADER = 'X-CSRFToken';
