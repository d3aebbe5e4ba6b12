CREATE TABLE "site_alert_dismissals" (
	"alert_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_alert_dismissals_alert_id_user_id_pk" PRIMARY KEY("alert_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "site_alerts" ADD COLUMN "roles" text[];--> statement-breakpoint
ALTER TABLE "site_alerts" ADD COLUMN "company_ids" uuid[];--> statement-breakpoint
ALTER TABLE "site_alerts" ADD COLUMN "created_by_id" uuid;--> statement-breakpoint
ALTER TABLE "site_alerts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "site_alert_dismissals" ADD CONSTRAINT "site_alert_dismissals_alert_id_site_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."site_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_alert_dismissals" ADD CONSTRAINT "site_alert_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_alerts" ADD CONSTRAINT "site_alerts_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;