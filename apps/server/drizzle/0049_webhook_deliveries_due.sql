-- Webhook deliveries are their own queue (issue 19): `due_at` is when a process should attempt a
-- delivery next (written pending: at once; held for an attempt: when the claim runs out, so a
-- killed process's delivery comes back; retrying: its next attempt; delivered or failed: null).
-- Each worker process sweeps the due rows with FOR UPDATE SKIP LOCKED, many in one statement; a
-- pg-boss job per delivery (inserted, fetched and completed: three writes of pgboss.job for each
-- POST) was most of the database's work for webhooks under a stream of events. Jobs an earlier
-- version wrote for deliveries are left to pg-boss's retention: their rows are due here.
ALTER TABLE webhook_deliveries ADD COLUMN due_at timestamp with time zone;
--> statement-breakpoint
UPDATE webhook_deliveries SET due_at = CASE status
    WHEN 'pending' THEN now()
    WHEN 'retrying' THEN coalesce(next_attempt_at, now())
    ELSE coalesce(claimed_until, now()) END
  WHERE status IN ('pending', 'retrying', 'sending');
--> statement-breakpoint
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (due_at) WHERE due_at IS NOT NULL;
