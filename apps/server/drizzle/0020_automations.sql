-- Automations (issue 17): rules ("when … if … then …"), the automatic messages that run on them
-- (system_kind), and the run log (one row per rule and trigger key: a retried event never runs a
-- rule twice).
CREATE TABLE "automations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"trigger_type" text NOT NULL,
	"trigger" jsonb NOT NULL,
	"conditions" jsonb DEFAULT '{"match":"all","groups":[]}'::jsonb NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"max_per_hour" integer DEFAULT 5 NOT NULL,
	"disabled_reason" text,
	"system_kind" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automations_acc_trigger_idx" ON "automations" USING btree ("account_id","trigger_type") WHERE active;--> statement-breakpoint
CREATE INDEX "automations_acc_position_idx" ON "automations" USING btree ("account_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "automations_acc_system_uq" ON "automations" USING btree ("account_id","system_kind") WHERE system_kind IS NOT NULL;--> statement-breakpoint
CREATE TABLE "automation_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"automation_id" uuid NOT NULL,
	"key" text NOT NULL,
	"trigger" text NOT NULL,
	"conversation_id" uuid,
	"contact_id" uuid,
	"status" text NOT NULL,
	"reason" text,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"next_step" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_automation_id_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automation_runs_key_uq" ON "automation_runs" USING btree ("automation_id","key");--> statement-breakpoint
CREATE INDEX "automation_runs_log_idx" ON "automation_runs" USING btree ("automation_id","created_at" DESC);--> statement-breakpoint
CREATE INDEX "automation_runs_conv_idx" ON "automation_runs" USING btree ("automation_id","conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "automation_runs_acc_created_idx" ON "automation_runs" USING btree ("account_id","created_at");--> statement-breakpoint
ALTER TABLE automations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON automations USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
ALTER TABLE automation_runs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON automation_runs USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
