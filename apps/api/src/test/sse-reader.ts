/** One server-sent event as a browser's EventSource would deliver it. */
export type SseEvent = { id: number | undefined; event: string; data: unknown };

/**
 * Reads a text/event-stream body in the background and calls `onEvent` for every event with data
 * (comments and keep-alives skipped), until the stream ends or its request is aborted; then `onEnd`.
 */
export function readSse(body: ReadableStream<Uint8Array>, onEvent: (e: SseEvent) => void, onEnd?: () => void): void {
  void (async () => {
    const reader = body.getReader();
    const dec = new TextDecoder();
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += dec.decode(value, { stream: true });
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const f = Object.fromEntries(
            block.split('\n').filter((l) => !l.startsWith(':')).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
          );
          if (f.data) onEvent({ id: f.id === undefined ? undefined : Number(f.id), event: f.event ?? 'message', data: JSON.parse(f.data) });
        }
      }
    } catch {
      /* aborted */
    }
    onEnd?.();
  })();
}
