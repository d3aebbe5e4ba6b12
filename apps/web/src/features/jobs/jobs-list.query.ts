import type { JobListQuery } from '@sunstamp/domain/contracts/jobs';
import type { JobsListFilters, JobsListSort } from './jobs-list.settings.ts';

/** The GET /jobs query-string values (strings: lists comma separated, as ZJobListQuery reads them). */
export type JobsListParams = Partial<Record<keyof JobListQuery, string | number>>;

/** A yyyy-mm-dd day as the ISO instant its local start (or end) falls on, so a "to" day is inclusive. */
export function dayBoundIso(day: string, bound: 'start' | 'end'): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const d = new Date(`${day}T${bound === 'start' ? '00:00:00.000' : '23:59:59.999'}`);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

export const orderingOf = (sort: JobsListSort): string | undefined =>
  sort ? `${sort.sort === 'desc' ? '-' : ''}${sort.field}` : undefined;

/**
 * The list state as GET /jobs query values: page is 1-based on the server (0-based in the grid),
 * empty filters are left out, lists are joined with commas.
 */
export function buildJobsListParams(input: {
  filters: JobsListFilters;
  search: string;
  sort: JobsListSort;
  page: number;
  pageSize: number;
}): JobsListParams {
  const { filters: f } = input;
  const out: JobsListParams = { page: input.page + 1, page_size: input.pageSize };
  const ordering = orderingOf(input.sort);
  if (ordering) out.ordering = ordering;
  const search = input.search.trim();
  if (search) out.search = search.slice(0, 200);
  if (f.client_status.length) out.client_status = f.client_status.join(',');
  if (f.status.length) out.status = f.status.join(',');
  if (f.company.length) out.company = f.company.join(',');
  if (f.services.length) out.services = f.services.join(',');
  if (f.assignee) out.assignee = f.assignee;
  if (f.overdue) out.overdue = f.overdue;
  if (f.waiting_on) out.waiting_on = f.waiting_on;
  const ranges = [
    ['created_after', f.created_after, 'start'],
    ['created_before', f.created_before, 'end'],
    ['updated_after', f.updated_after, 'start'],
    ['updated_before', f.updated_before, 'end'],
  ] as const;
  for (const [key, day, bound] of ranges) {
    const iso = day ? dayBoundIso(day, bound) : undefined;
    if (iso) out[key] = iso;
  }
  return out;
}
