-- The dispatcher claims a campaign's queued recipients in id order, 200 at a time: with the index
-- on (campaign_id, status) each claim read and sorted every queued row (about 60 ms per claim at
-- the start of a 100,000-recipient campaign, taken from the inbox's share of the database). With
-- id in the index the claim reads the first 200 in order and stops.
DROP INDEX IF EXISTS campaign_recipients_status_idx;
--> statement-breakpoint
CREATE INDEX campaign_recipients_status_idx ON campaign_recipients (campaign_id, status, id);
