import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * A shift ends at sign-out, when its session ends (a password reset revokes every session) or
 * after SHIFT_IDLE_MINUTES without the session renewing its token (issue 29). The web renews the
 * 15-minute access token whenever it is used, so a shift whose newest token (sign-in or renewal)
 * is older than this was idle: it ends when that token ran out (the last moment the person could
 * have worked), never later than now. Closed lazily, in one statement, before anything reads or
 * opens shifts, so every reader sees the same shifts without a timer.
 */
export const SHIFT_IDLE_MINUTES = 30;
const ACCESS_TOKEN_MINUTES = 15;

export async function closeIdleShifts(db: DbOrTx, now: Date, userId?: string) {
  const nowP = now.toISOString();
  await db.execute(sql`
    with last as (
      select s.id, greatest(s.started_at, coalesce(
        (select max(r.created_at) from refresh_tokens r where r.user_id = s.user_id and r.created_at >= s.started_at), s.started_at)) as seen
      from user_shifts s
      where s.ended_at is null ${userId ? sql`and s.user_id = ${userId}::uuid` : sql``}
    )
    update user_shifts u
       set ended_at = least(last.seen + make_interval(mins => ${ACCESS_TOKEN_MINUTES}), ${nowP}::timestamptz)
      from last
     where u.id = last.id and last.seen < ${nowP}::timestamptz - make_interval(mins => ${SHIFT_IDLE_MINUTES})`);
}
