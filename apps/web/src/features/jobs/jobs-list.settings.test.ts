import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../lib/storage.ts';
import {
  DEFAULT_JOBS_LIST_SETTINGS,
  EMPTY_FILTERS,
  activeFilterCount,
  jobsListStorageKey,
  parseJobsListSettings,
  readJobsListSettings,
  serialiseJobsListSettings,
  settingsFromQuery,
  writeJobsListSettings,
  type JobsListSettings,
} from './jobs-list.settings.ts';

const custom: JobsListSettings = {
  filters: { ...EMPTY_FILTERS, client_status: ['Submitted'], services: ['cad_packet'], created_after: '2025-03-01' },
  search: 'smith',
  sort: { field: 'name', sort: 'asc' },
  columns: { company: false, updated_at: true },
  pageSize: 100,
};

describe('jobs list settings persistence', () => {
  it('round-trips through serialise and parse', () => {
    expect(parseJobsListSettings(serialiseJobsListSettings(custom))).toEqual(custom);
  });

  it('gives the defaults for nothing, broken JSON or another version', () => {
    for (const raw of [null, '', '{', '[]', JSON.stringify({ v: 2, search: 'x' })]) {
      expect(parseJobsListSettings(raw)).toEqual(DEFAULT_JOBS_LIST_SETTINGS);
    }
  });

  it('drops only the values that no longer parse', () => {
    const raw = JSON.stringify({
      v: 1,
      filters: { client_status: ['Submitted', 'Gone'], status: 'Draft', overdue: 'maybe', created_before: '2025-13', assignee: 'me' },
      search: 'ok',
      sort: { field: 'password', sort: 'asc' },
      columns: { name: 'yes', company: false },
      pageSize: 7,
    });
    const s = parseJobsListSettings(raw);
    expect(s.filters.client_status).toEqual(['Submitted']);
    expect(s.filters.status).toEqual([]);
    expect(s.filters.overdue).toBe('');
    expect(s.filters.assignee).toBe('me');
    expect(s.search).toBe('ok');
    expect(s.sort).toEqual(DEFAULT_JOBS_LIST_SETTINGS.sort);
    expect(s.columns).toEqual({});
    expect(s.pageSize).toBe(DEFAULT_JOBS_LIST_SETTINGS.pageSize);
  });

  it('remembers "Waiting on me", and forgets a value it no longer knows', () => {
    const s = { ...DEFAULT_JOBS_LIST_SETTINGS, filters: { ...EMPTY_FILTERS, waiting_on: 'me' as const } };
    expect(parseJobsListSettings(serialiseJobsListSettings(s)).filters.waiting_on).toBe('me');
    const odd = JSON.stringify({ v: 1, filters: { waiting_on: 'everyone' }, search: '', sort: null, columns: {}, pageSize: 50 });
    expect(parseJobsListSettings(odd).filters.waiting_on).toBe('');
  });

  it('keeps an explicit "no sort"', () => {
    expect(parseJobsListSettings(serialiseJobsListSettings({ ...custom, sort: null })).sort).toBeNull();
  });

  it('stores per user', () => {
    const storage = createMemoryStorage();
    writeJobsListSettings(storage, 'u1', custom);
    expect(storage.getItem(jobsListStorageKey('u1'))).toBeTruthy();
    expect(readJobsListSettings(storage, 'u1')).toEqual(custom);
    expect(readJobsListSettings(storage, 'u2')).toEqual(DEFAULT_JOBS_LIST_SETTINGS);
  });

  it('survives a storage that throws', () => {
    const broken = { getItem: () => { throw new Error('blocked'); }, setItem: () => { throw new Error('full'); }, removeItem: () => {} };
    expect(readJobsListSettings(broken, 'u1')).toEqual(DEFAULT_JOBS_LIST_SETTINGS);
    expect(() => writeJobsListSettings(broken, 'u1', custom)).not.toThrow();
  });

  it('counts active filters, a date range once', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, status: ['Draft'], created_after: '2025-01-01', created_before: '2025-02-01' })).toBe(2);
  });
});

describe('a link\'s filters', () => {
  it('open the list on the filters and search the address names, over the remembered sort, columns and page size', () => {
    const linked = settingsFromQuery('?status=Pending%20QC,Pending%20Design&services=cad_packet&services=wet_stamp&search=%20garcia%20&created_after=2026-03-01T00:00:00Z', custom);
    expect(linked).toEqual({
      ...custom,
      filters: { ...EMPTY_FILTERS, status: ['Pending QC', 'Pending Design'], services: ['cad_packet', 'wet_stamp'], created_after: '2026-03-01' },
      search: 'garcia',
    });
  });
  it('drop what does not parse, one value at a time; an address without filters keeps the remembered list', () => {
    expect(settingsFromQuery('?status=Pending%20QC,Nonsense&overdue=maybe&created_before=soon', custom)?.filters)
      .toEqual({ ...EMPTY_FILTERS, status: ['Pending QC'] });
    expect(settingsFromQuery('', custom)).toBeNull();
    expect(settingsFromQuery('?page=2&other=x', custom)).toBeNull();
    expect(settingsFromQuery('?waiting_on=me', custom)).toEqual({ ...custom, filters: { ...EMPTY_FILTERS, waiting_on: 'me' }, search: '' });
  });
});
