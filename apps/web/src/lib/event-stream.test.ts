import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from './api-client.ts';
import { reconnectDelayMs, UserEventStream } from './event-stream.ts';

describe('event stream helpers', () => {
  it('backs off from 3 s to a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(reconnectDelayMs)).toEqual([3000, 6000, 12000, 24000, 48000, 60000, 60000]);
  });
});

/** Records what the browser would be asked to open. */
class RecordingEventSource {
  static CLOSED = 2;
  static opened: RecordingEventSource[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  handlers = new Map<string, (e: Event) => void>();
  constructor(readonly url: string) {
    RecordingEventSource.opened.push(this);
  }
  addEventListener(type: string, fn: (e: Event) => void) { this.handlers.set(type, fn); }
  close() { this.readyState = RecordingEventSource.CLOSED; }
  emit(type: string, id: number) {
    this.handlers.get(type)?.({ type, lastEventId: String(id), data: JSON.stringify({ id, type, payload: {}, created_at: '' }) } as unknown as Event);
  }
}

describe('UserEventStream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    RecordingEventSource.opened = [];
    vi.stubGlobal('EventSource', RecordingEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens each connection with a fresh single-use ticket, never the token, and resumes after the last event', async () => {
    let n = 0;
    const calls: { path: string; method?: string }[] = [];
    const client = {
      tokens: { getAccess: () => 'header.payload.signature' },
      request: async (path: string, o: { method?: string }) => {
        calls.push({ path, method: o.method });
        return { ticket: `ticket-${++n}`, expires_in: 30 };
      },
    } as unknown as ApiClient;
    const stream = new UserEventStream(client, '/api');
    const got: number[] = [];
    stream.on('new_message', (e) => got.push(e.id ?? -1));
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([{ path: '/events/ticket', method: 'POST' }]);
    expect(RecordingEventSource.opened.map((e) => e.url)).toEqual(['/api/events?ticket=ticket-1']);
    const first = RecordingEventSource.opened[0]!;
    first.emit('new_message', 7);
    expect(got).toEqual([7]);
    // The connection drops: the browser would retry the same URL (a used ticket), so it is reopened here.
    first.onerror?.();
    expect(first.readyState).toBe(RecordingEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(reconnectDelayMs(0));
    expect(RecordingEventSource.opened.map((e) => e.url)).toEqual([
      '/api/events?ticket=ticket-1',
      '/api/events?ticket=ticket-2&last_event_id=7',
    ]);
    expect(RecordingEventSource.opened.some((e) => e.url.includes('header.payload'))).toBe(false);
    stream.stop();
  });

  it('retries later when no ticket could be had', async () => {
    let fail = true;
    const client = {
      tokens: { getAccess: () => 't' },
      request: async () => {
        if (fail) throw new Error('offline');
        return { ticket: 'late', expires_in: 30 };
      },
    } as unknown as ApiClient;
    const stream = new UserEventStream(client, '/api');
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(RecordingEventSource.opened).toHaveLength(0);
    fail = false;
    await vi.advanceTimersByTimeAsync(reconnectDelayMs(0));
    expect(RecordingEventSource.opened.map((e) => e.url)).toEqual(['/api/events?ticket=late']);
    stream.stop();
  });
});
