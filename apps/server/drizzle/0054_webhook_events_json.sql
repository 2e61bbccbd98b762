-- An event's body is stored as json (its text, checked), no longer jsonb: written with every
-- customer message an endpoint subscribes to, jsonb parsed the ~1.9 kB body into its binary form
-- and, past 2 kB with it, compressed it (PostgreSQL CPU on the inbound's path: about 16 µs an
-- event of 66); it is only ever read back whole, to be posted. The body a receiver gets now keeps
-- the key order it was written in. Deliveries' own bodies (rows from before 0051) stay jsonb.
ALTER TABLE webhook_events ALTER COLUMN payload TYPE json USING payload::json;
