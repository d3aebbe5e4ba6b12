import type { Database } from '../../db/client.ts';
import type { JobScope } from '../../platform/access.ts';

export type InboxFilter = {
  scope: JobScope;
  includeInactive: boolean;
  userId: string;
  /** The threads the reader sees on every job they see, and those only where the client thread is shared (threadAccessOf). */
  always: string[];
  whenShared: string[];
  show: 'all' | 'unread' | 'mine' | 'closed';
  companyId?: string;
  assigneeId?: string;
  unassigned?: boolean;
  limit: number;
  offset: number;
};

export type InboxRow = {
  jobId: string; jobName: string; companyId: string; companyName: string; thread: 'client' | 'internal';
  status: 'active' | 'closed'; unread: number;
  lastId: number; lastBody: string; lastDeleted: boolean; lastFiles: string[]; lastAt: Date;
  authorId: string | null; authorFirstName: string | null; authorLastName: string | null; authorEmail: string | null;
};

/**
 * The reader's conversations: every thread they see (threadAccessOf, on the jobs their scope
 * shows) that has a message, with its last message and their unread count, unread first and then
 * the latest first. One statement, hand-written like the jobs list; every value is a parameter.
 * It groups the visible messages by thread (an index-only scan of messages_job_thread_idx), so
 * its cost grows with the messages the reader may see; the page's rows then join their last
 * message. Answers the page, the number of threads and of unread messages over all of them.
 */
export async function listInbox(database: Database, f: InboxFilter): Promise<{ rows: InboxRow[]; total: number; unreadThreads: number }> {
  const values: unknown[] = [];
  const p = (v: unknown) => { values.push(v); return `$${values.length}`; };
  const me = p(f.userId);
  const c: string[] = [];
  if (f.scope.kind === 'assigned') c.push(`j.assignee_id = ${p(f.scope.userId)}::uuid`);
  if (f.scope.kind === 'companies') c.push(f.scope.companyIds.length ? `j.company_id = any(${p(f.scope.companyIds)}::uuid[])` : 'false');
  if (!f.includeInactive) c.push('j.is_active');
  c.push(`(m.thread = any(${p(f.always)}::text[]) or (m.thread = any(${p(f.whenShared)}::text[]) and coalesce(cv.contractor_access, false)))`);
  if (f.companyId) c.push(`j.company_id = ${p(f.companyId)}::uuid`);
  if (f.assigneeId) c.push(`j.assignee_id = ${p(f.assigneeId)}::uuid`);
  if (f.unassigned) c.push('j.assignee_id is null');
  if (f.show === 'closed') c.push(`cv.status = 'closed'`);
  const mine = f.show === 'mine'
    ? `where (j.assignee_id = ${me}::uuid or j.created_by_id = ${me}::uuid
        or exists (select 1 from messages w where w.job_id = t.job_id and w.thread = t.thread and w.author_id = ${me}::uuid))`
    : '';
  const unreadOnly = f.show === 'unread' ? 'where u.unread > 0' : '';
  const text = `with t as (
  select m.job_id, m.thread, max(m.id) as last_id
  from messages m join jobs j on j.id = m.job_id left join conversations cv on cv.job_id = m.job_id
  where ${c.join(' and ')}
  group by m.job_id, m.thread
), u as (
  select t.job_id, t.thread, t.last_id,
    (select count(*) from messages n where n.job_id = t.job_id and n.thread = t.thread and n.author_id is distinct from ${me}::uuid
      and n.id > coalesce((select r.last_read_message_id from message_reads r where r.job_id = t.job_id and r.user_id = ${me}::uuid and r.thread = t.thread), 0))::int as unread
  from t join jobs j on j.id = t.job_id
  ${mine}
), k as (
  select u.*, count(*) over () as total, count(*) filter (where u.unread > 0) over () as unread_threads from u ${unreadOnly}
  order by (u.unread > 0) desc, u.last_id desc
  limit ${p(f.limit)} offset ${p(f.offset)}
)
select k.job_id, j.name, j.company_id, co.name, k.thread, coalesce(cv.status, 'active'), k.unread,
  lm.id, lm.body, lm.deleted_at is not null, coalesce((select array_agg(a.name order by a.position) from message_attachments a where a.message_id = lm.id), '{}'),
  lm.created_at, lm.author_id, au.first_name, au.last_name, au.email, k.total, k.unread_threads
from k
join jobs j on j.id = k.job_id
join companies co on co.id = j.company_id
left join conversations cv on cv.job_id = k.job_id
join messages lm on lm.id = k.last_id
left join users au on au.id = lm.author_id
order by (k.unread > 0) desc, k.last_id desc`;
  const rows = await database.queryArrays({ text, values });
  const total = rows[0] ? Number(rows[0][16]) : 0;
  const unreadThreads = rows[0] ? Number(rows[0][17]) : 0;
  return {
    total,
    unreadThreads,
    rows: rows.map((r): InboxRow => ({
      jobId: r[0] as string, jobName: r[1] as string, companyId: r[2] as string, companyName: r[3] as string,
      thread: r[4] as 'client' | 'internal', status: r[5] === 'closed' ? 'closed' : 'active', unread: Number(r[6]),
      lastId: Number(r[7]), lastBody: r[8] as string, lastDeleted: r[9] === true || r[9] === 't',
      lastFiles: Array.isArray(r[10]) ? (r[10] as string[]) : [],
      lastAt: r[11] instanceof Date ? r[11] : new Date(r[11] as string),
      authorId: (r[12] as string | null) ?? null, authorFirstName: r[13] as string | null, authorLastName: r[14] as string | null, authorEmail: r[15] as string | null,
    })),
  };
}
