-- Row-level security on the inbox tables (same pattern as 0001_rls).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['channels','conversations','messages'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id())', t);
  END LOOP;
END $$;
