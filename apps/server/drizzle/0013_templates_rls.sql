-- Row-level security on the WhatsApp message templates (same pattern as 0001_rls).
ALTER TABLE message_templates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON message_templates USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
