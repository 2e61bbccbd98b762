-- Dashboards (issue 20): daily roll-ups per account and local day (the account's time zone).
-- Durations are stored as fixed-bucket histograms (integer[], buckets of dashboards/histogram.ts):
-- days add up bucket by bucket, so the median and p90 of any period come from the sum.
CREATE TABLE "dashboard_daily" (
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"channel_id" uuid,
	"department_id" text,
	"operator_id" uuid,
	"origin" text NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL,
	"messages_in" integer DEFAULT 0 NOT NULL,
	"messages_out" integer DEFAULT 0 NOT NULL,
	"frt_wall" integer[] DEFAULT '{}' NOT NULL,
	"frt_biz" integer[] DEFAULT '{}' NOT NULL,
	"reply_wall" integer[] DEFAULT '{}' NOT NULL,
	"reply_biz" integer[] DEFAULT '{}' NOT NULL,
	"resolution_wall" integer[] DEFAULT '{}' NOT NULL,
	"resolution_biz" integer[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dashboard_daily_acc_day_idx" ON "dashboard_daily" USING btree ("account_id","day");
--> statement-breakpoint
CREATE TABLE "dashboard_hourly" (
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"operator_id" uuid,
	"opened" integer DEFAULT 0 NOT NULL,
	"messages_in" integer DEFAULT 0 NOT NULL,
	"messages_out" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dashboard_hourly_acc_day_idx" ON "dashboard_hourly" USING btree ("account_id","day");
--> statement-breakpoint
CREATE TABLE "dashboard_contacts_daily" (
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"source" text,
	"phase_id" uuid,
	"new_contacts" integer DEFAULT 0 NOT NULL,
	"phase_entries" integer DEFAULT 0 NOT NULL,
	"opt_outs" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dashboard_contacts_daily_acc_day_idx" ON "dashboard_contacts_daily" USING btree ("account_id","day");
--> statement-breakpoint
CREATE TABLE "dashboard_contact_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"contact_id" uuid NOT NULL,
	"phase_id" uuid
);
--> statement-breakpoint
CREATE INDEX "dashboard_contact_events_acc_at_idx" ON "dashboard_contact_events" USING btree ("account_id","at");
--> statement-breakpoint
CREATE TABLE "dashboard_rollups" (
	"account_id" uuid PRIMARY KEY NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"built_through" date,
	"dirty_days" date[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_targets" (
	"account_id" uuid PRIMARY KEY NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"first_response_seconds" integer,
	"resolution_seconds" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE dashboard_daily ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON dashboard_daily USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
ALTER TABLE dashboard_hourly ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON dashboard_hourly USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
ALTER TABLE dashboard_contacts_daily ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON dashboard_contacts_daily USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
ALTER TABLE dashboard_contact_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON dashboard_contact_events USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
ALTER TABLE dashboard_rollups ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON dashboard_rollups USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
ALTER TABLE dashboard_targets ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON dashboard_targets USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
