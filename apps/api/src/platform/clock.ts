/** Injected time, so rules that depend on it (token expiry, overdue, rate limits) are testable without sleeping. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

export function manualClock(start = new Date('2026-01-05T09:00:00Z')) {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance(ms: number) { t += ms; },
    set(d: Date) { t = d.getTime(); },
  };
}
