import { z } from 'zod';
import { ZPassword } from '@sunstamp/domain/contracts/auth';
import { ZUpdateMeBody } from '@sunstamp/domain/contracts/users';
import { passwordsMatch } from '../../../lib/session/new-password.schema.ts';

/** The profile part of PUT /users/me; the phone is sent as null when left empty. */
export const ZProfileForm = ZUpdateMeBody.pick({
  firstName: true,
  lastName: true,
  phoneNumber: true,
  jobNotificationsEnabled: true,
  messageNotificationsEnabled: true,
}).required();
export type ProfileForm = z.input<typeof ZProfileForm>;

/** Changing a known password: the current one plus the new one typed twice. */
export const ZChangePasswordForm = z
  .object({
    current_password: ZUpdateMeBody.shape.current_password.unwrap().min(1),
    password: ZPassword,
    confirmPassword: z.string(),
  })
  .refine(...passwordsMatch);
