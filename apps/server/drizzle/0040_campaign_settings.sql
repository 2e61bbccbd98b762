-- Campaigns (issue 16): the account's campaign settings — its own opt-out words (null: the
-- product's defaults, OPT_OUT_KEYWORDS).
CREATE TABLE campaign_settings (
  account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  opt_out_keywords jsonb,
  updated_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
ALTER TABLE campaign_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON campaign_settings USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
-- The wizard's review (issue 16): rows an upload or a contacts filter left out (duplicates,
-- invalid CSV rows), per source, kept for the counts shown before sending.
ALTER TABLE campaigns ADD COLUMN audience jsonb NOT NULL DEFAULT '{}'::jsonb;
--> statement-breakpoint
-- Phones a WhatsApp send already found undeliverable (131026): left out of later campaigns' reviews.
CREATE INDEX campaign_recipients_undeliverable_idx ON campaign_recipients (account_id, phone)
  WHERE status = 'failed' AND reason = 'NUMBER_NOT_EXISTS';
