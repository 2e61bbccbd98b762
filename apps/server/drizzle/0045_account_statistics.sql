-- Reads of one conversation or contact (by its id) and of a conversation's messages carry the
-- account too: the query's `account_id = $acc` and row-level security's. With the default
-- statistics every account of an installation with up to 100 of them is a "most common value", so
-- an account that was not there at the last ANALYZE is estimated at no rows at all, and the planner
-- walked the account's (account_id, created_at), (account_id, updated_at) or (account_id, phone)
-- index through all of its rows instead of taking the primary key or the conversation's index: 1.5
-- ms per conversation read and 14 ms per automation's conversation facts in bench/automations (a
-- new account with 20,000 conversations), 0.04 and 0.3 ms by the right index. With one most common
-- value, an account outside it is estimated at the average size of the others, so the right index
-- wins; the account-led lists and dashboards keep their indexes either way.
ALTER TABLE conversations ALTER COLUMN account_id SET STATISTICS 1;
--> statement-breakpoint
ALTER TABLE messages ALTER COLUMN account_id SET STATISTICS 1;
--> statement-breakpoint
ALTER TABLE contacts ALTER COLUMN account_id SET STATISTICS 1;
--> statement-breakpoint
ANALYZE conversations;
--> statement-breakpoint
ANALYZE messages;
--> statement-breakpoint
ANALYZE contacts;
