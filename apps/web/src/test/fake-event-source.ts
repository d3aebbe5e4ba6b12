import { vi } from 'vitest';
import { userEventStream } from '../lib/event-stream.ts';
import type { fakeApi } from './fake-api.ts';

/**
 * The server's live events as the browser receives them: a stand-in for EventSource (the
 * transport, not the app's stream code) and the app's userEventStream started over it, so a
 * test sends an event the way the server would and the screen hears it through its own listener.
 */
export async function liveEvents(api: ReturnType<typeof fakeApi>) {
  const sources: FakeEventSource[] = [];
  class FakeEventSource {
    onopen: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private handlers = new Map<string, Set<(e: Event) => void>>();
    constructor(readonly url: string) {
      sources.push(this);
    }
    addEventListener(type: string, fn: (e: Event) => void) {
      if (!this.handlers.has(type)) this.handlers.set(type, new Set());
      this.handlers.get(type)!.add(fn);
    }
    close() {}
    emit(type: string, payload: unknown) {
      const e = new MessageEvent(type, { data: JSON.stringify({ id: null, type, payload, created_at: new Date().toISOString() }) });
      for (const fn of this.handlers.get(type) ?? []) fn(e);
    }
  }
  vi.stubGlobal('EventSource', FakeEventSource);
  api.on('POST /events/ticket', { ticket: 'ticket-1' });
  userEventStream.start();
  await vi.waitFor(() => {
    if (!sources.length) throw new Error('the stream has not opened yet');
  });
  return {
    /** Sends one event of `type` with this payload, as the server publishes it. */
    send: (type: string, payload: unknown) => sources.at(-1)!.emit(type, payload),
    stop: () => userEventStream.stop(),
  };
}
