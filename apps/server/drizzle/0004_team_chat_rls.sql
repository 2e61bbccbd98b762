-- Team chat and AI knowledge: row-level security like every tenant table (see 0001_rls.sql),
-- and the full-text index of the retrieval assistant (PostgreSQL 'portuguese' configuration).
GRANT SELECT, INSERT, UPDATE, DELETE ON team_chat_rooms, team_chat_room_members, team_chat_messages,
  team_chat_files, team_chat_presence, team_chat_settings, knowledge_notes TO atende_tenant;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['team_chat_rooms','team_chat_room_members','team_chat_messages','team_chat_files','team_chat_presence','team_chat_settings','knowledge_notes'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id())', t);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE INDEX knowledge_notes_fts_idx ON knowledge_notes
  USING gin (to_tsvector('portuguese'::regconfig, title || ' ' || body));
