-- A webhook event's body is kept once (webhook_events), not in each of its deliveries: a
-- message.created body is about 1.8 kB of a 2 kB delivery row, so five endpoints wrote it five
-- times per message, and every claim and outcome rewrote it again (a new row version each).
-- Deliveries written before this keep their own copy (payload), read first.
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE webhook_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON webhook_events USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
ALTER TABLE webhook_deliveries ALTER COLUMN payload DROP NOT NULL;
