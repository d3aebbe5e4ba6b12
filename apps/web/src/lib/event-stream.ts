import { useEffect, useRef } from 'react';
import type { StreamTicket, UserEventMessage } from '@sunstamp/domain/contracts/events';
import { apiClient, type ApiClient } from './api-client.ts';

type Listener = (e: UserEventMessage) => void;

/**
 * Not from the server: the stream opened again after it was lost. Stored events missed meanwhile
 * are replayed by the server; signals that are not stored (typing, read receipts) are not, so a
 * screen that shows their state fetches it again on this.
 */
export const STREAM_RECONNECTED = 'stream_reconnected';

/** Wait before reopening a refused stream: 3 s, doubling, at most a minute. */
export const reconnectDelayMs = (attempt: number) => Math.min(60_000, 3_000 * 2 ** Math.max(0, attempt));

/**
 * The signed-in user's live events. EventSource cannot send headers, and a token in a URL ends up
 * in logs, so each connection first trades the bearer token for a single-use stream ticket
 * (POST /events/ticket, through the API client: it refreshes an expired token) and opens
 * `/events?ticket=…`. A ticket opens one connection only, so the browser's own reconnect (which
 * reuses the URL) cannot work: on any error the stream is closed and reopened here with a new
 * ticket and last_event_id, so nothing published in between is lost.
 */
export class UserEventStream {
  private source: EventSource | null = null;
  private lastId: string | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = true;
  private everOpened = false;
  private listeners = new Map<string, Set<Listener>>();

  constructor(private client: ApiClient = apiClient, private baseUrl = '/api') {}

  start() {
    if (!this.stopped || typeof EventSource === 'undefined') return;
    this.stopped = false;
    void this.open();
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

  private async open() {
    if (this.stopped || !this.client.tokens.getAccess()) return;
    let ticket: string;
    try {
      // A refused refresh ends the session through the client; a network failure retries below.
      ({ ticket } = await this.client.request<StreamTicket>('/events/ticket', { method: 'POST' }));
    } catch {
      this.retryLater();
      return;
    }
    if (this.stopped) return;
    const q = new URLSearchParams({ ticket });
    if (this.lastId) q.set('last_event_id', this.lastId);
    const es = new EventSource(`${this.baseUrl}/events?${q}`);
    for (const type of this.listeners.keys()) es.addEventListener(type, this.dispatch);
    es.onopen = () => {
      this.attempt = 0;
      if (this.everOpened) {
        const reconnected: UserEventMessage = { id: null, type: STREAM_RECONNECTED, payload: {}, created_at: new Date().toISOString() };
        for (const fn of this.listeners.get(STREAM_RECONNECTED) ?? []) fn(reconnected);
      }
      this.everOpened = true;
    };
    es.onerror = () => {
      es.close();
      if (this.source === es) this.source = null;
      this.retryLater();
    };
    this.source = es;
  }

  private retryLater() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.open(), reconnectDelayMs(this.attempt++));
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
