/**
 * The analytics bench's history: ten events per job (created, submitted, assigned, six status
 * moves, then approved or a revision), hours apart, with a job_revisions row for every revision.
 * Inserted in one statement with the analytics trigger off, then the rollups rebuilt set-based
 * (analytics_rebuild(), the same function a repair would use): the row trigger would take minutes
 * for a million rows, and the test suite already holds the trigger equal to the rebuild.
 */
import type { Database } from '../apps/api/src/db/client.ts';

const REASON = (id: string) =>
  `(array['equipment_change','layout_change','ahj_rejection','right_angle_error','other'])[1 + (abs(hashtext(${id}::text)) % 5)]`;
const INVOLUNTARY = (id: string) => `(abs(hashtext(${id}::text)) % 5 = 3)`;

export async function seedHistory(database: Database) {
  const [support] = await database.query<{ id: string }>("select id from users where email = 'support@sunstamp.test'");
  const [contractor] = await database.query<{ id: string }>("select id from users where email = 'drafter@sunstamp.test'");
  const [admin] = await database.query<{ id: string }>("select id from users where email = 'admin@sunstamp.test'");
  await database.query('alter table job_history disable trigger analytics_history_insert');
  await database.query(`
    insert into job_history (job_id, event, actor_id, actor_role, from_status, to_status, data, at)
    select j.id, s.event, case s.who when 'client' then j.created_by_id when 'support' then $1::uuid when 'contractor' then $2::uuid else $3::uuid end,
      case s.who when 'client' then 'user' when 'support' then 'support' when 'contractor' then 'contractor' else 'admin' end,
      s.from_status, s.to_status,
      case when s.event = 'revision' then jsonb_build_object('number', 1, 'reason', ${REASON('j.id')}, 'involuntary', ${INVOLUNTARY('j.id')}) end,
      j.created_at + make_interval(hours => s.h)
    from (select id, created_at, created_by_id, row_number() over (order by created_at, id) as g from jobs) j
    cross join lateral (values
      (1, 'created', 'client', null, 'Draft', 0),
      (2, 'submitted', 'client', 'Draft', 'Pending Pre-Check', 1),
      (3, 'assigned', 'support', null, null, 2),
      (4, 'status_changed', 'support', 'Pending Pre-Check', 'Pending Design', 2 + (j.g % 7)::int),
      (5, 'status_changed', 'contractor', 'Pending Design', 'Pending QC', 4 + (j.g % 7)::int + (j.g % 11)::int),
      (6, 'status_changed', 'support', 'Pending QC', 'Pending PE', 6 + (j.g % 7)::int + (j.g % 11)::int + (j.g % 5)::int),
      (7, 'status_changed', 'admin', 'Pending PE', 'Design Completed', 8 + (j.g % 7)::int + (j.g % 11)::int + (j.g % 5)::int + (j.g % 13)::int),
      (8, 'status_changed', 'admin', 'Design Completed', 'Finalized', 9 + (j.g % 7)::int + (j.g % 11)::int + (j.g % 5)::int + (j.g % 13)::int),
      (9, 'pending_approval', 'admin', 'Finalized', 'Pending Approval', 10 + (j.g % 7)::int + (j.g % 11)::int + (j.g % 5)::int + (j.g % 13)::int),
      (10, case when j.g % 5 = 0 then 'revision' else 'approved' end, 'client', 'Pending Approval',
        case when j.g % 5 = 0 then 'Pending Design Revision' else 'Approved' end,
        11 + (j.g % 7)::int + (j.g % 11)::int + (j.g % 5)::int + (j.g % 13)::int + (j.g % 48)::int)
    ) as s(n, event, who, from_status, to_status, h)
    order by j.g, s.n`, [support!.id, contractor!.id, admin!.id]);
  await database.query(`
    insert into job_revisions (job_id, number, reason, involuntary, from_status, requested_by_id, created_at)
    select h.job_id, 1, ${REASON('h.job_id')}, ${INVOLUNTARY('h.job_id')}, 'Pending Approval', h.actor_id, h.at
    from job_history h where h.event = 'revision'`);
  await database.query("update jobs set revision_number = 1 where id in (select job_id from job_revisions)");
  await database.query('alter table job_history enable trigger analytics_history_insert');
  await database.query('select analytics_rebuild()');
  await database.query('vacuum analyze job_history');
  await database.query('vacuum analyze job_revisions');
  await database.query('vacuum analyze analytics_job_cycles');
  await database.query('vacuum analyze analytics_daily_actions');
  await database.query('vacuum analyze analytics_daily_jobs');
  await database.query('vacuum analyze analytics_daily_durations');
  await database.query('vacuum analyze analytics_monthly_durations');
  await database.query('vacuum analyze analytics_monthly_actions');
  await database.query('vacuum analyze jobs');
}
