-- Issue 27 (the restart): which version of the reference seed (states, code lists, option items,
-- seed equipment, seed content) an install holds, so a restart with the same seed skips writing it
-- again. Only start-up reads or writes it (db/seed/seed-mark.ts).
CREATE TABLE IF NOT EXISTS "seed_marks" (
	"name" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
