-- Row-level security on every tenant table (DESIGN.md §4). Tenant-scoped work runs as the
-- atende_tenant role with app.account_id set for the transaction; the policies then hide every
-- other account's rows even if a query forgets its account filter.
DO $$ BEGIN
  CREATE ROLE atende_tenant NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO atende_tenant;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO atende_tenant;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO atende_tenant;
--> statement-breakpoint
CREATE FUNCTION app_account_id() RETURNS uuid LANGUAGE sql STABLE AS
$$ SELECT nullif(current_setting('app.account_id', true), '')::uuid $$;
--> statement-breakpoint
ALTER TABLE accounts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON accounts USING (id = app_account_id()) WITH CHECK (id = app_account_id());
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['account_members','account_plans','conversation_usage','invitations','devices','activity_log','checkouts'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id())', t);
  END LOOP;
END $$;
