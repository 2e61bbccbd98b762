-- Emoji reactions on a message: the customer's and the team's ({ contact?, team?: { emoji, userId, name } }).
ALTER TABLE "messages" ADD COLUMN "reactions" jsonb;
