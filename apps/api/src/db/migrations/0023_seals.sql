-- Seals you can trust (issue 23): who may seal, seals drawn into generated documents and checked,
-- signatures by registered certificates only, public verification without the street address.
ALTER TABLE "engineers" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "engineers" ADD COLUMN "seal_authorised_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "engineers" ADD COLUMN "seal_authorised_by_id" uuid REFERENCES "users"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "engineers" ADD COLUMN "seal_authorised_by_name" text;
--> statement-breakpoint
ALTER TABLE "engineers" ADD COLUMN "seal_authorisation_ref" text;
--> statement-breakpoint
-- The demo workspace's engineer (db/seed/demo-engineer.seed.ts) is marked as such.
UPDATE "engineers" SET "is_demo" = true WHERE "name" = 'Dana Whitfield (demo)';
--> statement-breakpoint
ALTER TABLE "job_files" ADD COLUMN "seal_slots" jsonb;
--> statement-breakpoint
ALTER TABLE "job_files" ADD COLUMN "seal_code" text;
--> statement-breakpoint
ALTER TABLE "document_verifications" ADD COLUMN "location" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE TABLE "engineer_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"engineer_id" uuid NOT NULL REFERENCES "engineers"("id") ON DELETE cascade,
	"pem" text NOT NULL,
	"subject" text NOT NULL,
	"issuer" text NOT NULL,
	"serial" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"self_signed" boolean NOT NULL,
	"spki_sha256" text NOT NULL,
	"added_by_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"added_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "engineer_certificates_engineer_key_uq" ON "engineer_certificates" USING btree ("engineer_id","spki_sha256");
--> statement-breakpoint
CREATE TABLE "document_seals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL REFERENCES "jobs"("id") ON DELETE cascade,
	"file_id" uuid REFERENCES "job_files"("id") ON DELETE set null,
	"document_kind" text NOT NULL,
	"discipline" text NOT NULL,
	"engineer_id" uuid REFERENCES "engineers"("id") ON DELETE set null,
	"engineer_name" text NOT NULL,
	"licence_state" text NOT NULL,
	"licence_number" text NOT NULL,
	"licence_expires_on" text NOT NULL,
	"sealed_by_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"sealed_by_name" text NOT NULL,
	"sealed_by_role" text NOT NULL,
	"on_authorisation" boolean NOT NULL,
	"code" text NOT NULL,
	"pages" integer[] NOT NULL,
	"source_sha256" text NOT NULL,
	"sha256" text NOT NULL,
	"source_storage_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "document_seals_file_idx" ON "document_seals" USING btree ("file_id","created_at");
--> statement-breakpoint
CREATE INDEX "document_seals_job_idx" ON "document_seals" USING btree ("job_id","created_at");
