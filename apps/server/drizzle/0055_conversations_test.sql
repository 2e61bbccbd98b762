-- A chatbot's live test (the editor's console, chatbot_test_visitors) is a conversation of its own
-- that is not a customer's: the intake opens it with test = true, and nothing of the product
-- shows or reacts to it but the bot's runtime and the test console (the inbox's tabs, counts and
-- search leave it out; its domain events carry `test: true` and the surveys, automations,
-- webhooks, push and dashboards skip them). A constant default: no table rewrite.
ALTER TABLE "conversations" ADD COLUMN "test" boolean DEFAULT false NOT NULL;
