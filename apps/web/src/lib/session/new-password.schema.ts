import { z } from 'zod';
import { ZPassword } from '@sunstamp/domain/contracts/auth';
import { PASSWORD_MIN_LENGTH } from '@sunstamp/domain/constants/auth.constants';

export const PASSWORDS_DIFFER_MESSAGE = 'The passwords do not match.';
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters. Avoid common passwords and your email address.`;

/** The confirmation must repeat the password (reported on the confirmation field). */
export const passwordsMatch: [
  (v: { password: string; confirmPassword: string }) => boolean,
  { message: string; path: string[] },
] = [(v) => v.password === v.confirmPassword, { message: PASSWORDS_DIFFER_MESSAGE, path: ['confirmPassword'] }];

/** A new password typed twice: the domain's password rule plus a matching confirmation. */
export const ZNewPasswordForm = z.object({ password: ZPassword, confirmPassword: z.string() }).refine(...passwordsMatch);

export type NewPasswordForm = z.infer<typeof ZNewPasswordForm>;
