-- App store (issue 19): installs, their history runs, webhook endpoints and deliveries, and each
-- member's push-notification preferences. Every table is a tenant table (row-level security).
CREATE TABLE "app_installs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"app_key" text NOT NULL,
	"name" text NOT NULL DEFAULT '',
	"status" text NOT NULL DEFAULT 'active',
	"settings" jsonb NOT NULL DEFAULT '{}'::jsonb,
	"secrets" text NOT NULL DEFAULT '',
	"secrets_set" text[] NOT NULL DEFAULT '{}',
	"disabled_reason" text,
	"consecutive_errors" integer NOT NULL DEFAULT 0,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "app_installs_acc_idx" ON "app_installs" USING btree ("account_id","app_key");
--> statement-breakpoint
CREATE TABLE "app_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"install_id" uuid REFERENCES "app_installs"("id") ON DELETE set null,
	"app_key" text NOT NULL,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"user_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"user_name" text NOT NULL DEFAULT '',
	"message" text NOT NULL DEFAULT '',
	"log" jsonb NOT NULL DEFAULT '[]'::jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "app_runs_acc_idx" ON "app_runs" USING btree ("account_id","started_at");
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"install_id" uuid NOT NULL REFERENCES "app_installs"("id") ON DELETE cascade,
	"url" text NOT NULL,
	"description" text NOT NULL DEFAULT '',
	"events" text[] NOT NULL DEFAULT '{}',
	"enabled" boolean NOT NULL DEFAULT true,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_endpoints_acc_idx" ON "webhook_endpoints" USING btree ("account_id");
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"endpoint_id" uuid NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE cascade,
	"event_id" uuid NOT NULL,
	"event_name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text NOT NULL DEFAULT 'pending',
	"attempts" integer NOT NULL DEFAULT 0,
	"claimed_until" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"response_status" integer,
	"latency_ms" integer,
	"response_excerpt" text NOT NULL DEFAULT '',
	"error" text NOT NULL DEFAULT '',
	"first_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_event_uq" ON "webhook_deliveries" USING btree ("endpoint_id","event_id");
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_acc_idx" ON "webhook_deliveries" USING btree ("account_id","endpoint_id","created_at");
--> statement-breakpoint
CREATE TABLE "push_preferences" (
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"push" boolean NOT NULL DEFAULT true,
	"sound" boolean NOT NULL DEFAULT true,
	"events" text[] NOT NULL DEFAULT '{assigned,message}',
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("account_id","user_id")
);
--> statement-breakpoint
ALTER TABLE app_installs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON app_installs USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
ALTER TABLE app_runs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON app_runs USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
ALTER TABLE webhook_endpoints ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON webhook_endpoints USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
ALTER TABLE webhook_deliveries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON webhook_deliveries USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
ALTER TABLE push_preferences ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON push_preferences USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
