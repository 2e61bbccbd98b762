-- AI knowledge base (issue 15): sources (uploaded files, FAQ pairs, markdown) per account and
-- optionally per chatbot, their training state, and the chunks the retrieval ranks with
-- PostgreSQL full-text search (portuguese + english, accents folded with contacts_fold of 0005).
CREATE TABLE knowledge_sources (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  chatbot_id uuid,
  kind text NOT NULL,
  name text NOT NULL,
  file_type text,
  size integer NOT NULL DEFAULT 0,
  data bytea,
  content text,
  answer text,
  status text NOT NULL DEFAULT 'not_trained',
  error_code text,
  pages integer NOT NULL DEFAULT 0,
  chunks integer NOT NULL DEFAULT 0,
  trained_at timestamptz,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX knowledge_sources_account_idx ON knowledge_sources (account_id, chatbot_id);
--> statement-breakpoint
CREATE TABLE knowledge_chunks (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  source_id uuid NOT NULL REFERENCES knowledge_sources(id) ON DELETE CASCADE,
  ordinal integer NOT NULL,
  page integer,
  section text,
  body text NOT NULL,
  tsv tsvector GENERATED ALWAYS AS (
    to_tsvector('portuguese'::regconfig, public.contacts_fold(coalesce(section, '') || ' ' || body))
    || to_tsvector('english'::regconfig, public.contacts_fold(coalesce(section, '') || ' ' || body))
  ) STORED
);
--> statement-breakpoint
CREATE INDEX knowledge_chunks_source_idx ON knowledge_chunks (source_id, ordinal);
--> statement-breakpoint
CREATE INDEX knowledge_chunks_account_idx ON knowledge_chunks (account_id);
--> statement-breakpoint
CREATE INDEX knowledge_chunks_tsv_idx ON knowledge_chunks USING gin (tsv);
--> statement-breakpoint
ALTER TABLE knowledge_sources ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON knowledge_sources USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
ALTER TABLE knowledge_chunks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON knowledge_chunks USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
