/**
 * The calendar day printed on the firm's documents (the title block's date, a letter's date, the
 * date beside a seal) and used for a licence's validity on that day: the day in the firm's time
 * zone (an admin's setting, `UTC` until set), never the server's or the reader's. An engineer who
 * seals at 7 pm in Texas gets that day, not UTC's next one.
 */

/** The time zone in force until an admin sets the firm's own. */
export const DEFAULT_DOCUMENT_TIME_ZONE = 'UTC';

/** Whether `zone` is an IANA time-zone name this runtime knows ("America/Chicago", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The runtime's own spelling of a known zone ("america/chicago" → "America/Chicago"). */
export function canonicalTimeZone(zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The ISO calendar day (YYYY-MM-DD) of `instant` in `timeZone`. */
export function calendarDayIn(instant: Date, timeZone: string): string {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, f);
  }
  const parts = f.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((x) => x.type === type)!.value;
  return `${get('year').padStart(4, '0')}-${get('month')}-${get('day')}`;
}
