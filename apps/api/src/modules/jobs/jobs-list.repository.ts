import type { Database } from '../../db/client.ts';
import { SNAPSHOT_COLUMN, type SnapshotCache } from '../../db/snapshot-cache.ts';
import type { JobRefs, JobRow, JobScope } from './jobs-refs.repository.ts';

// The list of jobs, the one hot path written as SQL text (jobs.repository.ts offers it with the rest).

export type JobListFilter = {
  scope: JobScope;
  includeInactive: boolean;
  statuses?: string[];
  clientStatuses?: string[];
  companyIds?: string[];
  services?: string[];
  assigneeIds?: string[];
  unassigned?: boolean;
  overdue?: boolean;
  /** Order by the instant each job turns (or turned) overdue first, jobs that cannot be overdue last: the team's "waiting on me". */
  overdueFirst?: boolean;
  now: Date;
  createdAfter?: Date;
  createdBefore?: Date;
  updatedAfter?: Date;
  updatedBefore?: Date;
  search?: string;
};

export type JobOrderField = 'created_at' | 'updated_at' | 'name' | 'client_name' | 'status' | 'submitted_at';
const ORDER_COLUMNS: Record<JobOrderField, string> = {
  created_at: 'j.created_at',
  updated_at: 'j.updated_at',
  name: 'j.name',
  client_name: 'j.client_name',
  status: 'j.status',
  submitted_at: 'j.submitted_at',
};

/** Words a list filter inlines: the values of the job statuses, client statuses, services and message threads. */
const WORD = /^[A-Za-z0-9 _()-]*$/;

/**
 * A value as an SQL literal, when it is a page number or a word (an array of words as text[]);
 * otherwise undefined. Nothing else is ever written into the statement's text.
 */
export function literalOf(v: unknown): string | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) && v >= 0 ? String(v) : undefined;
  if (typeof v === 'string') return WORD.test(v) ? `'${v}'` : undefined;
  if (Array.isArray(v)) {
    if (!v.every((x) => typeof x === 'string' && WORD.test(x))) return undefined;
    return v.length ? `array[${v.map((x) => `'${x}'`).join(', ')}]::text[]` : `'{}'::text[]`;
  }
  return undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => '\\' + m);

/**
 * A statement's values as they are written into its text: each a numbered parameter (`values`
 * collects them), or, `inline` (planAlike below), a literal of literalOf.
 */
function sqlValues(inline: boolean) {
  const values: unknown[] = [];
  const p = (v: unknown) => {
    if (inline) return literalOf(v)!;
    values.push(v);
    return `$${values.length}`;
  };
  return { values, p };
}
type SqlValues = ReturnType<typeof sqlValues>;

/**
 * The WHERE clause of a list filter as SQL text, its values through `p`. The list is the one hot
 * path written by hand rather than through drizzle's builder: building and mapping the query was
 * more CPU than PostgreSQL spent running it (bench/README.md, Jobs list). Only column names from
 * this file and what `p` answers enter the text.
 */
function listWhere(f: JobListFilter, p: SqlValues['p']): string {
  // One value compares with = so an index on (column, created_at) also yields the order; = any()
  // of a one-element array would not.
  const oneOf = (col: string, v: readonly string[], type: 'text' | 'uuid') =>
    v.length === 1 ? `${col} = ${p(v[0])}` : `${col} = any(${p(v)}::${type}[])`;
  const c: string[] = [];
  if (f.scope.kind === 'assigned') c.push(`j.assignee_id = ${p(f.scope.userId)}`);
  if (f.scope.kind === 'companies') c.push(f.scope.companyIds.length ? oneOf('j.company_id', f.scope.companyIds, 'uuid') : 'false');
  if (!f.includeInactive) c.push('j.is_active');
  if (f.statuses?.length) c.push(oneOf('j.status', f.statuses, 'text'));
  if (f.clientStatuses?.length) c.push(oneOf('j.client_status', f.clientStatuses, 'text'));
  if (f.companyIds?.length) c.push(oneOf('j.company_id', f.companyIds, 'uuid'));
  if (f.services?.length) c.push(`j.services_requested && ${p(f.services)}::text[]`);
  if (f.assigneeIds?.length || f.unassigned) {
    const either: string[] = [];
    if (f.assigneeIds?.length) either.push(oneOf('j.assignee_id', f.assigneeIds, 'uuid'));
    if (f.unassigned) either.push('j.assignee_id is null');
    c.push(`(${either.join(' or ')})`);
  }
  // overdue_at is the instant the job's pending-admin time passes its threshold (see jobs.schema.ts).
  if (f.overdue === true) c.push(`(j.overdue_at is not null and j.overdue_at < ${p(f.now)})`);
  if (f.overdue === false) c.push(`(j.overdue_at is null or j.overdue_at >= ${p(f.now)})`);
  if (f.createdAfter) c.push(`j.created_at >= ${p(f.createdAfter)}`);
  if (f.createdBefore) c.push(`j.created_at <= ${p(f.createdBefore)}`);
  if (f.updatedAfter) c.push(`j.updated_at >= ${p(f.updatedAfter)}`);
  if (f.updatedBefore) c.push(`j.updated_at <= ${p(f.updatedBefore)}`);
  if (f.search) c.push(`j.search_text like ${p(`%${escapeLike(f.search.toLowerCase())}%`)}`);
  return c.length ? `where ${c.join(' and ')}` : '';
}

/** A list row: the list columns only, not the forms (arrays, requirements, CAD intake), which are most of a row's bytes. */
export type JobListRow = Pick<JobRow,
  | 'id' | 'name' | 'clientName' | 'clientStreetAddress' | 'clientZipCode' | 'clientCity' | 'clientStateId' | 'companyId'
  | 'status' | 'servicesRequested' | 'assigneeId' | 'isActive' | 'revisionNumber' | 'createdByRole' | 'pendingAdminMsClosed'
  | 'pendingSince' | 'overdueAt' | 'serviceTasks'>;
/** A list row's instants as the answer writes them (ISO 8601, UTC, milliseconds), made by the database. */
export type JobListInstants = { submittedAt: string | null; createdAt: string; updatedAt: string };
export type JobListRefs = Pick<JobRefs, 'companyName' | 'stateName' | 'stateAbbreviation' | 'assigneeFirstName' | 'assigneeLastName' | 'assigneeEmail'>;

/**
 * A page comes back as one JSON text (an array of row arrays) built by the database: reading 50 rows
 * of 26 columns field by field cost more than the query on PGlite, and one JSON.parse is cheaper on
 * node-postgres too. Instants are epoch milliseconds, truncated to the millisecond as a JS Date is,
 * so the float is an exact integer but for rounding. The page is cut first and only its rows join
 * the names they show.
 */
const ms = (col: string) => `date_part('epoch', date_trunc('milliseconds', ${col})) * 1000`;
/** The instant as JS's toISOString writes it (milliseconds truncated, as a JS Date holds them): no Date per value in the API. */
const iso = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const PAGE_COLUMNS = `j.id, j.name, j.client_name, j.client_street_address, j.client_zip_code, j.client_city,
  j.client_state_id, j.company_id, j.status, j.services_requested, j.assignee_id, j.is_active, j.revision_number,
  j.created_by_role, j.pending_admin_ms_closed, j.pending_since, j.overdue_at, j.submitted_at, j.created_at, j.updated_at,
  j.service_tasks`;
const ROW_COLUMNS = `j.id, j.name, j.client_name, j.client_street_address, j.client_zip_code, j.client_city,
  j.client_state_id, j.company_id, j.status, j.services_requested, j.assignee_id, j.is_active, j.revision_number,
  j.created_by_role, j.pending_admin_ms_closed, ${ms('j.pending_since')}, ${ms('j.overdue_at')}, ${iso('j.submitted_at')},
  ${iso('j.created_at')}, ${iso('j.updated_at')},
  c.name, a.first_name, a.last_name, a.email, j.service_tasks`;

/** The reader of a list: their id and the threads they read on every job they see, or only where the client thread is shared. */
export type ListReader = { userId: string | null; always: string[]; whenShared: string[] };
const NO_READER: ListReader = { userId: null, always: [], whenShared: [] };

/**
 * The reader's unread messages on a listed job (`user`: the reader's id, a parameter; `always`: the
 * threads they always read; `whenShared`: those they read where staff shared the client thread; the
 * three as SQL, parameters or literals): per thread, the messages of
 * others after the reader's read mark, an index range scan of messages_job_thread_idx from the mark
 * on. Only the page's rows run it, and a job without messages (most of them) costs one index probe.
 */
const unreadSql = (user: string, always: string, whenShared: string) => `(case when not exists (select 1 from messages e where e.job_id = j.id) then 0 else (select coalesce(sum((select count(*) from messages m
    where m.job_id = j.id and m.thread = t.th and m.author_id is distinct from ${user}::uuid
      and m.id > coalesce((select r.last_read_message_id from message_reads r where r.job_id = j.id and r.user_id = ${user}::uuid and r.thread = t.th), 0))), 0)::int
  from unnest(${always}::text[] || case when cardinality(${whenShared}::text[]) > 0
    then coalesce((select ${whenShared}::text[] from conversations cv where cv.job_id = j.id and cv.contractor_access), '{}') else '{}' end) as t(th)) end)`;
/*
 * The state's name is not joined: the states are reference data that nothing writes while the API
 * runs (the seed writes them), and for the 50 rows of a page the join (a scan of the table hashed
 * against the page) was a tenth to a quarter of the statement's time on PGlite (bench/README.md,
 * issue 27). The names come from statesOfRows below.
 */
const PAGE_JOINS = `join companies c on c.id = j.company_id
left join users a on a.id = j.assignee_id`;

type StateName = { name: string; abbreviation: string };
/** The states by id, read once per database (a state the map lacks reads them again: see statesOfRows). */
const statesByDatabase = new WeakMap<Database, Promise<Map<number, StateName>>>();
function readStates(database: Database): Promise<Map<number, StateName>> {
  const read = database.queryArrays({ text: 'select id, name, abbreviation from states', values: [] })
    .then((rows) => new Map(rows.map((r) => [Number(r[0]), { name: r[1] as string, abbreviation: r[2] as string }])));
  // A failed read is not kept: the next list reads again.
  read.catch(() => statesByDatabase.delete(database));
  statesByDatabase.set(database, read);
  return read;
}
/** The states that a page's rows (ROW_COLUMNS: the state's id 7th) name; read again if one is missing (a state seeded since). */
async function statesOfRows(database: Database, rows: unknown[][]): Promise<Map<number, StateName>> {
  const states = await (statesByDatabase.get(database) ?? readStates(database));
  return rows.some((r) => r[6] !== null && !states.has(r[6] as number)) ? readStates(database) : states;
}

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));
const instant = (v: unknown) => (v === null ? null : new Date(Math.round(num(v))));

/**
 * The values of ROW_COLUMNS, in order; instants are converted, the rest are as the driver reads them.
 * One object literal per row (a fixed shape), not keys assigned in a loop: this runs 50 times per page.
 */
function listRowOf(r: unknown[], states: Map<number, StateName>): { job: JobListRow; instants: JobListInstants; unreadMessages: number } & JobListRefs {
  const state = r[6] === null ? undefined : states.get(r[6] as number);
  const job: JobListRow = {
    id: r[0] as string, name: r[1] as string, clientName: r[2] as string, clientStreetAddress: r[3] as string,
    clientZipCode: r[4] as string, clientCity: r[5] as string, clientStateId: r[6] as JobListRow['clientStateId'],
    companyId: r[7] as string, status: r[8] as string, servicesRequested: r[9] as string[], assigneeId: r[10] as string | null,
    isActive: r[11] as boolean, revisionNumber: r[12] as number, createdByRole: r[13] as JobListRow['createdByRole'],
    pendingAdminMsClosed: num(r[14]),
    pendingSince: instant(r[15]), overdueAt: instant(r[16]),
    serviceTasks: (r[24] as Record<string, string> | null) ?? {},
  };
  return {
    job,
    instants: { submittedAt: r[17] as string | null, createdAt: r[18] as string, updatedAt: r[19] as string },
    companyName: r[20] as string | null, stateName: state?.name ?? null, stateAbbreviation: state?.abbreviation ?? null,
    assigneeFirstName: r[21] as string | null, assigneeLastName: r[22] as string | null, assigneeEmail: r[23] as string | null,
    unreadMessages: num(r[25] ?? 0),
  };
}

/** Statement names by text, so PostgreSQL parses each shape of list query once per connection. */
const statementNames = new Map<string, string>();
/**
 * Of those, the statements with the values written in (planAlike): one per filter, order and page,
 * so fewer. A client's or an assignee's list is one statement per company or person, so those have
 * a budget of their own: many client companies never push the staff's lists back to a plan per answer.
 */
const INLINE_STATEMENTS = 100;
const inlineStatements = { staff: 0, scoped: 0 };
type InlineBudget = keyof typeof inlineStatements;
function statementName(text: string, inline?: InlineBudget): string | undefined {
  let name = statementNames.get(text);
  if (!name) {
    // An unusual mix of filters runs unprepared; a prepared list statement holds ~0.25 MB in each connection's backend.
    if (statementNames.size >= 500 || (inline && inlineStatements[inline] >= INLINE_STATEMENTS)) return undefined;
    if (inline) inlineStatements[inline] += 1;
    name = `jobs_list_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/** The deepest page a statement is kept for with its values written in; deeper pages take the offset as a parameter. */
const MAX_INLINE_OFFSET = 500;

/**
 * Whether a list statement may carry its values as literals, so that PostgreSQL plans it once per
 * connection instead of once per answer. A prepared statement is planned afresh on each execution
 * while its custom plans cost less than the generic one, and with `limit $n` the generic plan is
 * costed for a tenth of the table: every list answer was planned, about half of the database's
 * time for it (bench/README.md, issue 27). Written in: the page, the words (statuses, client
 * statuses, services, threads), and the scope of a client's or an assignee's list (their companies'
 * ids, their own id), so each company's list is planned for that company, as a custom plan would be;
 * the reader's id stays a parameter, as it only picks the rows of the unread counts, so the generic
 * plan is the custom plan and the plan cache keeps it. Not for a staff filter by ids, instants or
 * search text: those keep every value a parameter and custom plans, because one statement would
 * serve every value and a generic plan is costed for a typical one (one for "this company's jobs"
 * ran ~65x slower than the custom plan for a company with none).
 */
export function planAlike(f: JobListFilter, page: { limit: number; offset: number }, reader: ListReader): boolean {
  const scope = f.scope.kind === 'all' ? undefined : f.scope.kind === 'assigned' ? f.scope.userId : f.scope.companyIds;
  return !f.companyIds?.length && !f.assigneeIds?.length && f.overdue === undefined
    && !f.createdAfter && !f.createdBefore && !f.updatedAfter && !f.updatedBefore && !f.search
    && page.offset <= MAX_INLINE_OFFSET
    && [scope, f.statuses, f.clientStatuses, f.services, reader.always, reader.whenShared, page.limit, page.offset]
      .every((v) => v === undefined || literalOf(v) !== undefined);
}

/** The page statement and the count statement of a list, with its values as parameters or written in. */
export function listStatements(
  f: JobListFilter,
  order: { field: JobOrderField; desc: boolean },
  page: { limit: number; offset: number },
  reader: ListReader,
  inline: boolean,
) {
  const { values, p } = sqlValues(inline);
  const where = listWhere(f, p);
  // The count statement takes the filter's values alone.
  const countValues = [...values];
  const col = ORDER_COLUMNS[order.field];
  // The id breaks ties so pages never repeat or skip a row; its direction matches jobs_created_idx.
  const byColumn = order.desc ? `${col} desc nulls last, j.id asc` : `${col} asc nulls first, j.id desc`;
  const orderBy = f.overdueFirst ? `j.overdue_at asc nulls last, ${byColumn}` : byColumn;
  const limit = p(page.limit);
  const offset = p(page.offset);
  values.push(reader.userId); // a parameter either way: it steers no plan
  const unread = unreadSql(`$${values.length}`, p(reader.always), p(reader.whenShared));
  // The snapshot the page was read under comes with it: a page is reused while the database's snapshot is unchanged (JobPageCache).
  const text = `select coalesce(json_agg(json_build_array(${ROW_COLUMNS}, ${unread}) order by ${orderBy}), '[]')::text, ${SNAPSHOT_COLUMN}
from (select ${PAGE_COLUMNS} from jobs j ${where} order by ${orderBy} limit ${limit} offset ${offset}) j
${PAGE_JOINS}`;
  return { text, values, countText: `select count(*)::int from jobs j ${where}`, countValues };
}

/** A page's rows as the list maps them, shared by the answers that reuse the page: read, never written. */
export type JobListPage = readonly ReturnType<typeof listRowOf>[];
/**
 * Pages of the list by statement and values, reused while nothing in the database changed
 * (db/snapshot-cache.ts): the same reader asking for the same page again, as the app does when it
 * comes back to the list or refreshes it, costs one small statement instead of the page's.
 */
export type JobPageCache = SnapshotCache<JobListPage>;

export async function listJobs(
  database: Database,
  f: JobListFilter,
  order: { field: JobOrderField; desc: boolean },
  page: { limit: number; offset: number },
  /**
   * The total: a count already known (skips the count query), or how to have it given the count's
   * read (the service answers it from its cache, or one read shared by the callers that miss at once).
   */
  total?: number | ((read: () => Promise<number>) => Promise<number>),
  /** Whose unread messages each row counts, and in which threads (threadAccessOf). */
  reader: ListReader = NO_READER,
  pages: JobPageCache | null = null,
) {
  let inline = planAlike(f, page, reader);
  const budget: InlineBudget = f.scope.kind === 'all' ? 'staff' : 'scoped';
  let q = listStatements(f, order, page, reader, inline);
  let name = statementName(q.text, inline ? budget : undefined);
  if (inline && !name) {
    inline = false;
    q = listStatements(f, order, page, reader, false);
    name = statementName(q.text);
  }
  // The clock is a parameter of the overdue filter only, so a key with it never repeats: such a list is not kept.
  const key = pages && f.overdue === undefined ? `${name ?? q.text}\u0000${JSON.stringify(q.values)}` : undefined;
  const loadPage = async () => {
    const r = await database.queryArrays({ name, text: q.text, values: q.values });
    const rows = JSON.parse(r[0]![0] as string) as unknown[][];
    const states = await statesOfRows(database, rows);
    const value: JobListPage = Object.freeze(rows.map((row) => Object.freeze(listRowOf(row, states))));
    return { snapshot: r[0]![1] as string, value, weight: Math.max(1, value.length) };
  };
  const readPage = async (): Promise<JobListPage> => (key ? pages!.read(key, loadPage) : (await loadPage()).value);
  const readCount = () => database.queryArrays({ name: statementName(q.countText, inline ? budget : undefined), text: q.countText, values: q.countValues })
    .then((r) => num(r[0]?.[0] ?? 0));
  const [rows, count] = await Promise.all([
    readPage(),
    typeof total === 'number' ? total : total ? total(readCount) : readCount(),
  ]);
  return { rows, count };
}
