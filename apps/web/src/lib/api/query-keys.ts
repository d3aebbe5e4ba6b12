import type { z } from 'zod';
import type { ZDirectoryQuery, ZEquipmentQuery } from '@sunstamp/domain/contracts/catalogue';
import type { ZResolveQuery } from '@sunstamp/domain/contracts/requirements';
import type { ZUsersQuery } from '@sunstamp/domain/contracts/users';
import type { RequirementScope } from '@sunstamp/domain/requirements/requirement.schema';
import type { Role } from '@sunstamp/domain/roles';
import { meQueryKey } from '../session/me.path.ts';

/*
 * Every TanStack Query key of the app, one factory per API resource. A feature caches and
 * invalidates through these (`queryKeys.jobs.lists()`), never through a literal array, so a
 * change of shape is one edit here and an invalidation in one feature reaches the caches of
 * another. Each resource's keys start with its root (`queryKeys.users.all`), which invalidates
 * all of them at once. Parameters are the domain contracts' query shapes.
 */

type Paged<Q> = Omit<Q, 'page' | 'page_size'> & { page?: number; page_size?: number };

export const queryKeys = {
  me: meQueryKey,
  users: {
    all: ['users'] as const,
    list: (q: z.input<typeof ZUsersQuery> = {}) => ['users', 'list', q] as const,
    /** Pickers: id, name, email and role of the active users with these roles. */
    simple: (roles: readonly Role[]) => ['users', 'simple', [...roles].sort().join(',')] as const,
  },
  companies: {
    all: ['companies'] as const,
    list: () => ['companies', 'list'] as const,
    contacts: () => ['companies', 'contacts'] as const,
  },
  /** Staff groups (the analytics Group tab). */
  groups: {
    all: ['groups'] as const,
    list: () => ['groups', 'list'] as const,
  },
  /** The back office: who is on shift now and the shift log. */
  staff: {
    all: ['staff'] as const,
    active: () => ['staff', 'active'] as const,
    shifts: (q: object) => ['staff', 'shifts', q] as const,
    contactMessages: (page: number) => ['staff', 'contact-messages', page] as const,
    demoRequests: (page: number) => ['staff', 'demo-requests', page] as const,
  },
  settings: {
    structuralSpan: () => ['settings', 'structural-span'] as const,
    timeZone: () => ['settings', 'time-zone'] as const,
  },
  jobs: {
    all: ['jobs'] as const,
    lists: () => ['jobs', 'list'] as const,
    list: (params: object) => ['jobs', 'list', params] as const,
    /** A job and, below it (longer keys), its history, revisions, files and requirements. */
    detail: (id: string) => ['jobs', 'detail', id] as const,
    history: (id: string) => ['jobs', 'detail', id, 'history'] as const,
    revisions: (id: string) => ['jobs', 'detail', id, 'revisions'] as const,
    files: (id: string) => ['jobs', 'detail', id, 'files'] as const,
    requirements: (id: string) => ['jobs', 'detail', id, 'requirements'] as const,
    equipment: (id: string) => ['jobs', 'detail', id, 'equipment'] as const,
    design: (id: string) => ['jobs', 'detail', id, 'design'] as const,
    deliverables: (id: string) => ['jobs', 'detail', id, 'deliverables'] as const,
    /** The job's plan-set runs (newest first). */
    cadRuns: (id: string) => ['jobs', 'detail', id, 'cad-runs'] as const,
    /** The engineering checks a passed run drew its sheets from. */
    cadRunChecks: (id: string, runId: string) => ['jobs', 'detail', id, 'cad-runs', runId, 'checks'] as const,
    /** The job's generated letters. */
    letters: (id: string) => ['jobs', 'detail', id, 'letters'] as const,
    /** The caller's letters runs of the job in the last hour, with their last events. */
    letterRuns: (id: string) => ['jobs', 'detail', id, 'letter-runs'] as const,
    /** The wet stamp of the job's current revision. */
    wetStamp: (id: string) => ['jobs', 'detail', id, 'wet-stamp'] as const,
  },
  verification: (code: string) => ['verification', code] as const,
  requirements: {
    all: ['requirements'] as const,
    resolved: () => ['requirements', 'resolve'] as const,
    resolve: (q: z.input<typeof ZResolveQuery> | object) => ['requirements', 'resolve', q] as const,
    scope: (s: { type: RequirementScope; id: string }) => ['requirements', 'scope', s.type, s.id] as const,
  },
  /**
   * Option lists: the forms' cached lists (by route) and the catalogue's screens (summaries and a
   * list's staff view) share one root, so an admin's edit or a refused save refreshes them all.
   */
  optionLists: {
    all: ['option-lists'] as const,
    forForm: (route: string) => ['option-lists', route] as const,
    summaries: () => ['option-lists', 'summaries'] as const,
    items: (key: string) => ['option-lists', 'staff', key] as const,
  },
  /** A job's conversation threads (below the job id, so one job's threads invalidate together). */
  messages: {
    all: ['messages'] as const,
    job: (jobId: string) => ['messages', jobId] as const,
    thread: (jobId: string, thread: string) => ['messages', jobId, thread] as const,
    history: (jobId: string, messageId: number) => ['messages', jobId, 'history', messageId] as const,
    participants: (jobId: string, thread: string) => ['messages', jobId, 'participants', thread] as const,
  },
  /** The inbox: the caller's conversations across jobs, by filter. */
  inbox: {
    all: ['inbox'] as const,
    list: (q: object) => ['inbox', q] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    list: () => ['notifications', 'list'] as const,
    unsubscribe: (token: string) => ['notifications', 'unsubscribe', token] as const,
  },
  states: () => ['states'] as const,
  codes: {
    all: ['codes'] as const,
    lists: () => ['codes', 'all'] as const,
  },
  ahjs: {
    all: ['ahjs'] as const,
    list: (q: Paged<z.input<typeof ZDirectoryQuery>> = {}) => ['ahjs', 'list', q] as const,
    one: (id: string) => ['ahjs', 'one', id] as const,
  },
  utilities: {
    all: ['utilities'] as const,
    list: (q: Paged<z.input<typeof ZDirectoryQuery>> = {}) => ['utilities', 'list', q] as const,
    one: (id: string) => ['utilities', 'one', id] as const,
  },
  equipment: {
    all: ['equipment'] as const,
    list: (q: Paged<z.input<typeof ZEquipmentQuery>> = {}) => ['equipment', 'list', q] as const,
  },
  /** The analytics numbers, one key per tab, period and selection. */
  /** The admin's site-alert list; the banners themselves come with queryKeys.me(). */
  siteAlerts: {
    all: ['site-alerts'] as const,
    list: () => ['site-alerts', 'list'] as const,
  },
  /** Staff engineers (PE licences, seal and signature) and their images. */
  engineers: {
    all: ['engineers'] as const,
    list: () => ['engineers', 'list'] as const,
    image: (id: string, kind: 'seal' | 'signature', version: string) => ['engineers', 'image', id, kind, version] as const,
  },
  /** Blog posts and help articles: the public pages' reads and the editors' lists share one root. */
  content: {
    all: ['content'] as const,
    publicList: (kind: 'post' | 'help', q: { q?: string; category?: string } = {}) => ['content', 'public', kind, q] as const,
    publicItem: (kind: 'post' | 'help', slug: string) => ['content', 'public', kind, 'item', slug] as const,
    editorList: (kind: 'post' | 'help') => ['content', 'editor', kind] as const,
    editorItem: (id: string) => ['content', 'editor', 'item', id] as const,
    revisions: (id: string) => ['content', 'editor', 'revisions', id] as const,
  },
  stats: {
    all: ['stats'] as const,
    tab: (params: object) => ['stats', 'tab', params] as const,
  },
} as const;
