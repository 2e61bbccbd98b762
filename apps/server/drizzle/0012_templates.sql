CREATE TABLE "message_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"header" text,
	"body" text NOT NULL,
	"footer" text,
	"buttons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"examples" jsonb DEFAULT '{"body":[],"header":[]}'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"provider_template_id" text,
	"rejection_reason" text,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_channel_name_uq" ON "message_templates" USING btree ("channel_id","name","language");--> statement-breakpoint
CREATE INDEX "message_templates_acc_idx" ON "message_templates" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "message_templates_provider_idx" ON "message_templates" USING btree ("provider_template_id");