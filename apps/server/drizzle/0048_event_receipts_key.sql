-- A durable listener reads which events of a fetched batch it already handled:
-- `listener = $1 and event_id = any($2)`. Led by the listener, the key let the planner take the
-- listener alone as the index condition and filter every receipt of that listener, whenever the
-- statistics were older than the listener's rows (a new listener, or a cluster without autovacuum):
-- 9.8 ms and 8,000 buffers a batch in bench/automations at 100,000 receipts, against 0.05 ms. Led
-- by the event (time-ordered v7 ids, so inserts stay at the right edge), each id is a probe of
-- its own whatever the statistics say.
ALTER TABLE event_receipts DROP CONSTRAINT event_receipts_listener_event_id_pk;
--> statement-breakpoint
ALTER TABLE event_receipts ADD CONSTRAINT event_receipts_event_id_listener_pk PRIMARY KEY (event_id, listener);
