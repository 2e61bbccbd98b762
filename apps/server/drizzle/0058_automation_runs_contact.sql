-- The hourly fire limit of a contact trigger's rule counts the rule's runs for the contact this
-- past hour (claimRunRow), as automation_runs_conv_idx serves a conversation's: without it, each
-- run of a busy rule walked all of the rule's runs of the hour. Only runs with a contact.
CREATE INDEX "automation_runs_contact_idx" ON "automation_runs" USING btree ("automation_id","contact_id","created_at") WHERE contact_id is not null;
