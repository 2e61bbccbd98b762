-- Bots whose channel an admin deleted before deleting a channel made the bots leave it
-- (channel.changed { deleted }, the chatbots.channels listener) still held the dead id, and could
-- then be neither saved nor published ('Canal não encontrado'). Every bot leaves the channels that
-- are no longer live in its account: its channel list (channel_ids, order kept) and the channels
-- its published version answers on (chatbot_channels). Set-based; only the rows holding a dead id
-- are written.
UPDATE chatbots b
   SET channel_ids = (SELECT coalesce(jsonb_agg(e.id ORDER BY e.ord), '[]'::jsonb)
                        FROM jsonb_array_elements(b.channel_ids) WITH ORDINALITY AS e(id, ord)
                       WHERE EXISTS (SELECT 1 FROM channels c
                                      WHERE c.account_id = b.account_id AND c.deleted_at IS NULL
                                        AND c.id::text = e.id #>> '{}'))
 WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(b.channel_ids) AS d(id)
                WHERE NOT EXISTS (SELECT 1 FROM channels c
                                   WHERE c.account_id = b.account_id AND c.deleted_at IS NULL
                                     AND c.id::text = d.id #>> '{}'));
--> statement-breakpoint
DELETE FROM chatbot_channels bc
 WHERE NOT EXISTS (SELECT 1 FROM channels c
                    WHERE c.id = bc.channel_id AND c.account_id = bc.account_id AND c.deleted_at IS NULL);
