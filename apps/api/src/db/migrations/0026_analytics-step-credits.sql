-- Issue 29, item 7 (branch w4-29): a completed cycle names who designed it, not who moved it to
-- Design Completed. The jobs write path records the step credits on that history row
-- (data.credits.design: the assignee when the job left the design step, else its mover;
-- packages/domain/src/jobs/step-credits.rules.ts); a row without them (written before) keeps its
-- mover. The insert trigger and the rebuild read the same function, so a rebuild from the history
-- gives the rollups the trigger kept. No data changes: rows before this carry no credits.
CREATE OR REPLACE FUNCTION analytics_designer_of(h job_history) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(
    CASE WHEN jsonb_typeof(h.data -> 'credits' -> 'design') = 'string'
      AND (h.data -> 'credits' ->> 'design') ~ '^[0-9a-fA-F-]{36}$' THEN (h.data -> 'credits' ->> 'design')::uuid END,
    h.actor_id)
$$;--> statement-breakpoint
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
    CASE WHEN h.to_status = 'Design Completed' THEN analytics_designer_of(h) END,
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
CREATE OR REPLACE FUNCTION analytics_rebuild_rollups() RETURNS void LANGUAGE plpgsql AS $$
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
    (array_agg(s.designer ORDER BY s.id) FILTER (WHERE s.to_status = 'Design Completed'))[1],
    coalesce(sum(analytics_ms(s.at, s.left_at)) FILTER (WHERE s.to_status IN ('Pending Design', 'Pending Design Revision')), 0),
    coalesce(sum(analytics_ms(s.at, s.left_at)) FILTER (WHERE s.to_status IN ('Pending Electrical Check', 'Pending PE', 'Pending EE', 'Pending Wet Stamp', 'Pending Reinforcements')), 0),
    coalesce(sum(analytics_ms(s.at, s.left_at)) FILTER (WHERE s.to_status LIKE 'Pending %' AND s.to_status NOT IN ('Pending Client', 'Pending Approval')), 0),
    coalesce(sum(analytics_ms(s.at, s.left_at)) FILTER (WHERE s.to_status = 'Pending Client'), 0),
    coalesce(bool_or(s.to_status = 'Pending Reinforcements'), false),
    max(s.to_status) FILTER (WHERE s.left_at IS NULL),
    max(s.at) FILTER (WHERE s.left_at IS NULL)
  FROM (
    SELECT h.job_id, h.id, h.at, h.to_status, h.actor_id, analytics_designer_of(h) AS designer,
      sum(CASE WHEN h.event = 'revision' THEN 1 ELSE 0 END) OVER w AS cycle,
      lead(h.at) OVER w AS left_at
    FROM job_history h
    WHERE h.to_status IS NOT NULL AND h.to_status IS DISTINCT FROM h.from_status
    WINDOW w AS (PARTITION BY h.job_id ORDER BY h.id)
  ) s
  JOIN jobs j ON j.id = s.job_id
  GROUP BY s.job_id, s.cycle, j.company_id;
END $$;--> statement-breakpoint
