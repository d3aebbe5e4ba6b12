ALTER TABLE "jobs" ADD COLUMN "ahj_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "cad_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_ahj_id_ahjs_id_fk" FOREIGN KEY ("ahj_id") REFERENCES "public"."ahjs"("id") ON DELETE no action ON UPDATE no action;