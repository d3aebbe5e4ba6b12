import { UUID_RE } from '@sunstamp/domain/constants/ids.constants';
import { THREAD_READ_EVENT, TYPING_EVENT, type ThreadReadEvent, type TypingEvent } from '@sunstamp/domain/contracts/message-live';
import { getDisplayName } from '@sunstamp/domain/format/display-name.format';
import { maySeeThread, type MessageThread } from '@sunstamp/domain/policies/messages.policy';
import { isInternalStaff, ROLES, type Role } from '@sunstamp/domain/roles';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { jobScopeOf, requireVisible } from '../../platform/access.ts';
import type { Principal } from '../../platform/principal.ts';
import { readPostContext, type PostContext } from './message-post.repository.ts';

type Ctx = Pick<AppContext, 'database' | 'events' | 'log'>;

const STAFF_ROLES = ROLES.filter(isInternalStaff);
// The words of messages.service.ts's refusal (that file imports this one, so not from there).
const CONVERSATION_CLOSED = 'This conversation is closed. Staff can reopen it.';

/** At most one typing signal per person and thread in this window (per API process); the rest are dropped. */
export const TYPING_THROTTLE_MS = 2000;
/** At most one read receipt per person and thread in this window; the latest mark goes out at its end. */
export const READ_RECEIPT_THROTTLE_MS = 1000;

/**
 * Runs a function per key at most once per window. With `trailing`, a call inside the window is
 * kept (the latest one replaces an earlier one) and runs when the window ends, so the last state
 * always goes out; without, it is dropped. Per process: across several API processes a signal may
 * go out once per process, which the receiving screens cannot tell from one.
 */
export class KeyedThrottle {
  private last = new Map<string, number>();
  private waiting = new Map<string, { fn: () => Promise<void>; timer: ReturnType<typeof setTimeout> }>();

  constructor(private windowMs: number, private now: () => number = Date.now) {}

  /** `fn` must handle its own failures (it runs detached from the caller). */
  run(key: string, fn: () => Promise<void>, trailing: boolean): 'ran' | 'kept' | 'dropped' {
    const now = this.now();
    const last = this.last.get(key);
    if (last === undefined || now - last >= this.windowMs) {
      this.sweep(now);
      this.last.set(key, now);
      void fn();
      return 'ran';
    }
    if (!trailing) return 'dropped';
    const kept = this.waiting.get(key);
    if (kept) {
      kept.fn = fn;
      return 'kept';
    }
    const timer = setTimeout(() => {
      const w = this.waiting.get(key);
      this.waiting.delete(key);
      if (!w) return;
      this.last.set(key, this.now());
      void w.fn();
    }, this.windowMs - (now - last));
    timer.unref?.();
    this.waiting.set(key, { fn, timer });
    return 'kept';
  }

  /** Drops what is waiting (shutdown). */
  clear() {
    for (const w of this.waiting.values()) clearTimeout(w.timer);
    this.waiting.clear();
    this.last.clear();
  }

  private sweep(now: number) {
    if (this.last.size < 10_000) return;
    for (const [k, at] of this.last) if (now - at >= this.windowMs && !this.waiting.has(k)) this.last.delete(k);
  }
}

const typingThrottle = new KeyedThrottle(TYPING_THROTTLE_MS);
const receiptThrottle = new KeyedThrottle(READ_RECEIPT_THROTTLE_MS);

/** The others who see this thread now (active, in the audience, allowed by the policy). */
function othersInThread(found: PostContext, p: Principal, thread: MessageThread): string[] {
  const settings = { contractorAccess: found.contractorAccess };
  return found.audience
    .filter((u) => u.id !== p.id && maySeeThread({ id: u.id, role: u.role as Role, companyIds: u.isMember ? [found.job.companyId] : [] }, found.job, thread, settings))
    .map((u) => u.id);
}

const nameIn = (found: PostContext, p: Principal) => {
  const me = found.audience.find((u) => u.id === p.id);
  return me ? getDisplayName(me) : p.email;
};

async function threadContext(ctx: Ctx, p: Principal, jobId: string, thread: MessageThread) {
  if (!UUID_RE.test(jobId)) throw notFound();
  const found = await readPostContext(ctx.database, jobId, jobScopeOf(p), isInternalStaff(p.role), STAFF_ROLES);
  if (!found) throw notFound();
  requireVisible(maySeeThread(p, found.job, thread, { contractorAccess: found.contractorAccess }));
  return found;
}

/**
 * "… is typing": 404 for a thread the caller does not see, 409 in a closed conversation; then, at
 * most once per TYPING_THROTTLE_MS per person and thread, a `typing` signal to the others' open
 * streams. The throttle is checked first, so a burst of key presses costs no database work.
 */
export async function announceTyping(ctx: Ctx, p: Principal, jobId: string, thread: MessageThread): Promise<void> {
  const found = await threadContext(ctx, p, jobId, thread);
  if (found.status === 'closed') throw conflict(CONVERSATION_CLOSED);
  const others = othersInThread(found, p, thread);
  const payload: TypingEvent = { job_id: found.job.id, thread, user_id: p.id, full_name: nameIn(found, p) };
  typingThrottle.run(`${p.id}:${found.job.id}:${thread}`, async () => {
    try {
      await ctx.events.publishEphemeral(others, TYPING_EVENT, payload);
    } catch (err) {
      ctx.log.warn({ err, job: found.job.id }, 'typing signal failed');
    }
  }, false);
}

/**
 * A read receipt after the caller's read mark moved: the others in the thread see "seen by" move.
 * At most one per READ_RECEIPT_THROTTLE_MS per person and thread; the latest mark goes out at the
 * end of the window. Called after the mark is stored; a failure is logged, the mark stands.
 */
export function announceRead(ctx: Ctx, p: Principal, jobId: string, thread: MessageThread, messageId: number): void {
  receiptThrottle.run(`${p.id}:${jobId}:${thread}`, async () => {
    try {
      const found = await readPostContext(ctx.database, jobId, jobScopeOf(p), isInternalStaff(p.role), STAFF_ROLES);
      if (!found) return;
      const payload: ThreadReadEvent = { job_id: found.job.id, thread, user_id: p.id, full_name: nameIn(found, p), message_id: messageId };
      await ctx.events.publishEphemeral(othersInThread(found, p, thread), THREAD_READ_EVENT, payload);
    } catch (err) {
      ctx.log.warn({ err, job: jobId }, 'read receipt failed');
    }
  }, true);
}
