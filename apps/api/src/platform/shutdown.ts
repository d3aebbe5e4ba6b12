/**
 * Closes a process on SIGTERM/SIGINT: logs what it is finishing, runs `close` once (a second signal
 * is ignored) and exits 0, or 1 when closing fails or takes longer than `forceAfterMs`.
 */
export function closeOnSignals(finishing: string, close: () => Promise<void>, forceAfterMs = 15_000) {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received: ${finishing}…`);
    const force = setTimeout(() => process.exit(1), forceAfterMs);
    force.unref();
    try {
      await close();
      process.exit(0);
    } catch (e) {
      console.error(e);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
