-- Crash recovery (issue 27): the processes that work queue jobs, with a heartbeat, and which job
-- each holds, so a dead process's jobs are given back within seconds (platform/queue/queue-recovery.ts).
CREATE TABLE IF NOT EXISTS "queue_workers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "queue_claims" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"worker_id" uuid NOT NULL REFERENCES "queue_workers"("id") ON DELETE cascade,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "queue_claims_worker_idx" ON "queue_claims" USING btree ("worker_id");
