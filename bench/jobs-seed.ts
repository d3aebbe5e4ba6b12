/** The jobs-list bench's data: many jobs in one statement, shared by the bench and ad-hoc profiling. */
import type { Database } from '../apps/api/src/db/client.ts';

/** 100k jobs in one statement: spread over two years, 17 statuses, 3 client companies, realistic names. */
export async function seedJobs(database: Database, count: number) {
  const companyIds = (await database.query<{ id: string }>("select id from companies where not is_internal order by name")).map((r) => r.id);
  const [admin] = await database.query<{ id: string }>("select id from users where email = 'admin@sunstamp.test'");
  const [contractor] = await database.query<{ id: string }>("select id from users where email = 'drafter@sunstamp.test'");
  await database.query(`
    insert into jobs (company_id, name, client_name, client_street_address, client_city, client_zip_code, roof_type, gypsum_type, enclosed,
      status, client_status, services_requested, cad_intake, created_by_id, created_by_role, assignee_id,
      pending_admin_ms_closed, pending_since, overdue_at, created_at, updated_at)
    select
      ($1::uuid[])[1 + g % array_length($1::uuid[], 1)],
      (array['Oak','Maple','Cedar','Pine','Birch','Elm','Willow','Aspen','Spruce','Juniper'])[1 + g % 10] || ' Residence ' || g,
      (array['Smith','Johnson','Garcia','Miller','Davis','Rodriguez','Martinez','Hernandez','Lopez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin','Lee','Perez','Thompson','White'])[1 + (g / 7) % 20]
        || ' ' || (array['Ann','Bob','Cruz','Dee','Eli','Fay','Gus','Hal'])[1 + g % 8],
      (g % 9000 + 100) || ' ' || (array['Main St','Elm Ave','Sunset Blvd','Park Rd','Lake Dr','Hill St','River Rd','Bay Ln'])[1 + g % 8],
      (array['Austin','Denver','Phoenix','San Diego','Tampa','San Juan'])[1 + g % 6],
      lpad(((g * 37) % 99999)::text, 5, '0'),
      'Gable Roof', 'No Drywall', 'Enclosed',
      s.status, s.client_status,
      case when g % 4 = 0 then array['cad_packet'] else array['structural_roof_letter'] end,
      '{}'::jsonb, $2::uuid, case when g % 5 = 0 then 'admin' else 'user' end,
      case when g % 3 = 0 then $3::uuid end,
      0,
      case when s.pending then now() - ((g % 48) || ' hours')::interval end,
      case when s.pending and g % 5 <> 0 then now() - ((g % 48) || ' hours')::interval + interval '8 hours' end,
      now() - ((g * 631) % (730 * 86400) || ' seconds')::interval,
      now() - ((g * 379) % (30 * 86400) || ' seconds')::interval
    from generate_series(1, ${Math.floor(count)}) g
    cross join lateral (
      select st as status,
        case when st in ('Draft','Approved','Cancelled') then st else 'Submitted' end as client_status,
        (st like 'Pending %' and st not in ('Pending Client','Pending Approval')) as pending
      from (select (array['Draft','Pending Pre-Check','Pending Design','Pending Design Revision','Pending QC','Pending Electrical Check',
        'Pending PE','Pending EE','Pending Reinforcements','Pending Wet Stamp','Pending Client','Design Completed','Finalized',
        'Waiting on AHJ','Pending Approval','Approved','Approved','Approved','Approved','Cancelled'])[1 + (g * 7) % 20] as st) x
    ) s`, [companyIds, admin!.id, contractor!.id]);
  // Fresh statistics and visibility map, as autovacuum would give a real install.
  await database.query('vacuum analyze jobs');
}

