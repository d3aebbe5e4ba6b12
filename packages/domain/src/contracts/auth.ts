import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants/auth.constants.ts';

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
/**
 * The answer to a confirmed reset link: `first_password` when the link was an invitation (the
 * account had no password yet), so the page says the password is set rather than reset.
 */
export const ZPasswordResetConfirmAnswer = z.object({ detail: z.string(), first_password: z.boolean() });
export const PASSWORD_SET_DETAIL = 'Your password is set. Sign in with your email address and this password.';
export const PASSWORD_RESET_DETAIL = 'Your password has been reset. You can sign in now.';
export const ZVerifyEmailBody = z.object({ key: z.string().min(1).max(256) });

export const ZRequestDemoBody = z.object({
  name: z.string().trim().min(1).max(200),
  email: ZEmail,
  company: z.string().trim().min(1).max(200),
  phone: z.string().trim().max(40).optional(),
  message: z.string().trim().max(4000).optional(),
});
