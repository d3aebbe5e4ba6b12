import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../lib/storage.ts';
import { CSV_EXPORTS, csvExportsFor, statsCsv, csvCell, toCsv } from './analytics.csv.ts';
import {
  DEFAULT_ANALYTICS_SETTINGS, effectiveRange, parseAnalyticsSettings, rangeOfPreset, readAnalyticsSettings, tabFor, writeAnalyticsSettings,
} from './analytics.settings.ts';

describe('analytics settings, remembered per user', () => {
  it('round-trips per user and keeps users apart', () => {
    const storage = createMemoryStorage();
    const s = { ...DEFAULT_ANALYTICS_SETTINGS, tab: 'company' as const, preset: null, start: '2026-01-01', end: '2026-03-31', jobsInterval: 'weekly' as const, companyIds: ['c1'] };
    writeAnalyticsSettings(storage, 'u1', s);
    expect(readAnalyticsSettings(storage, 'u1')).toEqual(s);
    expect(readAnalyticsSettings(storage, 'u2')).toEqual(DEFAULT_ANALYTICS_SETTINGS);
  });
  it('a broken field falls back alone', () => {
    const s = parseAnalyticsSettings(JSON.stringify({ tab: 'team', jobsInterval: 'weekly', start: '2026-02-30', companyIds: 'x' }));
    expect(s).toMatchObject({ tab: 'my', jobsInterval: 'weekly', start: null, companyIds: [] });
    expect(parseAnalyticsSettings('{not json')).toEqual(DEFAULT_ANALYTICS_SETTINGS);
  });
  it('shortcuts move with the calendar', () => {
    expect(rangeOfPreset('this_month', '2026-11-23')).toEqual({ start: '2026-11-01', end: '2026-11-23' });
    expect(rangeOfPreset('last_month', '2026-01-15')).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    expect(rangeOfPreset('quarter_to_date', '2026-11-23')).toEqual({ start: '2026-10-01', end: '2026-11-23' });
    expect(rangeOfPreset('year_to_date', '2026-11-23')).toEqual({ start: '2026-01-01', end: '2026-11-23' });
    expect(rangeOfPreset('last_12_months', '2026-11-23')).toEqual({ start: '2025-11-24', end: '2026-11-23' });
    expect(rangeOfPreset('last_12_months', '2024-02-29')).toEqual({ start: '2023-03-01', end: '2024-02-29' });
    expect(effectiveRange({ ...DEFAULT_ANALYTICS_SETTINGS, preset: null, start: '2026-05-01', end: '2026-04-01' }, '2026-11-23').end).toBe('2026-11-23');
  });
  it('a remembered tab the role lacks gives the first it has', () => {
    expect(tabFor({ ...DEFAULT_ANALYTICS_SETTINGS, tab: 'group' }, ['my', 'company'])).toBe('my');
    expect(tabFor({ ...DEFAULT_ANALYTICS_SETTINGS, tab: 'company' }, ['my', 'company'])).toBe('company');
  });
});

describe('CSV export', () => {
  it('quotes, doubles quotes and defuses formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(toCsv(['a', 'b'], [[1, 'x\ny']])).toBe('\uFEFFa,b\r\n1,"x\ny"\r\n');
  });
  it('the users\' export: staff read shift hours and jobs per hour; a client\'s has no such columns, and no designers\' export', () => {
    const users = [{ user: { id: 'u1', name: 'Ana' }, jobs: 2, revised_jobs: 1, status_moves: 3, jobs_moved: 2, jobs_completed: 1, revisions_requested: 0, shift_hours: 7.5, jobs_per_hour: 0.27 }];
    const stats = { active_tab: 'company', start_date: '2026-03-01', end_date: '2026-03-31', users } as never;
    expect(statsCsv(stats, 'users').split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFuser_id,name,jobs,revised_jobs,status_moves,jobs_moved,jobs_completed,revisions_requested,shift_hours,jobs_per_hour',
      'u1,Ana,2,1,3,2,1,0,7.5,0.27',
    ]);
    const client = { ...(stats as object), users: [{ ...users[0], shift_hours: null, jobs_per_hour: null }] } as never;
    expect(statsCsv(client, 'users', false).split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFuser_id,name,jobs,revised_jobs,status_moves,jobs_moved,jobs_completed,revisions_requested',
      'u1,Ana,2,1,3,2,1,0',
    ]);
    expect(csvExportsFor(true)).toContain('designers');
    expect(csvExportsFor(false)).not.toContain('designers');
    expect(csvExportsFor(false)).toHaveLength(CSV_EXPORTS.length - 1);
  });
  it('services in long format, one row per period and service', () => {
    const csv = statsCsv({
      active_tab: 'my', start_date: '2026-03-01', end_date: '2026-03-31',
      services_requested: {
        services: [{ code: 'cad_packet', label: 'CAD Design', count: 3 }, { code: 'wet_stamp', label: 'Wet Stamp', count: 1 }],
        series: [{ start: '2026-03-01', end: '2026-03-15', counts: { cad_packet: 3 }, total: 3 }, { start: '2026-03-16', end: '2026-03-31', counts: { wet_stamp: 1 }, total: 1 }],
      },
    } as never, 'services_requested');
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFperiod_start,period_end,service,label,count',
      '2026-03-01,2026-03-15,cad_packet,CAD Design,3',
      '2026-03-01,2026-03-15,wet_stamp,Wet Stamp,0',
      '2026-03-16,2026-03-31,cad_packet,CAD Design,0',
      '2026-03-16,2026-03-31,wet_stamp,Wet Stamp,1',
      '',
    ]);
  });
});
