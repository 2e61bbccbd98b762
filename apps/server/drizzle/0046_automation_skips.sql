-- The rules an event does not concern (a condition that does not hold, their own action…) are
-- logged as one row per event and stretch of rules — the rules' ids and reasons as two aligned
-- arrays — instead of one automation_runs row per rule: with 50 rules of a trigger every inbound
-- message wrote 50 rows into a table of five indexes and two foreign keys (2.4 ms of PostgreSQL per
-- message in bench/automations), now one row and two indexes. The rule page's log reads both.
-- `seq` is the position of the stretch's first rule in the trigger's order (a retried event finds
-- its row by the primary key and leaves those rules skipped). Rows written before stay in
-- automation_runs, which the log reads too.
CREATE TABLE "automation_skips" (
	"account_id" uuid NOT NULL REFERENCES "public"."accounts"("id") ON DELETE cascade,
	"key" text NOT NULL,
	"trigger" text NOT NULL,
	"seq" integer NOT NULL,
	"conversation_id" uuid,
	"contact_id" uuid,
	"automation_ids" uuid[] NOT NULL,
	"reasons" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("account_id", "key", "trigger", "seq")
);
--> statement-breakpoint
CREATE INDEX "automation_skips_log_idx" ON "automation_skips" USING btree ("account_id", "trigger", "created_at" DESC);
--> statement-breakpoint
ALTER TABLE automation_skips ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON automation_skips USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
-- A stretch's rules that already have a run of this key (a retried event: the run resumes, it is
-- not logged as skipped) are found by the key: the unique index leads with it now.
DROP INDEX "automation_runs_key_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX "automation_runs_key_uq" ON "automation_runs" USING btree ("key", "automation_id");
