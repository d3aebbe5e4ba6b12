import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { userEvents } from '../db/schema.ts';

export type UserEvent = { id: number; userId: string; type: string; payload: unknown; createdAt: string };
type Listener = (e: UserEvent) => void;

const CHANNEL = 'sunstamp_user_events';

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
        const e = JSON.parse(payload) as UserEvent;
        this.dispatch(e);
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
