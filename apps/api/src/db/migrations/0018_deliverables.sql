CREATE TABLE "document_verifications" (
	"code" text PRIMARY KEY NOT NULL,
	"file_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"document_kind" text NOT NULL,
	"document_name" text NOT NULL,
	"engineer_name" text NOT NULL,
	"licence_state" text NOT NULL,
	"licence_number" text NOT NULL,
	"job_address" text NOT NULL,
	"sha256" text NOT NULL,
	"size" bigint NOT NULL,
	"sealed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "service_tasks" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "job_files" ADD COLUMN "deliverable_kind" text;--> statement-breakpoint
ALTER TABLE "job_files" ADD COLUMN "deliverable_state" text;--> statement-breakpoint
ALTER TABLE "job_files" ADD COLUMN "deliverable_revision" integer;--> statement-breakpoint
ALTER TABLE "job_files" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "job_files" ADD COLUMN "sealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_files" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_files" ADD COLUMN "released_by_id" uuid;--> statement-breakpoint
ALTER TABLE "document_verifications" ADD CONSTRAINT "document_verifications_file_id_job_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."job_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_verifications" ADD CONSTRAINT "document_verifications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_verifications_file_idx" ON "document_verifications" USING btree ("file_id");--> statement-breakpoint
ALTER TABLE "job_files" ADD CONSTRAINT "job_files_released_by_id_users_id_fk" FOREIGN KEY ("released_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;