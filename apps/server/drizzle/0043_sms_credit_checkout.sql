-- SMS credit bought through Stripe (issue 16): a checkout is a plan subscription ('plan') or a
-- one-time payment of an item another module sells ('sms_credit': plan_id holds the package id,
-- period 'once'); a purchase waits in the SMS credit history as 'pending' until the provider's
-- webhook confirms it, and is credited at most once per provider session.
ALTER TABLE checkouts ADD COLUMN kind text NOT NULL DEFAULT 'plan';
--> statement-breakpoint
CREATE UNIQUE INDEX sms_credit_entries_provider_session_uq ON sms_credit_entries (provider_session_id);
