import { STREAM_TICKET_SECONDS, type StreamTicket } from '@sunstamp/domain/contracts/events';
import type { AppContext } from '../../context.ts';
import { unauthorized } from '../../platform/errors.ts';
import { randomToken, sha256 } from '../../platform/secrets.ts';
import type { Principal } from '../../platform/principal.ts';
import * as repo from './events.repository.ts';

type Ctx = Pick<AppContext, 'database' | 'clock'>;

export const STREAM_TICKET_INVALID = 'The stream ticket is not valid or has expired.';

/**
 * EventSource cannot send an Authorization header, and a token in the URL ends up in logs and
 * proxies. The client trades its bearer token for a ticket: random, stored hashed, usable once
 * within STREAM_TICKET_SECONDS, good only for opening the caller's own stream.
 */
export async function issueStreamTicket(ctx: Ctx, p: Principal): Promise<StreamTicket> {
  const ticket = randomToken(32);
  const now = ctx.clock.now();
  await repo.insertStreamTicket(ctx.database.db, {
    userId: p.id,
    tokenHash: sha256(ticket),
    expiresAt: new Date(now.getTime() + STREAM_TICKET_SECONDS * 1000),
    now,
  });
  return { ticket, expires_in: STREAM_TICKET_SECONDS };
}

/** The user a ticket opens the stream of; a used, expired, unknown ticket (or an inactive user) is 401. */
export async function redeemStreamTicket(ctx: Ctx, ticket: string): Promise<string> {
  const userId = await repo.consumeStreamTicket(ctx.database.db, sha256(ticket), ctx.clock.now());
  if (!userId) throw unauthorized(STREAM_TICKET_INVALID);
  return userId;
}
