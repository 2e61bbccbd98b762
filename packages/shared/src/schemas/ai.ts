import { z } from 'zod';

/**
 * AI settings (Settings → AI, admins) and the inbox's AI help for operators (issue 15).
 * Prompts: the account's instructions for the inbox suggestions and for the team chat's assistant
 * room; null means the product's default (in the reader's language).
 */
export const AI_LIMITS = { promptMax: 4000, draftMax: 4096 } as const;
export const AI_PROMPT_KINDS = ['inbox', 'assistant'] as const;
export type TAiPromptKind = (typeof AI_PROMPT_KINDS)[number];

const ZPrompt = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .max(AI_LIMITS.promptMax, { error: 'tooLong' });

/** PUT p/ai/settings: a prompt's new text, or null to go back to the default. */
export const ZAiSettingsBody = z.object({
  inboxPrompt: ZPrompt.nullable().optional(),
  assistantPrompt: ZPrompt.nullable().optional(),
});
export type TAiSettingsBody = z.infer<typeof ZAiSettingsBody>;

const ZPromptView = z.object({
  /** What the AI uses now: the account's text, or the default. */
  text: z.string(),
  custom: z.boolean(),
  default: z.string(),
});

export const ZAiProviderStatus = z.object({
  /** 'openai': an OpenAI-compatible model is configured; 'retrieval': the built-in search, no model. */
  kind: z.enum(['openai', 'retrieval']),
  model: z.string(),
});
export type TAiProviderStatus = z.infer<typeof ZAiProviderStatus>;

export const ZAiUsage = z.object({
  /** The month counted (UTC), YYYY-MM. */
  month: z.string(),
  requests: z.number().int(),
  /** Tokens the provider reported (the built-in retrieval reports none). */
  tokens: z.number().int(),
});
export type TAiUsage = z.infer<typeof ZAiUsage>;

/** GET p/ai/settings. */
export const ZAiSettings = z.object({
  prompts: z.object({ inbox: ZPromptView, assistant: ZPromptView }),
  provider: ZAiProviderStatus,
  usage: ZAiUsage,
  /** The account's flags (spec §3): off → operators see nothing of AI. */
  aiEnable: z.boolean(),
  assistantEnable: z.boolean(),
});
export type TAiSettings = z.infer<typeof ZAiSettings>;

/** GET p/chat/ai/status: what the composer offers (nothing when AI is off for the account). */
export const ZInboxAiStatus = z.object({
  enabled: z.boolean(),
  /** True when a model writes (summaries, improve, translate need one). */
  model: z.boolean(),
});
export type TInboxAiStatus = z.infer<typeof ZInboxAiStatus>;

/**
 * A suggestion for the composer, never sent by itself. 'generated': written by the model;
 * 'quick_message' / 'knowledge': found as is (no model), with where it came from; 'none': nothing found.
 */
export const ZInboxAiSuggestion = z.object({
  kind: z.enum(['generated', 'quick_message', 'knowledge', 'none']),
  text: z.string(),
  /** The quick message's shortcut or the knowledge source's name. */
  source: z.string().nullable(),
});
export type TInboxAiSuggestion = z.infer<typeof ZInboxAiSuggestion>;

export const ZInboxAiText = z.object({ text: z.string() });
export type TInboxAiText = z.infer<typeof ZInboxAiText>;

export const ZInboxAiDraftBody = z.object({
  text: z.string().trim().min(1, { error: 'required' }).max(AI_LIMITS.draftMax, { error: 'tooLong' }),
});
export const ZInboxAiTranslateBody = ZInboxAiDraftBody.extend({ to: z.enum(['pt-BR', 'en']) });
export type TInboxAiTranslateBody = z.infer<typeof ZInboxAiTranslateBody>;

/** POST p/chat/ai/search: "what does the knowledge base say" — an operator's own question. */
export const ZInboxAiSearchBody = z.object({
  question: z.string().trim().min(1, { error: 'required' }).max(500, { error: 'tooLong' }),
});
/** Passages of the knowledge base and the account's notes, best first, as found (no model). */
export const ZInboxAiSearchResult = z.object({
  items: z.array(
    z.object({
      kind: z.enum(['knowledge', 'note']),
      source: z.string(),
      text: z.string(),
    }),
  ),
});
export type TInboxAiSearchResult = z.infer<typeof ZInboxAiSearchResult>;
