-- The calendar day printed beside each seal, kept as printed: the firm's day (its time zone, an
-- admin's setting, UTC until set), so the verification page answers the date on the sheet even after
-- the firm's time zone changes. Seals applied before this migration printed the UTC day.
ALTER TABLE "document_seals" ADD COLUMN "printed_on" text;--> statement-breakpoint
UPDATE "document_seals" SET "printed_on" = to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD');--> statement-breakpoint
ALTER TABLE "document_seals" ALTER COLUMN "printed_on" SET NOT NULL;
