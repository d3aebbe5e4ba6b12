import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZLoginBody } from '@sunstamp/domain/contracts/auth';
import { useSession } from '../../../lib/session/session.context.ts';

export type LoginBody = z.output<typeof ZLoginBody>;

/** POST /auth/login/ then GET /users/me, through the session (which keeps the tokens). */
export function useLogin() {
  const { signIn } = useSession();
  // The login form shows a refusal beside its fields; a toast as well would say it twice.
  return useMutation({ mutationFn: (body: LoginBody) => signIn(body.email, body.password), meta: { silentError: true } });
}
