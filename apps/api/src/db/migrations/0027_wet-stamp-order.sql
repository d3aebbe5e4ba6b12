-- Issue 29, item 11: the wet stamp's copies and shipping address, asked at intake (null when not ordered).
ALTER TABLE "jobs" ADD COLUMN "wet_stamp_order" jsonb;
