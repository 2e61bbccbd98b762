-- The delivery log is read per endpoint (endpoint_id, newest first): its index leads with the
-- endpoint instead of the account. Led by the account, it was the planner's pick for every
-- statement that finds deliveries by id under the account's filter whenever the statistics held
-- few of the account's rows (a new account, a busy hour between two ANALYZEs): the recording of
-- 13 successful attempts walked all 138,340 of the account's deliveries (662 ms, against 0.1 ms
-- by primary key) in bench/webhooks. Without an account-led index, finding by id can only be by
-- primary key. (An account's deletion reaches its deliveries through its endpoints' cascade.)
DROP INDEX IF EXISTS webhook_deliveries_acc_idx;
--> statement-breakpoint
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at);
