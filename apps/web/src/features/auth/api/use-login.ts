import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZLoginBody } from '@sunstamp/domain/contracts/auth';
import { useSession } from '../components/session.context.ts';

export type LoginBody = z.output<typeof ZLoginBody>;

/** POST /auth/login/ then GET /users/me, through the session (which keeps the tokens). */
export function useLogin() {
  const { signIn } = useSession();
  return useMutation({ mutationFn: (body: LoginBody) => signIn(body.email, body.password) });
}
