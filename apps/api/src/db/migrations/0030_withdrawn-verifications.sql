-- A sealed document taken out of the deliverables (withdrawn by its engineer or an admin, or a
-- generated set replaced before release) keeps its verification record, marked withdrawn: the code
-- printed on it answers "withdrawn on <date>" instead of "no such code", and the firm keeps the
-- record of every seal it issued. The record outlives the file too (a file deleted later).
ALTER TABLE "document_verifications" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_verifications" ALTER COLUMN "file_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "document_verifications" DROP CONSTRAINT "document_verifications_file_id_job_files_id_fk";--> statement-breakpoint
ALTER TABLE "document_verifications" ADD CONSTRAINT "document_verifications_file_id_job_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."job_files"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "document_seals_code_idx" ON "document_seals" USING btree ("code");
