CREATE TABLE "job_designs" (
	"job_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"model" jsonb NOT NULL,
	"background" jsonb,
	"background_file_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_designs_job_id_revision_pk" PRIMARY KEY("job_id","revision")
);
--> statement-breakpoint
ALTER TABLE "job_designs" ADD CONSTRAINT "job_designs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_designs" ADD CONSTRAINT "job_designs_background_file_id_job_files_id_fk" FOREIGN KEY ("background_file_id") REFERENCES "public"."job_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_designs" ADD CONSTRAINT "job_designs_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;