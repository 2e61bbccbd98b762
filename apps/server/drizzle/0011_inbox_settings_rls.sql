-- Row-level security on the inbox settings, quick messages and inbox files (same pattern as 0001_rls).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['inbox_settings','closing_reasons','distribution_members','quick_messages','inbox_files','inbox_file_chunks'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id())', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- The closed tab (history): newest activity first within the account.
CREATE INDEX conversations_closed_idx ON conversations (account_id, last_message_at DESC, id DESC)
  WHERE stage = 'closed';
