-- Issue 24: a structural seal over pages that state rail values that are not the maker's (an assumed
-- rail class or cantilever ratio) records the pages the engineer of record accepted by sealing.
ALTER TABLE "document_seals" ADD COLUMN "accepted_assumed_pages" integer[] DEFAULT '{}'::integer[] NOT NULL;
