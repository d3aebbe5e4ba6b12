CREATE TABLE "analytics_job_marks" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"through_history_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_job_marks" ADD CONSTRAINT "analytics_job_marks_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Which company a job's counted history rows sit under, and how far they are counted: the jobs
-- write path inserts a history row in the same statement as the job's UPDATE, so when the company
-- changes, the move trigger runs while that history row is visible but not yet counted. Moving
-- only rows up to the mark, and counting new rows under the marked company, counts each row once.
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
  SELECT company_id INTO v_company FROM analytics_job_marks WHERE job_id = h.job_id FOR UPDATE;
  IF v_company IS NULL THEN
    SELECT company_id INTO v_company FROM jobs WHERE id = h.job_id;
    IF v_company IS NULL THEN RETURN; END IF;
  END IF;
  INSERT INTO analytics_job_marks AS m (job_id, company_id, through_history_id) VALUES (h.job_id, v_company, h.id)
  ON CONFLICT (job_id) DO UPDATE SET through_history_id = greatest(m.through_history_id, excluded.through_history_id);
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
-- Moves a job's counted action rows (up to its mark) from the marked company to p_to (NULL: removes them).
DROP FUNCTION IF EXISTS analytics_move_job_actions(uuid, uuid, uuid);--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_move_job_actions(p_job uuid, p_to uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_from uuid;
  v_through bigint;
BEGIN
  SELECT company_id, through_history_id INTO v_from, v_through FROM analytics_job_marks WHERE job_id = p_job FOR UPDATE;
  IF v_from IS NULL OR v_from IS NOT DISTINCT FROM p_to THEN RETURN; END IF;
  WITH k AS (
    SELECT (h.at AT TIME ZONE 'UTC')::date AS day, coalesce(h.actor_id, '00000000-0000-0000-0000-000000000000'::uuid) AS actor_id,
      key AS action, count(*)::int AS n
    FROM job_history h CROSS JOIN LATERAL unnest(analytics_action_keys(h)) AS key
    WHERE h.job_id = p_job AND h.id <= v_through
    GROUP BY 1, 2, 3
  ), dec AS (
    UPDATE analytics_daily_actions a SET n = a.n - k.n FROM k
    WHERE a.day = k.day AND a.company_id = v_from AND a.actor_id = k.actor_id AND a.action = k.action
  )
  INSERT INTO analytics_daily_actions AS a (day, company_id, actor_id, action, n)
  SELECT day, p_to, actor_id, action, n FROM k WHERE p_to IS NOT NULL
  ON CONFLICT (day, company_id, actor_id, action) DO UPDATE SET n = a.n + excluded.n;
  IF p_to IS NOT NULL THEN UPDATE analytics_job_marks SET company_id = p_to WHERE job_id = p_job; END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_job_company_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_job_cycles SET company_id = NEW.company_id WHERE job_id = NEW.id;
  PERFORM analytics_move_job_actions(NEW.id, NEW.company_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_job_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_move_job_actions(OLD.id, NULL);
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_rebuild_marks() RETURNS void LANGUAGE sql AS $$
  DELETE FROM analytics_job_marks;
  INSERT INTO analytics_job_marks (job_id, company_id, through_history_id)
  SELECT j.id, j.company_id, max(h.id) FROM jobs j JOIN job_history h ON h.job_id = j.id GROUP BY j.id, j.company_id;
$$;--> statement-breakpoint
-- analytics_rebuild() (backfill, repair, bench) now recomputes the marks too.
ALTER FUNCTION analytics_rebuild() RENAME TO analytics_rebuild_rollups;--> statement-breakpoint
CREATE FUNCTION analytics_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_rebuild_rollups();
  PERFORM analytics_rebuild_marks();
END $$;--> statement-breakpoint
SELECT analytics_rebuild_marks();
