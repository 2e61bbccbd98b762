-- An event whose deliveries are not written yet (the process had no free slot for them, or runs no
-- workers): the transaction that emits it writes this one row, with the endpoints it goes to
-- (those subscribed when it happened), due for a worker process to fan it out into its deliveries
-- (FOR UPDATE SKIP LOCKED, many events in one statement), which clears due_at. Under a burst of
-- customers' messages the inbound then pays one small row per event instead of one per endpoint.
ALTER TABLE webhook_events ADD COLUMN name text;
--> statement-breakpoint
ALTER TABLE webhook_events ADD COLUMN endpoint_ids uuid[];
--> statement-breakpoint
ALTER TABLE webhook_events ADD COLUMN due_at timestamp with time zone;
--> statement-breakpoint
CREATE INDEX webhook_events_due_idx ON webhook_events (due_at) WHERE due_at IS NOT NULL;
