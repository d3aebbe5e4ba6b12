import { useEffect, useRef } from 'react';
import { apiClient, type ApiClient } from './api-client.ts';

/** One server-sent event of GET /api/events: `data` is this JSON. */
export type UserEventMessage = { id: number; type: string; payload: unknown; created_at: string };
type Listener = (e: UserEventMessage) => void;

/** Seconds left before a JWT's `exp` (negative when expired); null when it is not a readable JWT. */
export function jwtSecondsLeft(token: string, nowMs = Date.now()): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp - nowMs / 1000 : null;
  } catch {
    return null;
  }
}

/** Wait before reopening a refused stream: 3 s, doubling, at most a minute. */
export const reconnectDelayMs = (attempt: number) => Math.min(60_000, 3_000 * 2 ** Math.max(0, attempt));

/**
 * The signed-in user's live events. EventSource cannot send headers, so the access token goes in
 * the query string; the browser reconnects by itself (sending Last-Event-ID). When the server
 * refuses the stream (an expired token answers 401), it is reopened with a fresh token and
 * last_event_id, so nothing published in between is lost.
 */
export class UserEventStream {
  private source: EventSource | null = null;
  private lastId: string | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = true;
  private listeners = new Map<string, Set<Listener>>();

  constructor(private client: ApiClient = apiClient, private baseUrl = '/api') {}

  start() {
    if (!this.stopped || typeof EventSource === 'undefined') return;
    this.stopped = false;
    this.open();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.source?.close();
    this.source = null;
  }

  /** Listen to one event type; returns the unsubscribe function. */
  on(type: string, fn: Listener): () => void {
    let set = this.listeners.get(type);
    if (!set) {
      this.listeners.set(type, (set = new Set()));
      this.source?.addEventListener(type, this.dispatch);
    }
    set.add(fn);
    return () => set!.delete(fn);
  }

  private dispatch = (e: Event) => {
    const m = e as MessageEvent<string>;
    if (m.lastEventId) this.lastId = m.lastEventId;
    let data: UserEventMessage;
    try {
      data = JSON.parse(m.data) as UserEventMessage;
    } catch {
      return;
    }
    this.attempt = 0;
    for (const fn of this.listeners.get(m.type) ?? []) fn(data);
  };

  private open() {
    const token = this.client.tokens.getAccess();
    if (this.stopped || !token) return;
    const q = new URLSearchParams({ access_token: token });
    if (this.lastId) q.set('last_event_id', this.lastId);
    const es = new EventSource(`${this.baseUrl}/events?${q}`);
    for (const type of this.listeners.keys()) es.addEventListener(type, this.dispatch);
    es.onopen = () => {
      this.attempt = 0;
    };
    es.onerror = () => {
      // CONNECTING: the browser retries by itself. CLOSED: the server refused the stream.
      if (es.readyState !== EventSource.CLOSED) return;
      es.close();
      if (this.source === es) this.source = null;
      this.timer = setTimeout(() => void this.reopen(), reconnectDelayMs(this.attempt++));
    };
    this.source = es;
  }

  private async reopen() {
    if (this.stopped) return;
    const token = this.client.tokens.getAccess();
    const left = token ? jwtSecondsLeft(token) : null;
    if (left !== null && left < 30) {
      // The shared single-flight refresh; a refused refresh ends the session through the client.
      const outcome = await this.client.refresh().catch(() => 'rejected' as const);
      if (outcome !== 'refreshed') return;
    }
    this.open();
  }
}

export const userEventStream = new UserEventStream();

/** Keeps the stream open while the signed-in layout is shown. */
export function useUserEventStream(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    userEventStream.start();
    return () => userEventStream.stop();
  }, [enabled]);
}

/** Runs `handler` for each live event of `type` (the latest handler, without resubscribing). */
export function useUserEvent(type: string, handler: Listener) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => userEventStream.on(type, (e) => ref.current(e)), [type]);
}
