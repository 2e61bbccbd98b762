-- Settings → AI (issue 15): the account's AI prompts (inbox suggestions, assistant room) and the
-- monthly AI usage counter. The assistant room's prompt moves here from team_chat_settings.
CREATE TABLE ai_settings (
  account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  inbox_prompt text,
  assistant_prompt text,
  updated_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
INSERT INTO ai_settings (account_id, assistant_prompt, updated_at)
  SELECT account_id, ai_prompt, updated_at FROM team_chat_settings WHERE btrim(ai_prompt) <> '';
--> statement-breakpoint
DROP TABLE team_chat_settings;
--> statement-breakpoint
CREATE TABLE ai_usage (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  month date NOT NULL,
  requests integer NOT NULL DEFAULT 0,
  tokens bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, month)
);
--> statement-breakpoint
ALTER TABLE ai_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON ai_settings USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
ALTER TABLE ai_usage ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON ai_usage USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
