CREATE TABLE "job_equipment" (
	"job_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"equipment_id" uuid,
	"custom_model" text DEFAULT '' NOT NULL,
	"quantity" integer,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_revisions" ADD COLUMN "rejection_comments" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_equipment" ADD CONSTRAINT "job_equipment_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_equipment" ADD CONSTRAINT "job_equipment_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_equipment_job_kind_uq" ON "job_equipment" USING btree ("job_id","kind");--> statement-breakpoint
-- The span limit is one engineering setting that only an admin changes (settings key structural_span_limit):
-- the company-editable requirement values that looked like they loosened it are removed.
DELETE FROM "requirement_values" WHERE "key" IN ('span_limit_inches_per_module_portrait', 'span_limit_inches_per_module_landscape');
