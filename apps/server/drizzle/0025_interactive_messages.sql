-- Interactive messages: the options a customer was offered (a bot's menu, a survey's scale) and,
-- on the customer's answer, the option the channel reported they picked.
ALTER TABLE "messages" ADD COLUMN "interactive" jsonb;
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "reply" jsonb;
