-- Automation timers (issue 17): the time triggers' pending fires ("no customer reply for X"…), one
-- row per rule and anchor (the message the silence is counted from), swept every second by each
-- worker process: due rows are claimed with FOR UPDATE SKIP LOCKED (the claim moves due_at to the
-- lease's end, so a row whose process died is due again after the lease), fired (idempotent on the
-- run key) and deleted. Pending rows of a conversation are cancelled when the silence ends.
CREATE TABLE "automation_timers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"automation_id" uuid NOT NULL,
	"key" text NOT NULL,
	"trigger" text NOT NULL,
	"conversation_id" uuid NOT NULL,
	"contact_id" uuid,
	"message_at" timestamp with time zone NOT NULL,
	"message_id" text,
	"due_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "automation_timers" ADD CONSTRAINT "automation_timers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_timers" ADD CONSTRAINT "automation_timers_automation_id_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automation_timers_key_uq" ON "automation_timers" USING btree ("automation_id","key");--> statement-breakpoint
CREATE INDEX "automation_timers_due_idx" ON "automation_timers" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "automation_timers_conv_idx" ON "automation_timers" USING btree ("conversation_id");--> statement-breakpoint
ALTER TABLE automation_timers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON automation_timers USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
