CREATE TABLE "cad_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"input_hash" text NOT NULL,
	"template_version" text NOT NULL,
	"status" text NOT NULL,
	"stage" text,
	"progress" integer DEFAULT 0 NOT NULL,
	"error_key" text,
	"error_message" text,
	"error_detail" text,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"page_count" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"requested_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "datasheet_key" text;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "datasheet_name" text;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "datasheet_size" integer;--> statement-breakpoint
ALTER TABLE "cad_runs" ADD CONSTRAINT "cad_runs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cad_runs" ADD CONSTRAINT "cad_runs_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cad_runs_job_idx" ON "cad_runs" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cad_runs_job_hash_uq" ON "cad_runs" USING btree ("job_id","input_hash") WHERE status <> 'failed';