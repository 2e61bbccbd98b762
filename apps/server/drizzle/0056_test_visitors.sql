-- The visitor a chatbot's live test makes (the editor's console) is not a customer: its contact
-- is marked test = true when made, never changed. The contacts list, search, counts, export and
-- roll-ups leave it out, and its domain events carry `test: true` (isTestEvent), which webhooks,
-- automations and the dashboards skip, as they do its conversation's (0055). A constant default:
-- no table rewrite, and no index changes (the list indexes stay as they are; see contactWhere).
ALTER TABLE "contacts" ADD COLUMN "test" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The open tests, for the dashboard's live counts (openCounts): they are taken off the index-only
-- count of open conversations. Small: only a test's conversations are in it.
CREATE INDEX "conversations_open_test_idx" ON "conversations" USING btree ("account_id") WHERE test and stage <> 'closed';
