-- Data hygiene (issue 12, item 1): before visitors became contacts only when they wrote, every view
-- of a chat page stored a "Visitante XXXX" contact. Those that never wrote (no conversation) and
-- never told anything (no e-mail, no phone) are moved to the bin (soft delete: restorable).
UPDATE "contacts" AS c SET "deleted_at" = now()
WHERE c."deleted_at" IS NULL
  AND c."name" ~ '^Visitante [0-9A-F]{4}$'
  AND c."email" IS NULL
  AND c."phone" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "conversations" v WHERE v."contact_id" = c."id");
