/** "3.5 h", "45 min": hours as people read them. */
export function hoursText(hours: number): string {
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  return `${Math.round(hours * 10) / 10} h`;
}

/** The shift log's query for the last `days` days up to `now` (instants, so the browser's day does not matter). */
export function shiftWindowOf(days: number, now: Date): { start_date: string } {
  const start = new Date(now.getTime() - days * 24 * 3600_000);
  start.setSeconds(0, 0);
  return { start_date: start.toISOString() };
}
