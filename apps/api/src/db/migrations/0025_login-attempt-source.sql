-- Issue 29: each sign-in attempt falls in one count of its account: its known device, its known address, or strangers.
ALTER TABLE "login_attempts" ADD COLUMN "source" text DEFAULT 'stranger' NOT NULL;
