import { z } from 'zod';
import { JOB_ORDERING_FIELDS } from '@sunstamp/domain/contracts/jobs';
import { CLIENT_STATUSES, JOB_STATUSES } from '@sunstamp/domain/jobs/workflow.rules';
import { ALL_SERVICE_CODES } from '@sunstamp/domain/constants/services.constants';
import { DEFAULT_PAGE_SIZE } from '@sunstamp/domain/contracts/common';
import type { KeyValueStorage } from '../../lib/storage.ts';

/**
 * What the jobs list remembers per user across reloads (spec §2: "persisted filters, columns,
 * sort and search values"). Stored as JSON in localStorage under a key with the user id; a value
 * that no longer parses (an old version, a removed status) falls back to its default alone, so
 * one bad field never loses the rest.
 */

export type OrderingField = (typeof JOB_ORDERING_FIELDS)[number];
export const JOBS_LIST_PAGE_SIZES = [25, 50, 100] as const;

const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const list = <T extends readonly [string, ...string[]]>(values: T) =>
  z.array(z.string()).transform((xs) => xs.filter((x): x is T[number] => (values as readonly string[]).includes(x)));

export const ZJobsListFilters = z.object({
  client_status: list(CLIENT_STATUSES).catch([]),
  status: list(JOB_STATUSES).catch([]),
  company: z.array(z.string().max(100)).max(200).catch([]),
  services: list(ALL_SERVICE_CODES as unknown as readonly [string, ...string[]]).catch([]),
  /** '' any, 'me', 'none' (unassigned) or a user id. */
  assignee: z.string().max(100).catch(''),
  overdue: z.enum(['', 'true', 'false']).catch(''),
  /** 'me': only the jobs waiting on the user's side (the API's waiting_on=me). */
  waiting_on: z.enum(['', 'me']).catch(''),
  created_after: z.union([dateText, z.literal('')]).catch(''),
  created_before: z.union([dateText, z.literal('')]).catch(''),
  updated_after: z.union([dateText, z.literal('')]).catch(''),
  updated_before: z.union([dateText, z.literal('')]).catch(''),
});
export type JobsListFilters = z.output<typeof ZJobsListFilters>;

export const ZJobsListSort = z
  .object({ field: z.enum(JOB_ORDERING_FIELDS), sort: z.enum(['asc', 'desc']) })
  .nullable();
export type JobsListSort = z.output<typeof ZJobsListSort>;

export const EMPTY_FILTERS: Readonly<JobsListFilters> = Object.freeze({
  client_status: [],
  status: [],
  company: [],
  services: [],
  assignee: '',
  overdue: '',
  waiting_on: '',
  created_after: '',
  created_before: '',
  updated_after: '',
  updated_before: '',
});

export const DEFAULT_SORT: NonNullable<JobsListSort> = { field: 'created_at', sort: 'desc' };

export type JobsListSettings = {
  filters: JobsListFilters;
  search: string;
  sort: JobsListSort;
  /** DataGrid column visibility: field → shown (fields not listed are shown). */
  columns: Record<string, boolean>;
  pageSize: number;
};

export const DEFAULT_JOBS_LIST_SETTINGS: Readonly<JobsListSettings> = Object.freeze({
  filters: EMPTY_FILTERS,
  search: '',
  sort: DEFAULT_SORT,
  columns: {},
  pageSize: DEFAULT_PAGE_SIZE,
});

const ZStored = z.object({
  v: z.literal(1),
  filters: z.unknown(),
  search: z.string().max(200).catch(''),
  sort: ZJobsListSort.catch(DEFAULT_SORT),
  columns: z.record(z.string().max(100), z.boolean()).catch({}),
  pageSize: z.number().int().catch(DEFAULT_PAGE_SIZE),
});

export const jobsListStorageKey = (userId: string) => `sunstamp.jobsList.${userId}`;

export function serialiseJobsListSettings(s: JobsListSettings): string {
  return JSON.stringify({ v: 1, filters: s.filters, search: s.search, sort: s.sort, columns: s.columns, pageSize: s.pageSize });
}

/** The settings a stored text describes; the defaults for anything missing or broken. */
export function parseJobsListSettings(raw: string | null | undefined): JobsListSettings {
  if (!raw) return cloneDefaults();
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return cloneDefaults();
  }
  const stored = ZStored.safeParse(json);
  if (!stored.success) return cloneDefaults();
  const filterInput = typeof stored.data.filters === 'object' && stored.data.filters !== null ? stored.data.filters : {};
  const filters = ZJobsListFilters.safeParse({ ...EMPTY_FILTERS, ...filterInput });
  const pageSize = (JOBS_LIST_PAGE_SIZES as readonly number[]).includes(stored.data.pageSize) ? stored.data.pageSize : DEFAULT_PAGE_SIZE;
  return {
    filters: filters.success ? filters.data : { ...EMPTY_FILTERS },
    search: stored.data.search,
    sort: stored.data.sort,
    columns: stored.data.columns,
    pageSize,
  };
}

function cloneDefaults(): JobsListSettings {
  return { ...DEFAULT_JOBS_LIST_SETTINGS, filters: { ...EMPTY_FILTERS }, columns: {} };
}

export function readJobsListSettings(storage: KeyValueStorage, userId: string): JobsListSettings {
  try {
    return parseJobsListSettings(storage.getItem(jobsListStorageKey(userId)));
  } catch {
    return cloneDefaults();
  }
}

export function writeJobsListSettings(storage: KeyValueStorage, userId: string, s: JobsListSettings): void {
  try {
    storage.setItem(jobsListStorageKey(userId), serialiseJobsListSettings(s));
  } catch {
    /* a full or blocked storage only loses the preference */
  }
}

const QUERY_LIST_KEYS = ['client_status', 'status', 'company', 'services'] as const;
const QUERY_TEXT_KEYS = ['assignee', 'overdue', 'waiting_on', 'created_after', 'created_before', 'updated_after', 'updated_before'] as const;

/**
 * The list a link asks for (`/jobs?status=Pending%20QC,Pending%20Design&search=garcia`, the API's own
 * parameter names, lists comma-separated or repeated): those filters and that search over the
 * remembered columns, sort and page size. Null when the address names no filter. Values that do not
 * parse (an unknown status, a malformed date) are dropped one by one, as from storage.
 */
export function settingsFromQuery(query: string, remembered: JobsListSettings): JobsListSettings | null {
  const q = new URLSearchParams(query);
  if (![...QUERY_LIST_KEYS, ...QUERY_TEXT_KEYS, 'search'].some((k) => q.has(k))) return null;
  const input: Record<string, unknown> = { ...EMPTY_FILTERS };
  for (const k of QUERY_LIST_KEYS) {
    if (q.has(k)) input[k] = q.getAll(k).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  }
  for (const k of QUERY_TEXT_KEYS) {
    const v = q.get(k);
    if (v !== null) input[k] = k.endsWith('_after') || k.endsWith('_before') ? v.slice(0, 10) : v;
  }
  const filters = ZJobsListFilters.safeParse(input);
  return { ...remembered, filters: filters.success ? filters.data : { ...EMPTY_FILTERS }, search: (q.get('search') ?? '').trim().slice(0, 200) };
}

/** How many filters are set (for the "Filters (n)" badge and "Clear"). */
export function activeFilterCount(f: JobsListFilters): number {
  let n = 0;
  for (const [k, v] of Object.entries(f)) {
    if (Array.isArray(v) ? v.length > 0 : v !== '') n += k.endsWith('_before') && f[k.replace('_before', '_after') as keyof JobsListFilters] ? 0 : 1;
  }
  return n;
}
