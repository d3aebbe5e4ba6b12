CREATE TABLE "engineer_licences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"engineer_id" uuid NOT NULL,
	"state" text NOT NULL,
	"number" text NOT NULL,
	"expires_on" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engineers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"disciplines" text[] NOT NULL,
	"seal_key" text,
	"seal_mime" text,
	"signature_key" text,
	"signature_mime" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_letters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"letter_type" text NOT NULL,
	"engineer_id" uuid,
	"file_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"calculation_pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signature_status" text NOT NULL,
	"signed_file_id" uuid,
	"signed_sha256" text,
	"signed_by" text,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "engineer_licences" ADD CONSTRAINT "engineer_licences_engineer_id_engineers_id_fk" FOREIGN KEY ("engineer_id") REFERENCES "public"."engineers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engineers" ADD CONSTRAINT "engineers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_letters" ADD CONSTRAINT "job_letters_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_letters" ADD CONSTRAINT "job_letters_engineer_id_engineers_id_fk" FOREIGN KEY ("engineer_id") REFERENCES "public"."engineers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_letters" ADD CONSTRAINT "job_letters_file_id_job_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."job_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_letters" ADD CONSTRAINT "job_letters_signed_file_id_job_files_id_fk" FOREIGN KEY ("signed_file_id") REFERENCES "public"."job_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "engineer_licences_engineer_state_uq" ON "engineer_licences" USING btree ("engineer_id","state");--> statement-breakpoint
CREATE INDEX "engineer_licences_state_idx" ON "engineer_licences" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "job_letters_run_type_uq" ON "job_letters" USING btree ("run_id","letter_type");--> statement-breakpoint
CREATE INDEX "job_letters_job_idx" ON "job_letters" USING btree ("job_id","created_at");