-- AI and hybrid chatbots (issue 15): the bot's AI settings (instructions, hand-over keywords,
-- low-confidence turns, department), validated by ZChatbotAiSettings; '{}' means the defaults.
ALTER TABLE chatbots ADD COLUMN ai_settings jsonb NOT NULL DEFAULT '{}'::jsonb;
