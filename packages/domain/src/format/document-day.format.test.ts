import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { calendarDayIn, canonicalTimeZone, DEFAULT_DOCUMENT_TIME_ZONE, isTimeZone } from './document-day.format.ts';

describe('calendarDayIn', () => {
  it("gives the firm's local day, not UTC's, in the evening in Texas", () => {
    // 2026-12-01 01:00 UTC is 2026-11-30 19:00 in Chicago (CST, UTC-6).
    const evening = new Date('2026-12-01T01:00:00Z');
    expect(calendarDayIn(evening, 'America/Chicago')).toBe('2026-11-30');
    expect(calendarDayIn(evening, 'UTC')).toBe('2026-12-01');
    expect(calendarDayIn(evening, 'Pacific/Kiritimati')).toBe('2026-12-01');
  });

  it('follows daylight saving time (Phoenix keeps standard time, Denver does not)', () => {
    // 2026-07-01 06:30 UTC: Denver (MDT, UTC-6) 00:30 on the 1st; Phoenix (MST, UTC-7) 23:30 on June 30.
    const t = new Date('2026-07-01T06:30:00Z');
    expect(calendarDayIn(t, 'America/Denver')).toBe('2026-07-01');
    expect(calendarDayIn(t, 'America/Phoenix')).toBe('2026-06-30');
  });

  it('agrees with the UTC ISO day for UTC, for any instant', () => {
    fc.assert(fc.property(fc.date({ min: new Date('1970-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }), (d) => {
      expect(calendarDayIn(d, DEFAULT_DOCUMENT_TIME_ZONE)).toBe(d.toISOString().slice(0, 10));
    }));
  });

  it('is never more than a day away from the UTC day', () => {
    fc.assert(fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), fc.constantFrom('America/Chicago', 'Pacific/Honolulu', 'Asia/Tokyo', 'Pacific/Kiritimati'), (d, zone) => {
      const local = Date.parse(`${calendarDayIn(d, zone)}T00:00:00Z`);
      const utc = Date.parse(`${d.toISOString().slice(0, 10)}T00:00:00Z`);
      expect(Math.abs(local - utc)).toBeLessThanOrEqual(86_400_000);
    }));
  });
});

describe('isTimeZone', () => {
  it('knows IANA names', () => {
    for (const z of ['UTC', 'America/Chicago', 'America/Phoenix', 'America/Los_Angeles', 'America/Indiana/Indianapolis', 'Etc/GMT+5']) expect(isTimeZone(z)).toBe(true);
  });
  it('refuses what is not one', () => {
    for (const z of ['', 'Texas', 'America/Springfield', 'CST6CDT; drop table', '../etc/passwd', ' UTC', 'America/Chicago ']) expect(isTimeZone(z)).toBe(false);
  });
});

describe('canonicalTimeZone', () => {
  it("spells a zone the runtime's way", () => {
    expect(canonicalTimeZone('america/chicago')).toBe('America/Chicago');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
  });
});
