-- Satisfaction surveys (issue 18): each account's survey settings, and one row per survey asked in
-- a conversation (its answer, follow-up comment and who served the customer). conversations gets
-- awaiting_reply: the reply a closed conversation awaits until a moment (a survey's question), which
-- the intake stores there instead of opening a new conversation.
ALTER TABLE "conversations" ADD COLUMN "awaiting_reply" jsonb;
--> statement-breakpoint
CREATE TABLE "survey_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"conversation_id" uuid NOT NULL REFERENCES "conversations"("id") ON DELETE cascade,
	"contact_id" uuid NOT NULL REFERENCES "contacts"("id") ON DELETE cascade,
	"channel_id" uuid REFERENCES "channels"("id") ON DELETE set null,
	"channel_kind" text,
	"operator_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"department_id" text,
	"trigger" text NOT NULL,
	"event_id" text,
	"type" text NOT NULL,
	"lang" text NOT NULL,
	"status" text NOT NULL,
	"step" text,
	"step_at" timestamp with time zone,
	"not_sent_reason" text,
	"csat" smallint,
	"nps" smallint,
	"comment" text,
	"sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "survey_requests_event_uq" ON "survey_requests" USING btree ("account_id","event_id") WHERE event_id is not null;
--> statement-breakpoint
CREATE INDEX "survey_requests_contact_idx" ON "survey_requests" USING btree ("account_id","contact_id","created_at");
--> statement-breakpoint
CREATE INDEX "survey_requests_waiting_idx" ON "survey_requests" USING btree ("account_id","channel_id","contact_id") WHERE status in ('sent', 'answered') and step is not null;
--> statement-breakpoint
CREATE INDEX "survey_requests_conversation_idx" ON "survey_requests" USING btree ("conversation_id");
--> statement-breakpoint
CREATE INDEX "survey_requests_report_idx" ON "survey_requests" USING btree ("account_id","created_at");
--> statement-breakpoint
ALTER TABLE survey_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON survey_settings USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
ALTER TABLE survey_requests ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON survey_requests USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
