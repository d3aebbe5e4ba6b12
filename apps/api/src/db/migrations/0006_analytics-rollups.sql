CREATE TABLE "analytics_daily_actions" (
	"day" date NOT NULL,
	"company_id" uuid NOT NULL,
	"actor_id" uuid NOT NULL,
	"action" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "analytics_daily_actions_day_company_id_actor_id_action_pk" PRIMARY KEY("day","company_id","actor_id","action")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_jobs" (
	"day" date NOT NULL,
	"company_id" uuid NOT NULL,
	"key" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "analytics_daily_jobs_company_id_day_key_pk" PRIMARY KEY("company_id","day","key")
);
--> statement-breakpoint
CREATE TABLE "analytics_job_cycles" (
	"job_id" uuid NOT NULL,
	"cycle" integer NOT NULL,
	"company_id" uuid NOT NULL,
	"started_at" timestamp with time zone,
	"design_done_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"completed_by" uuid,
	"design_ms" bigint DEFAULT 0 NOT NULL,
	"engineering_ms" bigint DEFAULT 0 NOT NULL,
	"pending_admin_ms" bigint DEFAULT 0 NOT NULL,
	"pending_client_ms" bigint DEFAULT 0 NOT NULL,
	"reinforced" boolean DEFAULT false NOT NULL,
	"open_status" text,
	"open_since" timestamp with time zone,
	"total_hours" double precision GENERATED ALWAYS AS (extract(epoch from (completed_at - started_at))::float8 / 3600) STORED,
	"design_turnaround_hours" double precision GENERATED ALWAYS AS (case when design_done_at <= completed_at then extract(epoch from (design_done_at - started_at))::float8 / 3600 end) STORED,
	"design_hours" double precision GENERATED ALWAYS AS (design_ms::float8 / 3600000) STORED,
	"engineering_hours" double precision GENERATED ALWAYS AS (engineering_ms::float8 / 3600000) STORED,
	"pending_admin_hours" double precision GENERATED ALWAYS AS (pending_admin_ms::float8 / 3600000) STORED,
	CONSTRAINT "analytics_job_cycles_job_id_cycle_pk" PRIMARY KEY("job_id","cycle")
);
--> statement-breakpoint
ALTER TABLE "analytics_job_cycles" ADD CONSTRAINT "analytics_job_cycles_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_daily_actions_company_day_idx" ON "analytics_daily_actions" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "analytics_daily_actions_actor_day_idx" ON "analytics_daily_actions" USING btree ("actor_id","day");--> statement-breakpoint
CREATE INDEX "analytics_job_cycles_completed_idx" ON "analytics_job_cycles" USING btree ("completed_at") INCLUDE ("started_at", "cycle", "company_id", "completed_by", "total_hours", "design_turnaround_hours", "design_hours", "engineering_hours", "pending_admin_hours") WHERE "analytics_job_cycles"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "analytics_job_cycles_company_completed_idx" ON "analytics_job_cycles" USING btree ("company_id","completed_at") INCLUDE ("started_at", "cycle", "completed_by", "total_hours", "design_turnaround_hours", "design_hours", "engineering_hours", "pending_admin_hours") WHERE "analytics_job_cycles"."completed_at" is not null;--> statement-breakpoint
-- Analytics (issue 15): the indexes the /stats queries read by, and the three rollups kept by triggers.
CREATE INDEX IF NOT EXISTS "jobs_created_by_created_idx" ON "jobs" USING btree ("created_by_id","created_at" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "job_revisions_created_idx" ON "job_revisions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "job_history_actor_at_idx" ON "job_history" USING btree ("actor_id","at") WHERE "to_status" IS NOT NULL;--> statement-breakpoint
-- The rollup keys of one history row: its event; for a status change 'to:<status>'; for a revision
-- 'reason:<reason>' and, when involuntary, 'involuntary:<reason>' (the jobs service writes both in data).
CREATE OR REPLACE FUNCTION analytics_action_keys(h job_history) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[h.event]
    || CASE WHEN h.to_status IS NOT NULL AND h.to_status IS DISTINCT FROM h.from_status THEN ARRAY['to:' || h.to_status] ELSE '{}'::text[] END
    || CASE WHEN h.event = 'revision' AND h.data ? 'reason' THEN
         ARRAY['reason:' || (h.data->>'reason')]
         || CASE WHEN h.data->>'involuntary' = 'true' THEN ARRAY['involuntary:' || (h.data->>'reason')] ELSE '{}'::text[] END
       ELSE '{}'::text[] END
$$;--> statement-breakpoint
-- Milliseconds from a to b, never negative (a clock moved back counts 0).
CREATE OR REPLACE FUNCTION analytics_ms(a timestamptz, b timestamptz) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT greatest(0, (extract(epoch FROM (b - a)) * 1000)::bigint)
$$;--> statement-breakpoint
-- Applies one history row to both rollups. Called by the insert trigger, in the writer's transaction.
CREATE OR REPLACE FUNCTION analytics_apply_history(h job_history) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_company uuid;
  v_key text;
  v_cycle integer;
  v_open_cycle integer;
  v_open_status text;
  v_open_since timestamptz;
  v_ms bigint;
BEGIN
  SELECT company_id INTO v_company FROM jobs WHERE id = h.job_id;
  IF v_company IS NULL THEN RETURN; END IF;
  FOREACH v_key IN ARRAY analytics_action_keys(h) LOOP
    INSERT INTO analytics_daily_actions AS a (day, company_id, actor_id, action, n)
    VALUES ((h.at AT TIME ZONE 'UTC')::date, v_company, coalesce(h.actor_id, '00000000-0000-0000-0000-000000000000'::uuid), v_key, 1)
    ON CONFLICT (day, company_id, actor_id, action) DO UPDATE SET n = a.n + 1;
  END LOOP;
  IF h.to_status IS NULL OR h.to_status IS NOT DISTINCT FROM h.from_status THEN RETURN; END IF;
  SELECT cycle, open_status, open_since INTO v_open_cycle, v_open_status, v_open_since
    FROM analytics_job_cycles WHERE job_id = h.job_id ORDER BY cycle DESC LIMIT 1 FOR UPDATE;
  IF v_open_status IS NOT NULL THEN
    v_ms := analytics_ms(v_open_since, h.at);
    UPDATE analytics_job_cycles SET
      design_ms = design_ms + CASE WHEN v_open_status IN ('Pending Design', 'Pending Design Revision') THEN v_ms ELSE 0 END,
      engineering_ms = engineering_ms + CASE WHEN v_open_status IN ('Pending Electrical Check', 'Pending PE', 'Pending EE', 'Pending Wet Stamp', 'Pending Reinforcements') THEN v_ms ELSE 0 END,
      pending_admin_ms = pending_admin_ms + CASE WHEN v_open_status LIKE 'Pending %' AND v_open_status NOT IN ('Pending Client', 'Pending Approval') THEN v_ms ELSE 0 END,
      pending_client_ms = pending_client_ms + CASE WHEN v_open_status = 'Pending Client' THEN v_ms ELSE 0 END,
      open_status = NULL, open_since = NULL
    WHERE job_id = h.job_id AND cycle = v_open_cycle;
  END IF;
  v_cycle := coalesce(v_open_cycle, 0) + CASE WHEN h.event = 'revision' THEN 1 ELSE 0 END;
  INSERT INTO analytics_job_cycles AS c (job_id, cycle, company_id, started_at, design_done_at, completed_at, completed_by, reinforced, open_status, open_since)
  VALUES (h.job_id, v_cycle, v_company,
    CASE WHEN h.to_status <> 'Draft' THEN h.at END,
    CASE WHEN h.to_status = 'Pending QC' THEN h.at END,
    CASE WHEN h.to_status = 'Design Completed' THEN h.at END,
    CASE WHEN h.to_status = 'Design Completed' THEN h.actor_id END,
    h.to_status = 'Pending Reinforcements', h.to_status, h.at)
  ON CONFLICT (job_id, cycle) DO UPDATE SET
    started_at = coalesce(c.started_at, excluded.started_at),
    design_done_at = coalesce(c.design_done_at, excluded.design_done_at),
    completed_by = CASE WHEN c.completed_at IS NULL THEN excluded.completed_by ELSE c.completed_by END,
    completed_at = coalesce(c.completed_at, excluded.completed_at),
    reinforced = c.reinforced OR excluded.reinforced,
    open_status = excluded.open_status,
    open_since = excluded.open_since;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_history_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_apply_history(NEW);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_history_insert AFTER INSERT ON job_history FOR EACH ROW EXECUTE FUNCTION analytics_history_inserted();--> statement-breakpoint
-- Moves a job's action counts from one company to another (p_to NULL: removes them).
CREATE OR REPLACE FUNCTION analytics_move_job_actions(p_job uuid, p_from uuid, p_to uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH k AS (
    SELECT (h.at AT TIME ZONE 'UTC')::date AS day, coalesce(h.actor_id, '00000000-0000-0000-0000-000000000000'::uuid) AS actor_id,
      key AS action, count(*)::int AS n
    FROM job_history h CROSS JOIN LATERAL unnest(analytics_action_keys(h)) AS key
    WHERE h.job_id = p_job
    GROUP BY 1, 2, 3
  ), dec AS (
    UPDATE analytics_daily_actions a SET n = a.n - k.n FROM k
    WHERE a.day = k.day AND a.company_id = p_from AND a.actor_id = k.actor_id AND a.action = k.action
  )
  INSERT INTO analytics_daily_actions AS a (day, company_id, actor_id, action, n)
  SELECT day, p_to, actor_id, action, n FROM k WHERE p_to IS NOT NULL
  ON CONFLICT (day, company_id, actor_id, action) DO UPDATE SET n = a.n + excluded.n;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_job_company_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_job_cycles SET company_id = NEW.company_id WHERE job_id = NEW.id;
  PERFORM analytics_move_job_actions(NEW.id, OLD.company_id, NEW.company_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_job_company AFTER UPDATE OF company_id ON jobs FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id) EXECUTE FUNCTION analytics_job_company_changed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_job_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_move_job_actions(OLD.id, OLD.company_id, NULL);
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_job_delete BEFORE DELETE ON jobs FOR EACH ROW EXECUTE FUNCTION analytics_job_deleted();--> statement-breakpoint
-- The daily jobs rollup: a job's keys and what each adds.
CREATE OR REPLACE FUNCTION analytics_job_keys(j jobs) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['jobs', 'revisions', 'revised'] || coalesce((SELECT array_agg('service:' || s) FROM unnest(j.services_requested) s), '{}'::text[])
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_job_counts(j jobs) RETURNS integer[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[1, j.revision_number, CASE WHEN j.revision_number > 0 THEN 1 ELSE 0 END]
    || coalesce((SELECT array_agg(1) FROM unnest(j.services_requested) s), '{}'::integer[])
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_apply_job(j jobs, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_daily_jobs AS a (day, company_id, key, n)
  SELECT (j.created_at AT TIME ZONE 'UTC')::date, j.company_id, k.key, sign * sum(k.n)::int
  FROM unnest(analytics_job_keys(j), analytics_job_counts(j)) AS k(key, n)
  GROUP BY k.key
  ON CONFLICT (company_id, day, key) DO UPDATE SET n = a.n + excluded.n
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_job_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM analytics_apply_job(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM analytics_apply_job(NEW, 1); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_job_insert AFTER INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION analytics_job_written();--> statement-breakpoint
CREATE TRIGGER analytics_job_update AFTER UPDATE OF company_id, created_at, services_requested, revision_number ON jobs FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.services_requested IS DISTINCT FROM NEW.services_requested OR OLD.revision_number IS DISTINCT FROM NEW.revision_number)
  EXECUTE FUNCTION analytics_job_written();--> statement-breakpoint
CREATE TRIGGER analytics_job_delete_counts AFTER DELETE ON jobs FOR EACH ROW EXECUTE FUNCTION analytics_job_written();--> statement-breakpoint
-- Recomputes the three rollups from jobs and their history in a few set-based statements (backfill, repair, bench).
CREATE OR REPLACE FUNCTION analytics_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_daily_actions;
  DELETE FROM analytics_job_cycles;
  DELETE FROM analytics_daily_jobs;
  INSERT INTO analytics_daily_actions (day, company_id, actor_id, action, n)
  SELECT (h.at AT TIME ZONE 'UTC')::date, j.company_id, coalesce(h.actor_id, '00000000-0000-0000-0000-000000000000'::uuid), k.action, count(*)::int
  FROM job_history h
  JOIN jobs j ON j.id = h.job_id
  CROSS JOIN LATERAL unnest(analytics_action_keys(h)) AS k(action)
  GROUP BY 1, 2, 3, 4;
  INSERT INTO analytics_daily_jobs (day, company_id, key, n)
  SELECT (j.created_at AT TIME ZONE 'UTC')::date, j.company_id, k.key, sum(k.n)::int
  FROM jobs j CROSS JOIN LATERAL unnest(analytics_job_keys(j), analytics_job_counts(j)) AS k(key, n)
  GROUP BY 1, 2, 3;
  INSERT INTO analytics_job_cycles (job_id, cycle, company_id, started_at, design_done_at, completed_at, completed_by,
    design_ms, engineering_ms, pending_admin_ms, pending_client_ms, reinforced, open_status, open_since)
  SELECT s.job_id, s.cycle, j.company_id,
    min(s.at) FILTER (WHERE s.to_status <> 'Draft'),
    min(s.at) FILTER (WHERE s.to_status = 'Pending QC'),
    min(s.at) FILTER (WHERE s.to_status = 'Design Completed'),
    (array_agg(s.actor_id ORDER BY s.id) FILTER (WHERE s.to_status = 'Design Completed'))[1],
    coalesce(sum(analytics_ms(s.at, s.left_at)) FILTER (WHERE s.to_status IN ('Pending Design', 'Pending Design Revision')), 0),
    coalesce(sum(analytics_ms(s.at, s.left_at)) FILTER (WHERE s.to_status IN ('Pending Electrical Check', 'Pending PE', 'Pending EE', 'Pending Wet Stamp', 'Pending Reinforcements')), 0),
    coalesce(sum(analytics_ms(s.at, s.left_at)) FILTER (WHERE s.to_status LIKE 'Pending %' AND s.to_status NOT IN ('Pending Client', 'Pending Approval')), 0),
    coalesce(sum(analytics_ms(s.at, s.left_at)) FILTER (WHERE s.to_status = 'Pending Client'), 0),
    coalesce(bool_or(s.to_status = 'Pending Reinforcements'), false),
    max(s.to_status) FILTER (WHERE s.left_at IS NULL),
    max(s.at) FILTER (WHERE s.left_at IS NULL)
  FROM (
    SELECT h.job_id, h.id, h.at, h.to_status, h.actor_id,
      sum(CASE WHEN h.event = 'revision' THEN 1 ELSE 0 END) OVER w AS cycle,
      lead(h.at) OVER w AS left_at
    FROM job_history h
    WHERE h.to_status IS NOT NULL AND h.to_status IS DISTINCT FROM h.from_status
    WINDOW w AS (PARTITION BY h.job_id ORDER BY h.id)
  ) s
  JOIN jobs j ON j.id = s.job_id
  GROUP BY s.job_id, s.cycle, j.company_id;
END $$;--> statement-breakpoint
SELECT analytics_rebuild();
