-- Row-level security on the contacts tables (same pattern as 0001_rls).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['contacts','contact_phases','contact_tags','contact_imports','contact_import_chunks','contact_import_errors'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id())', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- The list: newest first within the account. INCLUDE carries every list filter, so the first page
-- and the capped count of a common filter (a frequent surname, a big phase) are index-only scans
-- that stop early, never a count over 100k heap rows.
CREATE INDEX contacts_list_idx ON contacts (account_id, created_at DESC, id DESC)
  INCLUDE (search, tags, phase_id, blocked, opt_out) WHERE deleted_at IS NULL;
--> statement-breakpoint
-- The same within one phase (leads board columns, phase + tag filters). Contacts without a phase
-- (most imports) add no entry.
CREATE INDEX contacts_phase_list_idx ON contacts (account_id, phase_id, created_at DESC, id DESC)
  INCLUDE (search, tags, blocked, opt_out) WHERE deleted_at IS NULL AND phase_id IS NOT NULL;
--> statement-breakpoint
-- Blocked and opted-out contacts are few: small partial indexes keep those filters from walking
-- the whole account.
CREATE INDEX contacts_blocked_idx ON contacts (account_id, created_at DESC, id DESC)
  WHERE blocked AND deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX contacts_opt_out_idx ON contacts (account_id, created_at DESC, id DESC)
  WHERE opt_out AND deleted_at IS NULL;
--> statement-breakpoint
-- Rare fragments: trigram GIN over the search key (the planner picks it when few rows match).
CREATE INDEX contacts_search_trgm_idx ON contacts USING gin (search gin_trgm_ops) WHERE deleted_at IS NULL;
--> statement-breakpoint
-- Rare tags; untagged contacts add no entry (tag filters repeat `tags <> '{}'` to match).
CREATE INDEX contacts_tags_idx ON contacts USING gin (tags) WHERE deleted_at IS NULL AND tags <> '{}'::uuid[];
--> statement-breakpoint
-- Finer statistics: LIKE and @> estimates come from these samples, and they decide between the
-- index-only walk (common filter) and the GIN bitmap (rare filter).
ALTER TABLE contacts ALTER COLUMN search SET STATISTICS 1000;
--> statement-breakpoint
ALTER TABLE contacts ALTER COLUMN tags SET STATISTICS 1000;
--> statement-breakpoint
-- Default lead phases for the accounts that exist already (new accounts get them on creation).
INSERT INTO contact_phases (id, account_id, name, key, color, position)
SELECT gen_random_uuid(), a.id, p.name, p.key, p.color, p.position
FROM accounts a
CROSS JOIN (VALUES
  ('Novo', 'new', '#228be6', 0),
  ('Em contato', 'contacted', '#15aabf', 1),
  ('Qualificado', 'qualified', '#7950f2', 2),
  ('Proposta', 'proposal', '#fab005', 3),
  ('Ganho', 'won', '#40c057', 4),
  ('Perdido', 'lost', '#fa5252', 5)
) AS p(name, key, color, position);
