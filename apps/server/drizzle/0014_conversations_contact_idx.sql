DROP INDEX "conversations_contact_idx";--> statement-breakpoint
CREATE INDEX "conversations_contact_idx" ON "conversations" USING btree ("contact_id","created_at" DESC NULLS LAST);