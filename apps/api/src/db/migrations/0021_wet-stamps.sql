CREATE TABLE "job_wet_stamps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"copies" integer NOT NULL,
	"state" text NOT NULL,
	"carrier" text,
	"tracking_reference" text,
	"delivered_on" date,
	"notes" text DEFAULT '' NOT NULL,
	"stamped_at" timestamp with time zone,
	"stamped_by_id" uuid,
	"shipped_at" timestamp with time zone,
	"shipped_by_id" uuid,
	"delivered_at" timestamp with time zone,
	"delivered_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" uuid,
	CONSTRAINT "job_wet_stamps_copies_ck" CHECK ("job_wet_stamps"."copies" between 1 and 3),
	CONSTRAINT "job_wet_stamps_state_ck" CHECK ("job_wet_stamps"."state" in ('pending', 'stamped', 'shipped', 'delivered'))
);
--> statement-breakpoint
ALTER TABLE "job_wet_stamps" ADD CONSTRAINT "job_wet_stamps_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_wet_stamps" ADD CONSTRAINT "job_wet_stamps_stamped_by_id_users_id_fk" FOREIGN KEY ("stamped_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_wet_stamps" ADD CONSTRAINT "job_wet_stamps_shipped_by_id_users_id_fk" FOREIGN KEY ("shipped_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_wet_stamps" ADD CONSTRAINT "job_wet_stamps_delivered_by_id_users_id_fk" FOREIGN KEY ("delivered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_wet_stamps" ADD CONSTRAINT "job_wet_stamps_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_wet_stamps_job_revision_uq" ON "job_wet_stamps" USING btree ("job_id","revision");
