import { describe, expect, it } from 'vitest';
import { ZJobListQuery } from '@sunstamp/domain/contracts/jobs';
import { buildQueryString } from '../../lib/api-client.ts';
import { buildJobsListParams, dayBoundIso, orderingOf } from './jobs-list.query.ts';
import { EMPTY_FILTERS } from './jobs-list.settings.ts';

const base = { filters: EMPTY_FILTERS, search: '', sort: { field: 'created_at', sort: 'desc' } as const, page: 0, pageSize: 50 };

describe('GET /jobs query building', () => {
  it('sends only paging and ordering with no filters (page is 1-based)', () => {
    expect(buildJobsListParams(base)).toEqual({ page: 1, page_size: 50, ordering: '-created_at' });
    expect(buildJobsListParams({ ...base, page: 2, sort: { field: 'name', sort: 'asc' } })).toMatchObject({ page: 3, ordering: 'name' });
    expect(buildJobsListParams({ ...base, sort: null })).not.toHaveProperty('ordering');
  });

  it('joins lists with commas and trims the search', () => {
    const p = buildJobsListParams({
      ...base,
      search: '  smith  ',
      filters: { ...EMPTY_FILTERS, client_status: ['Draft', 'Submitted'], services: ['cad_packet', 'wet_stamp'], assignee: 'none', overdue: 'true' },
    });
    expect(p).toMatchObject({ search: 'smith', client_status: 'Draft,Submitted', services: 'cad_packet,wet_stamp', assignee: 'none', overdue: 'true' });
  });

  it('turns day filters into inclusive instants', () => {
    const p = buildJobsListParams({ ...base, filters: { ...EMPTY_FILTERS, created_after: '2025-03-01', created_before: '2025-03-31' } });
    expect(new Date(p.created_after as string).getTime()).toBe(new Date('2025-03-01T00:00:00').getTime());
    expect(new Date(p.created_before as string).getTime()).toBe(new Date('2025-03-31T23:59:59.999').getTime());
    expect(dayBoundIso('not a day', 'start')).toBeUndefined();
  });

  it('is a query the API accepts', () => {
    const p = buildJobsListParams({
      ...base,
      search: 'x',
      filters: { ...EMPTY_FILTERS, status: ['Pending QC'], client_status: ['Submitted'], company: ['7f0a3e0e-93c3-4c5e-9a7c-9d2f0c0b1a11'], updated_before: '2025-01-02' },
    });
    const qs = new URLSearchParams(buildQueryString(p).slice(1));
    const parsed = ZJobListQuery.safeParse(Object.fromEntries(qs));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.status).toEqual(['Pending QC']);
  });

  it('sends "Waiting on me" as waiting_on=me, which the API accepts, and nothing when off', () => {
    const on = buildJobsListParams({ ...base, filters: { ...EMPTY_FILTERS, waiting_on: 'me' } });
    expect(on.waiting_on).toBe('me');
    expect(ZJobListQuery.safeParse(Object.fromEntries(new URLSearchParams(buildQueryString(on).slice(1)))).data?.waiting_on).toBe('me');
    expect(buildJobsListParams({ ...base, filters: { ...EMPTY_FILTERS } }).waiting_on).toBeUndefined();
  });

  it('writes the ordering of a sort', () => {
    expect(orderingOf({ field: 'updated_at', sort: 'desc' })).toBe('-updated_at');
    expect(orderingOf(null)).toBeUndefined();
  });
});
