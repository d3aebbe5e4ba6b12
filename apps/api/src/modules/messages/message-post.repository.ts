import type { Database } from '../../db/client.ts';
import { userEventsNotifySql } from '../../platform/events.ts';
import type { JobScope } from '../../platform/access.ts';
import type { Thread } from './messages.repository.ts';

/*
 * The post path in two statements (bench/README.md, "Job messaging"): one read (the job if the
 * caller sees it, its conversation settings and everyone who might take part) and one write that
 * stores the message, its files, the notifications, the mail batches, the author's read mark and
 * the live events, and sends the NOTIFY, as data-modifying CTEs of one statement: atomic without
 * a transaction, one round trip and one commit. The SQL is written by hand because it is the
 * hot path; every value is a parameter.
 */

export type PostAudienceMember = {
  id: string; role: string; firstName: string | null; lastName: string | null; email: string;
  messageNotificationsEnabled: boolean; isMember: boolean;
};
export type PostContext = {
  job: { id: string; name: string; companyId: string; assigneeId: string | null };
  status: 'active' | 'closed';
  contractorAccess: boolean;
  audience: PostAudienceMember[];
};

/** Named (prepared once per connection) on PostgreSQL; PGlite runs them unnamed so its NOTIFY and disk sync take their usual path. */
const nameOn = (database: Database, name: string) => (database.kind === 'postgres' ? name : undefined);

const READ_TEXT = `select j.id, j.name, j.company_id, j.assignee_id, coalesce(cv.status, 'active'), coalesce(cv.contractor_access, false),
  (select coalesce(json_agg(json_build_array(u.id, u.role, u.first_name, u.last_name, u.email, u.message_notifications_enabled,
     exists (select 1 from user_companies uc where uc.user_id = u.id and uc.company_id = j.company_id))), '[]')::text
   from users u
   where u.is_active and (u.role = any($6::text[]) or u.id = j.assignee_id
     or exists (select 1 from user_companies uc where uc.user_id = u.id and uc.company_id = j.company_id)))
from jobs j left join conversations cv on cv.job_id = j.id
where j.id = $1
  and ($2::boolean or j.is_active)
  and ($3::text = 'all' or ($3 = 'assigned' and j.assignee_id = $4::uuid) or ($3 = 'companies' and j.company_id = any($5::uuid[])))`;

/**
 * The job (if the scope lets the caller see it; a deactivated one only with `includeInactive`),
 * its conversation settings, and its possible audience: active staff (the roles given), the
 * assignee and the members of the job's company. The messages policy decides per thread.
 */
export async function readPostContext(
  database: Database, jobId: string, scope: JobScope, includeInactive: boolean, staffRoles: readonly string[],
): Promise<PostContext | undefined> {
  const rows = await database.queryArrays({
    name: nameOn(database, 'message_post_read'),
    text: READ_TEXT,
    values: [
      jobId, includeInactive, scope.kind,
      scope.kind === 'assigned' ? scope.userId : null,
      scope.kind === 'companies' ? scope.companyIds : [],
      [...staffRoles],
    ],
  });
  const r = rows[0];
  if (!r) return undefined;
  const audience = (JSON.parse(r[6] as string) as unknown[][]).map((a): PostAudienceMember => ({
    id: a[0] as string, role: a[1] as string, firstName: a[2] as string | null, lastName: a[3] as string | null, email: a[4] as string,
    messageNotificationsEnabled: !!a[5], isMember: !!a[6],
  }));
  return {
    job: { id: r[0] as string, name: r[1] as string, companyId: r[2] as string, assigneeId: (r[3] as string | null) ?? null },
    status: r[4] === 'closed' ? 'closed' : 'active',
    contractorAccess: r[5] === true || r[5] === 't' || r[5] === 'true',
    audience,
  };
}

const WRITE_TEXT = `with m as (
  insert into messages (job_id, thread, author_id, body, created_at)
  select $1::uuid, $2::text, $3::uuid, $4::text, $5::timestamptz
  where not exists (select 1 from conversations where job_id = $1::uuid and status = 'closed')
  returning id, created_at
), att as (
  insert into message_attachments (id, message_id, job_id, name, mime, size, storage_key, position, created_at)
  select f.id, m.id, $1::uuid, f.name, f.mime, f.size, f.storage_key, (f.n - 1)::int, $5::timestamptz
  from m, unnest($9::uuid[], $10::text[], $11::text[], $12::bigint[], $13::text[]) with ordinality as f(id, name, mime, size, storage_key, n)
  returning id, name, mime, size, storage_key, position
), n as (
  insert into notifications (user_id, type, job_id, thread, message_id, actor_id, created_at, data)
  select r.user_id, 'new_message', $1::uuid, $2::text, m.id, $3::uuid, $5::timestamptz, jsonb_build_object('excerpt', $6::text)
  from m, unnest($7::uuid[]) as r(user_id)
  returning id, user_id
), b as (
  insert into notification_mail_batches (user_id, job_id, created_at)
  select r.user_id, $1::uuid, $5::timestamptz from m, unnest($8::uuid[]) as r(user_id)
  on conflict do nothing
  returning user_id
), rd as (
  insert into message_reads (job_id, user_id, thread, last_read_message_id, read_at)
  select $1::uuid, $3::uuid, $2::text, m.id, $5::timestamptz from m
  on conflict (job_id, user_id, thread) do update
    set last_read_message_id = greatest(message_reads.last_read_message_id, excluded.last_read_message_id), read_at = excluded.read_at
  returning 1
), e as (
  insert into user_events (user_id, type, payload)
  select r.user_id, 'new_message', $14::jsonb || jsonb_build_object('message_id', m.id, 'notification_id', n.id)
  from m cross join unnest($7::uuid[] || $3::uuid) as r(user_id) left join n on n.user_id = r.user_id
  returning id, user_id, type, payload, created_at
), sent as (${userEventsNotifySql('e')})
select m.id, m.created_at,
  (select coalesce(json_agg(json_build_array(att.id, att.name, att.mime, att.size, att.storage_key, att.position) order by att.position), '[]')::text from att),
  (select coalesce(array_agg(b.user_id), '{}') from b),
  (select count(*) from rd) + (select count(*) from sent)
from m`;

export type StoredFile = { id: string; name: string; mime: string; size: number; storageKey: string };
export type PostedRow = {
  id: number; createdAt: Date;
  attachments: (StoredFile & { position: number })[];
  /** The recipients whose mail batch this post opened (a delayed mail job each). */
  newBatches: string[];
};

/**
 * Stores a message with everything it brings, in one statement; `undefined` when the conversation
 * is closed (checked in the same statement, so a close that commits first always wins). The live
 * events go to the recipients (with their notification's id) and to the author (their other tabs).
 */
export async function writeMessage(database: Database, v: {
  jobId: string; thread: Thread; authorId: string; body: string; now: Date; excerpt: string;
  recipientIds: string[]; mailRecipientIds: string[]; files: StoredFile[];
  /** The live event's payload, without `message_id` and `notification_id` (the statement adds them). */
  event: Record<string, unknown>;
}): Promise<PostedRow | undefined> {
  const rows = await database.queryArrays({
    name: nameOn(database, 'message_post_write'),
    text: WRITE_TEXT,
    values: [
      v.jobId, v.thread, v.authorId, v.body, v.now, v.excerpt, v.recipientIds, v.mailRecipientIds,
      v.files.map((f) => f.id), v.files.map((f) => f.name), v.files.map((f) => f.mime), v.files.map((f) => f.size), v.files.map((f) => f.storageKey),
      JSON.stringify(v.event),
    ],
  });
  const r = rows[0];
  if (!r) return undefined;
  const files = JSON.parse(r[2] as string) as unknown[][];
  const batches = r[3];
  return {
    id: Number(r[0]),
    createdAt: r[1] instanceof Date ? r[1] : new Date(r[1] as string),
    attachments: files.map((f) => ({
      id: f[0] as string, name: f[1] as string, mime: f[2] as string, size: Number(f[3]), storageKey: f[4] as string, position: Number(f[5]),
    })),
    newBatches: Array.isArray(batches) ? (batches as string[]) : parsePgArray(batches as string),
  };
}

/** A uuid[] in its text form (`{a,b}`), as PGlite's named path answers it. */
function parsePgArray(text: string | null): string[] {
  if (!text || text === '{}') return [];
  return text.slice(1, -1).split(',');
}
