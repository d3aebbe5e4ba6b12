-- Analytics (issue 15): duration histograms, so the medians and 90th percentiles of a long
-- period read a few thousand histogram rows instead of sorting every completed cycle.
-- One row per UTC day (analytics_daily_durations) or UTC month (analytics_monthly_durations) of
-- completion x company x completer x duration x whole minute (floor): how many cycles (n) and the
-- sum of their milliseconds (ms). A period reads its whole months from the monthly table and the
-- days before and after them from the daily one. Kept by row triggers on analytics_job_cycles
-- (itself kept by the history triggers of 0006/0007), so both are always a function of the
-- cycles table: a cycle's old contribution is subtracted, its new one added.
CREATE TABLE "analytics_daily_durations" (
	"day" date NOT NULL,
	"company_id" uuid NOT NULL,
	"completed_by" uuid NOT NULL,
	"metric" text NOT NULL,
	"minute" integer NOT NULL,
	"n" integer NOT NULL,
	"ms" bigint NOT NULL,
	CONSTRAINT "analytics_daily_durations_pk" PRIMARY KEY("day","company_id","completed_by","metric","minute")
);
--> statement-breakpoint
CREATE TABLE "analytics_monthly_durations" (
	"month" date NOT NULL,
	"company_id" uuid NOT NULL,
	"completed_by" uuid NOT NULL,
	"metric" text NOT NULL,
	"minute" integer NOT NULL,
	"n" integer NOT NULL,
	"ms" bigint NOT NULL,
	CONSTRAINT "analytics_monthly_durations_pk" PRIMARY KEY("month","company_id","completed_by","metric","minute")
);
--> statement-breakpoint
-- The durations of one completed cycle (none while it is not complete), in milliseconds, read
-- from the hours columns of 0006 (the same float8 values the cycles index holds, so a query that
-- reads a few days from that index gets the very same milliseconds): 'all' start -> Design
-- Completed; 'design' start -> first Pending QC (when before completion); 'eng' engineering time
-- (cycles that had any); 'pending' pending-admin time; 'new' / 'rev' the design time of cycle 0 /
-- of later cycles. analytics.repository.ts (durationSource) spells the same list for the index.
CREATE OR REPLACE FUNCTION analytics_cycle_durations(c analytics_job_cycles) RETURNS TABLE(metric text, ms bigint) LANGUAGE sql IMMUTABLE AS $$
  SELECT d.m, d.v FROM (VALUES
    ('all', round(c.total_hours * 3600000)::bigint),
    ('design', round(c.design_turnaround_hours * 3600000)::bigint),
    ('eng', CASE WHEN c.engineering_hours > 0 THEN round(c.engineering_hours * 3600000)::bigint END),
    ('pending', round(c.pending_admin_hours * 3600000)::bigint),
    (CASE WHEN c.cycle = 0 THEN 'new' ELSE 'rev' END, round(c.design_hours * 3600000)::bigint)
  ) AS d(m, v)
  WHERE c.completed_at IS NOT NULL AND c.started_at IS NOT NULL AND d.v IS NOT NULL
$$;--> statement-breakpoint
-- Adds (sign 1) or removes (sign -1) one cycle's durations, in both histograms.
CREATE OR REPLACE FUNCTION analytics_apply_cycle(c analytics_job_cycles, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_daily_durations AS a (day, company_id, completed_by, metric, minute, n, ms)
  SELECT (c.completed_at AT TIME ZONE 'UTC')::date, c.company_id,
    coalesce(c.completed_by, '00000000-0000-0000-0000-000000000000'::uuid), d.metric, floor(d.ms / 60000.0)::int, sign, sign * d.ms
  FROM analytics_cycle_durations(c) d
  ON CONFLICT (day, company_id, completed_by, metric, minute) DO UPDATE SET n = a.n + excluded.n, ms = a.ms + excluded.ms;
  INSERT INTO analytics_monthly_durations AS a (month, company_id, completed_by, metric, minute, n, ms)
  SELECT date_trunc('month', c.completed_at AT TIME ZONE 'UTC')::date, c.company_id,
    coalesce(c.completed_by, '00000000-0000-0000-0000-000000000000'::uuid), d.metric, floor(d.ms / 60000.0)::int, sign, sign * d.ms
  FROM analytics_cycle_durations(c) d
  ON CONFLICT (month, company_id, completed_by, metric, minute) DO UPDATE SET n = a.n + excluded.n, ms = a.ms + excluded.ms;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_cycle_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- analytics_rebuild() recomputes the histogram set-based after rewriting the cycles.
  IF current_setting('sunstamp.analytics_rebuilding', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM analytics_apply_cycle(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM analytics_apply_cycle(NEW, 1); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_cycle_insert AFTER INSERT ON analytics_job_cycles FOR EACH ROW
  WHEN (NEW.completed_at IS NOT NULL) EXECUTE FUNCTION analytics_cycle_written();--> statement-breakpoint
-- Most cycle updates only move the open status: skip those.
CREATE TRIGGER analytics_cycle_update AFTER UPDATE ON analytics_job_cycles FOR EACH ROW
  WHEN ((OLD.completed_at IS NOT NULL OR NEW.completed_at IS NOT NULL)
    AND (OLD.cycle, OLD.company_id, OLD.completed_by, OLD.started_at, OLD.design_done_at, OLD.completed_at, OLD.design_ms, OLD.engineering_ms, OLD.pending_admin_ms)
      IS DISTINCT FROM (NEW.cycle, NEW.company_id, NEW.completed_by, NEW.started_at, NEW.design_done_at, NEW.completed_at, NEW.design_ms, NEW.engineering_ms, NEW.pending_admin_ms))
  EXECUTE FUNCTION analytics_cycle_written();--> statement-breakpoint
CREATE TRIGGER analytics_cycle_delete AFTER DELETE ON analytics_job_cycles FOR EACH ROW
  WHEN (OLD.completed_at IS NOT NULL) EXECUTE FUNCTION analytics_cycle_written();--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_rebuild_durations() RETURNS void LANGUAGE sql AS $$
  DELETE FROM analytics_daily_durations;
  DELETE FROM analytics_monthly_durations;
  INSERT INTO analytics_daily_durations (day, company_id, completed_by, metric, minute, n, ms)
  SELECT (c.completed_at AT TIME ZONE 'UTC')::date, c.company_id,
    coalesce(c.completed_by, '00000000-0000-0000-0000-000000000000'::uuid), d.metric, floor(d.ms / 60000.0)::int, count(*)::int, sum(d.ms)::bigint
  FROM analytics_job_cycles c CROSS JOIN LATERAL analytics_cycle_durations(c) d
  GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO analytics_monthly_durations (month, company_id, completed_by, metric, minute, n, ms)
  SELECT date_trunc('month', day)::date, company_id, completed_by, metric, minute, sum(n)::int, sum(ms)::bigint
  FROM analytics_daily_durations
  GROUP BY 1, 2, 3, 4, 5;
$$;--> statement-breakpoint
-- Action counts per month (month x company x actor x action), kept from analytics_daily_actions by
-- a row trigger (each change of a daily count adds its difference), so a year of actions and
-- revision reasons reads twelve months of rows and the edge days, not 365 days of them.
CREATE TABLE "analytics_monthly_actions" (
	"month" date NOT NULL,
	"company_id" uuid NOT NULL,
	"actor_id" uuid NOT NULL,
	"action" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "analytics_monthly_actions_pk" PRIMARY KEY("month","company_id","actor_id","action")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_daily_action_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('sunstamp.analytics_rebuilding', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO analytics_monthly_actions AS a (month, company_id, actor_id, action, n)
    VALUES (date_trunc('month', OLD.day)::date, OLD.company_id, OLD.actor_id, OLD.action, -OLD.n)
    ON CONFLICT (month, company_id, actor_id, action) DO UPDATE SET n = a.n + excluded.n;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO analytics_monthly_actions AS a (month, company_id, actor_id, action, n)
    VALUES (date_trunc('month', NEW.day)::date, NEW.company_id, NEW.actor_id, NEW.action, NEW.n)
    ON CONFLICT (month, company_id, actor_id, action) DO UPDATE SET n = a.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_daily_action_insert AFTER INSERT ON analytics_daily_actions FOR EACH ROW EXECUTE FUNCTION analytics_daily_action_written();--> statement-breakpoint
CREATE TRIGGER analytics_daily_action_update AFTER UPDATE ON analytics_daily_actions FOR EACH ROW
  WHEN (OLD.n IS DISTINCT FROM NEW.n OR OLD.day IS DISTINCT FROM NEW.day OR OLD.company_id IS DISTINCT FROM NEW.company_id
    OR OLD.actor_id IS DISTINCT FROM NEW.actor_id OR OLD.action IS DISTINCT FROM NEW.action)
  EXECUTE FUNCTION analytics_daily_action_written();--> statement-breakpoint
CREATE TRIGGER analytics_daily_action_delete AFTER DELETE ON analytics_daily_actions FOR EACH ROW EXECUTE FUNCTION analytics_daily_action_written();--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_rebuild_monthly_actions() RETURNS void LANGUAGE sql AS $$
  DELETE FROM analytics_monthly_actions;
  INSERT INTO analytics_monthly_actions (month, company_id, actor_id, action, n)
  SELECT date_trunc('month', day)::date, company_id, actor_id, action, sum(n)::int
  FROM analytics_daily_actions GROUP BY 1, 2, 3, 4;
$$;--> statement-breakpoint
-- The daily jobs rollup read by day for every company (its key starts with the company): an index
-- on the day, so a year reads its own rows, whatever the table's size.
CREATE INDEX IF NOT EXISTS "analytics_daily_jobs_day_idx" ON "analytics_daily_jobs" USING btree ("day") INCLUDE ("key", "n");--> statement-breakpoint
-- analytics_rebuild() (backfill, repair, bench) now recomputes the histograms and the monthly
-- actions too: the row triggers stay quiet while the cycles and daily actions are rewritten, then
-- one set-based pass each.
CREATE OR REPLACE FUNCTION analytics_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('sunstamp.analytics_rebuilding', 'on', true);
  PERFORM analytics_rebuild_rollups();
  PERFORM analytics_rebuild_marks();
  PERFORM set_config('sunstamp.analytics_rebuilding', 'off', true);
  PERFORM analytics_rebuild_durations();
  PERFORM analytics_rebuild_monthly_actions();
END $$;--> statement-breakpoint
SELECT analytics_rebuild_durations();--> statement-breakpoint
SELECT analytics_rebuild_monthly_actions();
