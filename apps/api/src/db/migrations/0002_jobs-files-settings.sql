CREATE TABLE "job_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"event" text NOT NULL,
	"actor_id" uuid,
	"actor_role" text,
	"from_status" text,
	"to_status" text,
	"note" text,
	"data" jsonb,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"reason" text NOT NULL,
	"involuntary" boolean NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"from_status" text NOT NULL,
	"requested_by_id" uuid,
	"changes" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"client_name" text DEFAULT '' NOT NULL,
	"client_street_address" text DEFAULT '' NOT NULL,
	"client_city" text DEFAULT '' NOT NULL,
	"client_state_id" integer,
	"client_zip_code" text DEFAULT '' NOT NULL,
	"connection_type" text,
	"structure_type" text,
	"home_elevation" double precision,
	"latitude" double precision,
	"longitude" double precision,
	"company_verified_inspection" boolean DEFAULT false NOT NULL,
	"no_pictures" boolean DEFAULT false NOT NULL,
	"roof_type" text NOT NULL,
	"gypsum_type" text NOT NULL,
	"enclosed" text NOT NULL,
	"exposure_category" text,
	"status" text NOT NULL,
	"client_status" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"services_requested" text[] DEFAULT '{}'::text[] NOT NULL,
	"job_files_link" text DEFAULT '' NOT NULL,
	"arrays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cad_intake" jsonb NOT NULL,
	"parcel_info" jsonb,
	"site_photo_count" integer DEFAULT 2 NOT NULL,
	"structural_pages_to_stamp" text DEFAULT '' NOT NULL,
	"electrical_pages_to_stamp" text DEFAULT '' NOT NULL,
	"rejection_notice" text,
	"assignee_id" uuid,
	"created_by_id" uuid,
	"created_by_role" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"revision_number" integer DEFAULT 0 NOT NULL,
	"pending_admin_ms_closed" bigint DEFAULT 0 NOT NULL,
	"pending_since" timestamp with time zone,
	"overdue_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("jobs"."name" || ' ' || "jobs"."client_name" || ' ' || "jobs"."client_street_address" || ' ' || "jobs"."client_city" || ' ' || "jobs"."client_zip_code")) STORED
);
--> statement-breakpoint
CREATE TABLE "job_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"preview_key" text,
	"ahjs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"verification_file" boolean DEFAULT false NOT NULL,
	"array_index" integer,
	"uploaded_by_id" uuid,
	"uploaded_by_role" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "job_history" ADD CONSTRAINT "job_history_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_history" ADD CONSTRAINT "job_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_revisions" ADD CONSTRAINT "job_revisions_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_revisions" ADD CONSTRAINT "job_revisions_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_client_state_id_states_id_fk" FOREIGN KEY ("client_state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_files" ADD CONSTRAINT "job_files_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_files" ADD CONSTRAINT "job_files_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_history_job_idx" ON "job_history" USING btree ("job_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_revisions_job_number_uq" ON "job_revisions" USING btree ("job_id","number");--> statement-breakpoint
CREATE INDEX "jobs_created_idx" ON "jobs" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "jobs_updated_idx" ON "jobs" USING btree ("updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_company_created_idx" ON "jobs" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_status_created_idx" ON "jobs" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_client_status_created_idx" ON "jobs" USING btree ("client_status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_assignee_created_idx" ON "jobs" USING btree ("assignee_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_overdue_at_idx" ON "jobs" USING btree ("overdue_at") WHERE "jobs"."overdue_at" is not null;--> statement-breakpoint
CREATE INDEX "jobs_services_gin" ON "jobs" USING gin ("services_requested");--> statement-breakpoint
CREATE INDEX "jobs_search_trgm" ON "jobs" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_files_job_idx" ON "job_files" USING btree ("job_id","created_at");