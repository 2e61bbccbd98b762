-- Chatbots (issue 14): bots with their autosaved draft, frozen published versions, the channels a
-- published bot answers on (read by the inbox intake to open conversations in the flow stage),
-- bot sessions per conversation, and chat pages.
CREATE TABLE "chatbots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"channel_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"debounce_seconds" integer DEFAULT 3 NOT NULL,
	"handover_keywords" jsonb DEFAULT '["atendente","humano"]'::jsonb NOT NULL,
	"draft" jsonb NOT NULL,
	"published_version" integer,
	"published_at" timestamp with time zone,
	"training_state" text,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "chatbots_acc_idx" ON "chatbots" USING btree ("account_id","created_at");
--> statement-breakpoint
CREATE TABLE "chatbot_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"chatbot_id" uuid NOT NULL REFERENCES "chatbots"("id") ON DELETE cascade,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"published_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chatbot_versions_bot_version_uq" ON "chatbot_versions" USING btree ("chatbot_id","version");
--> statement-breakpoint
CREATE TABLE "chatbot_channels" (
	"channel_id" uuid PRIMARY KEY NOT NULL REFERENCES "channels"("id") ON DELETE cascade,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"chatbot_id" uuid NOT NULL REFERENCES "chatbots"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "chatbot_channels_bot_idx" ON "chatbot_channels" USING btree ("chatbot_id");
--> statement-breakpoint
CREATE TABLE "chatbot_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"chatbot_id" uuid NOT NULL REFERENCES "chatbots"("id") ON DELETE cascade,
	"version" integer,
	"conversation_id" uuid NOT NULL REFERENCES "conversations"("id") ON DELETE cascade,
	"status" text DEFAULT 'active' NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"state" jsonb NOT NULL,
	"pending" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"processed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_message_id" text,
	"turn" integer DEFAULT 0 NOT NULL,
	"lease_token" uuid,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chatbot_sessions_active_uq" ON "chatbot_sessions" USING btree ("conversation_id") WHERE status = 'active';
--> statement-breakpoint
CREATE INDEX "chatbot_sessions_bot_idx" ON "chatbot_sessions" USING btree ("chatbot_id","status");
--> statement-breakpoint
CREATE TABLE "chatbot_pages" (
	"chatbot_id" uuid PRIMARY KEY NOT NULL REFERENCES "chatbots"("id") ON DELETE cascade,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"channel_id" uuid REFERENCES "channels"("id") ON DELETE set null,
	"slug" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"avatar_url" text,
	"colors" jsonb NOT NULL,
	"welcome_text" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE chatbots ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON chatbots USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
ALTER TABLE chatbot_versions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON chatbot_versions USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
ALTER TABLE chatbot_channels ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON chatbot_channels USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
ALTER TABLE chatbot_sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON chatbot_sessions USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
ALTER TABLE chatbot_pages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON chatbot_pages USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
CREATE TABLE "chatbot_test_visitors" (
	"contact_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"chatbot_id" uuid NOT NULL REFERENCES "chatbots"("id") ON DELETE cascade,
	"document" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE chatbot_test_visitors ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON chatbot_test_visitors USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
