import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { userEvents } from '../db/schema.ts';

/** `ephemeral`: not stored, no id of its own (id 0), never replayed (typing, read receipts). */
export type UserEvent = { id: number; userId: string; type: string; payload: unknown; createdAt: string; ephemeral?: true };
type Listener = (e: UserEvent) => void;
type EphemeralNotice = { ephemeral: true; userIds: string[]; type: string; payload: unknown; createdAt: string };

const CHANNEL = 'sunstamp_user_events';

/**
 * The NOTIFY of rows just inserted into `user_events`, as a SELECT over a CTE (`id, user_id, type,
 * payload, created_at` returned), for a statement that stores events among other writes: the same
 * text `publish` sends, and the same fallback to the id alone when the payload is too large.
 */
export function userEventsNotifySql(cte: string): string {
  const full = `json_build_object('id', ${cte}.id, 'userId', ${cte}.user_id, 'type', ${cte}.type, 'payload', ${cte}.payload,
    'createdAt', to_char(${cte}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text`;
  const small = `json_build_object('id', ${cte}.id, 'userId', ${cte}.user_id, 'type', ${cte}.type, 'payload', null,
    'createdAt', to_char(${cte}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'large', true)::text`;
  return `select pg_notify('${CHANNEL}', case when octet_length(${full}) < 7900 then ${full} else ${small} end) from ${cte}`;
}

/**
 * Live notifications: an event is stored (so a reconnecting client can replay it by id) and then
 * announced with NOTIFY, so every API process, not just the one that wrote it, pushes it to its
 * connected clients.
 */
export class EventBus {
  private listeners = new Map<string, Set<Listener>>();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private database: Database) {}

  async start() {
    this.unlisten = await this.database.listen(CHANNEL, (payload) => {
      try {
        const e = JSON.parse(payload) as UserEvent | EphemeralNotice;
        if ('ephemeral' in e && 'userIds' in e) this.dispatchEphemeral(e);
        else this.dispatch(e as UserEvent);
      } catch {
        /* a malformed notification is not ours */
      }
    });
  }

  async stop() {
    await this.unlisten?.();
    this.listeners.clear();
  }

  async publish(userId: string, type: string, payload: unknown = {}): Promise<UserEvent> {
    const [row] = await this.database.db
      .insert(userEvents)
      .values({ userId, type, payload: payload as object })
      .returning();
    const e: UserEvent = { id: row!.id, userId, type, payload: row!.payload, createdAt: row!.createdAt.toISOString() };
    // NOTIFY payloads are limited to 8000 bytes; a large payload is fetched by id instead.
    const text = JSON.stringify(e);
    await this.database.notify(CHANNEL, text.length < 7900 ? text : JSON.stringify({ ...e, payload: null, large: true }));
    return e;
  }

  /**
   * Several events in two statements (one multi-row insert, one NOTIFY statement for all), for a
   * change that concerns many people at once (a message to everyone in a thread).
   */
  async publishMany(events: { userId: string; type: string; payload: unknown }[]): Promise<UserEvent[]> {
    if (events.length === 0) return [];
    const rows = await this.database.db
      .insert(userEvents)
      .values(events.map((e) => ({ userId: e.userId, type: e.type, payload: (e.payload ?? {}) as object })))
      .returning();
    const out = rows.map((r): UserEvent => ({ id: r.id, userId: r.userId, type: r.type, payload: r.payload, createdAt: r.createdAt.toISOString() }));
    const texts = out.map((e) => {
      const text = JSON.stringify(e);
      return text.length < 7900 ? text : JSON.stringify({ ...e, payload: null, large: true });
    });
    await this.database.query('select pg_notify($1, t) from unnest($2::text[]) as t', [CHANNEL, texts]);
    return out;
  }

  /**
   * An event for these users' open streams only: one NOTIFY, nothing stored, so no id and no
   * replay after a reconnect. For state that the next read answers anyway (who is typing, how far
   * someone has read), where storing every change would cost more than it is worth.
   */
  async publishEphemeral(userIds: string[], type: string, payload: unknown): Promise<void> {
    if (userIds.length === 0) return;
    const text = JSON.stringify({ ephemeral: true, userIds, type, payload, createdAt: new Date().toISOString() } satisfies EphemeralNotice);
    // NOTIFY's limit: these signals are small; one too large for it is dropped, not sent half.
    if (Buffer.byteLength(text) >= 7900) return;
    await this.database.notify(CHANNEL, text);
  }

  /** Subscriptions open in this process (each live-event stream holds one). */
  openStreams(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  subscribe(userId: string, fn: Listener): () => void {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(fn);
    return () => {
      set!.delete(fn);
      if (set!.size === 0) this.listeners.delete(userId);
    };
  }

  async since(userId: string, lastId: number, limit = 500): Promise<UserEvent[]> {
    const rows = await this.database.db
      .select()
      .from(userEvents)
      .where(and(eq(userEvents.userId, userId), gt(userEvents.id, lastId)))
      .orderBy(asc(userEvents.id))
      .limit(limit);
    return rows.map((r) => ({ id: r.id, userId: r.userId, type: r.type, payload: r.payload, createdAt: r.createdAt.toISOString() }));
  }

  async latestId(userId: string): Promise<number> {
    const [r] = await this.database.query<{ id: string | null }>('select max(id) as id from user_events where user_id = $1', [userId]);
    return r?.id ? Number(r.id) : 0;
  }

  private dispatchEphemeral(n: EphemeralNotice) {
    for (const userId of n.userIds) {
      const set = this.listeners.get(userId);
      if (!set) continue;
      const e: UserEvent = { id: 0, userId, type: n.type, payload: n.payload, createdAt: n.createdAt, ephemeral: true };
      for (const fn of set) fn(e);
    }
  }

  private dispatch(e: UserEvent & { large?: boolean }) {
    const set = this.listeners.get(e.userId);
    if (!set) return;
    if (e.large) {
      void this.since(e.userId, e.id - 1, 1).then(([full]) => full && set.forEach((fn) => fn(full)));
      return;
    }
    for (const fn of set) fn(e);
  }
}
