/*
 * The formatters are made at their first use, not when the module loads: the first
 * Intl.DateTimeFormat loads the browser's locale and time-zone data (84 ms of a signed-in first
 * load's main thread in a CPU profile on a slow machine), and pages load this module before they
 * have a date to show.
 */
let dateTime: Intl.DateTimeFormat | undefined;
let dateOnly: Intl.DateTimeFormat | undefined;

/** "Mar 4, 2025, 2:05 PM" in the browser's time zone; the raw text when it is not a date. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  dateTime ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  return dateTime.format(d);
}

export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  dateOnly ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
  return dateOnly.format(d);
}
