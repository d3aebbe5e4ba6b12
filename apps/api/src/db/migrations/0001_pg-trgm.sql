-- Trigram matching for the jobs list search (name, client name, address): a GIN index with
-- gin_trgm_ops serves ILIKE '%…%'. PGlite loads the extension in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
