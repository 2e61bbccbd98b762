CREATE TABLE "closing_reasons" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sub_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distribution_members" (
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distribution_members_account_id_user_id_pk" PRIMARY KEY("account_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "inbox_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"hours_enabled" boolean DEFAULT false NOT NULL,
	"hours" jsonb,
	"out_of_hours_message_enabled" boolean DEFAULT false NOT NULL,
	"out_of_hours_message" text DEFAULT '' NOT NULL,
	"load_size" integer DEFAULT 200 NOT NULL,
	"hide_waiting_tab" boolean DEFAULT false NOT NULL,
	"block_start_conversation" boolean DEFAULT false NOT NULL,
	"restrict_outside_hours" boolean DEFAULT false NOT NULL,
	"downtime_days" integer,
	"operator_capacity" integer DEFAULT 5 NOT NULL,
	"send_window" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quick_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"shortcut" text NOT NULL,
	"text" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_file_chunks" (
	"file_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "inbox_file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
CREATE TABLE "inbox_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"uploader_id" uuid,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "closing_reasons" ADD CONSTRAINT "closing_reasons_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_members" ADD CONSTRAINT "distribution_members_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_members" ADD CONSTRAINT "distribution_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_settings" ADD CONSTRAINT "inbox_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_messages" ADD CONSTRAINT "quick_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_messages" ADD CONSTRAINT "quick_messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_file_chunks" ADD CONSTRAINT "inbox_file_chunks_file_id_inbox_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."inbox_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_file_chunks" ADD CONSTRAINT "inbox_file_chunks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_files" ADD CONSTRAINT "inbox_files_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_files" ADD CONSTRAINT "inbox_files_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "closing_reasons_acc_name_uq" ON "closing_reasons" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "distribution_members_user_idx" ON "distribution_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quick_messages_acc_shortcut_uq" ON "quick_messages" USING btree ("account_id",lower("shortcut"));--> statement-breakpoint
CREATE INDEX "inbox_file_chunks_acc_idx" ON "inbox_file_chunks" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "inbox_files_acc_idx" ON "inbox_files" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "conversations_updated_idx" ON "conversations" USING btree ("account_id","updated_at");